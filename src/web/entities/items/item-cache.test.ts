import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Item, ListItemsResponse } from '@shared/contracts/items';
import type { ListListingsResponse } from '@shared/contracts/listings';
import type { ListingStatusEvent } from '@shared/contracts/events';
import {
  applyChangedItem,
  applyListingEvent,
  applyStatusEvent,
  isListingCached,
  removeCachedItem,
  replaceCachedListing,
  replaceCachedListingUnlessOlder,
} from './item-cache';
import { makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { itemKeys } from './query-keys';

const a = makeListingItem({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', sku: 'A', generationQueued: true });
const b = makeListingItem({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', sku: 'B' });
const pages = <T>(...lists: T[][]) => ({
  pageParams: lists.map((_, i) => String(i)),
  pages: lists.map((items) => ({ items, nextCursor: null })),
});

function seeded() {
  const client = new QueryClient();
  client.setQueryData(itemKeys.listings(), pages([a], [b]));
  client.setQueryData(itemKeys.list('batches'), pages([b, a]));
  return client;
}
const listings = (client: QueryClient) =>
  client.getQueryData<InfiniteData<ListListingsResponse>>(itemKeys.listings())!.pages.flatMap((p) => p.items);
const batches = (client: QueryClient) =>
  client.getQueryData<InfiniteData<ListItemsResponse>>(itemKeys.list('batches'))!.pages.flatMap((p) => p.items);

describe('the items cache', () => {
  it('applies a status event to its one card, in the listings and in every item list', () => {
    const client = seeded();
    applyStatusEvent(client, {
      type: 'item',
      id: a.id,
      aiGenerationStatus: 'generating',
      aiGenerationError: null,
      listingReady: false,
      updatedAt: a.updatedAt,
    });
    const [cachedA, cachedB] = listings(client);
    expect(cachedA).toMatchObject({ aiGenerationStatus: 'generating', generationQueued: false });
    expect(cachedB).toEqual(b);
    expect(batches(client).find((item) => item.id === a.id)?.aiGenerationStatus).toBe('generating');
    expect(batches(client).find((item) => item.id === b.id)).toEqual(b);
  });

  it('leaves a list that does not hold the item as it was read: still due to be read again (on reconnect, on focus)', () => {
    const client = seeded();
    void client.invalidateQueries({ queryKey: itemKeys.all }, { cancelRefetch: false });
    const before = client.getQueryState(itemKeys.list('batches'))!;
    expect(before.isInvalidated).toBe(true);
    // A product made on another device: its event names an item none of the lists holds yet.
    applyStatusEvent(client, {
      type: 'item',
      id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      aiGenerationStatus: 'pending',
      aiGenerationError: null,
      listingReady: false,
      updatedAt: a.updatedAt,
    });
    const after = client.getQueryState(itemKeys.list('batches'))!;
    expect(after.isInvalidated).toBe(true);
    expect(after.dataUpdatedAt).toBe(before.dataUpdatedAt);
    expect(client.getQueryState(itemKeys.listings())!.isInvalidated).toBe(true);
  });

  it('counts a patch of a card as no read of its list: the list keeps when it was read, and stays due when it was', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-30T12:00:00Z') });
    try {
      const client = seeded();
      const readAt = client.getQueryState(itemKeys.list('batches'))!.dataUpdatedAt;
      // An event about a card the list holds arrives just before the network drops, 35 s after the list was read.
      vi.setSystemTime(readAt + 35_000);
      const generating = { type: 'item', id: a.id, aiGenerationError: null, listingReady: false, updatedAt: a.updatedAt } as const;
      applyStatusEvent(client, { ...generating, aiGenerationStatus: 'generating' });
      expect(batches(client).find((item) => item.id === a.id)?.aiGenerationStatus).toBe('generating');
      expect(client.getQueryState(itemKeys.list('batches'))!.dataUpdatedAt).toBe(readAt);
      expect(client.getQueryState(itemKeys.listings())!.dataUpdatedAt).toBe(readAt);
      // Still stale, so coming back online reads it again (a product made elsewhere meanwhile shows).
      expect(
        client
          .getQueryCache()
          .find({ queryKey: itemKeys.list('batches'), exact: true })!
          .isStaleByTime(10_000),
      ).toBe(true);

      void client.invalidateQueries({ queryKey: itemKeys.all }, { cancelRefetch: false });
      applyStatusEvent(client, { ...generating, aiGenerationStatus: 'completed' });
      expect(batches(client).find((item) => item.id === a.id)?.aiGenerationStatus).toBe('completed');
      expect(client.getQueryState(itemKeys.list('batches'))!.isInvalidated).toBe(true);
      expect(client.getQueryState(itemKeys.listings())!.isInvalidated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the queued mark until the item is generating, and takes the failure message', () => {
    const client = seeded();
    applyStatusEvent(client, {
      type: 'item',
      id: a.id,
      aiGenerationStatus: 'failed',
      aiGenerationError: 'Rate limit exceeded',
      listingReady: false,
      updatedAt: a.updatedAt,
    });
    expect(listings(client)[0]).toMatchObject({
      aiGenerationStatus: 'failed',
      aiGenerationError: 'Rate limit exceeded',
      generationQueued: true,
    });
  });

  it('replaces one card with the server answer and drops a deleted item everywhere', () => {
    const client = seeded();
    replaceCachedListing(client, { ...b, aiTitle: 'Blue jeans' });
    expect(listings(client).map((item) => item.aiTitle)).toEqual([null, 'Blue jeans']);
    removeCachedItem(client, a.id);
    expect(listings(client).map((item) => item.id)).toEqual([b.id]);
    expect(batches(client).map((item) => item.id)).toEqual([b.id]);
    expect(isListingCached(client, a.id)).toBe(false);
    expect(isListingCached(client, b.id)).toBe(true);
  });

  it('puts a photo change in the item and every item list, and asks the listing cards again', () => {
    const client = seeded();
    const changed = { ...b, photoCount: 1, images: [] } as unknown as Item;
    applyChangedItem(client, changed);
    expect(client.getQueryData(itemKeys.detail(b.id))).toBe(changed);
    expect(batches(client).find((item) => item.id === b.id)?.photoCount).toBe(1);
    expect(client.getQueryState(itemKeys.listings())?.isInvalidated).toBe(true);
  });

  it('applies a listing event to the item’s publish state, in the listings and in every item list', () => {
    const client = seeded();
    const listing: ListingStatusEvent = {
      type: 'listing',
      itemId: a.id,
      channel: 'ebay',
      status: 'publishing',
      externalId: null,
      url: null,
      error: null,
      updatedAt: '2026-01-01T00:00:05.000000Z',
    };
    applyListingEvent(client, listing);
    expect(ebayPublishStateOf(listings(client)[0]!)).toEqual({
      status: 'publishing',
      listingUrl: null,
      error: null,
      price: null,
      quantity: 1,
      change: null,
    });
    expect(listings(client)[1]).toEqual(b);
    client.setQueryData(
      itemKeys.listings(),
      pages([{ ...a, listings: [makeEbayListing({ status: 'publishing', price: money(1200), quantity: 2 })] }], [b]),
    );
    applyListingEvent(client, { ...listing, status: 'live', externalId: '110', url: 'https://www.ebay.com/itm/110' });
    expect(ebayPublishStateOf(listings(client)[0]!)).toEqual({
      status: 'published',
      listingUrl: 'https://www.ebay.com/itm/110',
      error: null,
      price: money(1200),
      quantity: 2,
      change: null,
    });
    expect(ebayPublishStateOf(batches(client).find((item) => item.id === a.id)!)?.status).toBe('published');
    expect(batches(client).find((item) => item.id === b.id)).toEqual(b);
    applyListingEvent(client, { ...listing, status: 'failed', error: 'Refused' });
    expect(ebayPublishStateOf(listings(client)[0]!)).toMatchObject({ status: 'failed', error: 'Refused', price: money(1200) });
    // A draft (the listing forgotten): no publish status; whether it shows at all is the item's refetch's to say.
    applyListingEvent(client, { ...listing, status: 'draft' });
    expect(ebayPublishStateOf(listings(client)[0]!)?.status ?? null).toBeNull();
  });

  it('keeps a card that shows a later change than a slow answer', () => {
    const client = seeded();
    applyStatusEvent(client, {
      type: 'item',
      id: a.id,
      aiGenerationStatus: 'completed',
      aiGenerationError: null,
      listingReady: true,
      updatedAt: '2026-01-01T00:00:05.000Z',
    });
    replaceCachedListingUnlessOlder(client, { ...a, aiGenerationStatus: 'generating', updatedAt: '2026-01-01T00:00:02.000Z' });
    expect(listings(client)[0]).toMatchObject({ aiGenerationStatus: 'completed', listingReady: true });
    replaceCachedListingUnlessOlder(client, {
      ...a,
      aiGenerationStatus: 'completed',
      aiTitle: 'Blue jeans',
      updatedAt: '2026-01-01T00:00:05.000Z',
    });
    expect(listings(client)[0]!.aiTitle).toBe('Blue jeans');
  });
});
