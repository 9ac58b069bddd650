/**
 * axe-core (via @axe-core/playwright) on the main screens, desktop and phone: no serious or critical WCAG 2 A/AA
 * violations.
 */
import { expect, test } from './support/fixtures';
import { seriousViolations } from './support/axe';

test('sign-in screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('dashboard, capture, upload dialog and Generate Listings', async ({ signedInPage: page }) => {
  await page.request.post('/api/items', { data: { sku: 'A11Y-1', category: 'Mens Jeans', condition: 'good', brand: 'Lee' } });
  for (const [path, ready] of [
    ['/', /Product Batches/],
    ['/listings', /Generate Listings/],
    ['/capture', /Upload Files/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.getByRole('button', { name: /Upload Files/ }).click();
  await expect(page.getByRole('dialog', { name: 'Upload and Assign SKUs' })).toBeVisible();
  expect(await seriousViolations(page), 'upload dialog').toEqual([]);
});
