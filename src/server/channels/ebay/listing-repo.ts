import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelListings, items } from '../../db/schema';
import { ebayDataPatchOf, ebayItemFieldsOf, noEbayItemFields, type EbayItemFields, type EbayListingData } from './listing-data';

/** The item's eBay listing row: one per item (unique item_id, channel). */
export const isEbay = eq(channelListings.channel, 'ebay');

/** Joins an item to its eBay listing (left join: the item may have none). */
export const ebayListingJoin: SQL = and(eq(channelListings.itemId, items.id), eq(channelListings.userId, items.userId), isEbay)!;

const ofItem = (userId: string, itemId: string) => and(eq(channelListings.itemId, itemId), eq(channelListings.userId, userId), isEbay)!;

export type ChannelListingRow = typeof channelListings.$inferSelect;

export async function ebayListingOf(db: Db, userId: string, itemId: string): Promise<ChannelListingRow | undefined> {
  const [row] = await db.select().from(channelListings).where(ofItem(userId, itemId));
  return row;
}

export async function ebayItemFieldsOfItem(db: Db, userId: string, itemId: string): Promise<EbayItemFields> {
  const row = await ebayListingOf(db, userId, itemId);
  return row ? ebayItemFieldsOf(row.data) : noEbayItemFields;
}

/** data || patch, written as jsonb (keys set to null stay, as null). */
export const mergedData = (patch: EbayListingData) => sql`${channelListings.data} || ${JSON.stringify(patch)}::jsonb`;

/**
 * Writes values into the item's eBay listing, creating it as a draft when it has none: `data` merges into what the
 * listing holds, `columns` replace theirs. Answers the row as written.
 */
export async function upsertEbayListing(
  db: Db,
  userId: string,
  itemId: string,
  write: { data?: EbayListingData; columns?: Partial<typeof channelListings.$inferInsert>; insertOnly?: EbayListingData },
): Promise<ChannelListingRow> {
  const data = write.data ?? {};
  const [row] = await db
    .insert(channelListings)
    .values({ userId, itemId, channel: 'ebay', status: 'draft', ...write.columns, data: { ...write.insertOnly, ...data } })
    .onConflictDoUpdate({
      target: [channelListings.itemId, channelListings.channel],
      set: { ...write.columns, data: mergedData(data), updatedAt: new Date() },
      setWhere: eq(channelListings.userId, userId),
    })
    .returning();
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
  await db
    .update(channelListings)
    .set({ data: mergedData({ categoryId: null, categoryName: null, conditionGrade: null }), updatedAt: new Date() })
    .where(and(eq(channelListings.userId, userId), isEbay, inArray(channelListings.itemId, itemIds)));
}

/**
 * Forgets what eBay held of these items' listings (ended, or the eBay account disconnected): the listing is a draft
 * again with only the category and condition, which are the item's and stay, as they did on the item before 0011.
 */
export async function forgetEbayListingsOf(db: Db, userId: string, itemIds?: string[]): Promise<void> {
  const owned = itemIds
    ? and(eq(channelListings.userId, userId), isEbay, inArray(channelListings.itemId, itemIds))
    : and(eq(channelListings.userId, userId), isEbay);
  await db
    .update(channelListings)
    .set({
      status: 'draft',
      externalId: null,
      url: null,
      price: null,
      quantity: 1,
      error: null,
      listedAt: null,
      endedAt: null,
      pendingChange: null,
      changeRequestedAt: null,
      data: sql`jsonb_strip_nulls(jsonb_build_object('categoryId', ${channelListings.data}->'categoryId',
        'categoryName', ${channelListings.data}->'categoryName', 'conditionGrade', ${channelListings.data}->'conditionGrade'))`,
      updatedAt: new Date(),
    })
    .where(owned);
}

/**
 * The seller's items named by SKUs sent to eBay: the eBay SKU an item wrote (its listing's `ebaySku`) first, else
 * an item's own SKU (written before prefixes, or by hand on eBay).
 */
export async function itemsOfEbaySkus(db: Db, userId: string, skus: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!skus.length) return found;
  const byEbaySku = await db
    .select({ itemId: channelListings.itemId, ebaySku: sql<string>`${channelListings.data}->>'ebaySku'` })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), isEbay, inArray(sql`${channelListings.data}->>'ebaySku'`, skus)));
  for (const row of byEbaySku) found.set(row.ebaySku, row.itemId);
  const rest = skus.filter((sku) => !found.has(sku));
  if (!rest.length) return found;
  const byOwnSku = await db
    .select({ id: items.id, sku: items.sku })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.sku, rest)));
  for (const row of byOwnSku) found.set(row.sku, row.id);
  return found;
}
