import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AgingStockResponse } from '@shared/contracts/aging-stock';
import { channelListings, sales } from '../db/schema';
import { ebayListingRow } from '../test/ebay-listings';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import type { TestUser } from '../test/test-app';

/**
 * The aging stock view over the route, the real eBay client and the fake eBay (its traffic report and eligible
 * items, contract-checked), on the real database: the bands at their boundary days, the asking and floor values, the
 * items with no cost, views and watchers within one report call a day, and another seller's items never shown.
 */
const setup = useFakeEbaySales('aging');
const db = () => setup.t.deps.database.db;
const DAY = 86_400_000;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const agingOf = async (user: TestUser) => {
  const answer = await setup.t.app.inject({ method: 'GET', url: '/api/aging-stock', headers: { cookie: user.cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AgingStockResponse>();
};

/** A seller's item live on the fake eBay at $30.00 (its asking price), with this cost in cents, listed `days` days ago (and 1 h). */
async function liveFor(user: TestUser, days: number, costMinor: number | null) {
  const { itemId } = await setup.publishedItem(user);
  if (costMinor !== null) {
    const patched = await setup.t.app.inject({
      method: 'PATCH',
      url: `/api/items/${itemId}`,
      payload: { cost: { amountMinor: costMinor, currency: 'USD' } },
      headers: { cookie: user.cookie },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  }
  await db()
    .update(channelListings)
    .set({ listedAt: new Date(Date.now() - days * DAY - 3_600_000) })
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')));
  return { itemId, listingId: (await ebayListingRow(db(), itemId))!.listingId! };
}

describe('the aging stock view', () => {
  // Five items published through the job on the fake: over 30 s on a loaded machine.
  it(
    'bands live stock by days listed (30|31, 90|91), sums asking and floor value, flags no cost, shows views and watchers',
    { timeout: paced(120_000) },
    async () => {
      const ann = await setup.connectedSeller();
      const bob = await setup.connectedSeller();
      const day30 = await liveFor(ann, 30, 800);
      const day31 = await liveFor(ann, 31, 800);
      const day90 = await liveFor(ann, 90, null);
      const day91 = await liveFor(ann, 91, 800);
      const bobs = await liveFor(bob, 45, 500);
      setup.fake.state.traffic.set(day31.listingId, { views: 42, impressions: 1200 });
      setup.fake.state.traffic.set(bobs.listingId, { views: 9, impressions: 90 });
      setup.fake.state.negotiation.watch(day31.listingId, ['carol_buys']);
      const reportsBefore = setup.fake.state.traffic.reports;

      const view = await agingOf(ann);
      const band = (name: string) => view.bands.find((b) => b.band === name)!;
      expect(view.bands.map((b) => [b.band, b.items.map((i) => i.itemId)])).toEqual([
        ['0-30', [day30.itemId]],
        ['31-60', [day31.itemId]],
        ['61-90', [day90.itemId]],
        ['over-90', [day91.itemId]],
      ]);
      expect(view.bands.map((b) => b.items[0]!.daysListed)).toEqual([30, 31, 90, 91]);
      // $8.00 cost, no shipping or margin set, eBay's published 13.25 % + $0.30 up to $10: $9.57 − $1.27 − $0.30 = $8.00.
      expect(band('31-60')).toMatchObject({
        count: 1,
        askingValue: [usd(3000)],
        floorValue: [usd(957)],
        noCostCount: 0,
        actionsPlanned: [],
      });
      expect(band('61-90')).toMatchObject({ count: 1, askingValue: [usd(3000)], floorValue: [], noCostCount: 1 });
      expect(band('61-90').items[0]).toMatchObject({ floor: null, floorStatus: 'no-cost' });
      expect(band('31-60').items[0]!.listings).toEqual([
        { channel: 'ebay', label: 'eBay', views: 42, impressions: 1200, clickThroughRate: 3.5, interestedBuyers: true },
      ]);
      expect(band('0-30').items[0]!.listings[0]).toMatchObject({ views: 0, interestedBuyers: false });
      // One report for Ann's four listings; none of Bob's.
      expect(setup.fake.state.traffic.reports - reportsBefore).toBe(1);
      expect(JSON.stringify(view)).not.toContain(bobs.itemId);

      // The same day again: the cached report, no second call.
      await agingOf(ann);
      expect(setup.fake.state.traffic.reports - reportsBefore).toBe(1);

      // Bob sees his own item and only his.
      const bobsView = await agingOf(bob);
      expect(bobsView.bands.flatMap((b) => b.items.map((i) => i.itemId))).toEqual([bobs.itemId]);
      expect(bobsView.bands[1]!.items[0]!.listings[0]).toMatchObject({ views: 9 });
    },
  );

  it('an item sold on another marketplace is no live stock, even while its eBay listing is still being ended', async () => {
    const ann = await setup.connectedSeller();
    const sold = await liveFor(ann, 40, 800);
    const kept = await liveFor(ann, 40, 800);
    // Its last unit sold on Etsy (the pull recorded it); the end of its eBay listing has not run yet.
    await db()
      .insert(sales)
      .values({
        userId: ann.id,
        itemId: sold.itemId,
        channel: 'etsy',
        externalOrderId: `etsy-${sold.itemId}`,
        externalLineId: '1',
        priceMinor: 3000,
        shippingChargedMinor: 0,
        currency: 'USD',
        soldAt: new Date(),
      });
    const view = await agingOf(ann);
    expect(view.bands.flatMap((b) => b.items.map((i) => i.itemId))).toEqual([kept.itemId]);
    expect(view.bands.find((b) => b.band === '31-60')).toMatchObject({ count: 1, askingValue: [usd(3000)] });
  });

  it('a seller with nothing live sees four empty bands', async () => {
    const user = await setup.t.makeUser();
    const view = await agingOf(user);
    expect(view.bands.map((b) => [b.band, b.count, b.askingValue, b.items])).toEqual([
      ['0-30', 0, [], []],
      ['31-60', 0, [], []],
      ['61-90', 0, [], []],
      ['over-90', 0, [], []],
    ]);
  });
});
