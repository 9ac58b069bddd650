import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { channelListings, depopLikes, depopOfferRules, items } from '../../../db/schema';
import { liveListingsOn } from '../../listings-repo';
import { matching } from '../../../db/matching';

export type DepopOfferRuleRow = typeof depopOfferRules.$inferSelect;
export type DepopLikeRow = typeof depopLikes.$inferSelect;

export async function ruleRowOf(db: Db, userId: string): Promise<DepopOfferRuleRow | undefined> {
  const [row] = await db.select().from(depopOfferRules).where(eq(depopOfferRules.userId, userId));
  return row;
}

export async function saveRuleRow(db: Db, userId: string, rule: Pick<DepopOfferRuleRow, 'enabled' | 'percentOff' | 'askFirst'>) {
  await db
    .insert(depopOfferRules)
    .values({ userId, ...rule })
    .onConflictDoUpdate({ target: depopOfferRules.userId, set: { ...rule, updatedAt: new Date() } });
}

export const rulesOn = (db: Db) => db.select().from(depopOfferRules).where(eq(depopOfferRules.enabled, true));

/** The seller's item whose Depop product has this id (made through the seller's own connection). */
export async function itemOfDepopProduct(db: Db, userId: string, productId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ itemId: channelListings.itemId })
    .from(channelListings)
    .where(matching(channelListings, { userId, channel: 'depop', externalId: productId }));
  return row?.itemId;
}

/** A like, once per buyer and item (a second delivery of the same like changes nothing). */
export async function insertLike(db: Db, like: Pick<DepopLikeRow, 'userId' | 'itemId' | 'likerId' | 'likedAt'>) {
  await db.insert(depopLikes).values(like).onConflictDoNothing();
}

/** An unlike: the buyer is no longer waiting for an offer (one already sent stays on Depop and here). */
export async function deleteUnofferedLike(db: Db, userId: string, itemId: string, likerId: string) {
  await db.delete(depopLikes).where(and(matching(depopLikes, { userId, itemId, likerId }), isNull(depopLikes.offeredAt)));
}

export const likesOfItem = (db: Db, userId: string, itemId: string) =>
  db.select().from(depopLikes).where(matching(depopLikes, { userId, itemId })).orderBy(desc(depopLikes.likedAt));

export async function markOffered(db: Db, userId: string, itemId: string, likerId: string, at: Date, priceMinor: number, currency: string) {
  await db
    .update(depopLikes)
    .set({ offeredAt: at, offerPriceMinor: priceMinor, offerCurrency: currency })
    .where(matching(depopLikes, { userId, itemId, likerId }));
}

/** The seller's live Depop products with their SKU, price and currency, each with its likes (one item, or all). */
export async function liveLikedProducts(db: Db, userId: string, itemIds?: string[]) {
  const rows = await db
    .select({
      itemId: channelListings.itemId,
      sku: items.sku,
      // The price Depop holds: the one it last accepted.
      priceMinor: sql<number | null>`coalesce(${channelListings.sentPriceMinor}, ${channelListings.priceMinor})`.mapWith(Number),
      currency: channelListings.currency,
      likes: sql<number>`count(${depopLikes.likerId})::int`,
      waiting: sql<number>`count(${depopLikes.likerId}) filter (where ${depopLikes.offeredAt} is null)::int`,
      offered: sql<number>`count(distinct ${depopLikes.offeredAt})::int`,
      lastLikedAt: sql<Date | string | null>`max(${depopLikes.likedAt}) filter (where ${depopLikes.offeredAt} is null)`,
    })
    .from(channelListings)
    .innerJoin(items, eq(items.id, channelListings.itemId))
    .innerJoin(depopLikes, eq(depopLikes.itemId, channelListings.itemId))
    .where(and(liveListingsOn(userId, 'depop'), itemIds ? inArray(channelListings.itemId, itemIds) : undefined))
    .groupBy(channelListings.itemId, items.sku, channelListings.sentPriceMinor, channelListings.priceMinor, channelListings.currency);
  return rows.map((row) => ({ ...row, lastLikedAt: row.lastLikedAt === null ? null : new Date(row.lastLikedAt) }));
}
export type LiveLikedProduct = Awaited<ReturnType<typeof liveLikedProducts>>[number];

/** The likers of the item still waiting for an offer. */
export const waitingLikers = async (db: Db, userId: string, itemId: string) =>
  (
    await db
      .select({ likerId: depopLikes.likerId })
      .from(depopLikes)
      .where(and(matching(depopLikes, { userId, itemId }), isNull(depopLikes.offeredAt)))
  ).map((row) => row.likerId);

/** The seller's items live on Depop. */
export const liveDepopItemIds = async (db: Db, userId: string) =>
  (await db.select({ itemId: channelListings.itemId }).from(channelListings).where(liveListingsOn(userId, 'depop'))).map(
    (row) => row.itemId,
  );
