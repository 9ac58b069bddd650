/**
 * Analytics API (contracts/ebay/sell_analytics_v1_oas3.json, v1.3.2): getTrafficReport, one report for many listings
 * (views, impressions, click-through). Host api; user token with scope sell.analytics.readonly. The limits below are
 * the document's own words, and eBay's published call limit (decision 091).
 */
import type { EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { TrafficReport } from './ebay-types';
import type { operations, paths } from './generated/analytics';

/** The report's query parameters, as the Analytics document has them. */
type TrafficReportQuery = NonNullable<operations['getTrafficReport']['parameters']['query']>;

/** listing_ids: "You can specify to 200 different listingId values" (50028 beyond). */
export const TRAFFIC_REPORT_MAX_LISTINGS = 200;
/** date_range: "The maximum range between the start and end dates is 90 days" (50026); we ask for the last 30. */
export const TRAFFIC_REPORT_DAYS = 30;
/**
 * eBay's default call limit of the traffic_report resource: 100 calls a day ("API Call Limits" for the Sell APIs,
 * https://developer.ebay.com/develop/api/sell/api_call_limits, row "Analytics API": "customer_service_metric
 * resource: 400 API calls per day; seller_standards_profile resource, traffic_report resource: 100 API calls").
 */
export const TRAFFIC_REPORT_DAILY_CALLS = 100;
/**
 * The marketplace_ids filter's valid values ("Valid values: EBAY_AU, EBAY_DE, EBAY_ES, EBAY_FR, EBAY_GB, EBAY_IT,
 * EBAY_US, EBAY_MOTORS_US"; another answers 50024). eBay Canada is not among them: its report names no marketplace,
 * which `dimension=LISTING` allows (the filter is required only with DAY), and the listing ids alone choose the rows.
 */
export const TRAFFIC_REPORT_MARKETPLACES: readonly string[] = ['EBAY_AU', 'EBAY_DE', 'EBAY_ES', 'EBAY_FR', 'EBAY_GB', 'EBAY_IT', 'EBAY_US'];
export const TRAFFIC_METRICS = ['LISTING_VIEWS_TOTAL', 'LISTING_IMPRESSION_TOTAL', 'CLICK_THROUGH_RATE'] as const;

/** One listing's traffic over the report's dates. */
export interface ListingTrafficFigures {
  views: number | null;
  impressions: number | null;
  /** eBay's CLICK_THROUGH_RATE as it answers it (a percent). */
  clickThroughRate: number | null;
}

/** `date_range` in the America/Los_Angeles form the document gives: `[YYYYMMDD..YYYYMMDD]`. */
export function trafficDateRange(now: number, days = TRAFFIC_REPORT_DAYS): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  // Calendar days, counted on the date itself (not 24-hour steps, which a daylight-saving change would shift).
  const end = Date.parse(`${today}T00:00:00Z`);
  const ymd = (at: number) => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
  return `[${ymd(end - (days - 1) * 86_400_000)}..${ymd(end)}]`;
}

/** The query of one report: `dimension=LISTING`, the three metrics, the seller's marketplace, the dates and the listings. */
export function trafficReportQuery(listingIds: readonly string[], now: number, marketplaceId: string): TrafficReportQuery {
  if (listingIds.length === 0 || listingIds.length > TRAFFIC_REPORT_MAX_LISTINGS)
    throw new RangeError(`A traffic report takes 1 to ${TRAFFIC_REPORT_MAX_LISTINGS} listings, not ${listingIds.length}`);
  return {
    dimension: 'LISTING',
    metric: TRAFFIC_METRICS.join(','),
    filter: [
      ...(TRAFFIC_REPORT_MARKETPLACES.includes(marketplaceId) ? [`marketplace_ids:{${marketplaceId}}`] : []),
      `date_range:${trafficDateRange(now)}`,
      `listing_ids:{${listingIds.join('|')}}`,
    ].join(','),
  };
}

const numberOf = (cell: { applicable?: boolean; value?: unknown } | undefined): number | null => {
  if (!cell || cell.applicable === false || cell.value === undefined || cell.value === null) return null;
  const value = Number(cell.value);
  return Number.isFinite(value) ? value : null;
};

/** Reads a report's records by its header (the metrics come in the header's order), keyed by listing id. */
export function trafficByListing(report: TrafficReport | undefined): Map<string, ListingTrafficFigures> {
  const metrics = (report?.header?.metrics ?? []).map((definition) => definition.key);
  const at = (key: (typeof TRAFFIC_METRICS)[number]) => metrics.indexOf(key);
  const result = new Map<string, ListingTrafficFigures>();
  for (const record of report?.records ?? []) {
    const listingId = record.dimensionValues?.[0]?.value;
    if (listingId === undefined || listingId === null) continue;
    const cells = record.metricValues ?? [];
    result.set(String(listingId as unknown), {
      views: numberOf(cells[at('LISTING_VIEWS_TOTAL')]),
      impressions: numberOf(cells[at('LISTING_IMPRESSION_TOTAL')]),
      clickThroughRate: numberOf(cells[at('CLICK_THROUGH_RATE')]),
    });
  }
  return result;
}

export function createAnalyticsApi(context: EbayApiContext) {
  const analytics = ebayApi<paths>(context, 'api', '/sell/analytics/v1');
  return {
    /** One traffic report for up to 200 of the seller's listings on their marketplace over the last 30 days. */
    async getTrafficReport(accessToken: string, listingIds: readonly string[], now: number, marketplaceId: string) {
      const { data } = await analytics(accessToken).GET('/traffic_report', {
        params: { query: trafficReportQuery(listingIds, now, marketplaceId) },
      });
      return trafficByListing(data);
    },
  };
}
