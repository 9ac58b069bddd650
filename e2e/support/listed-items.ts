import { expect, type APIRequestContext } from '@playwright/test';
import type { Item, ListItemsResponse } from '@shared/contracts/items';
import { paced } from './pace';

/**
 * The seller's items of one list query (`view=batches...`) with their photos: the list carries only the first
 * thumbnail and the count, so each item's own route (GET /api/items/:id) answers its photos.
 */
export async function listedItemsWithPhotos(request: APIRequestContext, query = 'view=batches'): Promise<Item[]> {
  const res = await request.get(`/api/items?${query}`);
  expect(res.ok()).toBe(true);
  const listed = ((await res.json()) as ListItemsResponse).items;
  return Promise.all(
    listed.map(async ({ id }) => {
      const detail = await request.get(`/api/items/${id}`);
      expect(detail.ok()).toBe(true);
      return (await detail.json()) as Item;
    }),
  );
}

/** A Mens Jeans / Good item with one photo, whose listing the fake AI has written (generation completed). */
export async function seedWrittenListing(request: APIRequestContext, photo: Buffer, sku: string, brand = "Levi's"): Promise<Item> {
  const created = await request.post('/api/items', { data: { sku, category: 'Mens Jeans', condition: 'good', brand } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const uploaded = await request.post(`/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const queued = await request.post('/api/listings/generate', { data: { itemIds: [item.id] } });
  expect(queued.ok(), await queued.text()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).aiGenerationStatus, { timeout: paced(60_000) })
    .toBe('completed');
  return item;
}
