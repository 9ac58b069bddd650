import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../../../db/client';
import { items, sales } from '../../../db/schema';
import { matching } from '../../../db/matching';

/** At most this many of the seller's sales are weighed: the most alike (same brand), then the most recent. */
export const OWN_SALES_LIMIT = 50;

export interface OwnSaleRow {
  title: string | null;
  sku: string | null;
  channel: Channel;
  quantity: number;
  priceMinor: number;
  shippingChargedMinor: number;
  feesMinor: number | null;
  currency: string;
  soldAt: Date;
  sameBrand: boolean;
}

/**
 * The seller's own sales (the lines their sales pulls recorded, not cancelled) of other items in the category, in the
 * currency, those of the brand first, then the most recent. Every row is the seller's: the sale and its item both.
 */
export async function ownSalesLike(
  db: Db,
  userId: string,
  like: { itemId: string; category: string; brand: string | null; currency: string },
): Promise<OwnSaleRow[]> {
  const brandOf = sql`lower(coalesce(${items.brand}, ${items.extractedBrand}))`;
  const sameBrand = like.brand ? sql<boolean>`coalesce(${brandOf} = ${like.brand.toLowerCase()}, false)` : sql<boolean>`false`;
  return (
    db
      .select({
        title: sql<string | null>`coalesce(${items.aiTitle}, ${items.brand} || ' ' || ${items.category})`,
        sku: sales.sku,
        channel: sales.channel,
        quantity: sales.quantity,
        priceMinor: sales.priceMinor,
        shippingChargedMinor: sales.shippingChargedMinor,
        feesMinor: sales.feesMinor,
        currency: sales.currency,
        soldAt: sales.soldAt,
        sameBrand,
      })
      .from(sales)
      .innerJoin(items, and(eq(items.id, sales.itemId), eq(items.userId, userId)))
      .where(
        and(
          matching(sales, { userId, currency: like.currency }),
          isNull(sales.cancelledAt),
          ne(sales.itemId, like.itemId),
          sql`lower(${items.category}) = ${like.category.toLowerCase()}`,
        ),
      )
      // With no brand there is nothing to put first (and PostgreSQL refuses a constant to order by).
      .orderBy(...(like.brand ? [desc(sameBrand)] : []), desc(sales.soldAt))
      .limit(OWN_SALES_LIMIT)
  );
}
