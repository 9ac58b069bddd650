import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
/**
 * A product card shows one status, the most advanced (a published card said Draft, Ready and
 * Published at once), and an empty list under a status filter names the filter, not a search.
 */
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
let serial = 0;

async function seedGeneratedItem(request: APIRequestContext, sku: string): Promise<Item> {
  const created = await request.post('/api/items', { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#4a2c7a' } })
    .jpeg()
    .toBuffer();
  const uploaded = await request.post(`/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const queued = await request.post('/api/listings/generate', { data: { itemIds: [item.id] } });
  expect(queued.ok(), await queued.text()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).aiGenerationStatus, { timeout: paced(60_000) })
    .toBe('completed');
  return item;
}

test('a published card shows Published only; a ready one Ready only; a new one Draft only', async ({ signedInPage: page }, testInfo) => {
  const request = page.request;
  await connectFakeEbaySeller(request);
  const tag = `${run}-${testInfo.project.name.toUpperCase()}-${++serial}`;
  const published = await seedGeneratedItem(request, `STATUS-PUB-${tag}`);
  const ready = await seedGeneratedItem(request, `STATUS-READY-${tag}`);
  const fresh = await request.post('/api/items', { data: { sku: `STATUS-NEW-${tag}` } });
  expect(fresh.status()).toBe(201);
  const publish = await request.post(`/api/items/${published.id}/publish`, {
    data: { price: money(3450), quantity: 1, categoryId: '11483' },
  });
  expect(publish.status(), await publish.text()).toBe(202);
  await expect
    .poll(async () => ebayPublishStateOf((await (await request.get(`/api/items/${published.id}`)).json()) as Item)?.status, {
      timeout: paced(60_000),
    })
    .toBe('published');

  await page.goto('/');
  const card = (sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  const statuses = (sku: string) => card(sku).locator('[data-testid^="badge-"], [data-testid="item-status"]');
  await expect(card(published.sku).getByTestId('badge-published')).toBeVisible();
  await expect(statuses(published.sku)).toHaveText(['Published']);
  await expect(statuses(ready.sku)).toHaveText(['Ready']);
  await expect(statuses(`STATUS-NEW-${tag}`)).toHaveText(['Draft']);
});

test('a status filter with no match says so: "No products match this filter."', async ({ signedInPage: page }) => {
  const created = await page.request.post('/api/items', { data: { sku: `FILTER-${run}-${++serial}` } });
  expect(created.status()).toBe(201);
  await page.goto('/');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await expect(page.getByText('No products match this filter.')).toBeVisible();
  await expect(page.getByText('No products match this search.')).toHaveCount(0);
});
