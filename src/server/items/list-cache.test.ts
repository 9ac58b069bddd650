import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListItemsResponse } from '@shared/contracts/items';
import type { ItemChangeListener } from '../events/service';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, createItemWithPhotos } from '../test/uploads';
import { createListCache } from './list-cache';

/** A stand-in for the event service's LISTEN connection: the test says what is heard. */
function fakeChanges(hearing = true) {
  const listeners = new Set<ItemChangeListener>();
  return {
    hearing,
    hearsChanges() {
      return this.hearing;
    },
    onItemsChanged(listener: ItemChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed: (userId: string) => listeners.forEach((l) => l.changed(userId)),
    reset: () => listeners.forEach((l) => l.reset()),
  };
}

const page = (text: string) => async () => Buffer.from(text);
const options = { maxBytes: 1024 * 1024, ttlMs: 60_000 };

describe('the list cache', () => {
  it('answers a kept page until the seller changes something; other sellers keep theirs', async () => {
    const changes = fakeChanges();
    const cache = createListCache(changes, options);
    expect((await cache.page('u1', 'first', page('v1'))).toString()).toBe('v1');
    expect((await cache.page('u1', 'first', page('v2'))).toString()).toBe('v1');
    await cache.page('u2', 'first', page('other'));
    changes.changed('u1');
    expect((await cache.page('u1', 'first', page('v2'))).toString()).toBe('v2');
    expect((await cache.page('u2', 'first', page('changed'))).toString()).toBe('other');
    cache.invalidate('u2');
    expect((await cache.page('u2', 'first', page('changed'))).toString()).toBe('changed');
  });

  it('never keeps a page read while a change was heard (it may lack the change)', async () => {
    const changes = fakeChanges();
    const cache = createListCache(changes, options);
    const read = cache.page('u1', 'first', async () => {
      changes.changed('u1');
      return Buffer.from('read before the change committed');
    });
    expect((await read).toString()).toBe('read before the change committed');
    expect((await cache.page('u1', 'first', page('fresh'))).toString()).toBe('fresh');
  });

  it('keeps nothing while changes may go unheard, and drops everything when they may have been', async () => {
    const changes = fakeChanges(false);
    const cache = createListCache(changes, options);
    await cache.page('u1', 'first', page('v1'));
    expect(cache.size).toBe(0);
    expect((await cache.page('u1', 'first', page('v2'))).toString()).toBe('v2');
    changes.hearing = true;
    await cache.page('u1', 'first', page('v3'));
    expect(cache.size).toBe(1);
    changes.reset();
    expect(cache.size).toBe(0);
    expect((await cache.page('u1', 'first', page('v4'))).toString()).toBe('v4');
  });

  it('keeps none with no room', async () => {
    const cache = createListCache(fakeChanges(), { ...options, maxBytes: 0 });
    await cache.page('u1', 'first', page('v1'));
    expect((await cache.page('u1', 'first', page('v2'))).toString()).toBe('v2');
  });
});

/**
 * On PostgreSQL the app keeps pages; what is committed outside its HTTP answers (here: plain SQL, as another
 * process or a job would) reaches the list through NOTIFY, and what it answers is in the very next list.
 */
describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('GET /api/items with kept pages (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const elsewhere = (statement: ReturnType<typeof sql>) => t.deps.database.db.execute(statement);

  const list = async (user: TestUser, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/items?limit=10${query}`, headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as ListItemsResponse;
  };
  /** The list as it settles after another process's commit (its NOTIFY arrives within milliseconds). */
  const listUntil = async (user: TestUser, done: (body: ListItemsResponse) => boolean) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const body = await list(user);
      if (done(body)) return body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the list never showed the change');
  };

  it('keeps the first page, and shows a write answered here in the very next list', async () => {
    expect(t.deps.events.hearsChanges()).toBe(true);
    const user = await t.makeUser();
    const item = await createItem(t.app, user.cookie, { sku: 'KEPT-1' });
    // The item's own NOTIFY may land while the first list is read, which then is not kept: ask until one is.
    const hits = t.deps.listCache.hits;
    await listUntil(user, (body) => body.items[0]?.sku === 'KEPT-1' && t.deps.listCache.hits > hits);
    expect((await list(user)).items.map((i) => i.sku)).toEqual(['KEPT-1']);
    // NOTIFY would reach this process too, but after the answer: the write's own answer drops the pages first.
    const invalidate = vi.spyOn(t.deps.listCache, 'invalidate');
    for (let n = 2; n <= 20; n++) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/items/${item.id}`,
        payload: { sku: `KEPT-${n}` },
        headers: { cookie: user.cookie },
      });
      expect(patch.statusCode).toBe(200);
      expect(invalidate).toHaveBeenLastCalledWith(user.id);
      expect((await list(user)).items.map((i) => i.sku)).toEqual([`KEPT-${n}`]);
    }
  });

  it("shows another process's changes to items, photos and eBay listings, and deletes", async () => {
    const user = await t.makeUser();
    const bystander = await t.makeUser();
    const jpeg = await makeJpeg(40, 30);
    const { item } = await createItemWithPhotos(t.app, user.cookie, [
      { name: '1.jpg', bytes: jpeg },
      { name: '2.jpg', bytes: jpeg },
    ]);
    const gone = await createItem(t.app, user.cookie, { sku: 'GONE-1' });
    await createItem(t.app, bystander.cookie, { sku: 'BYSTANDER-1' });
    const first = await list(user);
    await list(bystander);
    const firstThumb = first.items.find((i) => i.id === item.id)?.thumbnailUrl;

    await elsewhere(sql`update items set ai_title = 'Written elsewhere' where id = ${item.id}`);
    await listUntil(user, (body) => body.items.find((i) => i.id === item.id)?.aiTitle === 'Written elsewhere');

    // Photos reordered by another process: the list's thumbnail is the new first photo's.
    await elsewhere(sql`update item_images set "order" = 1 - "order", is_primary = not is_primary where item_id = ${item.id}`);
    await listUntil(user, (body) => body.items.find((i) => i.id === item.id)?.thumbnailUrl !== firstThumb);

    await elsewhere(sql`insert into channel_listings (user_id, item_id, channel, status) values (${user.id}, ${item.id}, 'ebay', 'live')`);
    await listUntil(
      user,
      (body) => ebayPublishStateOf(body.items.find((i) => i.id === item.id) ?? { listings: [] })?.status === 'published',
    );

    await elsewhere(sql`delete from items where id = ${gone.id}`);
    await listUntil(user, (body) => !body.items.some((i) => i.id === gone.id));

    expect((await list(bystander)).items.map((i) => i.sku)).toEqual(['BYSTANDER-1']);
  });
});
