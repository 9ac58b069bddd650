/**
 * Views, impressions and interested buyers of the seller's eBay listings, for the aging stock view (decision 091):
 * the Analytics API's traffic report (200 listings a call, 100 calls a day for the whole application) and the
 * Negotiation API's eligible items (a listing with watchers or cart abandoners). Both are cached for the UTC day per
 * seller, and every report call is counted in the daily call counter first: once the day's calls are spent, the
 * listings not yet read show no figures until tomorrow.
 */
import type { ListingTraffic } from '../../channel-module';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../jobs/clock';
import { takeAppCall, utcDay } from '../../daily-calls-repo';
import { TRAFFIC_REPORT_DAILY_CALLS, TRAFFIC_REPORT_MAX_LISTINGS, type ListingTrafficFigures } from '../api/analytics-api';
import type { EbayClient } from '../api/ebay-client';
import { ebayAnalyticsScope } from '../api/ebay-oauth';
import { findCredentials } from '../account/repo';

/** The daily call counter's name for the traffic report. */
export const TRAFFIC_REPORT_COUNTER = 'analytics.traffic_report';

interface SellerDay {
  day: string;
  /** Listings asked about today, with their figures (none: eBay had no data for it). */
  figures: Map<string, ListingTrafficFigures | null>;
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
    const fresh: SellerDay = { day, figures: new Map(), interested: null };
    cache.set(userId, fresh);
    return fresh;
  }

  async function readReports(seller: SellerDay, listingIds: string[], token: string) {
    const missing = listingIds.filter((id) => !seller.figures.has(id));
    for (let at = 0; at < missing.length; at += TRAFFIC_REPORT_MAX_LISTINGS) {
      const chunk = missing.slice(at, at + TRAFFIC_REPORT_MAX_LISTINGS);
      if (!(await takeAppCall(db, TRAFFIC_REPORT_COUNTER, dailyCalls, clock.now()))) return;
      const report = await client!.analytics.getTrafficReport(token, chunk, clock.now());
      for (const id of chunk) seller.figures.set(id, report.get(id) ?? null);
    }
  }

  /** Each listing's traffic where eBay gives it; a listing without figures is absent. Never throws for eBay's sake. */
  async function of(userId: string, listingIds: readonly string[]): Promise<Map<string, ListingTraffic>> {
    const result = new Map<string, ListingTraffic>();
    if (!client || listingIds.length === 0) return result;
    const credentials = await findCredentials(db, userId);
    if (!credentials) return result;
    const seller = todayOf(userId);
    const readsTraffic = (credentials.scopes ?? '').split(' ').includes(ebayAnalyticsScope);
    try {
      await account.withUserToken(userId, async (token) => {
        if (readsTraffic) await readReports(seller, [...new Set(listingIds)], token);
        seller.interested ??= new Set(await client.negotiation.findEligibleItems(token));
      });
    } catch {
      // eBay unreachable or refusing: the view shows what was read before, and no figures for the rest.
    }
    for (const id of listingIds) {
      const figures = seller.figures.get(id);
      const interested = seller.interested ? seller.interested.has(id) : null;
      if (!figures && interested === null) continue;
      result.set(id, {
        views: figures?.views ?? null,
        impressions: figures?.impressions ?? null,
        clickThroughRate: figures?.clickThroughRate ?? null,
        interestedBuyers: interested,
      });
    }
    return result;
  }

  return { of };
}

export type ListingTrafficSource = ReturnType<typeof createListingTraffic>;
