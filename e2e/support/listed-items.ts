import { expect, type APIRequestContext } from '@playwright/test';
import type { Item, ListItemsResponse } from '@shared/contracts/items';

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
