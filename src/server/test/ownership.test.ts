import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemImage } from '@shared/contracts/items';
import { makeJpeg } from './images';
import { expectOthersGet404, type OwnedRequest } from './ownership';
import { createTestApp, type TestApp } from './test-app';
import { createItemWithPhotos, photoForm } from './uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Every route that takes the id of a user's resource, called by another signed-in user. Later features add
 * their routes to this table.
 */
async function ownedRequests(ids: { itemId: string; imageId: string; otherImageId: string }): Promise<OwnedRequest[]> {
  const { itemId, imageId, otherImageId } = ids;
  const jpeg = await makeJpeg(32, 32);
  return [
    { method: 'GET', url: `/api/items/${itemId}` },
    { method: 'PATCH', url: `/api/items/${itemId}`, payload: { sku: 'STOLEN-1', brand: 'x' } },
    { method: 'POST', url: `/api/items/${itemId}/images`, payload: photoForm([{ name: 'a.jpg', bytes: jpeg }]) },
    { method: 'PUT', url: `/api/items/${itemId}/images/order`, payload: { imageIds: [otherImageId, imageId] } },
    { method: 'DELETE', url: `/api/items/${itemId}/images/${imageId}` },
    { method: 'POST', url: `/api/items/${itemId}/images/${imageId}/crop`, payload: { x: 0, y: 0, width: 50, height: 50 } },
    { method: 'POST', url: `/api/items/${itemId}/images/${imageId}/rotate`, payload: { degrees: 90 } },
    { method: 'GET', url: `/api/items/${itemId}/listing` },
    { method: 'PATCH', url: `/api/items/${itemId}/listing`, payload: { title: 'Stolen title here', description: 'x', tags: [] } },
    { method: 'DELETE', url: `/api/items/${itemId}/listing` },
    { method: 'POST', url: `/api/items/${itemId}/listing/regenerate` },
    { method: 'POST', url: '/api/listings/generate', payload: { itemIds: [itemId] } },
    { method: 'POST', url: '/api/listings/delete', payload: { itemIds: [itemId] } },
    { method: 'POST', url: '/api/items/delete', payload: { ids: [itemId] } },
    { method: 'DELETE', url: `/api/items/${itemId}` },
  ];
}

describe('another user', () => {
  it('gets 404 on every route that takes an id of someone else’s resource, and changes nothing', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const jpeg = await makeJpeg(64, 64);
    const { item } = await createItemWithPhotos(t.app, owner.cookie, [
      { name: '1.jpg', bytes: jpeg },
      { name: '2.jpg', bytes: jpeg },
    ]);
    const [first, second] = item.images as [ItemImage, ItemImage];

    await expectOthersGet404(t.app, other.cookie, await ownedRequests({ itemId: item.id, imageId: first.id, otherImageId: second.id }));

    const after = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}`, headers: { cookie: owner.cookie } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ sku: item.sku, brand: null, photoCount: 2 });
    expect(after.json().images.map((i: { id: string }) => i.id)).toEqual([first.id, second.id]);
    const othersList = await t.app.inject({ method: 'GET', url: '/api/items?view=listings', headers: { cookie: other.cookie } });
    expect(othersList.json().items).toEqual([]);
    const othersSearch = await t.app.inject({
      method: 'GET',
      url: `/api/items?q=${item.sku}&status=draft`,
      headers: { cookie: other.cookie },
    });
    expect(othersSearch.statusCode).toBe(200);
    expect(othersSearch.json().items).toEqual([]);
    const othersListings = await t.app.inject({ method: 'GET', url: '/api/listings', headers: { cookie: other.cookie } });
    expect(othersListings.json().items).toEqual([]);
    const jobs = await t.deps.database.db.query.jobs.findMany();
    expect(jobs).toEqual([]); // nothing was queued for the owner's item
  });
});
