import type { InfiniteData } from '@tanstack/react-query';
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item, ItemImage, ListItemsResponse } from '@shared/contracts/items';
import { makeListingItem } from '@/test/make-listing-item';
import { itemKeys } from '@/entities/items/query-keys';
import { createTestQueryClient, renderHookWithProviders } from '@/test/render-with-providers';
import { useReorderImages, withImageOrder } from './reorder-images';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (n: number): ItemImage => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  order: n,
  isPrimary: n === 0,
  width: 10,
  height: 10,
  bytes: 1,
  url: `/full/${n}`,
  thumbnailUrl: `/thumb/${n}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const item: Item = { ...makeListingItem({ photoCount: 3, thumbnailUrl: '/thumb/0' }), images: [image(0), image(1), image(2)] };
const ids = (i: Item) => i.images.map((img) => img.id);

describe('withImageOrder', () => {
  it('renumbers from 0, makes the first primary and takes its thumbnail', () => {
    const next = withImageOrder(item, [image(2).id, image(0).id, image(1).id]);
    expect(next.images.map((i) => [i.id, i.order, i.isPrimary])).toEqual([
      [image(2).id, 0, true],
      [image(0).id, 1, false],
      [image(1).id, 2, false],
    ]);
    expect(next.thumbnailUrl).toBe('/thumb/2');
  });
});

describe('useReorderImages', () => {
  it('shows the new order at once (the photos and the listed thumbnail) and reverts it when saving fails', async () => {
    let fail: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>(
            (resolve) => (fail = () => resolve(new Response('{"error":{"code":"INTERNAL","message":"x"}}', { status: 500 }))),
          ),
      ),
    );
    const client = createTestQueryClient();
    const key = itemKeys.list('batches');
    const { images: _images, ...listed } = item;
    client.setQueryData<InfiniteData<ListItemsResponse>>(key, { pageParams: [''], pages: [{ items: [listed], nextCursor: null }] });
    client.setQueryData(itemKeys.detail(item.id), item);
    const listedCard = () => client.getQueryData<InfiniteData<ListItemsResponse>>(key)!.pages[0]!.items[0]!;
    const cached = () => client.getQueryData<Item>(itemKeys.detail(item.id))!;
    const { result } = renderHookWithProviders(() => useReorderImages(), { client });

    const reversed = [image(2).id, image(1).id, image(0).id];
    act(() => result.current.mutate({ current: item, imageIds: reversed }));
    await waitFor(() => expect(ids(cached())).toEqual(reversed));
    expect(listedCard().thumbnailUrl).toBe('/thumb/2');
    expect(listedCard()).not.toHaveProperty('images');
    act(() => fail());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(ids(cached())).toEqual(ids(item));
    expect(listedCard().thumbnailUrl).toBe('/thumb/0');
    // The server's order is read again: a second drag's snapshot is no longer believed.
    expect(client.getQueryState(itemKeys.detail(item.id))?.isInvalidated).toBe(true);
  });

  it('tells the seller of a failed drag even when a second drag came before its answer', async () => {
    const answers: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { imageIds: string[] };
        const isFirst = answers.length === 0;
        return new Promise<Response>((resolve) =>
          answers.push(() =>
            resolve(
              isFirst
                ? new Response('{"error":{"code":"INTERNAL","message":"x"}}', { status: 500 })
                : Response.json(withImageOrder(item, body.imageIds)),
            ),
          ),
        );
      }),
    );
    const client = createTestQueryClient();
    client.setQueryData(itemKeys.detail(item.id), item);
    const failed: string[][] = [];
    const { result } = renderHookWithProviders(() => useReorderImages({ onError: (_e, vars) => failed.push(vars.imageIds) }), {
      client,
    });
    const first = [image(1).id, image(0).id, image(2).id];
    act(() => result.current.mutate({ current: item, imageIds: first }));
    act(() => result.current.mutate({ current: item, imageIds: [image(2).id, image(0).id, image(1).id] }));
    await waitFor(() => expect(answers).toHaveLength(2));
    act(() => answers[0]!());
    await waitFor(() => expect(failed).toEqual([first]));
  });
});
