import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../e2e/fakes/ebay/ebay-server';
import { ebayListings, items, jobs } from '../db/schema';
import { composeServices } from '../compose';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { clientForFake, connectFakeSeller, prepareFakeSeller } from '../test/fake-ebay-seller';
import { makeJpeg } from '../test/images';
import { silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import type { SellerSession } from './listing-publisher';

let t: TestApp;
let fake: FakeEbay;
let session: SellerSession;
let pool: WorkerPool;
let now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeEbay();
  const { jobs: registry } = composeServices({ ...t.deps, log: silentLog }, { sellers: { forUser: async () => session } });
  pool = createWorkerPool({
    db: t.deps.database.db,
    registry,
    log: silentLog,
    concurrency: 1,
    clock: { now: () => now, sleep: async () => {} },
  });
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  const client = clientForFake(fake);
  const accessToken = await connectFakeSeller(client);
  session = { client, accessToken, marketplaceId: 'EBAY_US', ...(await prepareFakeSeller(client, accessToken)) };
  now = Date.now() + 60_000; // the pool's clock runs ahead of the database's now(), so queued jobs are due
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const form = {
  price: 24.99,
  quantity: 1,
  condition: 'good',
  categoryId: '11483',
  sizeType: 'Regular',
  size: '32',
  brand: "Levi's",
  color: 'Blue',
};

async function listedItem(user: TestUser) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({ aiTitle: "Levi's 501 Men's Jeans 32x30 Blue", aiDescription: 'Classic straight-leg jeans.', extractedDepartment: 'Men' })
    .where(eq(items.id, item.id));
  return item;
}

/** Runs jobs until none is due. */
async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 100; ran++);
}

const publish = (user: TestUser, itemId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/items/${itemId}/publish`, payload, headers: { cookie: user.cookie } });
const listingRow = async (itemId: string) =>
  (await t.deps.database.db.select().from(ebayListings).where(eq(ebayListings.itemId, itemId)))[0];

describe('POST /api/items/:id/publish', () => {
  it('refuses a form without price or category with the spec’s message, and queues nothing', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    for (const payload of [
      { ...form, price: undefined },
      { ...form, categoryId: ' ' },
      { ...form, price: 0 },
    ]) {
      const response = await publish(user, item.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Missing required fields. Price and Category are required.');
    }
    expect(await listingRow(item.id)).toBeUndefined();
  });

  it('saves the form on the item, answers publishing at once, queues one job for two taps, and the job publishes it', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    const first = await publish(user, item.id, form);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ itemId: item.id, publishStatus: 'publishing', queued: true });
    expect((await publish(user, item.id, form)).json().queued).toBe(false);
    expect(await listingRow(item.id)).toMatchObject({ publishStatus: 'publishing', price: 24.99, quantity: 1 });

    expect(await pool.runNext()).toBe(true);

    const row = await listingRow(item.id);
    expect(row).toMatchObject({ publishStatus: 'published', publishError: null });
    expect(row!.listingUrl).toBe(`https://sandbox.ebay.com/itm/${row!.listingId}`);
    const [saved] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(saved).toMatchObject({ ebayCategoryId: '11483', ebayConditionGrade: 'good', extractedSize: '32', extractedSizeType: 'Regular' });
    expect(await t.deps.database.db.select().from(jobs).where(eq(jobs.itemId, item.id))).toEqual([]);
  });

  it('waits out eBay’s 429 for the seconds it asks, then publishes', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    await publish(user, item.id, form);
    fake.rateLimitNext(1, 7);
    expect(await pool.runNext()).toBe(true);
    const [waiting] = await t.deps.database.db.select().from(jobs).where(eq(jobs.itemId, item.id));
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'eBay is busy - retrying in 7s...' });
    expect(waiting!.runAfter.getTime()).toBe(now + 7000);
    expect(await pool.runNext()).toBe(false); // not due yet
    now += 7000;
    expect(await pool.runNext()).toBe(true);
    expect(await listingRow(item.id)).toMatchObject({ publishStatus: 'published' });
  });

  it('a refusal fails the item with the field to fix in words; fixing and publishing again makes no second offer', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    await publish(user, item.id, form);
    fake.failPublish('missing-department');
    await pool.runNext();
    const failed = await listingRow(item.id);
    expect(failed).toMatchObject({ publishStatus: 'failed' });
    expect(failed!.publishError).toMatch(/^Add Department in Quick Fix\. eBay: The item specific Department is missing/);

    await publish(user, item.id, form);
    await pool.runNext();
    expect(await listingRow(item.id)).toMatchObject({ publishStatus: 'published', publishError: null });
    expect([...fake.state.offers.values()].filter((o) => o.sku === item.sku)).toHaveLength(1);
  });

  it('another user gets 404 and nothing is queued', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const item = await listedItem(owner);
    const response = await publish(other, item.id, form);
    expect(response.statusCode).toBe(404);
    expect(await listingRow(item.id)).toBeUndefined();
  });
});

describe('POST /api/ebay/publish (bulk)', () => {
  it('publishes 10 with their saved values; one missing Department fails with its fix; fixed, it publishes with no second offer', async () => {
    const user = await t.makeUser();
    const listed = [];
    for (let i = 0; i < 10; i++) listed.push(await listedItem(user));
    const noPrice = await listedItem(user);
    await t.deps.database.db
      .update(items)
      .set({
        ebayCategoryId: '11483',
        ebayConditionGrade: 'good',
        extractedBrand: "Levi's",
        extractedSize: '32',
        extractedSizeType: 'Regular',
        extractedColor: 'Blue',
        aiSuggestedPrice: 19.5,
      })
      .where(
        inArray(
          items.id,
          listed.map((i) => i.id),
        ),
      );
    await t.deps.database.db.update(items).set({ ebayCategoryId: '11483' }).where(eq(items.id, noPrice.id));
    const broken = listed[3]!;
    await t.deps.database.db.update(items).set({ extractedDepartment: null }).where(eq(items.id, broken.id));

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ebay/publish',
      payload: { itemIds: [...listed.map((i) => i.id), noPrice.id] },
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(202);
    const answer = response.json();
    expect(answer.queued).toHaveLength(10);
    expect(answer.refused).toEqual([
      { itemId: noPrice.id, sku: noPrice.sku, message: 'Missing required fields. Price and Category are required.' },
    ]);

    await runAllDue();

    const rows = await t.deps.database.db
      .select()
      .from(ebayListings)
      .where(
        inArray(
          ebayListings.itemId,
          listed.map((i) => i.id),
        ),
      );
    expect(rows.filter((r) => r.publishStatus === 'published')).toHaveLength(9);
    expect(rows.find((r) => r.itemId === broken.id)).toMatchObject({
      publishStatus: 'failed',
      publishError: 'Department is required by eBay: one of Men',
    });
    expect(rows.every((r) => r.price === 19.5)).toBe(true);

    await t.deps.database.db.update(items).set({ extractedDepartment: 'Men' }).where(eq(items.id, broken.id));
    await t.app.inject({ method: 'POST', url: '/api/ebay/publish', payload: { itemIds: [broken.id] }, headers: { cookie: user.cookie } });
    await runAllDue();
    expect(await listingRow(broken.id)).toMatchObject({ publishStatus: 'published' });
    const offers = [...fake.state.offers.values()];
    expect(new Set(offers.map((o) => o.sku)).size).toBe(offers.length);
    expect(offers).toHaveLength(10);
  });
});
