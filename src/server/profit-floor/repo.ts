import { and, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PriceSource } from '@shared/domain/channel-price';
import type { Channel, ChannelListingStatus } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items, profitFloorSettings, sales } from '../db/schema';
import { matching } from '../db/matching';

/** SQL of the profit floor (decision 086): the seller's settings, an item's cost and prices, the fees of recent sales. */

export type ProfitFloorSettingsRow = typeof profitFloorSettings.$inferSelect;
export type ProfitFloorSettingsValues = Omit<ProfitFloorSettingsRow, 'userId' | 'updatedAt'>;

export async function settingsRowOf(db: Db, userId: string): Promise<ProfitFloorSettingsRow | null> {
  const [row] = await db.select().from(profitFloorSettings).where(eq(profitFloorSettings.userId, userId));
  return row ?? null;
}

export async function saveSettingsRow(db: Db, userId: string, values: ProfitFloorSettingsValues): Promise<void> {
  await db
    .insert(profitFloorSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profitFloorSettings.userId, set: { ...values, updatedAt: new Date() } });
}

/** The item's cost, currency and asking price; null when it is not the user's. */
export async function itemPricingOf(
  db: Db,
  userId: string,
  itemId: string,
): Promise<{
  costMinor: number | null;
  currency: string;
  aiSuggestedPriceMinor: number | null;
  askingPriceMinor: number | null;
  category: string | null;
  condition: string | null;
} | null> {
  const [row] = await db
    .select({
      category: items.category,
      condition: items.condition,
      costMinor: items.costMinor,
      currency: items.currency,
      aiSuggestedPriceMinor: items.aiSuggestedPriceMinor,
      askingPriceMinor: items.askingPriceMinor,
    })
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  return row ?? null;
}

/** The item's own price on each channel it has a listing row on. */
export async function listingPricesOf(
  db: Db,
  userId: string,
  itemId: string,
): Promise<
  { channel: Channel; priceMinor: number | null; currency: string; priceSource: PriceSource | null; status: ChannelListingStatus }[]
> {
  return db
    .select({
      channel: channelListings.channel,
      priceMinor: channelListings.priceMinor,
      currency: channelListings.currency,
      priceSource: channelListings.priceSource,
      status: channelListings.status,
    })
    .from(channelListings)
    .where(matching(channelListings, { itemId, userId }));
}

/**
 * Per channel, the seller's standing sales in `currency` since `since` whose fees are known: how many, their fees and
 * what the buyers paid (price and shipping, what the marketplaces charge their percent on), in minor units.
 */
export async function recentFeesOf(
  db: Db,
  userId: string,
  currency: string,
  since: Date,
): Promise<{ channel: Channel; sales: number; feesMinor: number; totalMinor: number }[]> {
  const rows = await db
    .select({
      channel: sales.channel,
      sales: sql<string | number>`count(*)`,
      feesMinor: sql<string | number>`coalesce(sum(${sales.feesMinor}), 0)`,
      totalMinor: sql<string | number>`coalesce(sum(${sales.priceMinor} + ${sales.shippingChargedMinor}), 0)`,
    })
    .from(sales)
    .where(
      and(
        matching(sales, { userId, currency }),
        isNotNull(sales.feesMinor),
        isNull(sales.cancelledAt),
        gte(sales.soldAt, since),
        sql`${sales.priceMinor} > 0`,
      ),
    )
    .groupBy(sales.channel);
  return rows.map((row) => ({
    channel: row.channel,
    sales: Number(row.sales),
    feesMinor: Number(row.feesMinor),
    totalMinor: Number(row.totalMinor),
  }));
}
