import type { EbayClient } from '../api/ebay-client';
import type { EbayUser } from '../api/ebay-types';
import type { EbayAccountService } from '../account/service';
import { PublishRefused } from './publish-refused';

/** The first publish could not create the location readiness promised: eBay gave no address for the account. */
export const noAccountAddress =
  'Set a default location on the eBay Integration screen before publishing: eBay did not give your account’s address to create one from';

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

/**
 * Readiness promises a missing inventory location "will be created automatically on first publish": this keeps the
 * promise, creating the seller's default location from their eBay account's address, and answers its key. With no
 * address from eBay, the publish is refused saying where to set one.
 */
export async function locationFromAccount(ebay: EbayAccountService, client: EbayClient, userId: string): Promise<string> {
  const user = await ebay.withUserToken(userId, (token) => client.identity.getUser(token));
  const address = addressOf(user);
  if (!address) throw new PublishRefused(noAccountAddress);
  const connection = await ebay.setDefaultLocation(userId, address);
  const key = connection.defaultLocation?.merchantLocationKey;
  if (!key) throw new PublishRefused(noAccountAddress);
  return key;
}
