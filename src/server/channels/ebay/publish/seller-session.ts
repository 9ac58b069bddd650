import type { EbayClient } from '../api/ebay-client';
import type { SellerListingSetup } from './ebay-listing-body';

/** The seller's eBay session for publishing: a client, a fresh access token, and where listings go. */
export interface SellerSession extends SellerListingSetup {
  client: EbayClient;
  accessToken: string;
}

export interface SellerSessions {
  /** Throws (with words for the seller) when the account is not connected or the refresh token is gone. */
  forUser(userId: string): Promise<SellerSession>;
}
