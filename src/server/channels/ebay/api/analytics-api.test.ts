import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { seedLiveListings } from '../../../../../fakes/ebay/fake-ebay-import';
import { clientForFake } from '../../../test/fake-ebay-seller';
import { trafficDateRange, trafficReportQuery, TRAFFIC_REPORT_MAX_LISTINGS } from './analytics-api';
import type { EbayClient } from './ebay-client';

/** The Analytics API's getTrafficReport: the real client against the fake, which checks each request on the contract. */
let fake: FakeEbay;
let client: EbayClient;

beforeAll(async () => {
  fake = await startFakeEbay({
    sellers: [
      { userId: 'annuser01immutable', username: 'ann_sells' },
      { userId: 'bobuser02immutable', username: 'bob_sells' },
    ],
  });
  client = clientForFake(fake);
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const scope = 'https://api.ebay.com/oauth/api_scope/sell.analytics.readonly';
const tokenOf = (userId: string, scopes = [scope]) => fake.state.issueAccessToken('user', scopes, userId).token;
const raw = (token: string, query: Record<string, string>) =>
  fetch(`${fake.url}/sell/analytics/v1/traffic_report?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${token}` } });
const errorIdOf = async (response: Response) => ((await response.json()) as { errors: { errorId: number }[] }).errors[0]!.errorId;
// 2026-11-26 12:00 UTC is 04:00 that day in Los Angeles, 2026-11-27 07:30 UTC still the 26th there.
const noonUtc = Date.UTC(2026, 10, 26, 12);

describe('eBay Analytics API: getTrafficReport', () => {
  it('asks for the last 30 days in Los Angeles dates, the listings in braces with pipes, three metrics', () => {
    expect(trafficDateRange(noonUtc)).toBe('[20261028..20261126]');
    expect(trafficDateRange(Date.UTC(2026, 10, 27, 7, 30))).toBe('[20261028..20261126]');
    expect(trafficReportQuery(['110', '220'], noonUtc, 'EBAY_US')).toEqual({
      dimension: 'LISTING',
      metric: 'LISTING_VIEWS_TOTAL,LISTING_IMPRESSION_TOTAL,CLICK_THROUGH_RATE',
      filter: 'marketplace_ids:{EBAY_US},date_range:[20261028..20261126],listing_ids:{110|220}',
    });
    // The seller's marketplace (decision 106); eBay Canada, not among the filter's values, names none.
    expect(trafficReportQuery(['110'], noonUtc, 'EBAY_GB').filter).toBe(
      'marketplace_ids:{EBAY_GB},date_range:[20261028..20261126],listing_ids:{110}',
    );
    expect(trafficReportQuery(['110'], noonUtc, 'EBAY_CA').filter).toBe('date_range:[20261028..20261126],listing_ids:{110}');
    expect(() => trafficReportQuery([], noonUtc, 'EBAY_US')).toThrow(RangeError);
    expect(() =>
      trafficReportQuery(
        Array.from({ length: TRAFFIC_REPORT_MAX_LISTINGS + 1 }, (_, i) => String(i)),
        noonUtc,
        'EBAY_US',
      ),
    ).toThrow(RangeError);
  });

  it("answers views, impressions and click-through per listing in one call, and only the seller's own", async () => {
    const [ann, bob] = fake.state.sellers;
    const annListings = seedLiveListings(fake.state, fake.url, { sellerUserId: ann!.userId, inventory: 2 }).inventorySkus.map(
      (sku) => [...fake.state.listings.values()].find((l) => l.sku === sku)!.listingId,
    );
    const bobSku = seedLiveListings(fake.state, fake.url, { sellerUserId: bob!.userId, inventory: 1 }).inventorySkus[0]!;
    const bobListing = [...fake.state.listings.values()].find((l) => l.sku === bobSku)!.listingId;
    fake.state.traffic.set(annListings[0]!, { views: 42, impressions: 1200 });
    fake.state.traffic.set(bobListing, { views: 7, impressions: 70 });

    const report = await client.analytics.getTrafficReport(tokenOf(ann!.userId), [...annListings, bobListing], Date.now(), 'EBAY_US');
    expect(fake.state.traffic.reports).toBe(1);
    expect([...report.keys()].sort()).toEqual([...annListings].sort());
    expect(report.get(annListings[0]!)).toEqual({ views: 42, impressions: 1200, clickThroughRate: 3.5 });
    expect(report.get(annListings[1]!)).toEqual({ views: 0, impressions: 0, clickThroughRate: 0 });
  });

  it("refuses what the document says eBay refuses, with the document's error ids", async () => {
    const token = tokenOf(fake.state.sellers[0]!.userId);
    const dates = trafficDateRange(Date.now());
    const good = { dimension: 'LISTING', metric: 'LISTING_VIEWS_TOTAL', filter: `marketplace_ids:{EBAY_US},date_range:${dates}` };
    const cases: [Record<string, string>, number][] = [
      [{}, 50009],
      [{ ...good, dimension: 'WEEK' }, 50001],
      [{ ...good, metric: 'LIKES' }, 50002],
      [{ ...good, metric: '' }, 50008],
      [{ dimension: 'LISTING', metric: 'LISTING_VIEWS_TOTAL' }, 50005],
      [{ ...good, filter: `colour:{red},date_range:${dates}` }, 50021],
      [{ ...good, filter: 'marketplace_ids:{EBAY_US}' }, 50031],
      [{ ...good, filter: 'date_range:[2026-01-01]' }, 50033],
      [{ ...good, filter: 'date_range:[2026013..20260131]' }, 50013],
      [{ ...good, filter: 'date_range:[20260101..2026013]' }, 50014],
      [{ ...good, filter: 'date_range:[20260131..20260101]' }, 50004],
      [{ ...good, filter: 'date_range:[20260101..20990101]' }, 50018],
      [{ ...good, filter: 'date_range:[20250101..20250501]' }, 50026],
      [{ ...good, filter: 'date_range:[20200101..20200131]' }, 50025],
      [{ ...good, filter: `marketplace_ids:{EBAY_XX},date_range:${dates}` }, 50024],
      [{ ...good, filter: `marketplace_ids:{EBAY_CA},date_range:${dates}` }, 50023],
      [{ ...good, filter: `date_range:${dates},listing_ids:{999}` }, 50030],
      [{ ...good, dimension: 'DAY', filter: `date_range:${dates}` }, 50022],
      [{ ...good, filter: `date_range:${dates},listing_ids:{}` }, 50027],
      [{ ...good, filter: `date_range:${dates},listing_ids:{abc}` }, 50029],
      [{ ...good, filter: `date_range:${dates},listing_ids:{${Array.from({ length: 201 }, (_, i) => i + 1).join('|')}}` }, 50028],
      [{ ...good, sort: 'CLICK_THROUGH_RATE' }, 50035],
      [{ ...good, metric: 'SALES_CONVERSION_RATE', sort: 'SALES_CONVERSION_RATE' }, 50006],
    ];
    for (const [query, errorId] of cases) {
      const response = await raw(token, query);
      expect([response.status, await errorIdOf(response)], JSON.stringify(query)).toEqual([400, errorId]);
    }
    expect(fake.state.traffic.reports).toBe(0);
  });
});
