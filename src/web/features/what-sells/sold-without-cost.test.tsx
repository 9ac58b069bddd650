import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Bundle } from '@shared/contracts/bundles';
import type { SoldWithoutCostItem, SoldWithoutCostResponse } from '@shared/contracts/what-sells';
import { makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { SoldWithoutCost } from './sold-without-cost';

const ids = ['a1111111-1111-4111-8111-111111111111', 'b2222222-2222-4222-8222-222222222222', 'c3333333-3333-4333-8333-333333333333'];
const sold = (index: number, patch: Partial<SoldWithoutCostItem> = {}): SoldWithoutCostItem => ({
  id: ids[index]!,
  sku: `PAST-${index + 1}`,
  title: ['Barbour wax jacket', 'Levi’s 501 jeans', 'Silk scarf'][index]!,
  channel: 'ebay',
  soldAt: '2026-11-03T12:00:00.000Z',
  price: { amountMinor: 2500, currency: 'USD' },
  brand: 'Barbour',
  category: 'Jackets',
  source: null,
  ...patch,
});

interface Call {
  url: string;
  method: string;
  body?: unknown;
}

/** The server: the list (fewer items after a save), the remembered sources, and the answer to a save. */
function stub(items: SoldWithoutCostItem[], save: { status: number; body: unknown } = { status: 200, body: {} }) {
  const calls: Call[] = [];
  let saved = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url === '/api/sources') return json(200, { sources: ['Car boot sale', 'Goodwill'] });
      if (url.startsWith('/api/what-sells/without-cost')) {
        const left = saved ? [] : items;
        return json(200, { total: left.length, items: left } satisfies SoldWithoutCostResponse);
      }
      if (save.status === 200) saved = true;
      return json(save.status, save.body);
    }),
  );
  return calls;
}

const bundleOf = (itemIds: string[]): Bundle => ({
  id: 'd4444444-4444-4444-8444-444444444444',
  cost: { amountMinor: 3000, currency: 'USD' },
  split: 'expected-price',
  source: 'Car boot sale',
  createdAt: '2026-11-29T00:00:00.000Z',
  items: itemIds.map((itemId) => ({ itemId, share: { amountMinor: 1500, currency: 'USD' } })),
});
const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('Sold with no cost', () => {
  it('lists each sale; two selected, a total of $30 split by price sold is sent as a bundle with its source', async () => {
    const calls = stub([sold(0), sold(1, { brand: null, category: 'Jeans', price: { amountMinor: 4500, currency: 'USD' } })], {
      status: 200,
      body: bundleOf(ids.slice(0, 2)),
    });
    renderWithProviders(<SoldWithoutCost />);
    const panel = await screen.findByRole('region', { name: /Sold with no cost/ });
    expect(within(panel).getByTestId('sold-without-cost-count').textContent).toContain('2');
    expect(within(panel).getByText('Their profit is left out until you say what you paid.')).toBeTruthy();
    expect(within(panel).getByText('Sold on eBay for $25.00 on Nov 3, 2026')).toBeTruthy();
    expect(within(panel).getByText('Barbour · Jackets')).toBeTruthy();
    expect(within(panel).getByText('Jeans')).toBeTruthy();
    expect(screen.queryByLabelText('What you paid')).toBeNull();

    fireEvent.click(screen.getByLabelText('Select PAST-1'));
    fireEvent.click(screen.getByLabelText('Select PAST-2'));
    fireEvent.change(screen.getByLabelText('What you paid'), { target: { value: '30' } });
    expect(screen.getByLabelText('By price sold')).toHaveProperty('checked', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Car boot sale' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save cost of 2 items' }));

    expect(await screen.findByText('Saved: 2 items now count in your profit')).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        url: '/api/bundles',
        method: 'POST',
        body: { cost: { amountMinor: 3000, currency: 'USD' }, split: 'expected-price', source: 'Car boot sale', itemIds: ids.slice(0, 2) },
      },
    ]);
    // The list is read again: every item now has its cost, so the panel goes.
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /Sold with no cost/ })).toBeNull());
  });

  it('one item: its own cost and a source typed under Other…, sent as the item’s cost', async () => {
    const calls = stub([sold(0), sold(1)], { status: 200, body: { ...makeListingItem({ id: ids[1] }), images: [] } });
    renderWithProviders(<SoldWithoutCost />);
    fireEvent.click(await screen.findByLabelText('Select PAST-2'));
    expect(screen.getByText('For PAST-2 alone.')).toBeTruthy();
    expect(screen.queryByLabelText('By price sold')).toBeNull();
    fireEvent.change(screen.getByLabelText('What you paid'), { target: { value: '4.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Other…' }));
    fireEvent.change(screen.getByLabelText('Where you bought them'), { target: { value: ' Estate sale ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cost' }));

    expect(await screen.findByText('Saved: 1 item now counts in your profit')).toBeTruthy();
    expect(saves(calls)).toEqual([
      { url: `/api/items/${ids[1]}`, method: 'PATCH', body: { cost: { amountMinor: 450, currency: 'USD' }, source: 'Estate sale' } },
    ]);
  });

  it('refuses items sold in different currencies before anything is sent', async () => {
    const calls = stub([sold(0), sold(2, { price: { amountMinor: 1800, currency: 'GBP' } })]);
    renderWithProviders(<SoldWithoutCost />);
    fireEvent.click(await screen.findByLabelText('Select all shown'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What you paid'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cost of 2 items' }));
    expect(
      await screen.findByText('These were sold in different currencies: select items of one currency to split a cost over them.'),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('says the server’s reason when a save fails and keeps what was typed', async () => {
    const message = 'This amount must be in USD, the currency it is counted in.';
    stub([sold(0), sold(1)], { status: 400, body: { error: { code: 'BAD_REQUEST', message } } });
    renderWithProviders(<SoldWithoutCost />);
    fireEvent.click(await screen.findByLabelText('Select PAST-1'));
    fireEvent.click(screen.getByLabelText('Select PAST-2'));
    fireEvent.change(screen.getByLabelText('What you paid'), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('Equally'));
    fireEvent.click(screen.getByRole('button', { name: 'Save cost of 2 items' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('What you paid')).toHaveProperty('value', '30');
    expect(screen.getByLabelText('Equally')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Select PAST-1')).toHaveProperty('checked', true);
  });

  it('shows 50 at a time; Show more asks for the next ones after those shown', async () => {
    const many = Array.from({ length: 51 }, (_, i) =>
      sold(0, { id: `e${String(i).padStart(7, '0')}-1111-4111-8111-111111111111`, sku: `MANY-${i + 1}` }),
    );
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
        return new Response(JSON.stringify({ total: 51, items: many.slice(offset, offset + 50) }), { status: 200 });
      }),
    );
    renderWithProviders(<SoldWithoutCost />);
    expect(await screen.findAllByTestId('sold-without-cost-item')).toHaveLength(50);
    expect(screen.getAllByText('Showing 50 of 51')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByLabelText('Select MANY-51')).toBeTruthy();
    expect(asked).toEqual(['/api/what-sells/without-cost?limit=50&offset=0', '/api/what-sells/without-cost?limit=50&offset=50']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
