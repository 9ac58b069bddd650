import {
  knownChannelPrice,
  type ChannelPrice,
  type ItemPrices,
  type PriceSource,
  type StoredListingPrice,
} from '@shared/domain/channel-price';
import { money, type Money } from '@shared/domain/money';
import { priceByList, type PriceList } from '@shared/domain/price-list';
import type { PriceRule } from '@shared/domain/price-rule';

export type { ChannelPrice, ItemPrices, PriceSource, StoredListingPrice };

/** A listing's stored price as Money, or null. */
export const ownPriceOf = (listing: { priceMinor: number | null; currency: string } | null | undefined): Money | null =>
  listing?.priceMinor == null ? null : money(listing.priceMinor, listing.currency);

/**
 * The price a channel gets where no comparables are asked (a screen, bulk publish, List on..., a hand-over): the one
 * order of `channelPrice` (src/shared/domain/channel-price.ts) over the listing, the item, the channel's rule and the
 * seller's price list. Null: no price yet.
 */
export function channelPriceOf(
  listing: StoredListingPrice | null | undefined,
  item: ItemPrices & { category?: string | null; condition?: string | null },
  rule?: PriceRule | null,
  priceList?: PriceList | null,
): ChannelPrice | null {
  const listPrice =
    priceList && item.category !== undefined
      ? priceByList(priceList, { category: item.category ?? null, condition: item.condition ?? null, currency: item.currency })
      : null;
  return knownChannelPrice({ listing, item, channelRule: rule, listPrice });
}

/** A live listing's stored price as the one function reads it (selling plan rows: the listing's and its item's). */
export const liveListingPrice = (listing: { priceMinor: number | null; listingCurrency: string; priceSource: PriceSource | null }) => ({
  priceMinor: listing.priceMinor,
  currency: listing.listingCurrency,
  priceSource: listing.priceSource,
  status: 'live' as const,
});

/** What a listing row is set to when a price is decided for it: the price, its currency and what set it. */
export const priceColumns = (priced: Pick<ChannelPrice, 'price' | 'source'> & { basis?: string }) => ({
  priceMinor: priced.price.amountMinor,
  currency: priced.price.currency,
  priceSource: priced.source,
  priceBasis: priced.basis ?? null,
});
