import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemKeys } from '@/entities/items/query-keys';
import { makeListingItem } from '@/test/make-listing-item';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { EtsyListingQuestions, etsySoldWords } from './etsy-listing-questions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const itemId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const preflight = (whenMade: string | null, problems: string[], processingSwitch: { profile: string } | null = null) => ({
  itemId,
  checked: true,
  unavailable: null,
  problems: problems.map((message) => ({ field: 'aspects', message })),
  whenMade,
  taxonomy: { id: 1000, name: 'Jeans' },
  processingSwitch,
});

describe('EtsyListingQuestions', () => {
  it('asks when the item was made, saves the answer and shows what Etsy still needs', async () => {
    let answered: string | null = null;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        answered = (JSON.parse(String(init.body)) as { whenMade: string }).whenMade;
        return json({ itemId, whenMade: answered });
      }
      return json(answered ? preflight(answered, []) : preflight(null, ['Etsy asks when this item was made: answer it for Etsy.']));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<EtsyListingQuestions itemId={itemId} />, { route: {} });
    expect(await screen.findByText('Etsy asks when this item was made: answer it for Etsy.')).toBeTruthy();
    const select = screen.getByLabelText('When was it made? (for Etsy)') as HTMLSelectElement;
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: '1980s' } });
    expect(await screen.findByText('Ready for Etsy (category: Jeans).')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/items/${itemId}/listings/etsy/answers` && init?.method === 'PUT')).toBe(
      true,
    );
    expect((screen.getByLabelText('When was it made? (for Etsy)') as HTMLSelectElement).value).toBe('1980s');
    // "Made to order" is never offered: the item exists already. The eras are Etsy's 2026 ones, from the contract.
    expect(screen.queryByRole('option', { name: /order/i })).toBeNull();
    expect(screen.getByRole('option', { name: '2020 to 2026' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Before 2007' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '2020 to 2025' })).toBeNull();
  });

  it('reads Etsy’s check again when the item changes elsewhere on the screen (its price typed): no stale "Set a price"', async () => {
    let priced = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(preflight('1990s', priced ? [] : ['Set a price of at least £0.20 for Etsy.']))),
    );
    const client = createTestQueryClient();
    const item = { ...makeListingItem({ id: itemId }), images: [], updatedAt: '2026-12-02T00:00:00.000Z' };
    client.setQueryData(itemKeys.detail(itemId), item);
    renderWithProviders(<EtsyListingQuestions itemId={itemId} />, { client, route: {} });
    expect(await screen.findByText('Set a price of at least £0.20 for Etsy.')).toBeTruthy();
    priced = true;
    act(() => {
      client.setQueryData(itemKeys.detail(itemId), { ...item, updatedAt: '2026-12-02T00:00:05.000Z' });
    });
    await waitFor(() => expect(screen.queryByText('Set a price of at least £0.20 for Etsy.')).toBeNull());
    expect(screen.getByText('Ready for Etsy (category: Jeans).')).toBeTruthy();
  });

  it('asks nothing of a sold item: it will not be listed again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(preflight(null, ['Etsy asks when this item was made: answer it for Etsy.']))),
    );
    const client = createTestQueryClient();
    client.setQueryData(itemKeys.detail(itemId), { id: itemId, listings: [{ channel: 'ebay', status: 'sold' }] });
    renderWithProviders(<EtsyListingQuestions itemId={itemId} />, { route: {}, client });
    expect((await screen.findByTestId('etsy-listing-questions')).textContent).toBe(etsySoldWords);
    expect(screen.queryByLabelText('When was it made? (for Etsy)')).toBeNull();
  });

  it('says so when the answer was not saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT' ? json({ error: { code: 'NOT_FOUND', message: 'Item not found' } }, 404) : json(preflight(null, ['x'])),
      ),
    );
    renderWithProviders(<EtsyListingQuestions itemId={itemId} />, { route: {} });
    fireEvent.change(await screen.findByLabelText('When was it made? (for Etsy)'), { target: { value: '1970s' } });
    expect((await screen.findByText(/Your answer was not saved: Item not found/)).textContent).toContain('Item not found');
  });

  it('asks before switching the listing to the processing profile, and switches only on the yes', async () => {
    let switched = false;
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT' && url.endsWith('/processing-profile')) {
          puts.push(JSON.parse(String(init.body)));
          switched = true;
          return json({ itemId, switched: true });
        }
        return json(preflight('1990s', [], switched ? null : { profile: 'Ships in 1-3 days' }));
      }),
    );
    renderWithProviders(<EtsyListingQuestions itemId={itemId} />, { route: {} });
    expect(await screen.findByText(/still uses its own processing time.*\(Ships in 1-3 days\).*cannot be undone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to my processing profile…' }));
    expect(await screen.findByRole('alertdialog', { name: 'Switch this listing to your processing profile?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(puts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to my processing profile…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch for good' }));
    expect(await screen.findByText('Switched: this listing now uses your processing profile on Etsy.')).toBeTruthy();
    expect(puts).toEqual([{ confirm: true }]);
    expect(screen.queryByRole('button', { name: 'Switch to my processing profile…' })).toBeNull();
  });
});
