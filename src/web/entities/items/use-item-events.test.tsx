import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import type { InfiniteData } from '@tanstack/react-query';
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListListingsResponse } from '@shared/contracts/listings';
import { makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { itemKeys } from './query-keys';
import { createTestQueryClient, renderHookWithProviders } from '@/test/render-with-providers';
import { useItemEvents } from './use-item-events';

/** Stands in for the browser's EventSource: the test emits the server's events by name. */
class FakeEventSource {
  static readonly OPEN = 1;
  static last: FakeEventSource | null = null;
  readonly url: string;
  readyState = FakeEventSource.OPEN;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(message: MessageEvent<string>) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

const a = makeListingItem({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', sku: 'A' });
const b = makeListingItem({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', sku: 'B' });
const completedA = {
  type: 'item',
  id: a.id,
  aiGenerationStatus: 'completed',
  aiGenerationError: null,
  listingReady: true,
  updatedAt: a.updatedAt,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function setup() {
  const client = createTestQueryClient();
  client.setQueryData(itemKeys.listings(), { pageParams: [''], pages: [{ items: [a, b], nextCursor: null }] });
  const hook = renderHookWithProviders(() => useItemEvents(), { client });
  const cards = () => client.getQueryData<InfiniteData<ListListingsResponse>>(itemKeys.listings())!.pages.flatMap((page) => page.items);
  return { client, hook, cards, stream: FakeEventSource.last! };
}

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useItemEvents', () => {
  it('is connected once the server says ready, and closes the stream on unmount', () => {
    const { hook, stream } = setup();
    expect(stream.url).toBe('/api/events');
    expect(hook.result.current.connected).toBe(false);
    act(() => stream.emit('ready', {}));
    expect(hook.result.current.connected).toBe(true);
    hook.unmount();
    expect(stream.closed).toBe(true);
  });

  it('patches the changed card at once, then refetches only that item and puts the answer in its place', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === `/api/items/${a.id}/listing`
        ? json({ ...a, ...completedA, aiTitle: 'Levi’s 501 jeans' })
        : json({ stagedCount: 0, batchCount: 1, generatingCount: 0 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { cards, stream } = setup();
    act(() => stream.emit('item', completedA));
    expect(cards()[0]).toMatchObject({ aiGenerationStatus: 'completed', listingReady: true });
    await waitFor(() => expect(cards()[0]!.aiTitle).toBe('Levi’s 501 jeans'));
    expect(cards()[1]).toEqual(b);
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual([`/api/items/${a.id}/listing`]);
  });

  it('refetches an item once for several quick events, and drops it when the server no longer has it', async () => {
    const fetchMock = vi.fn(async () => json({ error: { code: 'NOT_FOUND', message: 'Item not found' } }, 404));
    vi.stubGlobal('fetch', fetchMock);
    const { cards, stream } = setup();
    act(() => {
      stream.emit('item', { ...completedA, aiGenerationStatus: 'generating', listingReady: false });
      stream.emit('item', completedA);
    });
    await waitFor(() => expect(cards().map((card) => card.id)).toEqual([b.id]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('moves the publish badge on a listing event at once, then refetches that one item', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json({ ...a, listings: [makeEbayListing({ status: 'published', listingUrl: 'https://www.ebay.com/itm/110', price: money(1200) })] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { cards, stream } = setup();
    const live = {
      type: 'listing',
      itemId: a.id,
      channel: 'ebay',
      status: 'live',
      externalId: '110',
      url: 'https://www.ebay.com/itm/110',
      error: null,
      updatedAt: '2026-01-01T00:00:05.000000Z',
    };
    act(() => {
      stream.emit('listing', { ...live, status: 'publishing', externalId: null, url: null });
      stream.emit('listing', live);
    });
    expect(ebayPublishStateOf(cards()[0]!)).toMatchObject({ status: 'published', listingUrl: 'https://www.ebay.com/itm/110' });
    await waitFor(() => expect(ebayPublishStateOf(cards()[0]!)?.price).toEqual(money(1200)));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/items/${a.id}/listing`]);
    expect(cards()[1]).toEqual(b);
  });

  it("reads the item's detail again on a listing event, so its screen's notices follow (an end that went through)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ...a })),
    );
    const { client, stream } = setup();
    client.setQueryData(itemKeys.detail(a.id), { id: a.id });
    act(() =>
      stream.emit('listing', {
        type: 'listing',
        itemId: a.id,
        channel: 'etsy',
        status: 'ended',
        externalId: '7',
        url: null,
        error: null,
        updatedAt: '2026-01-01T00:00:05.000000Z',
      }),
    );
    await waitFor(() => expect(client.getQueryState(itemKeys.detail(a.id))?.isInvalidated).toBe(true));
    expect(client.getQueryState(itemKeys.detail(b.id))).toBeUndefined();
  });

  it('ignores events it does not know: another type, or a channel it has no words for', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    const { client, cards, stream } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    act(() => {
      stream.emit('sale', { type: 'sale', itemId: a.id });
      stream.emit('listing', {
        type: 'listing',
        itemId: a.id,
        channel: 'amazon',
        status: 'live',
        externalId: null,
        url: null,
        error: null,
        updatedAt: a.updatedAt,
      });
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(cards()).toEqual([a, b]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('after an autopilot publish the dashboard’s card takes the item’s new title and price, not only the listings screen’s', async () => {
    const published = {
      ...a,
      aiTitle: 'Zara Women’s Dress Size M Pink New with Tags',
      updatedAt: '2026-01-01T00:00:06.000Z',
      listings: [makeEbayListing({ status: 'published', listingUrl: 'https://www.ebay.com/itm/120', price: money(3600) })],
    };
    const fetchMock = vi.fn(async (url: string) =>
      url === `/api/items/${a.id}/listing`
        ? json(published)
        : url === `/api/items/${a.id}`
          ? json({ ...published, images: [] })
          : json({}, 404),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { client, stream } = setup();
    const dashboard = itemKeys.list('batches');
    client.setQueryData(dashboard, {
      pageParams: [''],
      pages: [{ items: [{ ...a, aiTitle: 'Clothing or Accessory' }, b], nextCursor: null }],
    });
    const card = () =>
      client
        .getQueryData<InfiniteData<ListListingsResponse>>(dashboard)!
        .pages.flatMap((page) => page.items)
        .find((item) => item.id === a.id)!;
    act(() =>
      stream.emit('listing', {
        type: 'listing',
        itemId: a.id,
        channel: 'ebay',
        status: 'live',
        externalId: '120',
        url: 'https://www.ebay.com/itm/120',
        error: null,
        updatedAt: '2026-01-01T00:00:06.000000Z',
      }),
    );
    await waitFor(() => expect(card().aiTitle).toBe('Zara Women’s Dress Size M Pink New with Tags'));
    expect(ebayPublishStateOf(card())?.price).toEqual(money(3600));
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([`/api/items/${a.id}`, `/api/items/${a.id}/listing`]);
  });

  it('refetches the whole list for an item it has never seen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null })),
    );
    const { client, stream } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    act(() => stream.emit('item', { ...completedA, id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: itemKeys.all }));
  });
});
