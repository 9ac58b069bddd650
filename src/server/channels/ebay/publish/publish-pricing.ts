import type { PriceList } from '@shared/domain/price-list';
import type { PriceRule } from '@shared/domain/price-rule';
import type { Db } from '../../../db/client';
import { priceListOf } from '../../../price-list/service';
import { savedPriceRuleOf } from '../../../price-rules/price-rules';

/** What an eBay price is made of beyond the item and its listing: the seller's eBay rule and their price list. */
export interface EbayPricing {
  rule: PriceRule | null;
  priceList: PriceList | null;
}

/** The seller's eBay rule and price list, as publishing prices with them: readiness and the pre-flight read the same. */
export async function ebayPricingOf(db: Db, userId: string): Promise<EbayPricing> {
  const [rule, priceList] = await Promise.all([savedPriceRuleOf(db, userId, 'ebay'), priceListOf(db, userId)]);
  return { rule: rule ?? null, priceList };
}
