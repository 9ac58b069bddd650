/**
 * Ending an item's eBay listing before the item is deleted: the offer is withdrawn (the listing ends), then the
 * inventory item is deleted so the SKU is free again. Both are safe to repeat: an offer eBay no longer has
 * published, or an item it no longer has, counts as done.
 */
import { ebayDeleteMessages } from '@shared/domain/ebay-delete';
import { AppError } from '@shared/errors';
import { EbayApiError, EbayUnreachableError } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';
import type { EbayAccountService } from './service';

/** eBay's "This Offer is not available" / "not published": nothing left to end. */
const OFFER_NOT_AVAILABLE = 25713;

export interface EbayListingOfItem {
  sku: string;
  /** The SKU the item wrote on eBay (its prefix included); null before the SKU was claimed. */
  ebaySku: string | null;
  offerId: string | null;
  listingId: string | null;
}

export interface EbayListingEnd {
  /** Ends a live listing and frees its SKU; throws an error whose words endRefusal gives the seller. */
  end(userId: string, listing: EbayListingOfItem): Promise<void>;
  /** Frees the SKU of an item that never went live (its unpublished offer and inventory item), best effort. */
  free(userId: string, listing: EbayListingOfItem): Promise<void>;
}

/** Withdraws the offer (the listing ends, the offer stays); one eBay no longer has published, or at all, counts as done. */
export async function withdrawOffer(client: EbayClient, token: string, offerId: string): Promise<void> {
  try {
    await client.offers.withdrawOffer(token, offerId);
  } catch (error) {
    if (!(error instanceof EbayApiError && (error.httpStatus === 404 || error.has(OFFER_NOT_AVAILABLE)))) throw error;
  }
}

export function createEbayListingEnd(deps: { ebay: EbayAccountService; client: EbayClient | null }): EbayListingEnd {
  const requireClient = () => {
    if (!deps.client) throw new AppError('CONFLICT', 'eBay is not configured on this server');
    return deps.client;
  };
  const ebaySkuOf = (listing: EbayListingOfItem) => listing.ebaySku ?? listing.sku;
  return {
    async end(userId, listing) {
      const client = requireClient();
      await deps.ebay.withUserToken(userId, async (token) => {
        if (listing.offerId) await withdrawOffer(client, token, listing.offerId);
        await client.inventory.deleteInventoryItem(token, ebaySkuOf(listing));
      });
    },

    async free(userId, listing) {
      const client = requireClient();
      await deps.ebay.withUserToken(userId, (token) => client.inventory.deleteInventoryItem(token, ebaySkuOf(listing)));
    },
  };
}

/** Why an item was kept, in words the seller can act on. */
export function endRefusal(sku: string, error: unknown): string {
  if (error instanceof EbayApiError) {
    const words =
      (error.longMessage && error.longMessage.length > error.message.length ? error.longMessage : error.message) || 'no reason given';
    return ebayDeleteMessages.refused(sku, words.replace(/^A user error has occurred\.\s*/i, '').replace(/\.$/, ''));
  }
  if (error instanceof EbayUnreachableError) return ebayDeleteMessages.unreachable(sku);
  if (error instanceof AppError) return ebayDeleteMessages.notConnected(sku, error.message.replace(/\.$/, ''));
  return ebayDeleteMessages.unreachable(sku);
}
