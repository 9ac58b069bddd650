/**
 * Views, impressions and interested buyers of the seller's eBay listings, for the aging stock view (decision 091):
 * the Analytics API's traffic report (200 listings a call, 100 calls a day for the whole application) and the
 * Negotiation API's eligible items (a listing with watchers or cart abandoners). The report's figures are kept in the
 * database for the UTC day per seller and listing (decision 098), so a restart or a second server asks eBay again for
 * none of them; eligible items, with no such limit, are cached in the process for the day. Every report call is
 * counted in the daily call counter first: once the day's calls are spent, the listings not yet read show no figures
 * (null, never 0) until tomorrow.
 */
import type { ListingTraffic } from '../../channel-module';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../jobs/clock';
import { takeAppCall, utcDay } from '../../daily-calls-repo';
import { TRAFFIC_REPORT_DAILY_CALLS, TRAFFIC_REPORT_MAX_LISTINGS, type ListingTrafficFigures } from '../api/analytics-api';
import type { EbayClient } from '../api/ebay-client';
import { ebayAnalyticsScope } from '../api/ebay-oauth';
import { findCredentials } from '../account/repo';
import { saveTraffic, trafficOfDay } from './repo';
import { ebaySiteOfSeller } from '../seller-site';

/** The daily call counter's name for the traffic report. */
export const TRAFFIC_REPORT_COUNTER = 'analytics.traffic_report';

interface SellerDay {
  day: string;
  interested: Set<string> | null;
}

export interface ListingTrafficDeps {
  db: Db;
  client: EbayClient | null;
  account: { withUserToken<T>(userId: string, call: (accessToken: string) => Promise<T>): Promise<T> };
  clock: Pick<Clock, 'now'>;
  /** The traffic report's daily calls for the whole application (tests lower it). */
  dailyCalls?: number;
}

export function createListingTraffic({ db, client, account, clock, dailyCalls = TRAFFIC_REPORT_DAILY_CALLS }: ListingTrafficDeps) {
  const cache = new Map<string, SellerDay>();

  function todayOf(userId: string): SellerDay {
    const day = utcDay(clock.now());
    const cached = cache.get(userId);
    if (cached?.day === day) return cached;
    const fresh: SellerDay = { day, interested: null };
    cache.set(userId, fresh);
    return fresh;
  }

  /** Reads the listings not read today yet into `figures` (and the database), a call for each 200, while calls are left. */
  async function readReports(
    userId: string,
    day: string,
    figures: Map<string, ListingTrafficFigures | null>,
    listingIds: string[],
    token: string,
    marketplaceId: string,
  ) {
    const missing = listingIds.filter((id) => !figures.has(id));
    for (let at = 0; at < missing.length; at += TRAFFIC_REPORT_MAX_LISTINGS) {
      const chunk = missing.slice(at, at + TRAFFIC_REPORT_MAX_LISTINGS);
      if (!(await takeAppCall(db, TRAFFIC_REPORT_COUNTER, dailyCalls, clock.now()))) return;
      const report = await client!.analytics.getTrafficReport(token, chunk, clock.now(), marketplaceId);
      const read = new Map(chunk.map((id) => [id, report.get(id) ?? null]));
      await saveTraffic(db, userId, day, read);
      for (const [id, value] of read) figures.set(id, value);
    }
  }

  /** Each listing's traffic where eBay gives it; a listing without figures is absent. Never throws for eBay's sake. */
  async function of(userId: string, listingIds: readonly string[]): Promise<Map<string, ListingTraffic>> {
    const result = new Map<string, ListingTraffic>();
    if (!client || listingIds.length === 0) return result;
    const credentials = await findCredentials(db, userId);
    if (!credentials) return result;
    const seller = todayOf(userId);
    const ids = [...new Set(listingIds)];
    const figures = await trafficOfDay(db, userId, seller.day, ids);
    const readsTraffic = (credentials.scopes ?? '').split(' ').includes(ebayAnalyticsScope);
    const { marketplaceId } = await ebaySiteOfSeller(db, userId);
    try {
      await account.withUserToken(userId, async (token) => {
        if (readsTraffic) await readReports(userId, seller.day, figures, ids, token, marketplaceId);
        seller.interested ??= new Set(await client.negotiation.findEligibleItems(token, marketplaceId));
      });
    } catch {
      // eBay unreachable or refusing: the view shows what was read before, and no figures for the rest.
    }
    for (const id of listingIds) {
      const read = figures.get(id);
      const interested = seller.interested ? seller.interested.has(id) : null;
      if (!read && interested === null) continue;
      result.set(id, {
        views: read?.views ?? null,
        impressions: read?.impressions ?? null,
        clickThroughRate: read?.clickThroughRate ?? null,
        interestedBuyers: interested,
      });
    }
    return result;
  }

  return { of };
}

export type ListingTrafficSource = ReturnType<typeof createListingTraffic>;
