import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EtsyListingQuestions } from './etsy-listing-questions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const itemId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const preflight = (whenMade: string | null, problems: string[]) => ({
  itemId,
  checked: true,
  unavailable: null,
  problems: problems.map((message) => ({ field: 'aspects', message })),
  whenMade,
  taxonomy: { id: 1000, name: 'Jeans' },
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
    // "Made to order" is never offered: the item exists already.
    expect(screen.queryByRole('option', { name: /order/i })).toBeNull();
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
});
