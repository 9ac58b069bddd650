import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { comparablesCache } from '../../../db/schema';
import { isFoundListing, type FoundListing } from './comparables-summary';

/** How long an answer of eBay's is used again: a day (active listings change slowly; calls are counted). */
export const COMPARABLES_CACHE_MS = 24 * 60 * 60 * 1000;

export interface CachedSearch {
  listings: FoundListing[];
  fetchedAt: Date;
}

/** The answer stored for the query, when it is less than a day old. */
export async function cachedSearch(db: Db, queryKey: string, now: number): Promise<CachedSearch | null> {
  const [row] = await db.select().from(comparablesCache).where(eq(comparablesCache.queryKey, queryKey));
  if (!row || now - row.fetchedAt.getTime() >= COMPARABLES_CACHE_MS) return null;
  const listings = (row.answer as { listings?: unknown[] }).listings ?? [];
  // An answer kept in the old shape (decimal amounts) is not read: eBay is asked again.
  if (!listings.every(isFoundListing)) return null;
  return { listings, fetchedAt: row.fetchedAt };
}

export async function saveSearch(db: Db, queryKey: string, listings: FoundListing[], now: number): Promise<void> {
  const fetchedAt = new Date(now);
  // Answers past their day are never read again.
  await db.delete(comparablesCache).where(lt(comparablesCache.fetchedAt, new Date(now - COMPARABLES_CACHE_MS)));
  await db
    .insert(comparablesCache)
    .values({ queryKey, answer: { listings }, fetchedAt })
    .onConflictDoUpdate({ target: comparablesCache.queryKey, set: { answer: { listings }, fetchedAt } });
}
