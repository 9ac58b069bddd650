import type { DepopPricing } from '@shared/contracts/depop';
import { depopPricingWords } from '@shared/contracts/depop';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { DepopAccountService } from '../account/service';
import { DepopApiError, DepopUnreachableError } from '../api/depop-errors';
import { depopReadingOf } from '../depop-preflight';
import { depopListings } from '../listing-repo';

const none = (why: string, simulated: boolean): DepopPricing => ({
  low: null,
  balanced: null,
  high: null,
  similarSold: [],
  simulated,
  none: why,
});

/**
 * Depop's pricing inspiration for an item as it would be listed there: the same reading the pre-flight and
 * the publisher use (product type, condition, brand, size, colours), asked in the shop's country and currency. Depop's
 * similar sold items are its sold-price evidence, beside eBay's active listings and the seller's own sales.
 */
export function createDepopPricing(deps: { db: Db; account: Pick<DepopAccountService, 'session' | 'connection'> }) {
  async function forItem(userId: string, itemId: string): Promise<DepopPricing> {
    const subject = await depopListings.publishable(deps.db, userId, itemId);
    if (!subject) throw new AppError('NOT_FOUND', 'Item not found');
    const { status, simulated } = await deps.account.connection(userId);
    if (status !== 'connected') return none(depopPricingWords.notConnected, simulated);
    const s = await deps.account.session(userId);
    const reading = depopReadingOf(subject, s.currency, s.defaultShipping);
    if (!reading.productType || !reading.condition || !reading.brand || !reading.department)
      return none(depopPricingWords.missing, simulated);
    try {
      const answer = await s.client.pricingInspiration(s.accessToken, {
        description: reading.description || reading.brand,
        country: s.countryCode,
        currency: s.currency,
        product_type: reading.productType,
        department: reading.department,
        condition: reading.condition,
        brand_name: reading.brand,
        ...(reading.size ? { size_set_id: reading.size.sizeSetId, size_id: reading.size.sizeId } : {}),
        ...(reading.colours.length ? { colour: reading.colours } : {}),
      });
      return {
        low: answer.lowerBound,
        balanced: answer.balanced,
        high: answer.upperBound,
        similarSold: answer.similarSold,
        simulated,
        none: null,
      };
    } catch (err) {
      if (err instanceof DepopApiError && err.code === 'price_prediction_not_available')
        return none(depopPricingWords.noPrediction, simulated);
      if (err instanceof DepopApiError && err.code === 'unsupported_country') return none(depopPricingWords.unsupported, simulated);
      if (err instanceof DepopApiError || err instanceof DepopUnreachableError) return none(depopPricingWords.unavailable, simulated);
      throw err;
    }
  }
  return { forItem };
}

export type DepopPricingService = ReturnType<typeof createDepopPricing>;
