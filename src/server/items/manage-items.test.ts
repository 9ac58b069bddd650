import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { Item, ItemImage, ListedItem } from '@shared/contracts/items';
import { must } from '@shared/must';
import { itemImages, items } from '../db/schema';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, createItemWithPhotos, photoForm, storedFiles } from '../test/uploads';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await makeJpeg(320, 240);
});
afterAll(async () => {
  await t?.close();
});

const call = (user: TestUser, method: 'GET' | 'DELETE' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}.jpg`, bytes: jpeg }));
const filesOf = (item: Item) => storedFiles(t.dataDir).filter((f) => f.includes(item.id));

describe('GET /api/items', () => {
  it('lists own items newest first with the first photo’s signed thumbnail and the count (no photos), page by page', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    await createItem(t.app, other.cookie);
    const created: Item[] = [];
    for (let i = 0; i < 5; i++) created.push((await createItemWithPhotos(t.app, user.cookie, photos(2))).item);

    const first = (await call(user, 'GET', '/api/items?limit=2')).json();
    expect(first.items.map((i: Item) => i.sku)).toEqual(['PSTFSH-005', 'PSTFSH-004']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await call(user, 'GET', `/api/items?limit=2&cursor=${first.nextCursor}`)).json();
    const third = (await call(user, 'GET', `/api/items?limit=2&cursor=${second.nextCursor}`)).json();
    expect([...second.items, ...third.items].map((i: Item) => i.sku)).toEqual(['PSTFSH-003', 'PSTFSH-002', 'PSTFSH-001']);
    expect(third.nextCursor).toBeNull();

    const listed: ListedItem = first.items[0];
    expect(listed).not.toHaveProperty('images');
    expect(listed.photoCount).toBe(2);
    const newest = must(created.at(-1), 'five items were created');
    expect(listed.thumbnailUrl).toMatch(/^\/api\/files\/[\w-]+\.[\w-]+$/);
    const thumbnail = await t.app.inject({ method: 'GET', url: listed.thumbnailUrl! });
    expect(thumbnail.statusCode).toBe(200);
    // The first photo's thumbnail, the same file the item's own answer names.
    const firstThumbnail = await t.app.inject({ method: 'GET', url: must(newest.images[0], 'two photos').thumbnailUrl });
    expect(thumbnail.rawPayload.equals(firstThumbnail.rawPayload)).toBe(true);
    const withoutPhotos = await createItem(t.app, user.cookie);
    const page = (await call(user, 'GET', '/api/items?limit=1')).json();
    expect(page.items[0]).toMatchObject({ id: withoutPhotos.id, photoCount: 0, thumbnailUrl: null });
  });

  it('filters by view: drafts, batches, listings, ready', async () => {
    const user = await t.makeUser();
    const draft = await createItem(t.app, user.cookie);
    const ready = await createItem(t.app, user.cookie);
    await t.deps.database.db.update(items).set({ status: 'listed', listingReady: true }).where(eq(items.id, ready.id));
    const skus = async (view: string) => (await call(user, 'GET', `/api/items?view=${view}`)).json().items.map((i: Item) => i.sku);
    expect(await skus('drafts')).toEqual([draft.sku]);
    expect(await skus('batches')).toEqual([ready.sku, draft.sku]);
    expect(await skus('listings')).toEqual([ready.sku, draft.sku]);
    expect(await skus('ready')).toEqual([ready.sku]);
  });
});

describe('GET /api/items/:id', () => {
  it('answers one item with its photos', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(3));
    const response = await call(user, 'GET', `/api/items/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: item.id, photoCount: 3 });
    expect(response.json().images).toHaveLength(3);
  });
});

describe('photos of an item', () => {
  it('deletes a photo, renumbers the rest and keeps one primary at 0; never the last one', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(3));
    const [primary, second, third] = item.images as [ItemImage, ItemImage, ItemImage];

    const afterDelete = await call(user, 'DELETE', `/api/items/${item.id}/images/${primary.id}`);
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json().images.map((i: Item['images'][number]) => [i.id, i.order, i.isPrimary])).toEqual([
      [second.id, 0, true],
      [third.id, 1, false],
    ]);
    expect(afterDelete.json().photoCount).toBe(2);
    expect(filesOf(item)).toHaveLength(4);

    await call(user, 'DELETE', `/api/items/${item.id}/images/${third.id}`);
    const last = await call(user, 'DELETE', `/api/items/${item.id}/images/${second.id}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toBe('Cannot delete the last photo. Delete the entire product instead.');
    expect(filesOf(item)).toHaveLength(2);

    const missing = await call(user, 'DELETE', `/api/items/${item.id}/images/${primary.id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('reorders all photos in one call; refuses an incomplete order', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(3));
    const [a, b, c] = item.images.map((i) => i.id);
    const reordered = await call(user, 'PUT', `/api/items/${item.id}/images/order`, { imageIds: [c, a, b] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().images.map((i: Item['images'][number]) => [i.id, i.order, i.isPrimary])).toEqual([
      [c, 0, true],
      [a, 1, false],
      [b, 2, false],
    ]);
    expect(reordered.json().thumbnailUrl).toBe(reordered.json().images[0].thumbnailUrl);

    for (const imageIds of [
      [c, a],
      [c, a, b, b],
      [c, a, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const refused = await call(user, 'PUT', `/api/items/${item.id}/images/order`, { imageIds });
      expect(refused.statusCode).toBe(400);
    }
    const unchanged = (await call(user, 'GET', `/api/items/${item.id}`)).json();
    expect(unchanged.images.map((i: Item['images'][number]) => i.id)).toEqual([c, a, b]);
  });
});

/** Positions as stored: [order, isPrimary] by order. */
const storedPositions = async (itemId: string) =>
  (
    await t.deps.database.db
      .select({ order: itemImages.order, isPrimary: itemImages.isPrimary })
      .from(itemImages)
      .where(eq(itemImages.itemId, itemId))
      .orderBy(asc(itemImages.order))
  ).map((row) => [row.order, row.isPrimary]);
const positions = (n: number) => Array.from({ length: n }, (_, i) => [i, i === 0]);

describe('photo positions', () => {
  it('keep exactly one primary, at position 0, after every upload, reorder and delete', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(3));
    expect(await storedPositions(item.id)).toEqual(positions(3));
    const [a, b, c] = item.images.map((i) => i.id);
    await call(user, 'PUT', `/api/items/${item.id}/images/order`, { imageIds: [b, c, a] });
    expect(await storedPositions(item.id)).toEqual(positions(3));
    await call(user, 'DELETE', `/api/items/${item.id}/images/${b}`);
    expect(await storedPositions(item.id)).toEqual(positions(2));
    await call(user, 'PUT', `/api/items/${item.id}/images/order`, { imageIds: [a, c] });
    expect(await storedPositions(item.id)).toEqual(positions(2));
    await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/images`,
      payload: photoForm(photos(2)),
      headers: { cookie: user.cookie },
    });
    expect(await storedPositions(item.id)).toEqual(positions(4));
  });

  it('reorder is one transaction: a failure after the photos were renumbered leaves the old order', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(3));
    const [a, b, c] = item.images.map((i) => i.id);
    const db = t.deps.database.db;
    // The item's own update comes after the photos' new positions inside the reorder; make it fail.
    await db.execute(
      sql.raw(`create or replace function fail_item_update() returns trigger language plpgsql as $$
      begin if new.id = '${item.id}' then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await db.execute(sql.raw('create trigger fail_item_update before update on items for each row execute function fail_item_update()'));
    try {
      const failed = await call(user, 'PUT', `/api/items/${item.id}/images/order`, { imageIds: [c, b, a] });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger fail_item_update on items'));
    }
    const after = (await call(user, 'GET', `/api/items/${item.id}`)).json() as Item;
    expect(after.images.map((i) => i.id)).toEqual([a, b, c]);
    expect(await storedPositions(item.id)).toEqual(positions(3));
  });
});

describe('deleting items', () => {
  it('deletes one item with its rows and stored files', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(2));
    expect(filesOf(item)).toHaveLength(4);
    const response = await call(user, 'DELETE', `/api/items/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedIds: [item.id], refused: [] });
    expect(filesOf(item)).toEqual([]);
    expect((await call(user, 'GET', `/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/items/${item.id}`)).statusCode).toBe(404);
  });

  it('deletes several at once; a list naming another user’s item answers 404 and deletes nothing', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const mine = [(await createItemWithPhotos(t.app, user.cookie, photos(1))).item, await createItem(t.app, user.cookie)];
    const kept = await createItem(t.app, user.cookie);
    const theirs = await createItem(t.app, other.cookie);
    // the same rule as generate and listing delete: the whole list is refused
    const mixed = await call(user, 'POST', '/api/items/delete', { ids: [...mine.map((i) => i.id), theirs.id] });
    expect(mixed.statusCode).toBe(404);
    for (const item of mine) expect((await call(user, 'GET', `/api/items/${item.id}`)).statusCode).toBe(200);
    expect(filesOf(mine[0]!)).not.toEqual([]);
    const response = await call(user, 'POST', '/api/items/delete', { ids: mine.map((i) => i.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json().deletedIds.sort()).toEqual(mine.map((i) => i.id).sort());
    expect(filesOf(mine[0]!)).toEqual([]);
    expect((await call(user, 'GET', `/api/items/${kept.id}`)).statusCode).toBe(200);
    expect((await call(other, 'GET', `/api/items/${theirs.id}`)).statusCode).toBe(200);
  });
});

describe('PATCH /api/items/:id on a finished listing', () => {
  it('makes a listing that lacked only category and condition Ready once the seller sets them', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(1));
    await t.deps.database.db
      .update(items)
      .set({
        aiGenerationStatus: 'completed',
        aiTitle: 'Pre-Owned Blue Clothing or Accessory',
        aiDescription: 'Pre-owned blue clothing or accessory. Condition: please see all photos for details.',
        listingReady: false,
      })
      .where(eq(items.id, item.id));
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/items/${item.id}`, payload, headers: { cookie: user.cookie } });

    const categoryOnly = (await patch({ category: 'Mens Tops' })).json() as Item;
    expect(categoryOnly).toMatchObject({ category: 'Mens Tops', listingReady: false });
    const both = (await patch({ condition: 'good', brand: 'Patagonia' })).json() as Item;
    expect(both).toMatchObject({
      category: 'Mens Tops',
      condition: 'good',
      brand: 'Patagonia',
      listingReady: true,
      publishReadyScore: 100,
    });
    const cleared = (await patch({ condition: '' })).json() as Item;
    expect(cleared).toMatchObject({ condition: null, listingReady: false });
  });

  it('two quick edits at once (category, then condition) still end Ready', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(1));
    await t.deps.database.db
      .update(items)
      .set({
        aiGenerationStatus: 'completed',
        aiTitle: 'Pre-Owned Blue Clothing or Accessory',
        aiDescription: 'Pre-owned blue clothing or accessory. Condition: please see all photos for details.',
      })
      .where(eq(items.id, item.id));
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/items/${item.id}`, payload, headers: { cookie: user.cookie } });
    await Promise.all([patch({ category: 'Accessories' }), patch({ condition: 'fair' })]);
    const [row] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(row).toMatchObject({ category: 'Accessories', condition: 'fair', listingReady: true });
  });

  it('leaves an item without a listing not ready', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, photos(1));
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/items/${item.id}`,
      payload: { category: 'Shoes', condition: 'fair' },
      headers: { cookie: user.cookie },
    });
    expect(answer.json()).toMatchObject({ category: 'Shoes', condition: 'fair', listingReady: false });
  });
});
