/**
 * The Analytics API's traffic report in the fake (contracts/ebay/sell_analytics_v1_oas3.json, getTrafficReport):
 * views and impressions per listing (set by the control `traffic`), answered in the document's `Report` shape for
 * `dimension=LISTING` or `DAY`, refusing what the document says eBay refuses (its x-response-codes): no query (50009),
 * a bad dimension (50001) or metric (50002), no metric (50008), no filter (50005), an unknown filter field (50021), no
 * date range (50031) or a malformed one (50033, 50013, 50014), a start after the end (50004), a date in the future
 * (50018), more than 90 days (50026) or a start over 730 days back (50025), a marketplace the report does not cover (50023) or that is no marketplace (50024), a listing id that is no listing (50030),
 * none with `DAY` (50022), listing ids empty (50027), malformed (50034), over 200 (50028), not numeric (50029), a sort
 * on a metric not asked for (50035) or on SALES_CONVERSION_RATE (50006). With `marketplace_ids`, only the seller's
 * listings on that marketplace are reported ("they must be listed on the marketplace specified by the marketplace_ids
 * filter argument").
 */
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError } from './fake-ebay-errors';
import type { FakeEbayState } from './fake-ebay-state';

const DAY_MS = 86_400_000;
const METRICS = [
  'CLICK_THROUGH_RATE',
  'LISTING_IMPRESSION_SEARCH_RESULTS_PAGE',
  'LISTING_IMPRESSION_STORE',
  'LISTING_IMPRESSION_TOTAL',
  'LISTING_VIEWS_SOURCE_DIRECT',
  'LISTING_VIEWS_SOURCE_OFF_EBAY',
  'LISTING_VIEWS_SOURCE_OTHER_EBAY',
  'LISTING_VIEWS_SOURCE_SEARCH_RESULTS_PAGE',
  'LISTING_VIEWS_SOURCE_STORE',
  'LISTING_VIEWS_TOTAL',
  'SALES_CONVERSION_RATE',
  'TOTAL_IMPRESSION_TOTAL',
  'TRANSACTION',
];
const MARKETPLACES = ['EBAY_AU', 'EBAY_DE', 'EBAY_ES', 'EBAY_FR', 'EBAY_GB', 'EBAY_IT', 'EBAY_US', 'EBAY_MOTORS_US'];
/** eBay's other marketplaces (MarketplaceIdEnum), which the traffic report does not cover. */
const OTHER_MARKETPLACES =
  'EBAY_AT EBAY_BE EBAY_CA EBAY_CH EBAY_HK EBAY_IE EBAY_IN EBAY_MY EBAY_NL EBAY_PH EBAY_PL EBAY_SG EBAY_TH EBAY_TW'.split(' ');
const FILTER_FIELDS = ['marketplace_ids', 'date_range', 'listing_ids', 'traffic_source'];
const MAX_LISTINGS = 200;

/** A listing's traffic as the fake counts it. */
export interface FakeListingTraffic {
  views: number;
  impressions: number;
}

export class FakeTraffic {
  byListing = new Map<string, FakeListingTraffic>();
  /** Traffic reports answered (what the app's daily budget must keep small). */
  reports = 0;

  set(listingId: string, traffic: FakeListingTraffic) {
    this.byListing.set(listingId, traffic);
  }

  reset() {
    this.byListing.clear();
    this.reports = 0;
  }
}

const analyticsError = (errorId: number, message: string) =>
  ebayError(400, errorId, message, { domain: 'API_ANALYTICS', category: 'REQUEST' });

/** `a:{x|y},b:[p..q]` into its fields: commas inside braces or brackets do not split. */
function filterFields(filter: string): [string, string][] | null {
  const fields: [string, string][] = [];
  for (const part of filter.match(/[a-z_]+:(\{[^}]*\}|\[[^\]]*\])/g) ?? []) {
    const at = part.indexOf(':');
    fields.push([part.slice(0, at), part.slice(at + 1)]);
  }
  const rebuilt = fields.map(([name, value]) => `${name}:${value}`).join(',');
  return rebuilt === filter ? fields : null;
}

/** `YYYYMMDD` as a UTC midnight, or null. */
function dayOf(text: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).getUTCDate() === Number(match[3]) ? at : null;
}

const ymd = (at: number) => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');

/** The fake's today as eBay's reports count it (America/Los_Angeles), a UTC midnight. */
function todayInLosAngeles(now: number) {
  const text = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return dayOf(text.replaceAll('-', ''))!;
}

function metricValue(metric: string, traffic: FakeListingTraffic) {
  if (metric === 'LISTING_VIEWS_TOTAL') return traffic.views;
  if (metric === 'LISTING_IMPRESSION_TOTAL' || metric === 'TOTAL_IMPRESSION_TOTAL') return traffic.impressions;
  if (metric === 'CLICK_THROUGH_RATE') return traffic.impressions ? Math.round((traffic.views / traffic.impressions) * 10_000) / 100 : 0;
  return 0;
}

const dataType = (metric: string) => (metric.endsWith('_RATE') ? 'NUMBER' : 'INTEGER');

export const analyticsHandlers: Record<string, ApiHandler> = {
  getTrafficReport(call, state: FakeEbayState) {
    const now = Date.now();
    const dimension = call.query.get('dimension');
    const metricParam = call.query.get('metric');
    const filter = call.query.get('filter');
    const sort = call.query.get('sort');
    if (dimension === null && metricParam === null && filter === null && sort === null)
      return analyticsError(50009, 'The call requires at least one URI query parameter. For help, see the documentation.');
    if (dimension !== 'LISTING' && dimension !== 'DAY')
      return analyticsError(50001, 'Invalid dimension specified. For help, see the documentation.');
    const metrics = (metricParam ?? '')
      .split(',')
      .filter(Boolean)
      .map((m) => m.toUpperCase());
    if (!metrics.length) return analyticsError(50008, 'The call requires at least one metric. For help, see the documentation.');
    const badMetric = metrics.find((m) => !METRICS.includes(m));
    if (badMetric) return analyticsError(50002, `Invalid metric ${badMetric} specified. For help, see the documentation.`);
    if (filter === null) return analyticsError(50005, 'No filter is specified, which is required. For help, see the documentation.');
    const fields = filterFields(filter);
    if (!fields) return analyticsError(50021, `Invalid filter field ${filter} specified.`);
    const unknown = fields.find(([name]) => !FILTER_FIELDS.includes(name));
    if (unknown) return analyticsError(50021, `Invalid filter field ${unknown[0]} specified.`);
    const field = (name: string) => fields.find(([n]) => n === name)?.[1];

    const range = field('date_range');
    if (!range) return analyticsError(50031, 'Date range is required.');
    const dates = /^\[([^.]*)\.\.([^\]]*)\]$/.exec(range);
    if (!dates) return analyticsError(50033, `Invalid date range filter format ${range}.`);
    const start = dayOf(dates[1]!);
    if (start === null) return analyticsError(50013, 'Invalid date range format - Start Date. The format is yyyyMMdd.');
    const end = dayOf(dates[2]!);
    if (end === null) return analyticsError(50014, 'Invalid date range format - End Date. The format is yyyyMMdd.');
    if (start > end) return analyticsError(50004, 'Invalid date range. Start date must be before or equal to end date.');
    const today = todayInLosAngeles(now);
    if (end > today) return analyticsError(50018, 'Neither the start date nor the end date can be in the future.');
    if ((end - start) / DAY_MS + 1 > 90)
      return analyticsError(50026, 'The date range is too long. The date range must be less than or equal to 90.');
    if ((today - start) / DAY_MS > 730)
      return analyticsError(
        50025,
        `The start date is too far in the past. The start date must be less than or equal to ${ymd(today - 730 * DAY_MS)}.`,
      );

    const marketplaces = field('marketplace_ids');
    let marketplaceIds: string[] | null = null;
    if (marketplaces !== undefined) {
      const ids = (marketplaceIds = marketplaces
        .replace(/^\{|\}$/g, '')
        .split('|')
        .filter(Boolean));
      const bad = ids.find((id) => !MARKETPLACES.includes(id));
      // An eBay marketplace this report does not cover is 50023; anything else is not a marketplace ID (50024).
      if (bad && OTHER_MARKETPLACES.includes(bad))
        return analyticsError(50023, `The marketplace ID ${bad} is not supported by this call. For help, see the documentation.`);
      if (bad) return analyticsError(50024, `The marketplace ID ${bad} is not valid.`);
      if (!ids.length) return analyticsError(50022, 'Specify at least one marketplace ID.');
    } else if (dimension === 'DAY') return analyticsError(50022, 'Specify at least one marketplace ID.');

    const listingFilter = field('listing_ids');
    let listingIds: string[] | null = null;
    if (listingFilter !== undefined) {
      if (!/^\{.*\}$/.test(listingFilter)) return analyticsError(50034, `Invalid listing ids filter format ${listingFilter}.`);
      listingIds = listingFilter.slice(1, -1).split('|');
      if (listingIds.length === 1 && listingIds[0] === '') return analyticsError(50027, "The 'listing_id' value is empty.");
      if (listingIds.length > MAX_LISTINGS)
        return analyticsError(
          50028,
          `The maximum number of listing IDs has been exceeded. The maximum number of listing IDs is ${MAX_LISTINGS}.`,
        );
      const bad = listingIds.find((id) => !/^\d+$/.test(id));
      if (bad !== undefined) return analyticsError(50029, `Invalid listing ID ${bad}.`);
    }
    if (sort) {
      const sortMetric = sort.replace(/^-/, '').toUpperCase();
      if (sortMetric === 'SALES_CONVERSION_RATE') return analyticsError(50006, `The sort field value ${sort} is not supported.`);
      if (!metrics.includes(sortMetric)) return analyticsError(50035, 'Requested sort field is not part of the list of metrics requested.');
    }

    // The seller's own listings only: another seller's listing id has no data for this seller.
    const own = [...state.listings.values()].filter(
      (l) => l.userId === call.token.userId && (!marketplaceIds || marketplaceIds.includes(state.listingMarketplace(l))),
    );
    // A listing id no listing has is not found; another seller's listing is left out of the report, as before.
    const unknownListing = listingIds?.find((id) => !state.listings.has(id));
    if (unknownListing) return analyticsError(50030, `Data for the listing ID ${unknownListing} could not be found.`);
    state.traffic.reports += 1;
    const chosen = listingIds ? own.filter((l) => listingIds.includes(l.listingId)) : own.slice(0, MAX_LISTINGS);
    const trafficOf = (listingId: string) => state.traffic.byListing.get(listingId) ?? { views: 0, impressions: 0 };
    const header = {
      dimensionKeys: [{ key: dimension === 'LISTING' ? 'LISTING_ID' : 'DAY', dataType: dimension === 'LISTING' ? 'STRING' : 'DATE' }],
      metrics: metrics.map((key) => ({ key, dataType: dataType(key) })),
    };
    const records =
      dimension === 'LISTING'
        ? chosen.map((l) => ({
            dimensionValues: [{ value: l.listingId, applicable: true }],
            metricValues: metrics.map((m) => ({ value: metricValue(m, trafficOf(l.listingId)), applicable: true })),
          }))
        : [
            {
              dimensionValues: [{ value: ymd(end), applicable: true }],
              metricValues: metrics.map((m) => ({
                value: chosen.reduce((sum, l) => sum + metricValue(m, trafficOf(l.listingId)), 0),
                applicable: true,
              })),
            },
          ];
    return {
      status: 200,
      body: {
        startDate: `${new Date(start).toISOString().slice(0, 10)}T07:00:00.000Z`,
        endDate: `${new Date(end).toISOString().slice(0, 10)}T07:00:00.000Z`,
        lastUpdatedDate: `${new Date(today).toISOString().slice(0, 10)}T07:00:00.000Z`,
        header,
        records,
      },
    };
  },
};
