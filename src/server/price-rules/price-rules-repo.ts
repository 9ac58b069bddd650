import { eq } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { PriceRule } from '@shared/domain/price-rule';
import type { Db } from '../db/client';
import { channelPriceRules } from '../db/schema';
import { matching } from '../db/matching';

/** SQL of the sellers' price rules per channel (decision 051); the one writer of channel_price_rules. */

/** The seller's rule on `channel`, if one is saved. */
export async function priceRuleRowOf(db: Db, userId: string, channel: Channel): Promise<PriceRule | undefined> {
  const [row] = await db
    .select({ percent: channelPriceRules.percent, rounding: channelPriceRules.rounding })
    .from(channelPriceRules)
    .where(matching(channelPriceRules, { userId, channel }));
  return row;
}

/** Every rule the seller saved, one per channel. */
export async function priceRuleRowsOf(db: Db, userId: string) {
  return db
    .select({ channel: channelPriceRules.channel, percent: channelPriceRules.percent, rounding: channelPriceRules.rounding })
    .from(channelPriceRules)
    .where(eq(channelPriceRules.userId, userId));
}

export async function savePriceRule(db: Db, userId: string, channel: Channel, rule: PriceRule): Promise<void> {
  const values = { percent: rule.percent, rounding: rule.rounding, updatedAt: new Date() };
  await db
    .insert(channelPriceRules)
    .values({ userId, channel, ...values })
    .onConflictDoUpdate({ target: [channelPriceRules.userId, channelPriceRules.channel], set: values });
}
