import { paced } from '@shared/testing/pace';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { composeServices, type Services } from '../compose';
import { unconfiguredEbay } from '../channels/ebay/setup';
import { channelListings, ebayAppCalls, items, jobs } from '../db/schema';
import { dailyCallsToday, revisionCounter, utcDay } from '../channels/daily-calls';
import { EBAY_DAILY_REVISIONS } from '../channels/ebay/marketplace';
import { listingSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { fakeSellerSession } from '../test/fake-ebay-seller';
import { makeJpeg } from '../test/images';
import { leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos, uploadPhotos } from '../test/uploads';
import type { SellerSession } from '../channels/ebay/publish/seller-session';

/**
 * Revise, end and relist a live eBay listing through the routes, the jobs and the real eBay client against
 * the fake eBay: the live offer changes in place (no second offer or listing), end and relist are idempotent, a
 * failure's words reach the listing, and another seller's listing answers 404.
 */
let t: TestApp;
let fake: FakeEbay;
let session: SellerSession;
let services: Services;
let pool: WorkerPool;
let now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeEbay();
  services = composeServices({ ...t.deps, log: silentLog }, { ebay: unconfiguredEbay({ sellers: { forUser: async () => session } }) });
  pool = createWorkerPool({
    db: t.deps.database.db,
    registry: services.jobs,
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
  now = Date.now() + 60_000;
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const form = leviJeansPublishForm;
const db = () => t.deps.database.db;
const inject = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const change = (user: TestUser, itemId: string, what: 'revise' | 'end' | 'relist', channel = 'ebay') =>
  inject(user, 'POST', `/api/items/${itemId}/listings/${channel}/${what}`);

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

async function listingOf(itemId: string) {
  const [row] = await db()
    .select()
    .from(channelListings)
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')));
  return row!;
}
const ebaySkuOf = async (itemId: string) => (await listingOf(itemId)).data.ebaySku as string;
const offersOf = (sku: string) => [...fake.state.offers.values()].filter((o) => o.sku === sku);
const listingsOf = (sku: string) => [...fake.state.listings.values()].filter((l) => l.sku === sku);

/** An item with a written listing, published to the fake eBay and live. */
async function liveItem(user: TestUser) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await writeLeviJeansListing(db(), item.id);
  expect((await inject(user, 'POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
  await runAllDue();
  expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null });
  return item;
}

describe('revising a live listing', () => {
  it('a saved price and quantity go to the live offer in place: one offer, one listing, its id unchanged', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const before = await listingOf(item.id);
    const sku = await ebaySkuOf(item.id);

    const saved = await inject(user, 'PUT', `/api/items/${item.id}/publish-settings`, { ...form, price: money(3150), quantity: 2 });
    expect(saved.statusCode).toBe(200);
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: 'revise', priceMinor: 3150, quantity: 2 });
    const shown = (await inject(user, 'GET', `/api/items/${item.id}`)).json();
    expect(ebayPublishStateOf(shown)).toMatchObject({ status: 'published', change: 'revise', price: money(3150), quantity: 2 });

    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null, error: null, externalId: before.externalId });
    const [offer] = offersOf(sku);
    expect(offersOf(sku)).toHaveLength(1);
    expect(offer).toMatchObject({ status: 'PUBLISHED', listingId: before.externalId });
    expect(offer!.details).toMatchObject({ pricingSummary: { price: { value: '31.50', currency: 'USD' } }, availableQuantity: 2 });
    expect(listingsOf(sku)).toEqual([expect.objectContaining({ status: 'ACTIVE', publishCount: 1 })]);
    expect(listingsOf(sku)[0]!.revisions).toBeGreaterThanOrEqual(2); // the inventory item and the offer
    expect(ebayPublishStateOf((await inject(user, 'GET', `/api/items/${item.id}`)).json())).toMatchObject({
      status: 'published',
      change: null,
    });
  });

  it("past eBay's 250 revisions of a listing today, the revise waits for the next UTC day (decision 090)", async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const sku = await ebaySkuOf(item.id);
    const counter = revisionCounter('ebay', item.id);
    const today = utcDay(now);
    await db().insert(ebayAppCalls).values({ day: today, api: counter, calls: EBAY_DAILY_REVISIONS });
    expect((await inject(user, 'PUT', `/api/items/${item.id}/publish-settings`, { ...form, price: money(2800) })).statusCode).toBe(200);
    await runAllDue();
    const [waiting] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.itemId, item.id), eq(jobs.kind, 'revise-listing')));
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'eBay: 250 revisions of this listing today' });
    expect(waiting!.runAfter.getTime()).toBe(Date.parse(`${today}T00:00:00Z`) + 86_400_000);
    expect(offersOf(sku)[0]!.details).not.toMatchObject({ pricingSummary: { price: { value: '28.00' } } });
    // The next day the revise goes through, and counts.
    now = waiting!.runAfter.getTime() + 1000;
    await runAllDue();
    expect(offersOf(sku)[0]!.details).toMatchObject({ pricingSummary: { price: { value: '28.00', currency: 'USD' } } });
    expect(await dailyCallsToday(db(), counter, now)).toBe(1);
  });

  it('a title edit reaches the live listing; a save while the revise waits is one job and the last values win', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const sku = await ebaySkuOf(item.id);
    await db().update(items).set({ aiGenerationStatus: 'completed' }).where(eq(items.id, item.id)); // the listing was written
    const edit = (title: string) =>
      inject(user, 'PATCH', `/api/items/${item.id}/listing`, { title, description: 'Worn twice.', tags: ['jeans'] });
    expect((await edit('First new title')).statusCode).toBe(200);
    expect((await edit("Levi's 501 Jeans Blue W32")).statusCode).toBe(200);
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.itemId, item.id), eq(jobs.kind, 'revise-listing')));
    expect(queued).toHaveLength(1);
    await runAllDue();
    const product = (fake.state.seller(fake.state.sellers[0]!.userId).items.get(sku) as { product: { title: string } }).product;
    expect(product.title).toBe("Levi's 501 Jeans Blue W32");
    expect(offersOf(sku)).toHaveLength(1);
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null });
  });

  it('new photos and a deleted one reach the live listing', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const sku = await ebaySkuOf(item.id);
    const photosOnEbay = () =>
      ((fake.state.seller(fake.state.sellers[0]!.userId).items.get(sku) as { product: { imageUrls: string[] } }).product.imageUrls ?? [])
        .length;
    expect(photosOnEbay()).toBe(1);
    const added = await uploadPhotos(t.app, user.cookie, item.id, [
      { name: '2.jpg', bytes: await makeJpeg(48, 64) },
      { name: '3.jpg', bytes: await makeJpeg(50, 50) },
    ]);
    expect(added.statusCode).toBe(200);
    expect(await listingOf(item.id)).toMatchObject({ pendingChange: 'revise' });
    await runAllDue();
    expect(photosOnEbay()).toBe(3);
    const gone = added.json().added[0].id as string;
    expect((await inject(user, 'DELETE', `/api/items/${item.id}/images/${gone}`)).statusCode).toBe(200);
    await runAllDue();
    expect(photosOnEbay()).toBe(2);
    expect(offersOf(sku)).toHaveLength(1);
    expect(listingsOf(sku)).toEqual([expect.objectContaining({ status: 'ACTIVE', publishCount: 1 })]);
  });

  it("eBay's refusal reaches the listing in words; the listing stays live and a later save tries again", async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    fake.failNext('updateOffer', { status: 400, errorId: 25002, message: 'A user error has occurred. The price is below the minimum.' });
    await inject(user, 'PUT', `/api/items/${item.id}/publish-settings`, { ...form, price: money(50) });
    await runAllDue();
    const failed = await listingOf(item.id);
    expect(failed).toMatchObject({ status: 'live', pendingChange: null });
    expect(failed.error).toMatch(/^Failed to update on eBay: .*price is below the minimum/);
    expect(ebayPublishStateOf((await inject(user, 'GET', `/api/items/${item.id}`)).json())).toMatchObject({
      status: 'published',
      change: null,
      error: failed.error,
    });

    await inject(user, 'PUT', `/api/items/${item.id}/publish-settings`, { ...form, price: money(2600) });
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null, error: null, priceMinor: 2600 });
  });

  it('eBay busy: the revise waits the seconds eBay asks, then goes through', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    fake.rateLimitNext(1, 7);
    await change(user, item.id, 'revise');
    expect(await pool.runNext()).toBe(true);
    const [waiting] = await db().select().from(jobs).where(eq(jobs.itemId, item.id));
    expect(waiting).toMatchObject({ kind: 'revise-listing', status: 'pending', lastError: 'eBay is busy - retrying in 7s...' });
    expect(await listingOf(item.id)).toMatchObject({ pendingChange: 'revise' });
    now += 7000;
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null, error: null });
  });
});

describe('what a save sends', () => {
  it('a cost, which no marketplace shows, revises nothing; a brand does', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    expect((await inject(user, 'PATCH', `/api/items/${item.id}`, { cost: money(1500) })).statusCode).toBe(200);
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null });
    expect((await inject(user, 'PATCH', `/api/items/${item.id}`, { brand: 'Wrangler' })).statusCode).toBe(200);
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: 'revise' });
    await runAllDue();
  });
});

describe('ending and relisting', () => {
  it('end withdraws the offer (kept), relist publishes the same offer again; each twice is harmless', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const sku = await ebaySkuOf(item.id);
    const firstListing = (await listingOf(item.id)).externalId;

    expect((await change(user, item.id, 'end')).statusCode).toBe(202);
    expect((await change(user, item.id, 'end')).statusCode).toBe(202); // asked twice: one job
    expect(await db().select().from(jobs).where(eq(jobs.itemId, item.id))).toHaveLength(1);
    expect(ebayPublishStateOf((await inject(user, 'GET', `/api/items/${item.id}`)).json())).toMatchObject({
      status: 'published',
      change: 'end',
    });
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'ended', pendingChange: null, error: null });
    expect(ebayPublishStateOf((await inject(user, 'GET', `/api/items/${item.id}`)).json())).toMatchObject({
      status: 'ended',
      change: null,
    });
    expect(offersOf(sku)).toEqual([expect.objectContaining({ status: 'UNPUBLISHED' })]);
    expect(listingsOf(sku)).toEqual([expect.objectContaining({ listingId: firstListing, status: 'ENDED' })]);

    // The end job run again (a crash before it was completed) finds nothing waiting; ending again is refused.
    await enqueue(db(), 'end-listing', { userId: user.id, subject: listingSubject(item.id, 'ebay') });
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'ended' });
    const again = await change(user, item.id, 'end');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This listing is not live: only a live listing can be updated or ended.');
    // A save of an ended listing revises nothing.
    await inject(user, 'PUT', `/api/items/${item.id}/publish-settings`, { ...form, price: money(2800) });
    expect(await listingOf(item.id)).toMatchObject({ status: 'ended', pendingChange: null });

    expect((await change(user, item.id, 'relist')).statusCode).toBe(202);
    await runAllDue();
    const relisted = await listingOf(item.id);
    expect(relisted).toMatchObject({ status: 'live', pendingChange: null, endedAt: null, error: null });
    expect(offersOf(sku)).toEqual([expect.objectContaining({ status: 'PUBLISHED', listingId: relisted.externalId })]);
    expect(listingsOf(sku).filter((l) => l.status === 'ACTIVE')).toHaveLength(1);
    expect(offersOf(sku)[0]!.details).toMatchObject({ pricingSummary: { price: { value: '28.00' } } });
    expect((await change(user, item.id, 'relist')).json().error.message).toBe(
      'This listing has not ended: only an ended listing can be relisted.',
    );
  });

  it('a relist that crashed after eBay published it runs again without a second listing', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const sku = await ebaySkuOf(item.id);
    await change(user, item.id, 'end');
    await runAllDue();
    await change(user, item.id, 'relist');
    // The marketplace's relist went through, then the process died before the job settled the row.
    const published = await services.marketplaces.ebay.relist(user.id, item.id);
    expect(await listingOf(item.id)).toMatchObject({ pendingChange: 'relist' });
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null, externalId: published!.listingId });
    expect(listingsOf(sku).filter((l) => l.status === 'ACTIVE')).toEqual([expect.objectContaining({ listingId: published!.listingId })]);
    expect(offersOf(sku)).toHaveLength(1);
  });

  it('an end waiting on a listing that sold meanwhile is dropped: the sale stands', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    const sku = await ebaySkuOf(item.id);
    await change(user, item.id, 'end');
    await db().update(channelListings).set({ status: 'sold' }).where(eq(channelListings.itemId, item.id));
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'sold', pendingChange: null, error: null });
    expect(listingsOf(sku)).toEqual([expect.objectContaining({ status: 'ACTIVE' })]); // nothing was withdrawn
    expect(await db().select().from(jobs).where(eq(jobs.itemId, item.id))).toEqual([]);
  });

  it('an end eBay cannot be reached for fails after its retries with words, the listing still live', async () => {
    const user = await t.makeUser();
    const item = await liveItem(user);
    await change(user, item.id, 'end');
    fake.failNext('withdrawOffer', { status: 500, errorId: 25001, message: 'A system error has occurred.' }, 20);
    for (let i = 0; i < 30 && (await listingOf(item.id)).pendingChange; i++) {
      await runAllDue();
      now += 120_000;
    }
    const failed = await listingOf(item.id);
    expect(failed).toMatchObject({ status: 'live', pendingChange: null });
    expect(failed.error).toMatch(/^Failed to end on eBay: /);
  });
});

describe('another seller', () => {
  it('gets 404 on every listing change route, and an unknown channel or an item never listed is 404 too', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const item = await liveItem(owner);
    for (const what of ['revise', 'end', 'relist'] as const) {
      expect((await change(other, item.id, what)).statusCode).toBe(404);
      expect((await change(owner, item.id, what, 'etsy')).statusCode).toBe(404);
    }
    const { item: draft } = await createItemWithPhotos(t.app, owner.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    expect((await change(owner, draft.id, 'end')).statusCode).toBe(404);
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null });
    expect(await db().select().from(jobs).where(eq(jobs.itemId, item.id))).toEqual([]);
  });
});

describe('disconnecting with listings up (the simulator: a sale on a disconnected eBay went unseen)', () => {
  const connectionOf = async (user: TestUser) =>
    (
      (await inject(user, 'GET', '/api/channels')).json() as {
        channels: { channel: string; listings?: { up: number; changing: number } }[];
      }
    ).channels.find((entry) => entry.channel === 'ebay')!;

  it('is refused in words while a listing is live there; "end them" ends each, then the disconnect goes through', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const item = await liveItem(user);
    expect((await connectionOf(user)).listings).toEqual({ up: 1, changing: 0 });
    expect((await connectionOf(other)).listings).toEqual({ up: 0, changing: 0 });

    const refused = await inject(user, 'DELETE', '/api/channels/ebay/connection');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      '1 listing is still up on eBay. Once eBay is disconnected, the app can no longer see a sale there or end it, so an item could sell twice: end it first.',
    );

    // Another seller's call ends nothing of this seller's.
    expect((await inject(other, 'POST', '/api/channels/ebay/listings/end')).json()).toEqual({ started: 0, up: 0, changing: 0 });
    expect(await listingOf(item.id)).toMatchObject({ status: 'live', pendingChange: null });

    const ending = await inject(user, 'POST', '/api/channels/ebay/listings/end');
    expect(ending.json()).toEqual({ started: 1, up: 1, changing: 1 });
    // Asked twice: the end already waiting is not asked again.
    expect((await inject(user, 'POST', '/api/channels/ebay/listings/end')).json()).toEqual({ started: 0, up: 1, changing: 1 });
    await runAllDue();
    expect(await listingOf(item.id)).toMatchObject({ status: 'ended', pendingChange: null });
    expect(listingsOf(await ebaySkuOf(item.id))).toEqual([expect.objectContaining({ status: 'ENDED' })]);
    expect((await connectionOf(user)).listings).toEqual({ up: 0, changing: 0 });

    // Nothing up any more: the disconnect reaches eBay's own (this seller's eBay session is the fake's, not a stored
    // connection, so eBay answers that there is none; the simulator disconnects a real one).
    const disconnected = await inject(user, 'DELETE', '/api/channels/ebay/connection');
    expect(disconnected.json()).toEqual({ error: { code: 'CONFLICT', message: 'eBay account not connected' } });
  });
});
