import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemDetails } from '@shared/contracts/listings';
import { listingMessages } from '@shared/domain/listing';
import { makeListingItem } from '@/test/make-listing-item';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { useListingActions } from './use-listing-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const a = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const b = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Answers every call `answer` gives; the first card's waits until the test lets it go. */
function stubServer(answer: (url: string, init: RequestInit | undefined) => Response | null) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/listings/held')) return json({ held: [] });
    if (String(init?.body ?? '').includes(a) || url.includes(a)) await held;
    return answer(url, init) ?? json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, releaseFirst: release };
}

function renderActions(detailsOf: (itemIds: string[]) => ItemDetails[] = () => []) {
  const startRun = vi.fn();
  const notify = vi.fn();
  const rendered = renderHookWithProviders(() =>
    useListingActions({ startRun, notify, detailsOf, onBulkQueued: vi.fn(), onBulkDeleted: vi.fn() }),
  );
  return { ...rendered, startRun, notify };
}

describe('useListingActions: two actions before the first answers', () => {
  it('two cards’ Generate: each card spins until its own answer, and each starts its run', async () => {
    const { fetchMock, releaseFirst } = stubServer((url, init) => {
      if (url !== '/api/listings/generate') return null;
      const { itemIds } = JSON.parse(String(init?.body)) as { itemIds: string[] };
      return json({ queued: itemIds, alreadyQueued: [], held: [] });
    });
    const { result, startRun } = renderActions();
    act(() => result.current.generateOne(a));
    act(() => result.current.generateOne(b));
    expect([...result.current.singleBusy]).toEqual([a, b]);
    await waitFor(() => expect(startRun).toHaveBeenCalledWith('single', [b]));
    // The second answered first: the first card still spins, and is followed once its answer comes.
    expect([...result.current.singleBusy]).toEqual([a]);
    releaseFirst();
    await waitFor(() => expect(startRun).toHaveBeenCalledWith('single', [a]));
    expect(result.current.singleBusy.size).toBe(0);
    expect(result.current.generatingMany).toBe(false);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/listings/generate')).toHaveLength(2);
  });

  it('two listings deleted: the first, kept by eBay (409), is still named when the second answers first', async () => {
    const kept = 'PSTFSH-002 is still live on eBay: eBay did not end it.';
    const { releaseFirst } = stubServer((url, init) => {
      if (init?.method !== 'DELETE') return null;
      if (url === `/api/items/${a}/listing`) return json({ error: { code: 'CONFLICT', message: kept } }, 409);
      return json(makeListingItem({ id: b, sku: 'PSTFSH-001' }));
    });
    const { result, notify } = renderActions();
    act(() => result.current.ask({ kind: 'delete-one', itemId: a }));
    act(() => result.current.runConfirmed());
    act(() => result.current.ask({ kind: 'delete-one', itemId: b }));
    act(() => result.current.runConfirmed());
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', listingMessages.deleteOneSucceeded));
    releaseFirst();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', kept));
  });
});

describe('useListingActions: Regenerate', () => {
  it('sends the card’s category, condition and brand with it (a condition set a moment before may still be saving)', async () => {
    const { fetchMock } = stubServer((url) => (url === `/api/items/${b}/listing/regenerate` ? json({ queued: true }, 202) : null));
    const { result, startRun } = renderActions((ids) =>
      ids.map((itemId) => ({ itemId, category: 'Accessories', condition: 'good', brand: null })),
    );
    act(() => result.current.ask({ kind: 'regenerate', itemId: b }));
    act(() => result.current.runConfirmed());
    await waitFor(() => expect(startRun).toHaveBeenCalledWith('regenerate', [b]));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `/api/items/${b}/listing/regenerate`)!;
    expect(JSON.parse(String(init?.body))).toEqual({ details: { category: 'Accessories', condition: 'good', brand: null } });
  });
});
