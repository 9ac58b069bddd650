import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchItemsPage } from '@/entities/items/fetchers';
import { renderWithProviders } from '@/test/render-with-providers';
import { BatchesToolbar } from './batches-toolbar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard status filter', () => {
  it('offers "Sold twice" beside Sold and chooses it', () => {
    const setStatus = vi.fn();
    const filters = { search: '', setSearch: () => {}, status: '', setStatus, channel: '', setChannel: () => {} } as const;
    renderWithProviders(<BatchesToolbar filters={filters} selecting={false} onToggleSelecting={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Status' });
    const labels = Array.from(select.querySelectorAll('option')).map((option) => option.textContent);
    expect(labels.slice(labels.indexOf('Sold'), labels.indexOf('Sold') + 2)).toEqual(['Sold', 'Sold twice']);
    fireEvent.change(select, { target: { value: 'sold_twice' } });
    expect(setStatus).toHaveBeenCalledWith('sold_twice');
  });

  it('asks the server for the items sold twice', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await fetchItemsPage('batches', '', 50, undefined, { status: 'sold_twice' });
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(new URL(url, 'http://app').searchParams.get('status')).toBe('sold_twice');
  });
});
