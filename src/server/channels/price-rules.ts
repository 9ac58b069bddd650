import { and, eq } from 'drizzle-orm';
import { channels, type Channel } from '@shared/domain/channel-listing';
import type { Money } from '@shared/domain/money';
import { applyPriceRule, noPriceRule, type PriceRule } from '@shared/domain/price-rule';
import type { Db } from '../db/client';
import { channelPriceRules } from '../db/schema';

/**
 * The seller's price rule per channel ("+10% on Poshmark", decision 051): any channel can read its rule here and
 * apply it to the item's price (the arithmetic is src/shared/domain/price-rule.ts). Every query filters by the user.
 */
export interface PriceRules {
  /** Every channel's rule of the seller (no rule: the same price). */
  all(userId: string): Promise<Record<Channel, PriceRule>>;
  ruleOf(db: Db, userId: string, channel: Channel): Promise<PriceRule>;
  set(userId: string, channel: Channel, rule: PriceRule): Promise<PriceRule>;
  /** The channel's price for the item's price `base` (null when it has none). */
  priceOn(db: Db, userId: string, channel: Channel, base: Money | null): Promise<Money | null>;
}

export function createPriceRules({ db }: { db: Db }): PriceRules {
  const ruleOf = async (tx: Db, userId: string, channel: Channel): Promise<PriceRule> => {
    const [row] = await tx
      .select({ percent: channelPriceRules.percent, rounding: channelPriceRules.rounding })
      .from(channelPriceRules)
      .where(and(eq(channelPriceRules.userId, userId), eq(channelPriceRules.channel, channel)));
    return row ?? noPriceRule;
  };
  return {
    ruleOf,
    async all(userId) {
      const rows = await db
        .select({ channel: channelPriceRules.channel, percent: channelPriceRules.percent, rounding: channelPriceRules.rounding })
        .from(channelPriceRules)
        .where(eq(channelPriceRules.userId, userId));
      const rules = Object.fromEntries(channels.map((c) => [c, noPriceRule])) as Record<Channel, PriceRule>;
      for (const { channel, percent, rounding } of rows) if (channel in rules) rules[channel] = { percent, rounding };
      return rules;
    },
    async set(userId, channel, rule) {
      const values = { percent: rule.percent, rounding: rule.rounding, updatedAt: new Date() };
      await db
        .insert(channelPriceRules)
        .values({ userId, channel, ...values })
        .onConflictDoUpdate({ target: [channelPriceRules.userId, channelPriceRules.channel], set: values });
      return ruleOf(db, userId, channel);
    },
    async priceOn(tx, userId, channel, base) {
      return applyPriceRule(base, await ruleOf(tx, userId, channel));
    },
  };
}
