import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { expect, test } from './support/fixtures';
import { boxSize } from './support/touch';
import { paced } from './support/pace';

// One tap from photos to listings, on a 390x844 touch phone.
test.skip(({ isMobile }) => !isMobile, 'touch phone only');

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#7a2c4a' } })
    .jpeg()
    .toBuffer();
});

async function seedItem(request: APIRequestContext, brand: string): Promise<Item> {
  const created = await request.post('/api/items', { data: { category: 'Mens Jeans', condition: 'good', brand } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const uploaded = await request.post(`/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  return item;
}

test('Generate Listings opens with every pending item selected; Delete stays quiet until something is picked', async ({
  signedInPage: page,
}) => {
  const items = [await seedItem(page.request, "Levi's"), await seedItem(page.request, 'Lee')];
  await page.goto('/listings');
  await expect(page.getByTestId('listing-card')).toHaveCount(2);
  await expect(page.getByTestId('select-bar-pending')).toContainText('2 of 2 selected');

  // Listing checkboxes are 44 px touch targets.
  const target = page.getByTestId('listing-card').first().getByTestId('touch-target');
  const size = await boxSize(target);
  expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);

  // Untick one by tapping its touch target, tick it again: one tap each.
  await target.tap();
  await expect(page.getByTestId('select-bar-pending')).toContainText('1 of 2 selected');
  await target.tap();
  await page.getByRole('button', { name: 'Generate 2 Listings' }).tap();

  for (const item of items)
    await expect(page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`).getByTestId('badge-ready')).toBeVisible({
      timeout: paced(60_000),
    });
  const completed = page.getByTestId('select-bar-completed');
  await expect(completed).toContainText('0 of 2 selected');
  await expect(page.getByRole('button', { name: /^Delete \d+ Listings?$/ })).toHaveCount(0);
  await completed.getByRole('checkbox').check();
  const remove = page.getByRole('button', { name: 'Delete 2 Listings' });
  await expect(remove).toBeVisible();
  // Not a full-width red block: a small outlined button (44 px tall: a finger's target).
  expect((await boxSize(remove)).height).toBeLessThanOrEqual(44);
  expect(await remove.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
});
