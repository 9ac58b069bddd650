import { and, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { channelListings, ebayBuyerOffers, ebayOfferRules, sales, sellingPlanActions } from '../../../db/schema';
import { liveListingsOn } from '../../listings-repo';
import { matching } from '../../../db/matching';

/** SQL of offers to interested buyers (decision 087): the seller's rule, the offers sent, the live listings, the sales. */

export type EbayBuyerOfferRow = typeof ebayBuyerOffers.$inferSelect;
export type NewEbayBuyerOffer = Omit<typeof ebayBuyerOffers.$inferInsert, 'id' | 'saleId'>;
export type EbayOfferRuleRow = typeof ebayOfferRules.$inferSelect;

export interface LiveEbayListing {
  itemId: string;
  listingId: string;
  priceMinor: number;
  currency: string;
  listedAt: Date | null;
}

/** The seller's live eBay listings with a price: all of them, or those of these eBay listing ids, or of one item. */
export async function liveEbayListingsOf(
  db: Db,
  userId: string,
  filter: { listingIds?: string[]; itemId?: string } = {},
): Promise<LiveEbayListing[]> {
  if (filter.listingIds && !filter.listingIds.length) return [];
  const rows = await db
    .select({
      itemId: channelListings.itemId,
      listingId: channelListings.externalId,
      priceMinor: channelListings.priceMinor,
      currency: channelListings.currency,
      listedAt: channelListings.listedAt,
    })
    .from(channelListings)
    .where(
      and(
        liveListingsOn(userId, 'ebay'),
        filter.listingIds ? inArray(channelListings.externalId, filter.listingIds) : undefined,
        filter.itemId ? eq(channelListings.itemId, filter.itemId) : undefined,
      ),
    );
  return rows.flatMap((row) =>
    row.listingId && row.priceMinor !== null ? [{ ...row, listingId: row.listingId, priceMinor: row.priceMinor }] : [],
  );
}

export async function insertOffer(db: Db, offer: NewEbayBuyerOffer): Promise<EbayBuyerOfferRow> {
  const [row] = await db.insert(ebayBuyerOffers).values(offer).returning();
  return row!;
}

/** An offer with when the sale it led to was made (null: none). */
export type EbayBuyerOfferWithSale = EbayBuyerOfferRow & { soldAt: Date | null };

/** The item's offers, newest first, each with its sale's date. */
export async function offersOfItem(db: Db, userId: string, itemId: string): Promise<EbayBuyerOfferWithSale[]> {
  const rows = await db
    .select({ offer: ebayBuyerOffers, soldAt: sales.soldAt })
    .from(ebayBuyerOffers)
    .leftJoin(sales, and(eq(sales.id, ebayBuyerOffers.saleId), eq(sales.userId, userId)))
    .where(matching(ebayBuyerOffers, { userId, itemId }))
    .orderBy(desc(ebayBuyerOffers.sentAt));
  return rows.map(({ offer, soldAt }) => ({ ...offer, soldAt }));
}

/** The offer sent on this listing that is still open at `now` (eBay takes no second one until it lapses). */
export async function openOfferOn(db: Db, userId: string, listingId: string, now: Date): Promise<EbayBuyerOfferRow | null> {
  const [row] = await db
    .select()
    .from(ebayBuyerOffers)
    .where(and(matching(ebayBuyerOffers, { userId, listingId, outcome: 'sent' }), sql`${ebayBuyerOffers.expiresAt} > ${now}`))
    .limit(1);
  return row ?? null;
}

/**
 * The sales an offer led to: each sent offer with no sale yet takes the seller's eBay sale of its item at its price,
 * sold while it was open. Answers how many were matched.
 */
export async function matchOfferSales(db: Db, userId: string): Promise<number> {
  const open = await db
    .select()
    .from(ebayBuyerOffers)
    .where(and(matching(ebayBuyerOffers, { userId, outcome: 'sent' }), isNull(ebayBuyerOffers.saleId)));
  let matched = 0;
  for (const offer of open) {
    const [sale] = await db
      .select({ id: sales.id })
      .from(sales)
      .where(
        and(
          matching(sales, { userId, channel: 'ebay', itemId: offer.itemId, priceMinor: offer.priceMinor, currency: offer.currency }),
          gte(sales.soldAt, offer.sentAt),
          lte(sales.soldAt, offer.expiresAt),
          sql`not exists (select 1 from ${ebayBuyerOffers} o where o.sale_id = ${sales.id})`,
        ),
      )
      .limit(1);
    if (!sale) continue;
    await db
      .update(ebayBuyerOffers)
      .set({ saleId: sale.id, outcome: 'sold' })
      .where(matching(ebayBuyerOffers, { id: offer.id, userId }));
    matched += 1;
  }
  return matched;
}

export async function ruleOf(db: Db, userId: string): Promise<EbayOfferRuleRow | null> {
  const [row] = await db.select().from(ebayOfferRules).where(eq(ebayOfferRules.userId, userId));
  return row ?? null;
}

export async function saveRule(db: Db, userId: string, rule: Pick<EbayOfferRuleRow, 'enabled' | 'percentOff' | 'afterDays' | 'askFirst'>) {
  await db
    .insert(ebayOfferRules)
    .values({ userId, ...rule })
    .onConflictDoUpdate({ target: ebayOfferRules.userId, set: { ...rule, updatedAt: new Date() } });
}

/** The sellers whose rule is on (the daily run). */
export async function sellersWithRuleOn(db: Db): Promise<EbayOfferRuleRow[]> {
  return db.select().from(ebayOfferRules).where(eq(ebayOfferRules.enabled, true));
}

/**
 * How many offers (sent or refused) the seller's item has had on eBay: the round the next one is. The selling plan
 * records one action a round, so a decision holds for that offer, not for the next (decision 098).
 */
export async function offerRoundOf(db: Db, userId: string, itemId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ebayBuyerOffers).where(matching(ebayBuyerOffers, { userId, itemId }));
  return row?.n ?? 0;
}

/** The seller's decision in the week's plan on the item's offer of this round (null: not in a plan). */
export async function planDecisionOf(
  db: Db,
  userId: string,
  itemId: string,
  round: number,
): Promise<'pending' | 'approved' | 'rejected' | null> {
  const [row] = await db
    .select({ decision: sellingPlanActions.decision })
    .from(sellingPlanActions)
    .where(matching(sellingPlanActions, { userId, itemId, channel: 'ebay', kind: 'offer', step: round }))
    .orderBy(desc(sellingPlanActions.periodStart))
    .limit(1);
  return row?.decision ?? null;
}
