import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import type { ListItemsResponse } from '@shared/contracts/items';
import { money } from '@shared/domain/money';
import type { InfiniteData } from '@tanstack/react-query';
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { itemKeys } from '../items/query-keys';
import { createTestQueryClient, renderHookWithProviders } from '@/test/render-with-providers';
import { useListingEvents } from './use-listing-events';

/** Stands in for the browser's EventSource: the test emits the server's events by name. */
class FakeEventSource {
  static readonly OPEN = 1;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.OPEN;
  private listeners = new Map<string, Array<(message: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  close() {}
}

const a = makeListingItem({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', sku: 'A', aiTitle: 'Clothing or Accessory' });
const b = makeListingItem({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', sku: 'B' });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useListingEvents (the dashboard)', () => {
  it('after an autopilot publish the card reads its item again: the listing’s title and the price it went out at', async () => {
    const published = {
      ...a,
      aiTitle: 'Zara Women’s Dress Size M Pink New with Tags',
      updatedAt: '2026-01-01T00:00:06.000Z',
      listings: [makeEbayListing({ status: 'published', listingUrl: 'https://www.ebay.com/itm/120', price: money(3600) })],
      images: [],
    };
    const fetchMock = vi.fn(async (url: string) => (url === `/api/items/${a.id}` ? json(published) : json({}, 404)));
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    const dashboard = itemKeys.list('batches');
    client.setQueryData(dashboard, { pageParams: [''], pages: [{ items: [a, b], nextCursor: null }] });
    renderHookWithProviders(() => useListingEvents(), { client });
    const cards = () => client.getQueryData<InfiniteData<ListItemsResponse>>(dashboard)!.pages.flatMap((page) => page.items);
    const live = {
      type: 'listing',
      itemId: a.id,
      channel: 'ebay',
      status: 'live',
      externalId: '120',
      url: 'https://www.ebay.com/itm/120',
      error: null,
      updatedAt: '2026-01-01T00:00:06.000000Z',
    };
    act(() => {
      FakeEventSource.last!.emit('listing', { ...live, status: 'publishing', externalId: null, url: null });
      FakeEventSource.last!.emit('listing', live);
    });
    // The badge at once, from the event.
    expect(ebayPublishStateOf(cards()[0]!)).toMatchObject({ status: 'published' });
    await waitFor(() => expect(cards()[0]!.aiTitle).toBe('Zara Women’s Dress Size M Pink New with Tags'));
    expect(ebayPublishStateOf(cards()[0]!)?.price).toEqual(money(3600));
    // One read of that one item; the other card untouched, no list read.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/items/${a.id}`]);
    expect(cards()[1]).toEqual(b);
  });
});
