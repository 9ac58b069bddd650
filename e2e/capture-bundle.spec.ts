import { openCamera, steerCamera, takePhotos } from './capture-helpers';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

// Issue 61: where and for how much, at capture, in one tap each; three items in a $30 bundle split by expected price.
test('a remembered source in one tap, and three items in a $30 bundle whose shares sum to $30.00', async ({
  signedInPage: page,
  isMobile,
}) => {
  // A source the seller used before: it is offered as a chip.
  const earlier = await page.request.post('/api/items', { data: {} });
  expect(earlier.ok()).toBe(true);
  const earlierId = ((await earlier.json()) as { id: string }).id;
  expect((await page.request.patch(`/api/items/${earlierId}`, { data: { source: 'Goodwill Main St' } })).ok()).toBe(true);

  await steerCamera(page);
  await page.goto('/capture');
  for (let n = 1; n <= 3; n++) {
    // Add Another opens the camera again: only the first item opens it from the capture screen.
    if (n === 1) await openCamera(page);
    await takePhotos(page, 1);
    await page.getByRole('button', { name: 'Upload 1' }).click();
    const created = page.getByTestId('batch-created');
    await expect(created.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(30_000) });
    const source = created.getByRole('button', { name: 'Goodwill Main St' });
    await source.click();
    await expect(source).toHaveAttribute('aria-pressed', 'true');
    const bundle = created.getByTestId('item-bundle');
    if (n === 1) {
      await bundle.getByRole('button', { name: 'New bundle…' }).click();
      await bundle.getByRole('textbox', { name: /whole bundle cost/ }).fill('30');
      await expect(bundle.getByRole('radio', { name: 'By expected price' })).toBeChecked();
      await bundle.getByRole('button', { name: 'Start bundle' }).click();
    } else {
      await bundle.getByRole('button', { name: /to the open bundle of \$30\.00/ }).click();
    }
    await expect(created.getByTestId('bundle-share')).toHaveCount(n);
    if (n < 3) await created.getByRole('button', { name: 'Add Another' }).click();
  }

  const created = page.getByTestId('batch-created');
  await expect(created.getByTestId('item-bundle')).toContainText('In a bundle of $30.00, split by expected price');
  const shares = await created.getByTestId('bundle-share').allTextContents();
  const cents = shares.map((text) => Math.round(Number(text.replace(/^\d+: \$/, '')) * 100));
  expect(cents.reduce((a, b) => a + b, 0)).toBe(3000);
  await expect(created.getByRole('button', { name: 'Goodwill Main St' })).toHaveAttribute('aria-pressed', 'true');
  await saveScreen(page, { path: `e2e/.artifacts/capture-bundle-${isMobile ? 'phone' : 'desktop'}.png` });
});
