import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelListings } from '../../db/schema';
import { saveListing, updateOwnListings, type ListingColumns } from '../listings-repo';
import { ebayListingJoin, isEbay, mergedData } from './listing-sql';
import { ebayDataPatchOf, ebayItemFieldsOf, noEbayItemFields, type EbayItemFields, type EbayListingData } from './listing-data';
import { matching } from '../../db/matching';

// The SQL pieces other features' reads use too: re-exported for this channel's own repos.
export { ebayListingJoin, isEbay, mergedData };

const ofItem = (userId: string, itemId: string) => and(matching(channelListings, { itemId, userId }), isEbay)!;

export type ChannelListingRow = typeof channelListings.$inferSelect;

export async function ebayListingOf(db: Db, userId: string, itemId: string): Promise<ChannelListingRow | undefined> {
  const [row] = await db.select().from(channelListings).where(ofItem(userId, itemId));
  return row;
}

export async function ebayItemFieldsOfItem(db: Db, userId: string, itemId: string): Promise<EbayItemFields> {
  const row = await ebayListingOf(db, userId, itemId);
  return row ? ebayItemFieldsOf(row.data) : noEbayItemFields;
}

/**
 * Writes values into the item's eBay listing, creating it as a draft when it has none: `data` merges into what the
 * listing holds, `columns` replace theirs. Answers the row as written.
 */
export async function upsertEbayListing(
  db: Db,
  userId: string,
  itemId: string,
  write: { data?: EbayListingData; columns?: ListingColumns; insertOnly?: EbayListingData },
): Promise<ChannelListingRow> {
  const row = await saveListing(db, userId, itemId, 'ebay', {
    columns: write.columns,
    data: write.data,
    created: { data: write.insertOnly },
  });
  if (!row) throw new Error('the eBay listing upsert returns its row');
  return row;
}

/** The category and condition eBay lists the item under, as the item's fields have always named them. */
export async function saveEbayItemFields(db: Db, userId: string, itemId: string, fields: Partial<EbayItemFields>): Promise<void> {
  const data = ebayDataPatchOf(fields);
  if (Object.keys(data).length === 0) return;
  await upsertEbayListing(db, userId, itemId, { data });
}

/** The category and condition cleared (the listing they were written for was deleted): the listing rows stay. */
export async function clearEbayItemFields(db: Db, userId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await updateOwnListings(db, userId, and(isEbay, inArray(channelListings.itemId, itemIds)), {
    data: mergedData({ categoryId: null, categoryName: null, conditionGrade: null }),
  });
}

/** The listing ids the listing had, its current one added: what forgetting it keeps (null when it never had one). */
const pastListingIds = sql`case when ${channelListings.externalId} is null then ${channelListings.data}->'pastListingIds'
  else coalesce(${channelListings.data}->'pastListingIds', '[]'::jsonb) || jsonb_build_array(${channelListings.externalId}) end`;

/**
 * Forgets what eBay held of these items' listings (ended, or the eBay account disconnected): the listing is a draft
 * again with only the category and condition, which are the item's and stay, as they did on the item before 0011.
 */
export async function forgetEbayListingsOf(db: Db, userId: string, itemIds?: string[]): Promise<void> {
  const owned = itemIds ? and(isEbay, inArray(channelListings.itemId, itemIds)) : isEbay;
  await updateOwnListings(db, userId, owned, {
    status: 'draft',
    externalId: null,
    url: null,
    priceMinor: null,
    quantity: 1,
    error: null,
    listedAt: null,
    endedAt: null,
    pendingChange: null,
    changeRequestedAt: null,
    data: sql`jsonb_strip_nulls(jsonb_build_object('categoryId', ${channelListings.data}->'categoryId',
        'categoryName', ${channelListings.data}->'categoryName', 'conditionGrade', ${channelListings.data}->'conditionGrade',
        'pastListingIds', ${pastListingIds}))`,
  });
}

/**
 * The seller's items whose eBay listing has one of these listing ids (eBay's legacy item id, as its orders name it):
 * its live or last listing, or one it had before (`pastListingIds`). Only listings the seller's own connection made
 * or imported are in the seller's rows.
 */
export async function itemsOfEbayListings(db: Db, userId: string, listingIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!listingIds.length) return found;
  const current = await db
    .select({ itemId: channelListings.itemId, listingId: channelListings.externalId })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), isEbay, inArray(channelListings.externalId, listingIds)));
  for (const row of current) if (row.listingId) found.set(row.listingId, row.itemId);
  const rest = listingIds.filter((id) => !found.has(id));
  if (!rest.length) return found;
  const past = await db.execute(sql`
    select listing.item_id as "itemId", past.id as "listingId"
    from ${channelListings} listing, jsonb_array_elements_text(coalesce(listing.data->'pastListingIds', '[]'::jsonb)) as past(id)
    where listing.user_id = ${userId} and listing.channel = 'ebay'
      and past.id in (${sql.join(
        rest.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  for (const row of (past as unknown as { rows: { itemId: string; listingId: string }[] }).rows) found.set(row.listingId, row.itemId);
  return found;
}
