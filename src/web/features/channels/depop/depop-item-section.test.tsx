import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListingView, Item } from '@shared/contracts/items';
import { publishPaths } from '@shared/contracts/publish';
import { itemKeys } from '@/entities/items/query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { DepopItemSection } from './depop-item-section';

const itemId = '7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b';

const listing = (change: Partial<ChannelListingView>): ChannelListingView => ({
  channel: 'depop',
  status: 'live',
  price: null,
  ownPrice: false,
  priceSource: null,
  priceBasis: null,
  quantity: 1,
  url: null,
  error: null,
  change: null,
  delistTask: false,
  part: {},
  ...change,
});

/** The item as GET /api/items/:id has it (only what the section reads), and Depop's preflight reasons. */
function open(listings: ChannelListingView[], reasons: string[] = []) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) === publishPaths.preflightScores(itemId)) {
      return Response.json({ itemId, channels: [{ channel: 'depop', name: 'Depop', score: reasons.length ? 'red' : 'green', reasons }] });
    }
    return Response.json(null, { status: 404 });
  });
  const client = createTestQueryClient();
  client.setQueryData(itemKeys.detail(itemId), {
    id: itemId,
    sku: 'A-1',
    updatedAt: '2026-11-28T12:00:00.000Z',
    listings,
  } as unknown as Item);
  renderWithProviders(<DepopItemSection itemId={itemId} />, { client });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DepopItemSection', () => {
  it('links a live listing on the simulated Depop to its page there, labelled simulated', async () => {
    open([listing({ url: 'http://localhost:3000/simulated-depop/products/a-1-jacket/' })]);
    const status = await screen.findByTestId('depop-listing-status');
    expect(status.textContent).toBe('Live on Depop. See it on the simulated Depop');
    expect(within(status).getByRole('link').getAttribute('href')).toBe('http://localhost:3000/simulated-depop/products/a-1-jacket/');
    expect(screen.getByTestId('simulated-depop-label')).toBeTruthy();
  });

  it('links a real Depop listing without the simulated label', async () => {
    open([listing({ url: 'https://www.depop.com/products/a-1-jacket/' })]);
    expect((await screen.findByRole('link', { name: 'See it on Depop' })).getAttribute('href')).toBe(
      'https://www.depop.com/products/a-1-jacket/',
    );
    expect(screen.queryByTestId('simulated-depop-label')).toBeNull();
  });

  it('says why Depop refused the listing', async () => {
    open([listing({ status: 'failed', error: 'Depop needs a size for this product type.' })]);
    expect((await screen.findByTestId('depop-listing-status')).textContent).toBe('Depop refused this listing.');
    expect(screen.getByRole('alert').textContent).toBe('Depop needs a size for this product type.');
  });

  it('lists what Depop’s rules would refuse before the item is listed there', async () => {
    open([], ['Add a photo: Depop needs at least one.', 'Choose a size for Depop.']);
    expect(screen.getByTestId('depop-listing-status').textContent).toBe('Not on Depop yet.');
    const needs = await screen.findByRole('list', { name: 'What Depop needs' });
    await waitFor(() =>
      expect(
        within(needs)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Add a photo: Depop needs at least one.', 'Choose a size for Depop.']),
    );
  });
});
