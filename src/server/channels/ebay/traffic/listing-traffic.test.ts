import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appCallsToday } from '../../daily-calls-repo';
import { ebayListingTraffic } from '../../../db/schema';
import { ebayListingRow } from '../../../test/ebay-listings';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { clientForFake } from '../../../test/fake-ebay-seller';
import { createListingTraffic, TRAFFIC_REPORT_COUNTER } from './listing-traffic';

/**
 * eBay's traffic report for the aging stock view (decisions 091, 098), through the real client on the contract-checked
 * fake and the real database: read once a day per listing whichever server asks (kept in the database, not the
 * process), and once the report's daily calls are spent, no call goes and the listings not read show null, never 0.
 */
const setup = useFakeEbaySales('traffic');
const db = () => setup.t.deps.database.db;

/** A traffic source as one server process builds it: its own memory, the shared database. */
const server = (dailyCalls?: number) =>
  createListingTraffic({
    db: db(),
    client: clientForFake(setup.fake),
    account: setup.services.channels.ebay.account,
    clock: { now: () => Date.now() },
    dailyCalls,
  });

async function liveListing(user: Parameters<typeof setup.publishedItem>[0]) {
  const { itemId } = await setup.publishedItem(user);
  return (await ebayListingRow(db(), itemId))!.listingId!;
}

describe('the traffic report kept for the day', () => {
  it(
    'a restart or a second server reads the day’s figures from the database: no second report call',
    { timeout: paced(120_000) },
    async () => {
      const user = await setup.connectedSeller();
      const listingId = await liveListing(user);
      setup.fake.state.traffic.set(listingId, { views: 42, impressions: 1200 });
      const before = setup.fake.state.traffic.reports;

      const first = await server().of(user.id, [listingId]);
      expect(first.get(listingId)).toMatchObject({ views: 42, impressions: 1200 });
      expect(setup.fake.state.traffic.reports - before).toBe(1);

      // eBay's figure moves, but this day's report is already read: a second server (or the same one restarted) answers
      // the kept figures and spends no call.
      setup.fake.state.traffic.set(listingId, { views: 50, impressions: 1300 });
      const second = await server().of(user.id, [listingId]);
      expect(second.get(listingId)).toMatchObject({ views: 42, impressions: 1200 });
      expect(setup.fake.state.traffic.reports - before).toBe(1);
      const kept = await db()
        .select()
        .from(ebayListingTraffic)
        .where(and(eq(ebayListingTraffic.userId, user.id), eq(ebayListingTraffic.listingId, listingId)));
      expect(kept).toEqual([expect.objectContaining({ reported: true, views: 42, impressions: 1200 })]);

      // Another seller reads nothing of it.
      const other = await setup.connectedSeller();
      expect((await server().of(other.id, [listingId])).get(listingId)?.views ?? null).toBeNull();
    },
  );

  it(
    'once the day’s report calls are spent, no call goes: the listings not read show null, never 0',
    { timeout: paced(120_000) },
    async () => {
      const user = await setup.connectedSeller();
      const read = await liveListing(user);
      const late = await liveListing(user);
      setup.fake.state.traffic.set(read, { views: 7, impressions: 70 });
      setup.fake.state.traffic.set(late, { views: 5, impressions: 50 });
      // One call left today for the whole application (the counter is shared with the other tests of this database).
      const limit = (await appCallsToday(db(), TRAFFIC_REPORT_COUNTER, Date.now())) + 1;
      const before = setup.fake.state.traffic.reports;

      const first = await server(limit).of(user.id, [read]);
      expect(first.get(read)).toMatchObject({ views: 7 });
      expect(setup.fake.state.traffic.reports - before).toBe(1);

      const spent = await server(limit).of(user.id, [read, late]);
      expect(setup.fake.state.traffic.reports - before).toBe(1);
      expect(await appCallsToday(db(), TRAFFIC_REPORT_COUNTER, Date.now())).toBe(limit);
      expect(spent.get(read)).toMatchObject({ views: 7, impressions: 70 });
      // Not read today: no figures, not zero (the watchers' answer may still be there).
      const lateFigures = spent.get(late);
      expect(lateFigures?.views ?? null).toBeNull();
      expect(lateFigures?.impressions ?? null).toBeNull();
      expect(lateFigures?.clickThroughRate ?? null).toBeNull();
    },
  );
});
