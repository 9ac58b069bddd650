import { pinnedPriceOf } from '@shared/domain/channel-price';
import type { ChannelListingView } from '@shared/contracts/items';
import { channels, type Channel, type ChannelListingStatus, type ListingChange } from '@shared/domain/channel-listing';
import { channelPriceOf, type ItemPrices } from '../price-rules/channel-price';
import { listingPartOf } from '../channels/listing-parts';
import type { PriceList } from '@shared/domain/price-list';
import type { ChannelListingJson } from './channel-summary-repo';

const minor = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The item's listings as the item view sends them: one uniform entry per channel the item has a
 * listing on, in the order of `channels` (eBay first), each with the price that channel gets — `channelPriceOf`:
 * the listing's own price, else the item's asking price (or the AI's, or the seller's price list's) through the
 * seller's rule for the channel.
 */
export function channelListingViewsOf(
  json: ChannelListingJson[] | null,
  item: ItemPrices & { category: string | null; condition: string | null },
  priceList: PriceList | null,
): ChannelListingView[] {
  const order = (listing: ChannelListingJson) => channels.indexOf(listing.channel as Channel);
  return [...(json ?? [])]
    .sort((a, b) => order(a) - order(b))
    .map((listing) => {
      const channel = listing.channel as Channel;
      const status = listing.status as ChannelListingStatus;
      const own = {
        priceMinor: minor(listing.priceMinor),
        currency: listing.currency,
        priceSource: listing.priceSource,
        priceBasis: listing.priceBasis ?? null,
        status,
      };
      const rule = listing.rule && { percent: Number(listing.rule.percent), rounding: listing.rule.rounding };
      const priced = channelPriceOf(own, item, rule, priceList);
      const holds = heldPriceOf(listing, priced?.price ?? null);
      return {
        channel,
        status,
        price: holds ?? (priced && { amountMinor: priced.price.amountMinor, currency: priced.price.currency }),
        // The listing's own price stands (the seller's for this channel, or what went out), not the item's through the rule.
        ownPrice: pinnedPriceOf(own) !== null,
        priceSource: priced?.source ?? null,
        priceBasis: priced?.basis ?? null,
        quantity: listing.quantity,
        url: listing.url,
        error: listing.error,
        change: (listing.change as ListingChange | null) ?? null,
        delistTask: listing.delistTask,
        part: listingPartOf(channel, listing.data),
      };
    });
}

/**
 * What a live listing still holds when its last change failed (a revise the profit floor held, a marketplace's refusal)
 * and none is on its way: the price the marketplace last accepted, where it differs from the one the app meant to send.
 * Buyers pay that one; the listing's error says why the new one did not go.
 */
function heldPriceOf(listing: ChannelListingJson, meant: { amountMinor: number; currency: string } | null) {
  const sent = minor(listing.sentPriceMinor ?? null);
  if (listing.status !== 'live' || listing.change || !listing.error || sent === null || !meant) return null;
  if (listing.currency !== meant.currency || sent === meant.amountMinor) return null;
  return { amountMinor: sent, currency: listing.currency };
}
