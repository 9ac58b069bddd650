import { paced } from '@shared/testing/pace';
import { eq, inArray } from 'drizzle-orm';
import { money } from '@shared/domain/money';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { items, jobs } from '../../../db/schema';
import { ebayListingRow, seedEbayFields } from '../../../test/ebay-listings';
import { composeServices } from '../../../compose';
import { unconfiguredEbay } from '../setup';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { fakeSellerSession } from '../../../test/fake-ebay-seller';
import { makeJpeg } from '../../../test/images';
import { silentLog, writeLeviJeansListing } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import type { SellerSession } from './seller-session';

let t: TestApp;
let fake: FakeEbay;
let session: SellerSession;
let pool: WorkerPool;
let now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeEbay();
  const { jobs: registry } = composeServices(
    { ...t.deps, log: silentLog },
    { ebay: unconfiguredEbay({ sellers: { forUser: async () => session } }) },
  );
  pool = createWorkerPool({
    db: t.deps.database.db,
    registry,
    log: silentLog,
    concurrency: 1,
    clock: { now: () => now, sleep: async () => {} },
  });
}, paced(120_000));
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  session = await fakeSellerSession(fake);
  now = Date.now() + 60_000; // the pool's clock runs ahead of the database's now(), so queued jobs are due
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const form = {
  price: money(2499),
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
  await writeLeviJeansListing(t.deps.database.db, item.id);
  return item;
}

/** Runs jobs until none is due. */
async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 100; ran++);
}

const publish = (user: TestUser, itemId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/items/${itemId}/publish`, payload, headers: { cookie: user.cookie } });
const listingRow = async (itemId: string) => await ebayListingRow(t.deps.database.db, itemId);

describe('POST /api/items/:id/publish', () => {
  it('refuses a form without price or category with the agreed message, and queues nothing', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    for (const payload of [
      { ...form, price: undefined },
      { ...form, categoryId: ' ' },
      { ...form, price: money(0) },
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
    expect(await listingRow(item.id)).toMatchObject({ publishStatus: 'publishing', price: money(2499), quantity: 1 });

    expect(await pool.runNext()).toBe(true);

    const row = await listingRow(item.id);
    expect(row).toMatchObject({ publishStatus: 'published', publishError: null });
    expect(row!.listingUrl).toBe(`https://sandbox.ebay.com/itm/${row!.listingId}`);
    const [saved] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(saved).toMatchObject({ extractedSize: '32', extractedSizeType: 'Regular' });
    expect(row).toMatchObject({ categoryId: '11483', conditionGrade: 'good' });
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

  it('answers 422 with the readiness errors (one error shape) and queues nothing when the item is not ready', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    await t.deps.database.db.update(items).set({ aiTitle: 'Jeans', aiDescription: null }).where(eq(items.id, item.id));
    const response = await publish(user, item.id, form);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'UNPROCESSABLE',
        message: 'Please fix validation errors before publishing',
        errors: ['Title is required (minimum 10 characters)', 'Description is required (minimum 50 characters)'],
      },
    });
    expect(await listingRow(item.id)).toBeUndefined();
    expect(await t.deps.database.db.select().from(jobs).where(eq(jobs.itemId, item.id))).toEqual([]);
    expect(await listingRow(item.id)).toBeUndefined(); // the refused form changed nothing, its category included
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

describe('PUT /api/items/:id/publish-settings', () => {
  const save = (user: TestUser, itemId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/items/${itemId}/publish-settings`, payload, headers: { cookie: user.cookie } });

  it('saves what the seller entered without publishing; a later bulk publish uses it', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    await t.deps.database.db.update(items).set({ extractedSize: '32' }).where(eq(items.id, item.id));
    await seedEbayFields(t.deps.database.db, user.id, item.id, { categoryId: '11483' });
    const bulk = () =>
      t.app.inject({ method: 'POST', url: '/api/ebay/publish', payload: { itemIds: [item.id] }, headers: { cookie: user.cookie } });
    expect((await bulk()).json().refused).toEqual([{ itemId: item.id, sku: item.sku, message: 'Price is required' }]);

    const saved = await save(user, item.id, {
      price: money(1850),
      quantity: 2,
      condition: 'excellent',
      sizeType: 'Regular',
      brand: "Levi's",
      color: 'Blue',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ itemId: item.id, price: money(1850), quantity: 2 });
    expect(await listingRow(item.id)).toMatchObject({ publishStatus: null, price: money(1850), quantity: 2 });
    const [row] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(row).toMatchObject({ extractedColor: 'Blue', extractedSizeType: 'Regular' });
    expect(await listingRow(item.id)).toMatchObject({ conditionGrade: 'excellent', categoryId: '11483' });
    expect(await t.deps.database.db.select().from(jobs).where(eq(jobs.itemId, item.id))).toEqual([]);

    const answer = (await bulk()).json();
    expect(answer).toMatchObject({ queued: [item.id], refused: [] });
    await runAllDue();
    expect(await listingRow(item.id)).toMatchObject({ publishStatus: 'published', price: money(1850), quantity: 2 });
  });

  it('takes a price only as whole minor units of the item’s currency: 0, a decimal, a fraction, a negative or another currency is a 400, never rounded', async () => {
    const user = await t.makeUser();
    const item = await listedItem(user);
    const refused: Array<[unknown, string | RegExp]> = [
      [money(0), 'price: Price must be a number above 0'],
      [18.49, /^price: /],
      [{ amountMinor: 1849.9, currency: 'USD' }, 'price.amountMinor: An amount is a whole number of minor units'],
      [{ amountMinor: -100, currency: 'USD' }, /An amount cannot be negative/],
      [money(1849, 'EUR'), 'This amount must be in USD, the currency it is counted in.'],
    ];
    for (const [price, message] of refused) {
      const response = await save(user, item.id, { ...form, price });
      expect(response.statusCode, `price ${JSON.stringify(price)}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().error.message).toMatch(message);
    }
    expect(await listingRow(item.id)).toBeUndefined();
    // Publish refuses a decimal the same way (a price of 0 is a missing price).
    const published = await publish(user, item.id, { ...form, price: 18.49 });
    expect(published.statusCode).toBe(400);
    expect(await listingRow(item.id)).toBeUndefined();

    for (const amountMinor of [1, 7, 1999, 123456]) {
      const saved = await save(user, item.id, { ...form, price: money(amountMinor) });
      expect(saved.statusCode, `price ${amountMinor}`).toBe(200);
      expect(saved.json().price).toEqual(money(amountMinor));
    }
  });

  it('another user gets 404 and nothing is saved', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const item = await listedItem(owner);
    expect((await save(other, item.id, { price: money(1000) })).statusCode).toBe(404);
    expect(await listingRow(item.id)).toBeUndefined();
  });
});

describe('POST /api/ebay/publish (bulk)', () => {
  it("prices by the seller's own list where no price was saved and the AI gave none; a refusal names only what is missing", async () => {
    const user = await t.makeUser();
    const byList = await listedItem(user);
    const noEbayCategory = await listedItem(user);
    const untitled = await listedItem(user);
    const ready = {
      extractedBrand: "Levi's",
      extractedSize: '32',
      extractedSizeType: 'Regular',
      extractedColor: 'Blue',
      category: 'Mens Jeans',
    };
    await t.deps.database.db
      .update(items)
      .set(ready)
      .where(inArray(items.id, [byList.id, noEbayCategory.id]));
    await t.deps.database.db.update(items).set({ aiTitle: null, category: null }).where(eq(items.id, untitled.id));
    await seedEbayFields(t.deps.database.db, user.id, byList.id, { categoryId: '11483', conditionGrade: 'good' });
    const list = { currency: 'USD', rows: [{ category: 'Mens Jeans', amountMinor: 2800 }], adjustments: [] };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/price-list', payload: list, headers: { cookie: user.cookie } });
    expect(saved.statusCode, saved.body).toBe(200);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ebay/publish',
      payload: { itemIds: [byList.id, noEbayCategory.id, untitled.id] },
      headers: { cookie: user.cookie },
    });
    const answer = response.json();
    expect(answer.queued).toEqual([byList.id]);
    // Its category is set (Mens Jeans, priced by the list): only the eBay category is missing.
    expect(answer.refused[0]).toEqual({ itemId: noEbayCategory.id, sku: noEbayCategory.sku, message: 'eBay category is required' });
    expect(answer.refused[1].message).toMatch(/^Missing required fields\. Price and Category are required; Title is required/);
    expect(answer.refused[1].message).not.toContain('.;');
    await runAllDue();
    expect(await listingRow(byList.id)).toMatchObject({ publishStatus: 'published', price: money(2800) });
  });

  it('publishes 10 with their saved values; one missing Department filled with the one value eBay allows; one offer each', async () => {
    const user = await t.makeUser();
    const listed = [];
    for (let i = 0; i < 10; i++) listed.push(await listedItem(user));
    const noPrice = await listedItem(user);
    const neither = await listedItem(user);
    await t.deps.database.db
      .update(items)
      .set({
        extractedBrand: "Levi's",
        extractedSize: '32',
        extractedSizeType: 'Regular',
        extractedColor: 'Blue',
        aiSuggestedPriceMinor: 1950,
      })
      .where(
        inArray(
          items.id,
          listed.map((i) => i.id),
        ),
      );
    for (const item of listed) await seedEbayFields(t.deps.database.db, user.id, item.id, { categoryId: '11483', conditionGrade: 'good' });
    await seedEbayFields(t.deps.database.db, user.id, noPrice.id, { categoryId: '11483' });
    const broken = listed[3]!;
    await t.deps.database.db.update(items).set({ extractedDepartment: null }).where(eq(items.id, broken.id));

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ebay/publish',
      payload: { itemIds: [...listed.map((i) => i.id), noPrice.id, neither.id] },
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(202);
    const answer = response.json();
    expect(answer.queued).toHaveLength(10);
    // Each refusal names what that item lacks; the agreed message only where both price and category are missing.
    expect(answer.refused).toEqual([
      { itemId: noPrice.id, sku: noPrice.sku, message: 'Price is required' },
      { itemId: neither.id, sku: neither.sku, message: 'Missing required fields. Price and Category are required.' },
    ]);

    await runAllDue();

    const rows = await Promise.all(listed.map(async (i) => ({ itemId: i.id, ...(await listingRow(i.id))! })));
    // The missing Department has one value eBay allows on this leaf (Men): filled, not asked (decision 133).
    expect(rows.filter((r) => r.publishStatus === 'published')).toHaveLength(10);
    expect(rows.every((r) => r.price?.amountMinor === 1950)).toBe(true);
    const offers = [...fake.state.offers.values()];
    expect(new Set(offers.map((o) => o.sku)).size).toBe(offers.length);
    expect(offers).toHaveLength(10);
  });
});
