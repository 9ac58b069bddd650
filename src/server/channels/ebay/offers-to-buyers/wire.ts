import type { SentOfferWire } from '@shared/contracts/ebay-offers';
import { money } from '@shared/domain/money';
import type { EbayBuyerOfferRow } from './repo';
import type { OfferResult } from './service';

/** An offer sent, as the API answers it. */
export const sentOfferWire = (row: EbayBuyerOfferRow & { soldAt?: Date | null }): SentOfferWire => ({
  id: row.id,
  listingId: row.listingId,
  price: money(row.priceMinor, row.currency),
  listingPrice: money(row.listingPriceMinor, row.currency),
  percentOffBasisPoints: row.percentOffBasisPoints,
  raisedToFloor: row.raisedToFloor,
  trigger: row.trigger,
  buyers: row.buyers,
  ebayOfferIds: row.ebayOfferIds,
  outcome: row.outcome,
  error: row.error,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  saleId: row.saleId,
  soldAt: row.soldAt?.toISOString() ?? null,
});

export const offerResultWire = (result: OfferResult) =>
  result.status === 'skipped'
    ? { itemId: result.itemId, listingId: result.listingId, status: result.status, reason: result.reason, offer: null }
    : {
        itemId: result.offer.itemId,
        listingId: result.offer.listingId,
        status: result.status,
        reason: null,
        offer: sentOfferWire(result.offer),
      };
