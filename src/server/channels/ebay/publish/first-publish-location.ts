import { ebayMessages, type EbayConnection } from '@shared/contracts/ebay';
import type { EbayClient } from '../api/ebay-client';
import type { EbayUser } from '../api/ebay-types';
import type { EbayAccountService } from '../account/service';
import { PublishRefused } from './publish-refused';

/** The first publish could not create the location readiness promised: eBay gave no address for the account. */
export const noAccountAddress = ebayMessages.locationNoAddress;

/** The account's address eBay gives (a business's, or an individual member's registration address), as a location. */
function addressOf(user: EbayUser) {
  const address = user.businessAccount?.address ?? user.individualAccount?.registrationAddress;
  if (!address?.country || !address.postalCode) return null;
  return {
    name: 'Home',
    addressLine1: address.addressLine1 || undefined,
    city: address.city || undefined,
    stateOrProvince: address.stateOrProvince || undefined,
    postalCode: address.postalCode,
    country: address.country,
  };
}

/** The address a first publish would create the seller's location from; null when eBay gives none. */
export async function accountLocationAddress(ebay: EbayAccountService, client: EbayClient, userId: string) {
  return addressOf(await ebay.withUserToken(userId, (token) => client.identity.getUser(token)));
}

/**
 * Readiness promises a missing inventory location "will be created automatically on first publish" only when eBay gives
 * the account's address (accountLocationAddress, asked by the readiness service): this keeps the promise, creating the seller's default location from their eBay account's address, and answers its key. With no
 * address from eBay, the publish is refused saying where to set one.
 */
export async function locationFromAccount(ebay: EbayAccountService, client: EbayClient, userId: string): Promise<string> {
  const address = await accountLocationAddress(ebay, client, userId);
  if (!address) throw new PublishRefused(noAccountAddress);
  const connection = await ebay.setDefaultLocation(userId, address);
  const key = connection.defaultLocation?.merchantLocationKey;
  if (!key) throw new PublishRefused(noAccountAddress);
  return key;
}

/**
 * Whether the seller's first publish will create their inventory location: true when eBay gives
 * the account's address, false when it gives none (the publish would be refused), null when that is not the question
 * (a location is set, or not connected) or eBay did not answer. Readiness and the connection card promise it only on true.
 */
export function createFirstPublishLocation(ebay: EbayAccountService, client: EbayClient | null) {
  return {
    async createsLocation(userId: string, connection: EbayConnection | null): Promise<boolean | null> {
      if (!client || connection?.status !== 'connected' || connection.defaultLocation) return null;
      try {
        return (await accountLocationAddress(ebay, client, userId)) !== null;
      } catch {
        return null;
      }
    },
  };
}

export type FirstPublishLocation = ReturnType<typeof createFirstPublishLocation>;
