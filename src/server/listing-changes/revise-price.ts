import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { priceListOf } from '../price-list/service';
import { channelPriceOf, priceColumns } from '../price-rules/channel-price';
import { savedPriceRuleOf } from '../price-rules/price-rules';
import { listingPriceInputsOf, repriceLiveListing } from './listing-changes-repo';

/**
 * The price a live listing is revised to, on every marketplace alike: `channelPrice`'s one order over the listing, the
 * item, the seller's rule for the marketplace and their price list. The seller's own price for that marketplace stands;
 * a price the listing merely went out at gives way to the item's new price. Written on the listing before the revise
 * is sent, so the floor guard checks the very price that goes out, each marketplace's revise reads it, and the screen
 * shows it. Answers whether the listing's price changed.
 */
export async function priceLiveListing(db: Db, userId: string, itemId: string, channel: ApiChannel): Promise<boolean> {
  const inputs = await listingPriceInputsOf(db, userId, itemId, channel);
  if (!inputs || inputs.listing.status !== 'live') return false;
  const rule = await savedPriceRuleOf(db, userId, channel);
  const priced = channelPriceOf(inputs.listing, inputs.item, rule, await priceListOf(db, userId));
  if (!priced) return false;
  const { listing } = inputs;
  const same =
    listing.priceMinor === priced.price.amountMinor &&
    listing.currency === priced.price.currency &&
    listing.priceSource === priced.source &&
    (listing.priceBasis ?? null) === priced.basis;
  if (same) return false;
  return repriceLiveListing(db, userId, itemId, channel, priceColumns(priced));
}
