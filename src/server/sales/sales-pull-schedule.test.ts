import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelListings, ebayAppCalls, jobs, salesCursors } from '../db/schema';
import { drain, silentLog } from '../test/listings';
import type { TestUser } from '../test/test-app';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { utcDay } from '../channels/daily-calls';
import type { Marketplaces } from '../channels/marketplace';
import { createSalesService } from './sales';
import { salesChecksToday } from './sales-pull-repo';
import { fastPullEveryMs, SALES_CALL_BUDGET_SHARE } from './sales-pull-schedule';

/**
 * The adaptive pull (decision 078): a seller with an item live on eBay and on Etsy has their eBay sales checked
 * every 15 s; otherwise every SALES_PULL_INTERVAL_S; every 5 min again once the fast pull has spent its share of
 * eBay's daily limit; and never fast where eBay pushes their sales. The clock is injected, the schedule read from the
 * database (the sales cursor, the listings, the day's counter).
 */
const setup = useFakeEbaySales('adaptive-pull');
const db = () => setup.t.deps.database.db;
const NORMAL_MS = 300_000;
const FAST_MS = 15_000;
/** A fixed "now" for the schedule, an hour before the real one (the counter's UTC day is its own). */
const T0 = Date.now() - 3600_000;

function scheduleAt(now: number, marketplaces: Marketplaces = setup.services.marketplaces) {
  return createSalesService({ db: db(), marketplaces, clock: { now: () => now }, log: silentLog });
}

async function pullQueued(user: TestUser): Promise<boolean> {
  const rows = await db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, 'pull-sales'), eq(jobs.userId, user.id)));
  return rows.length > 0;
}

/** A seller whose eBay sales were last pulled at T0, with an item live on eBay (and on Etsy when `etsyToo`). */
async function sellerPulledAtT0(etsyToo: boolean) {
  const user = await setup.connectedSeller();
  const { itemId } = await setup.publishedItem(user);
  await drain(setup.pool);
  if (etsyToo)
    await db()
      .insert(channelListings)
      .values({ userId: user.id, itemId, channel: 'etsy', status: 'live', externalId: `etsy-${itemId}` });
  await db().delete(jobs).where(eq(jobs.userId, user.id));
  await db()
    .update(salesCursors)
    .set({ pulledUntil: new Date(T0) })
    .where(eq(salesCursors.userId, user.id));
  return user;
}

async function queuedAt(user: TestUser, now: number, marketplaces?: Marketplaces) {
  await db()
    .delete(jobs)
    .where(and(eq(jobs.kind, 'pull-sales'), eq(jobs.userId, user.id)));
  await scheduleAt(now, marketplaces).queueDuePulls(NORMAL_MS, FAST_MS);
  return pullQueued(user);
}

describe('the adaptive sales pull', () => {
  it('pulls every 15 s while an item is live on eBay and Etsy, at the normal interval otherwise', async () => {
    const twoChannels = await sellerPulledAtT0(true);
    const oneChannel = await sellerPulledAtT0(false);
    expect(await queuedAt(twoChannels, T0 + 10_000)).toBe(false);
    expect(await queuedAt(twoChannels, T0 + 16_000)).toBe(true);
    expect(await queuedAt(oneChannel, T0 + 16_000)).toBe(false);
    expect(await queuedAt(oneChannel, T0 + 120_000)).toBe(false);
    expect(await queuedAt(oneChannel, T0 + 301_000)).toBe(true);
  });

  it('leaves a seller whose eBay sales are pushed to the normal interval', async () => {
    const user = await sellerPulledAtT0(true);
    const pushing: Marketplaces = {
      ...setup.services.marketplaces,
      ebay: { ...setup.services.marketplaces.ebay, salesPushedFor: async (ids) => new Set(ids) },
    };
    expect(await queuedAt(user, T0 + 16_000, pushing)).toBe(false);
    expect(await queuedAt(user, T0 + 301_000, pushing)).toBe(true);
  });

  it('falls back to the normal interval once the fast pull has spent its share of eBay’s daily limit, never stopping', async () => {
    const user = await sellerPulledAtT0(true);
    const limit = setup.services.marketplaces.ebay.dailySalesCallLimit!;
    expect(limit).toBe(100_000);
    const day = utcDay(T0 + 16_000);
    await db()
      .insert(ebayAppCalls)
      .values({ day, api: 'sales-pull:ebay', calls: limit * SALES_CALL_BUDGET_SHARE })
      .onConflictDoUpdate({ target: [ebayAppCalls.day, ebayAppCalls.api], set: { calls: limit * SALES_CALL_BUDGET_SHARE } });
    try {
      expect(await queuedAt(user, T0 + 16_000)).toBe(false);
      expect(await queuedAt(user, T0 + 301_000)).toBe(true);
    } finally {
      await db()
        .delete(ebayAppCalls)
        .where(and(eq(ebayAppCalls.day, day), eq(ebayAppCalls.api, 'sales-pull:ebay')));
    }
  });

  it('counts each sales check on the channel for the UTC day', async () => {
    const user = await setup.connectedSeller();
    await drain(setup.pool);
    const now = Date.now();
    const before = await salesChecksToday(db(), 'ebay', now);
    await scheduleAt(now).pullSalesOf(user.id, 'ebay');
    await scheduleAt(now).pullSalesOf(user.id, 'ebay');
    expect(await salesChecksToday(db(), 'ebay', now)).toBe(before + 2);
    expect(await salesChecksToday(db(), 'etsy', now)).toBe(0);
    const [today] = await scheduleAt(now).salesChecksOfToday();
    expect(today).toEqual({ channel: 'ebay', used: before + 2, limit: 100_000 });
  });

  it('paces the fast pull so the rest of the day’s share lasts until midnight UTC, at 15 s at most', () => {
    const midnight = Date.UTC(2026, 10, 26);
    // 12 h left, 5,000 of Etsy's 10,000 a day free: 1 seller every 15 s (2,880 checks); 4 sellers every 35 s.
    expect(fastPullEveryMs(0, 10_000, 1, midnight - 12 * 3600_000, 15_000)).toBe(15_000);
    expect(fastPullEveryMs(0, 10_000, 4, midnight - 12 * 3600_000, 15_000)).toBe(Math.ceil((12 * 3600_000 * 4) / 5_000));
    expect(fastPullEveryMs(5_000, 10_000, 1, midnight - 60_000, 15_000)).toBeNull();
    expect(fastPullEveryMs(1_000_000, undefined, 50, midnight - 60_000, 15_000)).toBe(15_000);
  });
});
