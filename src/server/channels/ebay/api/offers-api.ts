/**
 * Inventory API offers: one per SKU + marketplace + format. Reusing the existing offer (instead of creating a second)
 * is what keeps a retried publish from duplicating a listing.
 */
import { EbayApiError } from './ebay-api-error';
import { EBAY_US, writtenIn, type EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { InventoryPaths, Offer, OfferDetails, OfferUpdate, PublishResponse, WithdrawResponse } from './ebay-types';

/** eBay answers "This Offer is not available" (404) when a SKU has no offer yet (reported). */
const OFFER_NOT_AVAILABLE = 25713;
/** The catch-all error id, which createOffer on an existing offer answers with the existing offerId as a parameter. */
const DUPLICATE_OR_INVALID = 25002;

/** The listing of an offer eBay has published and still shows (status PUBLISHED, its listing active); else null. */
export function liveListingIdOf(offer: Offer): string | null {
  const listing = offer.listing;
  if (offer.status !== 'PUBLISHED' || !listing?.listingId) return null;
  return !listing.listingStatus || listing.listingStatus === 'ACTIVE' ? listing.listingId : null;
}

export function createOffersApi(context: EbayApiContext) {
  const inventory = ebayApi<InventoryPaths>(context, 'api', '/sell/inventory/v1');
  const api = {
    /** The SKU's offers on a marketplace (none is an empty list, not an error). */
    async getOffersBySku(accessToken: string, sku: string, marketplaceId = EBAY_US): Promise<Offer[]> {
      try {
        const { data } = await inventory(accessToken).GET('/offer', { params: { query: { sku, marketplace_id: marketplaceId } } });
        return data?.offers ?? [];
      } catch (error) {
        if (error instanceof EbayApiError && (error.httpStatus === 404 || error.has(OFFER_NOT_AVAILABLE))) return [];
        throw error;
      }
    },
    /** Creates an unpublished offer and answers its id. */
    async createOffer(accessToken: string, offer: OfferDetails): Promise<string> {
      const { header, headers } = writtenIn(offer.marketplaceId);
      const { data } = await inventory(accessToken).POST('/offer', { params: { header }, headers, body: offer });
      if (!data?.offerId) throw new Error('eBay created the offer but sent no offerId');
      return data.offerId;
    },
    /** Fully replaces an offer; on a published offer this revises the live listing. Its text is in the marketplace's language. */
    async updateOffer(accessToken: string, offerId: string, offer: OfferUpdate, marketplaceId: string = EBAY_US): Promise<void> {
      const { header, headers } = writtenIn(marketplaceId);
      await inventory(accessToken).PUT('/offer/{offerId}', { params: { header, path: { offerId } }, headers, body: offer });
    },
    /** Publishes the offer (or republishes a live one) and answers the listing id. */
    async publishOffer(
      accessToken: string,
      offerId: string,
    ): Promise<{ listingId: string; warnings: NonNullable<PublishResponse['warnings']> }> {
      const { data } = await inventory(accessToken).POST('/offer/{offerId}/publish', { params: { path: { offerId } } });
      if (!data?.listingId) throw new Error('eBay published the offer but sent no listingId');
      return { listingId: data.listingId, warnings: data.warnings ?? [] };
    },
    /** Ends the listing; the offer stays and can be published again. */
    async withdrawOffer(accessToken: string, offerId: string): Promise<WithdrawResponse> {
      const { data } = await inventory(accessToken).POST('/offer/{offerId}/withdraw', { params: { path: { offerId } } });
      return data ?? {};
    },
    /**
     * The SKU's one offer, created or brought up to date: the existing offer for the marketplace and format is
     * updated; otherwise one is created, and if eBay says one exists after all (25002 with its offerId), that one is
     * updated. `liveListingId`: the offer found is already published with an active listing (a publish whose answer
     * was lost to a crash), so publishing it again would only publish it twice.
     */
    async saveOfferForSku(
      accessToken: string,
      offer: OfferDetails & { sku: string },
    ): Promise<{ offerId: string; created: boolean; liveListingId: string | null }> {
      const marketplaceId = offer.marketplaceId ?? EBAY_US;
      const existing = (await api.getOffersBySku(accessToken, offer.sku, marketplaceId)).find(
        (o) => (o.marketplaceId ?? marketplaceId) === marketplaceId && (o.format ?? offer.format) === offer.format,
      );
      const update = async (offerId: string, found?: Offer) => {
        const { sku: _sku, marketplaceId: _market, format: _format, ...rest } = offer;
        await api.updateOffer(accessToken, offerId, rest, marketplaceId);
        return { offerId, created: false, liveListingId: found ? liveListingIdOf(found) : null };
      };
      if (existing?.offerId) return update(existing.offerId, existing);
      try {
        return { offerId: await api.createOffer(accessToken, offer), created: true, liveListingId: null };
      } catch (error) {
        const existingId = error instanceof EbayApiError && error.has(DUPLICATE_OR_INVALID) ? error.parameter('offerId') : undefined;
        if (existingId) return update(existingId);
        throw error;
      }
    },
  };
  return api;
}
