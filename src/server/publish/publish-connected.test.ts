import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerFakeConsent } from '../../../e2e/fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../e2e/fakes/ebay/ebay-server';
import { composeServices, ebaySetupFrom } from '../compose';
import { ebayListings, items } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { makeJpeg } from '../test/images';
import { silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { fakeEbayEnv } from '../test/fake-ebay-seller';

/** The whole path with nothing swapped but eBay: connect through the routes, policies, location, publish, the job. */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({
    ...fakeEbayEnv(fake),
  });
  const { jobs: registry } = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry, log: silentLog, concurrency: 1 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

describe('publishing with a connected eBay account', () => {
  it('is refused in the spec’s words until connected and until policies exist, then publishes', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await t.deps.database.db
      .update(items)
      .set({ aiTitle: "Levi's 501 Men's Jeans 32x30 Blue", aiDescription: 'Classic straight-leg jeans.', extractedDepartment: 'Men' })
      .where(eq(items.id, item.id));
    const form = {
      price: 30,
      quantity: 2,
      condition: 'excellent',
      categoryId: '11483',
      sizeType: 'Regular',
      size: '32',
      brand: 'Levi',
      color: 'Blue',
    };
    const status = async () => (await t.deps.database.db.select().from(ebayListings).where(eq(ebayListings.itemId, item.id)))[0];

    expect((await api(user, 'POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
    await runAllDue();
    expect(await status()).toMatchObject({ publishStatus: 'failed', publishError: 'eBay account not connected' });

    const start = await api(user, 'POST', '/api/ebay/oauth/start');
    const callback = await answerFakeConsent(start.json().authUrl);
    const exchange = await api(user, 'POST', '/api/ebay/oauth/exchange', { code: callback.get('code'), state: callback.get('state') });
    expect(exchange.statusCode).toBe(200);
    await api(user, 'POST', `/api/items/${item.id}/publish`, form);
    await runAllDue();
    expect(await status()).toMatchObject({ publishError: 'Please configure eBay business policies before publishing' });

    const policies = {
      handlingTimeDays: 1,
      shippingServiceCode: 'USPSGroundAdvantage',
      shippingCost: '5.99',
      freeShipping: false,
      returnPeriodDays: 30,
    };
    expect((await api(user, 'POST', '/api/ebay/policies', policies)).statusCode).toBe(200);
    expect((await api(user, 'PUT', '/api/ebay/location', { name: 'Home', postalCode: '95125', country: 'US' })).statusCode).toBe(200);
    await api(user, 'POST', `/api/items/${item.id}/publish`, form);
    await runAllDue();

    const published = await status();
    expect(published).toMatchObject({ publishStatus: 'published', publishError: null, price: 30, quantity: 2 });
    const offers = [...fake.state.offers.values()].filter((o) => o.sku === item.sku);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      status: 'PUBLISHED',
      details: { availableQuantity: 2, pricingSummary: { price: { value: '30.00' } } },
    });
  });
});
