import { paced } from '@shared/testing/pace';
import { money } from '@shared/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { comparablesPaths, comparablesResponse } from '@shared/contracts/comparables';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import type { FakeBrowseListing } from '../../../../../fakes/ebay/fake-ebay-browse';
import { ebaySetupFrom } from '../setup';
import { comparablesCache, ebayAppCalls, items } from '../../../db/schema';
import { seedEbayFields } from '../../../test/ebay-listings';
import { fakeEbayEnv } from '../../../test/fake-ebay-seller';
import { itemWithPhotos, manualClock, silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { utcDay } from '../../daily-calls-repo';
import { createComparablesService } from './service';

/** The real Browse client against the contract-checked fake eBay; only eBay is a double. */
let fake: FakeEbay;
let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp(fakeEbayEnv(fake));
  seller = await t.makeUser();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const db = () => t.deps.database.db;
const browseCalls = () => fake.state.calls.filter((c) => c.operationId === 'search' || c.operationId === 'searchByImage');

/** A pair of Levi's jeans listed in eBay's Jeans category, Pre-owned – Good, size 32, with a photo. */
async function jeans(brand: string, user = seller) {
  const item = await itemWithPhotos(t, user, { brand }, 1);
  await db().update(items).set({ extractedSize: '32' }).where(eq(items.id, item.id));
  await seedEbayFields(db(), user.id, item.id, {
    categoryId: '11483',
    categoryName: "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans",
    conditionGrade: 'good',
  });
  return item;
}

const at = (itemId: string, price: number, shipping: number | null = 0): FakeBrowseListing => ({
  itemId: `v1|${itemId}|0`,
  title: `Jeans ${itemId}`,
  price,
  shipping,
  conditionId: '3000',
});

/** A service over the app's database and storage with its own clock and budget (the app's uses the system clock). */
function service(options: { dailyCalls?: number; clock?: ReturnType<typeof manualClock> } = {}) {
  return createComparablesService({
    db: db(),
    storage: t.deps.storage,
    client: ebaySetupFrom(t.deps.config).client,
    simulated: false,
    dailyCalls: options.dailyCalls ?? 5000,
    clock: options.clock ?? manualClock(),
    log: silentLog,
  });
}

describe('comparables behind the price', () => {
  it('merges the keyword and photo searches into count, median, range and the 5 nearest, and says what they are based on', async () => {
    const item = await jeans("Levi's");
    const byKeywords = [
      at('1', 18, 0),
      at('2', 24, 5.99),
      at('3', 30, 2),
      at('4', 28.5, null),
      at('5', 40, 0),
      at('6', 55, 0),
      at('7', 33, 0),
    ];
    await fetch(`${fake.url}/__control/comparables`, {
      method: 'POST',
      body: JSON.stringify({ q: "Levi's Jeans 32", listings: byKeywords }),
    });
    fake.state.browse.set({ byImage: true, listings: [at('6', 55, 0), at('8', 31, 0), { ...at('9', 12, 0), conditionId: '1000' }] });

    const answer = await t.app.inject({ method: 'GET', url: comparablesPaths.item(item.id), headers: { cookie: seller.cookie } });
    expect(answer.statusCode).toBe(200);
    const body = comparablesResponse.parse(answer.json());
    // Totals 18, 28.5, 29.99, 31, 32, 33, 40, 55 (the new-with-tags one is filtered out by condition, as eBay does).
    expect(body).toMatchObject({
      query: { keywords: "Levi's Jeans 32", categoryId: '11483', condition: 'Pre-owned – Good', size: '32', byImage: true },
      count: 8,
      median: money(3150),
      low: money(1800),
      high: money(5500),
      currency: 'USD',
      noBasis: null,
      basis: 'Median of 8 active eBay listings: Jeans, Pre-owned – Good, size 32. Asking prices with shipping, not sold prices.',
    });
    expect(body.nearest.map((c) => [c.total, c.foundBy])).toEqual([
      [money(5500), 'both'],
      [money(3100), 'image'],
      [money(3200), 'keywords'],
      [money(3300), 'keywords'],
      [money(2999), 'keywords'],
    ]);
    expect(body.nearest[4]).toMatchObject({
      price: money(2400),
      shipping: money(599),
      condition: 'Pre-owned - Good',
      url: `${fake.url}/itm/2`,
    });
    expect(body.nearest[0]!.imageUrl).toMatch(new RegExp(`^${fake.url}/images/`));
    expect(
      browseCalls()
        .map((c) => c.operationId)
        .sort(),
    ).toEqual(['search', 'searchByImage']);
  });

  it('asks eBay once a day per query: a second ask within the day makes no call, a day later it asks again', async () => {
    const clock = manualClock(Date.parse('2026-03-01T09:00:00Z'));
    const comparables = service({ clock });
    const item = await jeans('Wrangler');
    const first = await comparables.forItem(seller.id, item.id);
    expect(first.count).toBeGreaterThan(0);
    expect(browseCalls()).toHaveLength(2);

    clock.advance(23 * 3_600_000);
    const again = await comparables.forItem(seller.id, item.id);
    expect(browseCalls()).toHaveLength(2);
    expect(again).toEqual(first);
    expect(again.fetchedAt).toBe('2026-03-01T09:00:00.000Z');

    clock.advance(3_600_000);
    await comparables.forItem(seller.id, item.id);
    expect(browseCalls()).toHaveLength(4);
  });

  it('counts each Browse call for the UTC day and makes none past the budget, saying so without a number', async () => {
    const clock = manualClock(Date.parse('2026-04-02T23:00:00Z'));
    const comparables = service({ dailyCalls: 3, clock });
    const calls = async () =>
      (
        await db()
          .select()
          .from(ebayAppCalls)
          .where(eq(ebayAppCalls.day, utcDay(clock.now())))
      ).find((r) => r.api === 'browse')?.calls ?? 0;

    await comparables.forItem(seller.id, (await jeans('Lee')).id);
    expect(await calls()).toBe(2);
    // The third call is the keyword search; the photo's is refused: the answer stands on the keywords alone.
    const partly = await comparables.forItem(seller.id, (await jeans('Diesel')).id);
    expect(partly.count).toBeGreaterThan(0);
    expect(partly.nearest.every((c) => c.foundBy === 'keywords')).toBe(true);
    expect(await calls()).toBe(3);
    expect(browseCalls()).toHaveLength(3);

    const refused = await comparables.forItem(seller.id, (await jeans('Gap')).id);
    expect(refused).toMatchObject({ count: 0, median: null, low: null, high: null, nearest: [], basis: null });
    expect(refused.noBasis).toBe('Today’s eBay search budget (3 calls) is spent: comparables come back after midnight UTC.');
    expect(browseCalls()).toHaveLength(3);
    expect(await comparables.callsToday()).toEqual({ calls: 3, budget: 3 });

    clock.advance(2 * 3_600_000);
    expect((await comparables.forItem(seller.id, (await jeans('Gap')).id)).count).toBeGreaterThan(0);
    expect(await comparables.callsToday()).toEqual({ calls: 2, budget: 3 });
  });

  it('says when nothing like it is listed, and when eBay fails (not cached: the next ask tries again)', async () => {
    const comparables = service();
    const item = await jeans('Nudie');
    fake.state.browse.set({ listings: [] });
    fake.state.browse.set({ byImage: true, listings: [] });
    const none = await comparables.forItem(seller.id, item.id);
    expect(none).toMatchObject({ count: 0, median: null, basis: null });
    expect(none.noBasis).toBe(
      'No active eBay listings like this one were found (Jeans, Pre-owned – Good, size 32), so there is no price to base on.',
    );

    const other = await jeans('Evisu');
    const failure = { status: 500, errorId: 12000, message: 'There was a problem with an eBay internal system or process.' };
    fake.failNext('search', failure);
    fake.failNext('searchByImage', failure);
    const failed = await comparables.forItem(seller.id, other.id);
    expect(failed).toMatchObject({
      count: 0,
      median: null,
      noBasis: 'eBay could not be reached for comparables just now. Try again in a few minutes.',
    });
    fake.state.browse.reset();
    expect((await comparables.forItem(seller.id, other.id)).count).toBeGreaterThan(0);
  });

  it("answers 404 for another seller's item, and 401 signed out", async () => {
    const item = await jeans("Levi's");
    const other = await t.makeUser();
    const answer = await t.app.inject({ method: 'GET', url: comparablesPaths.item(item.id), headers: { cookie: other.cookie } });
    expect(answer.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: comparablesPaths.item(item.id) })).statusCode).toBe(401);
    expect(browseCalls()).toHaveLength(0);
  });

  it('keeps one cache row per query, the photo’s keyed by a hash of its bytes', async () => {
    await service().forItem(seller.id, (await jeans('Carhartt')).id);
    const keys = (await db().select({ key: comparablesCache.queryKey }).from(comparablesCache)).map((r) => r.key);
    expect(keys).toContainEqual(expect.stringMatching(/^browse:search:EBAY_US:11483\|3000\|32:carhartt jeans 32$/));
    expect(keys).toContainEqual(expect.stringMatching(/^browse:image:EBAY_US:11483\|3000\|32:[0-9a-f]{64}$/));
  });
  it('asks eBay again rather than read a day-old answer kept with decimal amounts (before decision 081)', async () => {
    const item = await jeans('Wrangler');
    await service().forItem(seller.id, item.id);
    const rows = await db().select().from(comparablesCache);
    const old = (listing: { price: { amountMinor: number } }) => ({ ...listing, price: listing.price.amountMinor / 100, total: 1 });
    for (const row of rows) {
      const listings = (row.answer as { listings: { price: { amountMinor: number } }[] }).listings;
      await db()
        .update(comparablesCache)
        .set({ answer: { listings: listings.map(old) } })
        .where(eq(comparablesCache.queryKey, row.queryKey));
    }
    const before = browseCalls().length;
    const again = await service().forItem(seller.id, item.id);
    expect(browseCalls().length).toBeGreaterThan(before);
    for (const comparable of again.nearest) expect(Number.isSafeInteger(comparable.total.amountMinor)).toBe(true);
  });
});

describe('comparables without eBay', () => {
  it('say they need eBay keys, with no number, on a server without keys and without the simulated eBay', async () => {
    const plain = await createTestApp();
    try {
      const user = await plain.makeUser();
      const item = await itemWithPhotos(plain, user, {}, 1);
      const answer = await plain.app.inject({ method: 'GET', url: comparablesPaths.item(item.id), headers: { cookie: user.cookie } });
      expect(answer.json()).toMatchObject({ count: 0, median: null, low: null, high: null, nearest: [], basis: null });
      expect(answer.json().noBasis).toBe('Comparables need eBay keys on this server.');
      expect(browseCalls()).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
