import { channels, type Channel } from '@shared/domain/channel-listing';
import type { Money } from '@shared/domain/money';
import { applyPriceRule, noPriceRule, type PriceRule } from '@shared/domain/price-rule';
import type { Db } from '../db/client';
import { priceRuleRowOf, priceRuleRowsOf, savePriceRule } from './price-rules-repo';

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
    return (await priceRuleRowOf(tx, userId, channel)) ?? noPriceRule;
  };
  return {
    ruleOf,
    async all(userId) {
      const rows = await priceRuleRowsOf(db, userId);
      const rules = Object.fromEntries(channels.map((c) => [c, noPriceRule])) as Record<Channel, PriceRule>;
      for (const { channel, percent, rounding } of rows) if (channel in rules) rules[channel] = { percent, rounding };
      return rules;
    },
    async set(userId, channel, rule) {
      await savePriceRule(db, userId, channel, rule);
      return ruleOf(db, userId, channel);
    },
    async priceOn(tx, userId, channel, base) {
      return applyPriceRule(base, await ruleOf(tx, userId, channel));
    },
  };
}

/** The seller's saved rule on `channel` (none saved: undefined), read on the caller's db or transaction: a listing's price. */
export function savedPriceRuleOf(db: Db, userId: string, channel: Channel): Promise<PriceRule | undefined> {
  return priceRuleRowOf(db, userId, channel);
}
