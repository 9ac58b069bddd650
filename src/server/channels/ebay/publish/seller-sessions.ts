import { sellerRegionOfEbayMarketplace } from '@shared/domain/seller-region';
import type { EbayClient } from '../api/ebay-client';
import type { EbayAccountService } from '../account/service';
import { PublishRefused } from './publish-refused';
import type { SellerSessions } from './seller-session';
import { locationFromAccount } from './first-publish-location';

export const sellerMessages = {
  notConnected: 'eBay account not connected',
  policies: 'Please configure eBay business policies before publishing',
  noLocation: 'Set a default location on the eBay Integration screen before publishing',
} as const;

/**
 * The seller's publish session from their connected account: a fresh token with a client that refreshes it once when
 * eBay refuses it, their policies and location.
 */
export function accountSellerSessions(ebay: EbayAccountService, client: EbayClient | null): SellerSessions {
  return {
    async forUser(userId) {
      const { connection } = await ebay.getConnection(userId);
      if (!client || !connection) throw new PublishRefused(sellerMessages.notConnected);
      const { paymentPolicyId, fulfillmentPolicyId, returnPolicyId } = connection.policies;
      if (!paymentPolicyId || !fulfillmentPolicyId || !returnPolicyId) throw new PublishRefused(sellerMessages.policies);
      const merchantLocationKey = connection.defaultLocation?.merchantLocationKey ?? (await locationFromAccount(ebay, client, userId));
      // Each call of the publish goes through the token keeper: a token eBay ends early is refreshed once, not fatal.
      const session = await ebay.userSession(userId);
      return {
        client: session.client,
        accessToken: session.accessToken,
        marketplaceId: connection.marketplaceId,
        currency: sellerRegionOfEbayMarketplace(connection.marketplaceId)?.currency ?? 'USD',
        listingPolicies: { paymentPolicyId, fulfillmentPolicyId, returnPolicyId },
        merchantLocationKey,
      };
    },
  };
}
