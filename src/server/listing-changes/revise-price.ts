import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import type { Money } from '@shared/domain/money';
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
  const found = await livePriceOf(db, userId, itemId, channel);
  if (!found) return false;
  const { listing, priced } = found;
  const same =
    listing.priceMinor === priced.price.amountMinor &&
    listing.currency === priced.price.currency &&
    listing.priceSource === priced.source &&
    (listing.priceBasis ?? null) === priced.basis;
  if (same) return false;
  return repriceLiveListing(db, userId, itemId, channel, priceColumns(priced));
}

/**
 * The price the live listing on `channel` gets from the one order, with the item's asking price as given (a save not
 * yet made: what a new asking price would send); undefined when it is not live or nothing prices it.
 */
async function livePriceOf(db: Db, userId: string, itemId: string, channel: ApiChannel, askingPriceMinor?: number | null) {
  const inputs = await listingPriceInputsOf(db, userId, itemId, channel);
  if (!inputs || inputs.listing.status !== 'live') return undefined;
  const rule = await savedPriceRuleOf(db, userId, channel);
  const item = askingPriceMinor === undefined ? inputs.item : { ...inputs.item, askingPriceMinor };
  const priced = channelPriceOf(inputs.listing, item, rule, await priceListOf(db, userId));
  return priced ? { listing: inputs.listing, priced } : undefined;
}

/**
 * What a new asking price would send to each of the item's live listings that follow it (a listing's own price stands):
 * the marketplace and the price, before anything is saved, for the floor to judge.
 */
export async function livePricesWithAsking(db: Db, userId: string, itemId: string, askingPriceMinor: number) {
  const changed: { channel: ApiChannel; price: Money }[] = [];
  for (const channel of apiChannels) {
    const found = await livePriceOf(db, userId, itemId, channel, askingPriceMinor);
    if (found && found.priced.price.amountMinor !== found.listing.priceMinor) changed.push({ channel, price: found.priced.price });
  }
  return changed;
}
