import { paced } from '@shared/testing/pace';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { composeServices } from '../../../compose';
import { ebaySetupFrom } from '../setup';
import { jobs } from '../../../db/schema';
import { ebayListingRow } from '../../../test/ebay-listings';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { connectFakeEbayAccount, fakeEbayEnv } from '../../../test/fake-ebay-seller';
import { makeJpeg } from '../../../test/images';
import { leviJeansPublishForm, manualClock, silentLog, writeLeviJeansListing } from '../../../test/listings';
import { startSwitchableProxy, type SwitchableProxy } from '../../../test/switchable-proxy';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos, uploadProduct } from '../../../test/uploads';
import { publishMessages } from '../../publish-job';

/**
 * eBay going away (connections refused, or every call answered 503) fails the publishes it affects with a
 * message that says so, after a bounded number of retries, and never marks them published; the dashboard, uploads,
 * the readiness panel and the other routes keep answering; once eBay is back, publishing again makes one offer.
 */
let fake: FakeEbay;
let proxy: SwitchableProxy;
let t: TestApp;
let user: TestUser;
let pool: WorkerPool;
const clock = manualClock(Date.now() + 60_000); // ahead of the database's now(), so queued jobs are due

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  proxy = await startSwitchableProxy({ port: fake.port });
  t = await createTestApp(fakeEbayEnv({ ...fake, url: proxy.url }));
  const { jobs: registry } = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config), clock });
  pool = createWorkerPool({ db: t.deps.database.db, registry, log: silentLog, concurrency: 1, clock });
  user = await t.makeUser();
  await connectSeller();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await fake?.close();
});
afterEach(async () => {
  await proxy.up();
  fake.state.clearFailures();
  expect(fake.contractViolations).toEqual([]);
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function connectSeller() {
  await connectFakeEbayAccount(t.app, user.cookie, { readyToPublish: true });
}

/** An item with a photo and a written listing, ready to publish. */
async function readyItem() {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await writeLeviJeansListing(t.deps.database.db, item.id);
  return item;
}

const form = leviJeansPublishForm;
const listingOf = async (itemId: string) => await ebayListingRow(t.deps.database.db, itemId);

/** Runs the queue as time passes (an hour at most, a minute a step) until the item's publish settled. */
async function publishSettles(itemId: string) {
  for (let minute = 0; minute < 60; minute++) {
    while (await pool.runNext());
    const listing = await listingOf(itemId);
    if (listing?.publishStatus !== 'publishing') return { listing, minutes: minute };
    clock.advance(60_000);
  }
  throw new Error('the publish did not settle within an hour');
}

/** Everything that needs no answer from eBay still answers while it is away. */
async function otherRoutesAnswer(itemId: string) {
  const upload = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [{ name: 'a.jpg', bytes: await makeJpeg(64, 48) }]);
  expect(upload.statusCode, upload.body).toBe(200);
  for (const url of [
    '/api/items?view=batches',
    '/api/items?view=listings',
    '/api/items/summary',
    `/api/items/${itemId}`,
    '/api/ebay/connection',
  ]) {
    const response = await api('GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  }
  const readiness = await api('GET', `/api/items/${itemId}/readiness`);
  expect(readiness.statusCode, readiness.body).toBe(200);
}

const offersFor = (sku: string) => [...fake.state.offers.values()].filter((offer) => offer.sku === sku);

describe('eBay going away', () => {
  it('refusing connections: the publish fails after a few retries with a clear message, never published; then works again', async () => {
    const item = await readyItem();
    await proxy.down();
    expect((await api('POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
    await otherRoutesAnswer(item.id);
    const { listing, minutes } = await publishSettles(item.id);
    expect(listing).toMatchObject({ publishStatus: 'failed', publishError: publishMessages.unreachable('eBay'), listingId: null });
    expect(minutes).toBeLessThanOrEqual(3); // three retries (after 5, 10, 20 s), each due within a step of the clock
    expect((await t.deps.database.db.select().from(jobs).where(eq(jobs.itemId, item.id)))[0]).toMatchObject({ status: 'failed' });
    expect(offersFor(item.sku)).toEqual([]);

    await proxy.up();
    expect((await api('POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
    expect((await publishSettles(item.id)).listing).toMatchObject({ publishStatus: 'published', publishError: null });
    expect(offersFor(item.sku)).toHaveLength(1);
  });

  it('answering 503 to every call: the publish waits it out, then fails with eBay’s words, never published', async () => {
    const item = await readyItem();
    fake.failNext(null, { status: 503, errorId: 2003, message: 'Internal error. Please wait a few minutes and try again.' }, 1000);
    expect((await api('POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
    await otherRoutesAnswer(item.id);
    const { listing } = await publishSettles(item.id);
    expect(listing).toMatchObject({
      publishStatus: 'failed',
      publishError: 'eBay: Internal error. Please wait a few minutes and try again.',
      listingId: null,
    });
    expect(offersFor(item.sku)).toEqual([]);

    fake.state.clearFailures();
    expect((await api('POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
    expect((await publishSettles(item.id)).listing).toMatchObject({ publishStatus: 'published', publishError: null });
    expect(offersFor(item.sku)).toHaveLength(1);
  });
});
