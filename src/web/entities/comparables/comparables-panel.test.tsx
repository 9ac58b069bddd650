import { money } from '@shared/domain/money';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noOwnSales, type ComparablesResponse } from '@shared/contracts/comparables';
import { renderWithProviders } from '@/test/render-with-providers';
import { ComparablesDisclosure, ComparablesPanel, comparablesHeadline } from './comparables-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usd = (amountMinor: number) => money(amountMinor, 'USD');
const itemId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const answer = (rest: Partial<ComparablesResponse> = {}): ComparablesResponse => ({
  itemId,
  query: { keywords: "Levi's Jeans 32", categoryId: '11483', condition: 'Pre-owned – Good', size: '32', byImage: true },
  count: 14,
  median: usd(3200),
  low: usd(1800),
  high: usd(5500),
  currency: 'USD',
  nearest: [3000, 3100, 3200, 3300, 3500].map((total, i) => ({
    title: `Levi's 501 jeans #${i + 1}`,
    url: `https://www.ebay.com/itm/${i + 1}`,
    imageUrl: `https://i.ebayimg.com/${i + 1}.jpg`,
    price: usd(total - (i % 2 ? 599 : 0)),
    shipping: usd(i % 2 ? 599 : 0),
    total: usd(total),
    currency: 'USD',
    condition: 'Pre-owned - Good',
    foundBy: i === 0 ? 'both' : 'keywords',
  })),
  basis: 'Median of 14 active eBay listings: Jeans, Pre-owned – Good, size 32. Asking prices with shipping, not sold prices.',
  noBasis: null,
  fetchedAt: '2026-11-25T20:00:00.000Z',
  simulated: false,
  marketplaceId: 'EBAY_US',
  ownSales: noOwnSales('USD', 'You have no sales of Mens Jeans in USD yet.'),
  ...rest,
});

function serve(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the comparables panel', () => {
  it('sums up count, median and range in a line', () => {
    expect(comparablesHeadline({ count: 14, median: usd(3200), low: usd(1800), high: usd(5500) })).toBe(
      '14 comparables · median $32.00 · $18.00–$55.00',
    );
    expect(comparablesHeadline({ count: 1, median: usd(2000), low: usd(2000), high: usd(2000) })).toBe('1 comparable · median $20.00');
  });

  it('shows the 5 nearest, each opening eBay in a new tab, and the basis', async () => {
    serve(answer());
    renderWithProviders(<ComparablesPanel itemId={itemId} itemUpdatedAt="1" />);
    expect((await screen.findByTestId('comparables-headline')).textContent).toBe('14 comparables · median $32.00 · $18.00–$55.00');
    const links = within(screen.getByRole('list', { name: 'The 5 nearest' })).getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links[0]!.getAttribute('href')).toBe('https://www.ebay.com/itm/1');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]!.textContent).toContain('photo match');
    expect(links[1]!.textContent).toContain('$25.01 + $5.99 shipping');
    expect(screen.getByTestId('comparables-basis').textContent).toMatch(/^Median of 14 active eBay listings/);
  });

  it('shows the seller’s own sales beside the active listings, labelled “Your sales”, each with its day and channel', async () => {
    const gbp = (amountMinor: number) => money(amountMinor, 'GBP');
    const sale = (total: number, shipping: number, soldAt: string) => ({
      title: `Boden jumper ${total}`,
      sku: null,
      price: gbp(total - shipping),
      shipping: gbp(shipping),
      total: gbp(total),
      soldAt,
      fees: shipping ? gbp(310) : null,
      channel: 'eBay',
    });
    serve(
      answer({
        currency: 'GBP',
        marketplaceId: 'EBAY_GB',
        ownSales: {
          count: 2,
          median: gbp(2150),
          low: gbp(1800),
          high: gbp(2500),
          currency: 'GBP',
          sales: [sale(2500, 300, '2026-10-02T12:00:00.000Z'), sale(1800, 0, '2026-09-14T12:00:00.000Z')],
          basis: 'Median of your 2 sales of Womens Tops. Sold prices with the shipping the buyer paid, from your sales history.',
          none: null,
        },
      }),
    );
    renderWithProviders(<ComparablesPanel itemId={itemId} itemUpdatedAt="1" />);
    const own = await screen.findByRole('region', { name: 'Your sales' });
    expect(within(own).getByTestId('own-sales-headline').textContent).toBe('2 sales · median £21.50 · £18.00–£25.00');
    expect(
      within(own)
        .getAllByTestId('own-sale-total')
        .map((e) => e.textContent),
    ).toEqual(['£25.00', '£18.00']);
    expect(within(own).getAllByTestId('own-sale')[0]!.textContent).toContain(
      'Sold Oct 2, 2026 on eBay · £22.00 + £3.00 shipping · £3.10 fees',
    );
    expect(within(own).getByTestId('own-sales-basis').textContent).toMatch(/^Median of your 2 sales/);
    // The active listings stay apart, in their own region.
    expect(within(screen.getByRole('region', { name: 'Active listings' })).getByTestId('comparables-headline')).toBeTruthy();
  });

  it('says when the seller has no sales like it yet', async () => {
    serve(answer());
    renderWithProviders(<ComparablesPanel itemId={itemId} itemUpdatedAt="1" />);
    expect((await screen.findByTestId('own-sales-none')).textContent).toBe('You have no sales of Mens Jeans in USD yet.');
  });

  it('says why there is no basis, with no number', async () => {
    serve(
      answer({
        count: 0,
        median: null,
        low: null,
        high: null,
        nearest: [],
        basis: null,
        noBasis: 'Comparables need eBay keys on this server.',
      }),
    );
    renderWithProviders(<ComparablesPanel itemId={itemId} itemUpdatedAt="1" />);
    expect((await screen.findByTestId('comparables-no-basis')).textContent).toBe('Comparables need eBay keys on this server.');
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('says when the comparables could not be loaded, and asks again on Try again', async () => {
    const fetchMock = serve({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500);
    renderWithProviders(<ComparablesPanel itemId={itemId} itemUpdatedAt="1" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Comparables could not be loaded: Something went wrong on our side.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('asks nothing until the disclosure is opened', async () => {
    const fetchMock = serve(answer());
    renderWithProviders(<ComparablesDisclosure itemId={itemId} itemUpdatedAt="1" />);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Comparables on eBay' }));
    expect(await screen.findByTestId('comparables-headline')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/items/${itemId}/comparables`, expect.anything());
  });
});
