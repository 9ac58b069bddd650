import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ebayListingTraffic } from '../../../db/schema';
import type { ListingTrafficFigures } from '../api/analytics-api';
import { matching } from '../../../db/matching';

/** SQL of eBay's traffic report kept for the UTC day (decision 098), every statement filtered by the seller. */

/** The listings of these already read on `day`: their figures, or null where eBay had no data. */
export async function trafficOfDay(
  db: Db,
  userId: string,
  day: string,
  listingIds: readonly string[],
): Promise<Map<string, ListingTrafficFigures | null>> {
  if (!listingIds.length) return new Map();
  const rows = await db
    .select()
    .from(ebayListingTraffic)
    .where(and(matching(ebayListingTraffic, { userId, day }), inArray(ebayListingTraffic.listingId, [...listingIds])));
  return new Map(
    rows.map((row) => [
      row.listingId,
      row.reported ? { views: row.views, impressions: row.impressions, clickThroughRate: row.clickThroughRate } : null,
    ]),
  );
}

/** Keeps one report's answer for the day (a second server's same answer changes nothing). */
export async function saveTraffic(
  db: Db,
  userId: string,
  day: string,
  figures: ReadonlyMap<string, ListingTrafficFigures | null>,
): Promise<void> {
  if (!figures.size) return;
  await db
    .insert(ebayListingTraffic)
    .values(
      [...figures].map(([listingId, f]) => ({
        userId,
        listingId,
        day,
        reported: f !== null,
        views: f?.views ?? null,
        impressions: f?.impressions ?? null,
        clickThroughRate: f?.clickThroughRate ?? null,
      })),
    )
    .onConflictDoNothing();
}
