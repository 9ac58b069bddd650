import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { DashboardView } from './dashboard-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const a = makeListingItem({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', sku: 'PSTFSH-002' });
const b = makeListingItem({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', sku: 'PSTFSH-001' });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const failure = () => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500);

/** Answers the list and the summary; every other call (the deletes) fails. */
function stubServer(list: () => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith('/api/items/summary')) return json({ stagedCount: 2, batchCount: 2, generatingCount: 0 });
    if (url.startsWith('/api/items?')) return list();
    return failure();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDashboard() {
  renderWithProviders(<DashboardView />, { route: {} });
}

const confirm = (name: string) => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name }));

describe('DashboardView', () => {
  it('says "Failed to load products" when the list cannot be read', async () => {
    stubServer(failure);
    renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load products');
  });

  it('shows the empty state', async () => {
    stubServer(() => json({ items: [], nextCursor: null }));
    renderDashboard();
    expect(await screen.findByText('No product batches yet')).toBeTruthy();
  });

  it('says "Failed to remove product" when one product cannot be deleted, and keeps it', async () => {
    const fetchMock = stubServer(() => json({ items: [a, b], nextCursor: null }));
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete product PSTFSH-002' }));
    confirm('Delete product');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to remove product');
    expect(screen.getByRole('button', { name: 'Delete product PSTFSH-002' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/items/${a.id}` && init?.method === 'DELETE')).toBe(true);
  });

  it('two products deleted one after the other: the first kept by eBay (409) is still named when the second answers first', async () => {
    let releaseFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (releaseFirst = resolve));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/items/summary')) return json({ stagedCount: 2, batchCount: 2, generatingCount: 0 });
      if (url.startsWith('/api/items?')) return json({ items: [a, b], nextCursor: null });
      if (url === `/api/items/${a.id}` && init?.method === 'DELETE') {
        await firstAnswered;
        return json({ error: { code: 'CONFLICT', message: 'PSTFSH-002 is still live on eBay: eBay did not end it.' } }, 409);
      }
      if (url === `/api/items/${b.id}` && init?.method === 'DELETE') return json({ deletedIds: [b.id], refused: [] });
      return failure();
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete product PSTFSH-002' }));
    confirm('Delete product');
    fireEvent.click(screen.getByRole('button', { name: 'Delete product PSTFSH-001' }));
    confirm('Delete product');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/api/items/${b.id}`)).toBe(true));
    releaseFirst();
    expect((await screen.findByRole('alert')).textContent).toContain('PSTFSH-002 is still live on eBay: eBay did not end it.');
  });

  it('select mode: toggling clears the selection; a failed bulk delete says "Failed to delete selected products"', async () => {
    const fetchMock = stubServer(() => json({ items: [a, b], nextCursor: null }));
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByTestId('select-bar').textContent).toContain('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByTestId('select-bar').textContent).toContain('0 selected');
    expect((screen.getByRole('button', { name: 'Delete Selected' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    confirm('Delete Selected');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete selected products');
    const bulk = fetchMock.mock.calls.find(([url]) => url === '/api/items/delete');
    expect(JSON.parse(bulk![1]!.body as string)).toEqual({ ids: [a.id, b.id] });
  });
});
