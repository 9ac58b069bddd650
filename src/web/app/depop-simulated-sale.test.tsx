import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListingView, ListedItem } from '@shared/contracts/items';
import { simulatedSaleOffers } from '@/features/channels/registry';
import { canSimulateSale, SimulateSaleButton } from '@/features/dashboard/simulate-sale-button';
import { renderWithProviders } from '@/test/render-with-providers';

const itemId = '7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b';
const depopOffer = simulatedSaleOffers.find((offer) => offer.channel === 'depop')!;

const itemLiveAt = (url: string, status: ChannelListingView['status'] = 'live') =>
  ({
    id: itemId,
    sku: 'A-1',
    listings: [{ channel: 'depop', status, url }],
  }) as unknown as ListedItem;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Simulate a sale on Depop (the dashboard card, from the web channel registry)', () => {
  it('is offered only for an item live on the simulated Depop', () => {
    expect(depopOffer.words.cardAction).toBe('Simulate a sale on Depop');
    expect(canSimulateSale(itemLiveAt('http://localhost:3000/simulated-depop/products/a-1/'), depopOffer)).toBe(true);
    expect(canSimulateSale(itemLiveAt('https://www.depop.com/products/a-1/'), depopOffer)).toBe(false);
    expect(canSimulateSale(itemLiveAt('http://localhost:3000/simulated-depop/products/a-1/', 'ended'), depopOffer)).toBe(false);
  });

  it('posts the simulated Depop sale for the item and says it sold', async () => {
    const posts: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      posts.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return Response.json({ newSales: 1, soldItemIds: [itemId], takenBackItemIds: [], checkedAt: '2026-11-28T12:00:00.000Z' });
    });
    renderWithProviders(<SimulateSaleButton item={itemLiveAt('http://localhost:3000/simulated-depop/products/a-1/')} offer={depopOffer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate a sale on Depop: A-1' }));
    expect(await screen.findByText('A-1 sold on the simulated Depop.')).toBeTruthy();
    await waitFor(() => expect(posts).toContain(`POST /api/items/${itemId}/simulated-depop-sale`));
  });
});
