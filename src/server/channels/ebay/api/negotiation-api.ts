/**
 * Negotiation API (contracts/ebay/sell_negotiation_v1_oas3.json, v1.1.0): the seller's listings with interested
 * buyers (watchers, cart abandoners) and a discount offer sent to them. Host api; user token with scope
 * sell.inventory (findEligibleItems also takes sell.inventory.readonly). The limits below are the document's own
 * words (decision 087).
 */
import type { EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { CreateOffersRequest, SellerInitiatedOffer } from './ebay-types';
import type { paths } from './generated/negotiation';

/** findEligibleItems `limit`: "Minimum: 1, Maximum: 200, Default: 10" (error 150003 outside). */
export const ELIGIBLE_ITEMS_PAGE_LIMIT = 200;
/**
 * How long an offer lasts on a marketplace (decision 129). eBay's current rule (CreateOffersRequest on
 * developer.ebay.com): "The offerDuration value will be set automatically based on the eBay marketplace, and each
 * marketplace has one supported value ... we suggest that this container no longer be used"; any other value fails
 * (150027). The release notes v1.1.1 (2025-01-16) and v1.1.2 (2025-10-29) make it 4 days on EBAY_US and EBAY_GB; the
 * stored contract's 2 days (v1.1.0) stays for the other marketplaces, which those notes did not change. The app sends
 * no offerDuration and counts the marketplace's own.
 */
export const offerDurationDays = (marketplaceId: string): number => (marketplaceId === 'EBAY_US' || marketplaceId === 'EBAY_GB' ? 4 : 2);
export const offerDurationMs = (marketplaceId: string): number => offerDurationDays(marketplaceId) * 24 * 60 * 60 * 1000;
/** OfferedItem.discountPercentage "Minimum: 5"; a price must be "at least {minPercentageDifference} less than your Buy It Now price" (150008). */
export const MIN_DISCOUNT_PERCENT = 5;
/** CreateOffersRequest.message: "Maximum length: 2,000 characters", no HTML (150010). */
export const OFFER_MESSAGE_MAX = 2000;

/**
 * The marketplaces the Negotiation API serves ("Negotiation API requirements and restrictions", the header's list; the
 * fake answers 150002 for others): on eBay France, Italy and Spain no listing has interested buyers to offer to.
 */
export const NEGOTIATION_MARKETPLACES: readonly string[] = ['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_AU', 'EBAY_CA'];

/** The errors of sendOfferToInterestedBuyers the app acts on (the document's x-response-codes). */
export const NEGOTIATION_ERRORS = {
  listingEnded: 150011,
  noSuchListing: 150012,
  priceNotLowEnough: 150008,
  priceExceedsListing: 150016,
  minimumOfferPrice: 150015,
  notSupported: 150017,
  /** "Listing {listingId} currently has a seller-initiated negotiation": one offer at a time, for its duration. */
  negotiationOpen: 150019,
  noInterestedBuyers: 150020,
  offerLimit: 150022,
  sellerOfferLimit: 150023,
} as const;

export interface OfferToSend {
  listingId: string;
  /** The offer price, a decimal string in the listing's currency (eBay's Amount), under the listing price. */
  price: { value: string; currency: string };
  message?: string;
}

export function createNegotiationApi(context: EbayApiContext) {
  const negotiation = ebayApi<paths>(context, 'api', '/sell/negotiation/v1');
  return {
    /**
     * Every listing id with interested buyers on the seller's marketplace, across pages (eBay answers 204 when there are
     * none); none on a marketplace the API does not serve.
     */
    async findEligibleItems(accessToken: string, marketplaceId: string): Promise<string[]> {
      const listingIds: string[] = [];
      if (!NEGOTIATION_MARKETPLACES.includes(marketplaceId)) return listingIds;
      for (let offset = 0; ; offset += ELIGIBLE_ITEMS_PAGE_LIMIT) {
        const { data, response } = await negotiation(accessToken).GET('/find_eligible_items', {
          params: {
            query: { limit: String(ELIGIBLE_ITEMS_PAGE_LIMIT), offset: String(offset) },
            header: { 'X-EBAY-C-MARKETPLACE-ID': marketplaceId },
          },
        });
        if (response.status === 204 || !data) break;
        for (const item of data.eligibleItems ?? []) if (item.listingId) listingIds.push(item.listingId);
        if (!data.next || !data.eligibleItems?.length) break;
      }
      return listingIds;
    },

    /** Sends one listing's offer to its interested buyers (one listing a request, 150005): eBay's offers, one a buyer. */
    async sendOfferToInterestedBuyers(accessToken: string, offer: OfferToSend, marketplaceId: string): Promise<SellerInitiatedOffer[]> {
      const body: CreateOffersRequest = {
        allowCounterOffer: false,
        offeredItems: [{ listingId: offer.listingId, price: offer.price, quantity: 1 }],
        ...(offer.message ? { message: offer.message.slice(0, OFFER_MESSAGE_MAX) } : {}),
      };
      const { data } = await negotiation(accessToken).POST('/send_offer_to_interested_buyers', {
        params: { header: { 'Content-Type': 'application/json', 'X-EBAY-C-MARKETPLACE-ID': marketplaceId } },
        body,
      });
      return data?.offers ?? [];
    },
  };
}
