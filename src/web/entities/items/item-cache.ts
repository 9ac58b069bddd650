import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { type Item, type ChannelListingView, type ListedItem, type ListItemsResponse } from '@shared/contracts/items';
import { channels } from '@shared/domain/channel-listing';
import type { ItemStatusEvent, ListingStatusEvent } from '@shared/contracts/events';
import type { ListingItem, ListListingsResponse } from '@shared/contracts/listings';
import { itemKeys } from './query-keys';

type Pages<T> = InfiniteData<{ items: T[]; nextCursor: string | null }>;

/** The pages with `change` applied, or undefined when it changed no item. */
function mapPages<T>(data: Pages<T> | undefined, change: (items: T[]) => T[]): Pages<T> | undefined {
  if (!data) return undefined;
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = change(page.items);
    if (items.length === page.items.length && items.every((item, index) => item === page.items[index])) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : undefined;
}

/**
 * Applies `change` to the items of every cached list under `queryKey` (`exact`: that list only) and writes the lists
 * it changed. A patch is not a read: each list keeps the time it was last read and whether it was invalidated, so it
 * is still read again when it goes stale, the network comes back or the window is focused. A patch that counted as a
 * read (an event about a card just before the network dropped) kept a product made elsewhere from ever showing.
 */
function patchLists<T>(queryClient: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[], exact = false) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey, exact })) {
    const next = mapPages(query.state.data as Pages<T> | undefined, change);
    if (!next) continue;
    const { dataUpdatedAt, isInvalidated } = query.state;
    queryClient.setQueryData(query.queryKey, next, { updatedAt: dataUpdatedAt });
    if (isInvalidated) query.invalidate();
  }
}

/** Changes cached listing cards in place (optimistic updates and answers of single-item calls). */
export function patchCachedListings(queryClient: QueryClient, change: (item: ListingItem) => ListingItem) {
  patchLists<ListingItem>(queryClient, itemKeys.listings(), (items) => items.map(change), true);
}

/** Puts the server's answer for one item in place of its cached listing card. */
export function replaceCachedListing(queryClient: QueryClient, next: ListingItem) {
  patchCachedListings(queryClient, (item) => (item.id === next.id ? next : item));
}

/**
 * Like replaceCachedListing, but keeps the card when it already shows a later change (an answer that left the
 * server before the last status event arrived).
 */
export function replaceCachedListingUnlessOlder(queryClient: QueryClient, next: ListingItem) {
  patchCachedListings(queryClient, (item) =>
    item.id === next.id && Date.parse(next.updatedAt) >= Date.parse(item.updatedAt) ? next : item,
  );
}

/** Drops an item that no longer exists from every cached list. */
export function removeCachedItem(queryClient: QueryClient, itemId: string) {
  const without = <T extends { id: string }>(items: T[]) => items.filter((item) => item.id !== itemId);
  patchLists<ListingItem>(queryClient, itemKeys.listings(), without, true);
  patchLists<ListedItem>(queryClient, itemKeys.lists(), without);
}

/**
 * Puts the server's answer for one item (a SKU edit, a photo deleted or reordered) in place: its detail (with the
 * photos) and its card in every item list (without them, as the list carries it).
 */
export function replaceCachedItem(queryClient: QueryClient, next: Item) {
  queryClient.setQueryData(itemKeys.detail(next.id), next);
  const { images: _images, ...listed } = next;
  patchLists<ListedItem>(queryClient, itemKeys.lists(), (items) => items.map((item) => (item.id === next.id ? listed : item)));
}

/** The server's answer after a photo change: the item, every item list, and the listing cards (refetched). */
export function applyChangedItem(queryClient: QueryClient, updated: Item) {
  replaceCachedItem(queryClient, updated);
  void queryClient.invalidateQueries({ queryKey: itemKeys.listings() });
}

/**
 * Like replaceCachedItem for the item lists only (the dashboard's cards), keeping a card that already shows a later
 * change: an event's refetch of the one item (its title, price and listings after an autopilot publish).
 */
export function replaceListedItemUnlessOlder(queryClient: QueryClient, next: Item) {
  const { images: _images, ...listed } = next;
  patchLists<ListedItem>(queryClient, itemKeys.lists(), (items) =>
    items.map((item) => (item.id === next.id && Date.parse(next.updatedAt) >= Date.parse(item.updatedAt) ? listed : item)),
  );
}

/** Whether some cached item list (the dashboard's cards) holds this item. */
export function isItemListed(queryClient: QueryClient, itemId: string): boolean {
  return queryClient
    .getQueriesData<InfiniteData<ListItemsResponse>>({ queryKey: itemKeys.lists() })
    .some(([, data]) => Boolean(data?.pages.some((page) => page.items.some((item) => item.id === itemId))));
}

/** Whether the listings cache holds this item (a status event of an unknown item needs the whole list). */
export function isListingCached(queryClient: QueryClient, itemId: string): boolean {
  const data = queryClient.getQueryData<InfiniteData<ListListingsResponse>>(itemKeys.listings());
  return Boolean(data?.pages.some((page) => page.items.some((item) => item.id === itemId)));
}

/** Applies a status change to the one card it concerns, in the listings cache and in every item list. */
export function applyStatusEvent(queryClient: QueryClient, event: ItemStatusEvent) {
  const status = {
    aiGenerationStatus: event.aiGenerationStatus,
    aiGenerationError: event.aiGenerationError,
    listingReady: event.listingReady,
    updatedAt: event.updatedAt,
  };
  patchCachedListings(queryClient, (item) =>
    item.id === event.id
      ? { ...item, ...status, generationQueued: event.aiGenerationStatus === 'generating' ? false : item.generationQueued }
      : item,
  );
  patchLists<ListedItem>(queryClient, itemKeys.lists(), (items) =>
    items.map((item) => (item.id === event.id ? { ...item, ...status } : item)),
  );
}

/**
 * Applies a change of the item's listing on a channel to its entry in `listings` (any channel; eBay's publish state
 * is read from that entry), in the listings cache and every item list, so the badges move at once. What the event
 * does not carry (the price the channel gets, the quantity, the channel's own part) stays as the entry had it until
 * the item's refetch; a listing new to the item starts without them.
 */
export function applyListingEvent(queryClient: QueryClient, event: ListingStatusEvent) {
  const withListing = <T extends ListedItem>(item: T): T => {
    if (item.id !== event.itemId) return item;
    const before = item.listings.find((other) => other.channel === event.channel);
    const listing: ChannelListingView = {
      price: before?.price ?? null,
      ownPrice: before?.ownPrice ?? false,
      priceSource: before?.priceSource ?? null,
      priceBasis: before?.priceBasis ?? null,
      quantity: before?.quantity ?? 1,
      part: before?.part ?? {},
      channel: event.channel,
      status: event.status,
      url: event.url,
      error: event.error,
      change: event.change ?? null,
      delistTask: event.delistTask ?? false,
    };
    const listings = [...item.listings.filter((other) => other.channel !== event.channel), listing].sort(
      (a, b) => channels.indexOf(a.channel) - channels.indexOf(b.channel),
    );
    return { ...item, listings };
  };
  patchCachedListings(queryClient, withListing);
  patchLists<ListedItem>(queryClient, itemKeys.lists(), (items) => items.map(withListing));
}
