import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preflightScoresResponse, type PreflightScoresResponse } from '@shared/contracts/publish';
import { money } from '@shared/domain/money';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { channelListings, items } from '../db/schema';
import { ebayCurrencyMessages } from './ebay/publish/preflight-rules/currency';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { ebayListingRow } from '../test/ebay-listings';
import { clientForFake, connectFakeEbayAccount, connectFakeSeller, fakeEbayEnv } from '../test/fake-ebay-seller';
import { makeJpeg } from '../test/images';
import { silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

/**
 * GET /api/items/:id/preflight-scores: each API channel's green, amber or red with its reasons, against
 * the fake eBay. The item of e2e/preflight-score.spec.ts: its missing package weight is named (the seller's shipping
 * policy is calculated), fixed in Quick Fix, and the item is published.
 */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({ ...fakeEbayEnv(fake) });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function scores(user: TestUser, itemId: string): Promise<PreflightScoresResponse> {
  const response = await api(user, 'GET', `/api/items/${itemId}/preflight-scores`);
  expect(response.statusCode).toBe(200);
  return preflightScoresResponse.parse(response.json());
}
const onEbay = (answer: PreflightScoresResponse) => answer.channels.find((c) => c.channel === 'ebay')!;

/** Levi's jeans with every aspect eBay requires, a photo, a price: all eBay could still ask is the parcel. */
async function jeans(user: TestUser) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({
      aiTitle: "Levi's 501 Men's Jeans 32x30 Blue",
      aiDescription: 'Classic straight-leg jeans in a mid blue wash, barely worn, no marks or holes.',
      aiSuggestedPriceMinor: 2450,
      aiGenerationStatus: 'completed',
      extractedBrand: "Levi's",
      extractedSize: '32',
      extractedSizeType: 'Regular',
      extractedColor: 'Blue',
    })
    .where(eq(items.id, item.id));
  expect((await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Mens Jeans', condition: 'good' })).statusCode).toBe(200);
  return item;
}

/** The seller's shipping becomes a calculated-rate policy made on eBay, chosen on the eBay screen. */
async function useCalculatedShipping(user: TestUser) {
  const client = clientForFake(fake);
  const token = await connectFakeSeller(client);
  const policy = await client.account.createFulfillmentPolicy(token, {
    name: 'Priority calculated',
    marketplaceId: 'EBAY_US',
    categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES' }],
    handlingTime: { value: 1, unit: 'DAY' },
    shippingOptions: [
      {
        optionType: 'DOMESTIC',
        costType: 'CALCULATED',
        shippingServices: [{ sortOrder: 1, shippingCarrierCode: 'USPS', shippingServiceCode: 'USPSPriority', freeShipping: false }],
      },
    ],
  });
  const check = await api(user, 'POST', '/api/ebay/policies/check');
  const { defaults } = check.json() as { defaults: { paymentPolicyId: string; returnPolicyId: string } };
  const chosen = await api(user, 'PUT', '/api/ebay/policies/defaults', {
    paymentPolicyId: defaults.paymentPolicyId,
    returnPolicyId: defaults.returnPolicyId,
    fulfillmentPolicyId: policy.fulfillmentPolicyId,
  });
  expect(chosen.statusCode).toBe(200);
}

describe('GET /api/items/:id/preflight-scores', () => {
  it('not connected anywhere: amber on each channel, saying to connect it', async () => {
    const user = await t.makeUser();
    const item = await jeans(user);
    const answer = await scores(user, item.id);
    expect(answer.channels.map((c) => [c.channel, c.score])).toEqual([
      ['ebay', 'amber'],
      ['etsy', 'amber'],
      ['shopify', 'amber'],
      ['depop', 'amber'],
    ]);
    expect(onEbay(answer).reasons[0]).toMatch(/connect eBay/);
  });

  it('names the missing package weight under calculated shipping (red), green once Quick Fix adds the parcel, then publishes', async () => {
    const user = await t.makeUser();
    await connectFakeEbayAccount(t.app, user.cookie, { readyToPublish: true });
    const item = await jeans(user);
    expect(onEbay(await scores(user, item.id))).toEqual({ channel: 'ebay', name: 'eBay', score: 'green', reasons: [] });

    await useCalculatedShipping(user);
    const red = onEbay(await scores(user, item.id));
    expect(red.score).toBe('red');
    expect(red.reasons).toEqual([
      'Add the package weight: eBay works out postage from it for "Priority calculated" (calculated shipping)',
      'Add the package size (length, width, height): eBay works out postage from it for "Priority calculated" (calculated shipping)',
    ]);
    const readiness = (await api(user, 'GET', `/api/items/${item.id}/readiness`)).json();
    expect(readiness.canPublish).toBe(false);
    expect(readiness.preflight.problems.map((p: { field: string }) => p.field)).toEqual(['package', 'package']);

    const parcel = { weight: { value: 14, unit: 'OUNCE' }, dimensions: { length: 12, width: 9, height: 2, unit: 'INCH' } };
    expect((await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { package: parcel })).statusCode).toBe(200);
    expect(onEbay(await scores(user, item.id)).score).toBe('green');

    const publish = await api(user, 'POST', `/api/items/${item.id}/publish`, {
      price: money(2450),
      quantity: 1,
      condition: 'good',
      categoryId: '11483',
    });
    expect(publish.statusCode).toBe(202);
    for (let ran = 0; (await pool.runNext()) && ran < 20; ran++);
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'published', publishError: null });
    const sent = Object.values(fake.snapshot().sellers).flatMap((seller) => Object.values(seller.inventoryItems));
    expect(sent).toContainEqual(expect.objectContaining({ packageWeightAndSize: parcel }));
  });

  it('answers 404 for another seller’s item and for an unknown id', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const item = await jeans(owner);
    expect((await api(other, 'GET', `/api/items/${item.id}/preflight-scores`)).statusCode).toBe(404);
    expect((await api(owner, 'GET', '/api/items/00000000-0000-4000-8000-000000000000/preflight-scores')).statusCode).toBe(404);
  });
});

/**
 * A price in another currency than the marketplace's is red before any publish, in words with its fix, on
 * the readiness too: never "Ready 100% · Should be accepted" for a listing eBay UK would refuse (25003).
 */
describe("the listing's currency on the seller's eBay marketplace", () => {
  const london = { addressLine1: '1 Long Acre', city: 'London', postalCode: 'WC2E 9LH', country: 'GB' };
  const berlin = { addressLine1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };

  async function connectAbroad(user: TestUser, ebayUserId: string, address: typeof london) {
    fake.state.sellers.push({ userId: ebayUserId, username: `${ebayUserId}_seller`, address });
    await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId });
  }

  const readinessOf = async (user: TestUser, itemId: string) =>
    (await api(user, 'GET', `/api/items/${itemId}/readiness`)).json() as {
      canPublish: boolean;
      score: number;
      preflight: { problems: { field: string; message: string }[] };
    };

  it('a UK seller: a listing priced in dollars (the old price list) is red with what to do; a price in pounds clears it', async () => {
    const user = await t.makeUser();
    await connectAbroad(user, 'currency-uk-seller', london);
    const item = await jeans(user);
    expect(item.currency).toBe('GBP');
    // What the autopilot once saved from a dollar-only price list: US$45 on the eBay listing.
    await t.deps.database.db
      .update(channelListings)
      .set({ status: 'failed', priceMinor: 4500, currency: 'USD', error: 'eBay refused the price' })
      .where(and(eq(channelListings.itemId, item.id), eq(channelListings.channel, 'ebay')));
    const message = ebayCurrencyMessages.otherPrice('USD', 'eBay UK', 'GBP');
    const red = onEbay(await scores(user, item.id));
    expect(red.score).toBe('red');
    expect(red.reasons).toContain(message);
    const readiness = await readinessOf(user, item.id);
    expect(readiness.canPublish).toBe(false);
    expect(readiness.score).toBeLessThan(90);
    expect(readiness.preflight.problems).toContainEqual({ field: 'price', message });

    const settings = await api(user, 'PUT', `/api/items/${item.id}/publish-settings`, {
      price: money(2450, 'GBP'),
      quantity: 1,
      condition: 'good',
      categoryId: '11483',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(onEbay(await scores(user, item.id)).reasons).not.toContain(message);
    expect((await readinessOf(user, item.id)).preflight.problems.filter((p) => p.field === 'price')).toEqual([]);
  });

  it('a German seller: an item still counted in dollars from before they moved cannot go to eBay Germany, and says so', async () => {
    const user = await t.makeUser();
    const dollars = await jeans(user);
    expect(dollars.currency).toBe('USD');
    await connectAbroad(user, 'currency-de-seller', berlin);
    const euros = await jeans(user);
    expect(euros.currency).toBe('EUR');

    const message = ebayCurrencyMessages.otherItem('USD', 'eBay Germany', 'EUR');
    const red = onEbay(await scores(user, dollars.id));
    expect(red.score).toBe('red');
    expect(red.reasons).toContain(message);
    expect((await readinessOf(user, dollars.id)).preflight.problems).toContainEqual({ field: 'price', message });
    // The item made since is counted in euros: no currency problem.
    expect((await readinessOf(user, euros.id)).preflight.problems.filter((p) => p.field === 'price')).toEqual([]);
  });
});
