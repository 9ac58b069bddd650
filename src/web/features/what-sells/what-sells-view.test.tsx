import { paced } from '@shared/testing/pace';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PastSalesFileImport, PastSalesResponse, SellerTime, WhatSellsResponse } from '@shared/contracts/what-sells';
import { renderWithProviders } from '@/test/render-with-providers';
import { WhatSellsView } from './what-sells-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const sellerTime: SellerTime = {
  parts: [
    { part: 'capture', label: 'Photographing an item', minutes: 3, estimate: 3, basis: 'A typical 3 minutes.', own: null },
    { part: 'review', label: 'Reviewing its listing', minutes: 2, estimate: 2, basis: 'A typical 2 minutes.', own: null },
    { part: 'handOver', label: 'Each hand-over to a marketplace', minutes: 4, estimate: 4, basis: 'A typical 4 minutes.', own: null },
    { part: 'shipping', label: 'Packing and posting a sale', minutes: 6, estimate: 6, basis: 'A typical 6 minutes.', own: null },
  ],
};
const group = (label: string, perHour: number | null, profitUnknown = 0) => ({
  value: label,
  label,
  currency: 'USD',
  items: 4,
  sold: 3,
  sellThrough: { within30: 0.5, within60: 0.75, within90: null },
  medianDaysToSale: 12,
  profit: usd(9000),
  profitPerItem: usd(3000),
  profitPerHour: perHour === null ? null : usd(perHour),
  profitPerDayTiedUp: usd(150),
  minutes: 44,
  profitUnknown,
  profitEstimated: 0,
});

function stub(answer: WhatSellsResponse, imported?: PastSalesResponse, progress: PastSalesFileImport[] = []) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.includes('/past-sales/files/'))
        return new Response(JSON.stringify({ import: progress.length > 1 ? progress.shift() : progress[0] }));
      if (url.endsWith('/past-sales')) return new Response(JSON.stringify(imported), { status: 200 });
      if (url.endsWith('/past-sales/imports')) return new Response(JSON.stringify({ sources: [] }), { status: 200 });
      if (url.endsWith('/seller-time')) return new Response(JSON.stringify(sellerTime), { status: 200 });
      if (url.includes('/without-cost')) return new Response(JSON.stringify({ total: 0, items: [] }), { status: 200 });
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return calls;
}

const renderView = () =>
  renderWithProviders(
    <MemoryRouter>
      <WhatSellsView />
    </MemoryRouter>,
  );

describe('What sells', () => {
  it('shows each group’s figures in words, asks by the dimension chosen, and names sold items left out for no cost', async () => {
    const calls = stub({ by: 'brand', groups: [group('Patagonia', 21261), group('Zara', null, 2)], sellerTime });
    renderView();
    const table = await screen.findByTestId('what-sells-table');
    const patagonia = within(table).getByRole('row', { name: /Patagonia/ });
    expect(patagonia.textContent).toContain('$212.61');
    expect(patagonia.textContent).toContain('50% / 75% / —');
    expect(patagonia.textContent).toContain('12 days');
    expect(within(table).getByRole('row', { name: /Zara/ }).textContent).toContain('2 sold with no cost: left out');
    fireEvent.click(screen.getByRole('button', { name: 'Source' }));
    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('?by=source'))).toBe(true));
  });

  it('a group sold the day it went live reads “within a day”, and the note says a same-day sale counts one day tied up', async () => {
    stub({ by: 'brand', groups: [{ ...group('Levi’s', 21261), medianDaysToSale: 0, profitPerDayTiedUp: usd(1349) }], sellerTime });
    renderView();
    const row = within(await screen.findByTestId('what-sells-table')).getByRole('row', { name: /Levi’s/ });
    expect(row.textContent).toContain('within a day');
    expect(row.textContent).not.toContain('0.0 days');
    expect(row.textContent).toContain('$13.49');
    const card = within(screen.getByTestId('what-sells-cards')).getByRole('listitem', { name: 'Levi’s' });
    expect(card.textContent).toContain('within a day');
    expect(screen.getByTestId('tied-up-note').textContent).toContain('A sale the day the item was bought or listed counts as one day.');
  });

  it('the seller’s minutes: empty is the estimate, a decimal comma reads, a negative is refused before it is sent', async () => {
    const calls = stub({ by: 'brand', groups: [group('Patagonia', 21261)], sellerTime });
    renderView();
    fireEvent.click(await screen.findByText('Your time per item'));
    fireEvent.change(screen.getByLabelText('Photographing an item (minutes)'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my time' }));
    expect(await screen.findByText('Minutes from 0 to 600, such as 4 or 2.5')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Photographing an item (minutes)'), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my time' }));
    await vi.waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init?.method === 'PUT')!;
    expect(JSON.parse(String(put.init!.body))).toEqual({ capture: 2.5, review: null, handOver: null, shipping: null });
  });

  it('an import with problems says nothing was imported and lists each line', async () => {
    stub(
      { by: 'brand', groups: [], sellerTime },
      { imported: 0, alreadyImported: 0, problems: [{ line: 3, message: 'Sold date: a day written as 2026-03-14.' }] },
    );
    renderView();
    expect(await screen.findByText(/Nothing listed or sold yet/)).toBeTruthy();
    const file = new File(['Sold date,Marketplace,Price\n01/05/2026,eBay,20'], 'sales.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Import past sales (CSV)'), { target: { files: [file] } });
    expect(await screen.findByText('Line 3: Sold date: a day written as 2026-03-14.')).toBeTruthy();
    expect(screen.getByText('Nothing was imported. Fix these lines and import the file again:')).toBeTruthy();
  });

  it('a long file shows its job’s progress as a bar and in words, then the result', async () => {
    const at = (done: number, status: PastSalesFileImport['status'] = 'writing'): PastSalesFileImport => ({
      id: '00000000-0000-4000-8000-000000000009',
      status,
      rows: 3000,
      done,
      imported: done,
      alreadyImported: 0,
      error: null,
    });
    stub({ by: 'brand', groups: [], sellerTime }, { imported: 0, alreadyImported: 0, problems: [], import: at(0) }, [
      at(1000),
      at(3000, 'done'),
    ]);
    renderView();
    await screen.findByText(/Nothing listed or sold yet/);
    const file = new File(['Sold date,Marketplace,Price\n2026-05-01,eBay,20'], 'sales.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Import past sales (CSV)'), { target: { files: [file] } });
    const bar = await screen.findByRole('progressbar', { name: 'Past sales import' });
    expect(bar.getAttribute('max')).toBe('3000');
    expect(await screen.findByText('Importing your sales: 1,000 of 3,000 lines…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Past sales import' }).getAttribute('value')).toBe('1000');
    expect(await screen.findByText('Imported 3000 sales.', {}, { timeout: paced(3000) })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Past sales import' })).toBeNull();
  });
});
