import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysToSalePaths, type DaysToSaleResponse } from '@shared/contracts/days-to-sale';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { DaysToSaleLine, DaysToSaleLines, daysToSaleLine, daysToSaleText } from './days-to-sale-lines';

const itemId = '7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b';

function open(answer: DaysToSaleResponse | null, status = 200) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === daysToSalePaths.items
      ? Response.json(answer && { items: [answer] }, { status })
      : Response.json(null, { status: 404 }),
  );
  renderWithProviders(<DaysToSaleLines itemId={itemId} />, { client: createTestQueryClient() });
}

const ebay12 = {
  channel: 'ebay',
  medianDays: 12,
  low: 9,
  high: 18,
  basis: 'your-sales',
  scope: 'category',
  restsOn: { sales: 48, items: 70 },
  words: 'eBay: about 12 days (9 to 18), from your 48 sales of Jeans',
  from: 'from 48 sales of Jeans on eBay',
  sellsThere: true,
} as const;
const none = (channel: 'depop' | 'etsy') =>
  ({
    channel,
    medianDays: null,
    low: null,
    high: null,
    basis: 'none',
    scope: null,
    restsOn: { sales: 3, items: 9 },
    words: 'not enough',
    from: null,
    sellsThere: true,
  }) as const;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DaysToSaleLines', () => {
  it('shows each marketplace’s prediction with what it rests on, and why there is none where there is none', async () => {
    open({
      itemId,
      none: null,
      marketplaces: [
        {
          channel: 'ebay',
          medianDays: 12,
          low: 9,
          high: 18,
          basis: 'your-sales',
          scope: 'category',
          restsOn: { sales: 48, items: 70 },
          words: 'eBay: about 12 days (9 to 18), from your 48 sales of Jeans',
          from: 'from 48 sales of Jeans on eBay',
          sellsThere: true,
        },
        {
          channel: 'depop',
          medianDays: null,
          low: null,
          high: null,
          basis: 'none',
          scope: null,
          restsOn: { sales: 3, items: 9 },
          words: 'Depop: not enough of your sales to say (3 of the 8 needed); …',
          from: null,
          sellsThere: true,
        },
      ],
    });
    const ebay = await screen.findByText('eBay: about 12 days (9 to 18), from your 48 sales of Jeans');
    expect(ebay.getAttribute('data-basis')).toBe('your-sales');
    expect(screen.getByText(/^Depop: not enough of your sales to say/).getAttribute('data-basis')).toBe('none');
    expect(screen.getByRole('region', { name: daysToSaleText.heading })).toBeTruthy();
  });

  it('says why when nothing of the seller’s has been listed, and says so when the answer fails', async () => {
    open({ itemId, none: 'Nothing of yours has been listed yet, so there is no history to time a sale from.', marketplaces: [] });
    expect(await screen.findByText(/Nothing of yours has been listed yet/)).toBeTruthy();
    cleanup();
    open(null, 500);
    expect(await screen.findByText(daysToSaleText.failed)).toBeTruthy();
  });

  it('the collapsed line: the quickest marketplace with a figure, and what it rests on; nothing where none has one or nothing was listed', () => {
    const etsy25 = { ...ebay12, channel: 'etsy' as const, medianDays: 25, from: 'from 9 sales of Jeans on Etsy' };
    expect(daysToSaleLine({ itemId, none: null, marketplaces: [etsy25, ebay12, none('depop')] })).toEqual({
      line: 'Sells in ~12 days on eBay',
      from: 'from 48 sales of Jeans on eBay',
    });
    expect(daysToSaleLine({ itemId, none: null, marketplaces: [{ ...ebay12, medianDays: 0 }] })?.line).toBe('Sells within a day on eBay');
    expect(daysToSaleLine({ itemId, none: null, marketplaces: [none('depop')] })).toBeNull();
    // A marketplace the seller no longer sells on (eBay disconnected) is not named: the next one is, or nothing.
    const disconnected = { ...ebay12, sellsThere: false };
    expect(daysToSaleLine({ itemId, none: null, marketplaces: [etsy25, disconnected] })?.line).toBe('Sells in ~25 days on Etsy');
    expect(daysToSaleLine({ itemId, none: null, marketplaces: [disconnected] })).toBeNull();
    expect(daysToSaleLine({ itemId, none: 'Nothing listed', marketplaces: [] })).toBeNull();
  });

  it('many cards ask in one POST /api/days-to-sale, each showing its own line', async () => {
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
    const calls: string[][] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== daysToSalePaths.items) return Response.json(null, { status: 404 });
      const asked = (JSON.parse(String(init?.body)) as { itemIds: string[] }).itemIds;
      calls.push(asked);
      return Response.json({
        items: asked.map((id, index) => ({ itemId: id, none: null, marketplaces: [{ ...ebay12, medianDays: 10 + index }] })),
      });
    });
    renderWithProviders(
      <>
        {ids.map((id) => (
          <DaysToSaleLine key={id} itemId={id} />
        ))}
      </>,
      { client: createTestQueryClient() },
    );
    expect(await screen.findByText('Sells in ~12 days on eBay')).toBeTruthy();
    expect(screen.getAllByTestId('days-to-sale-line').map((line) => line.textContent)).toEqual([
      'Sells in ~10 days on eBay',
      'Sells in ~11 days on eBay',
      'Sells in ~12 days on eBay',
    ]);
    expect(calls).toEqual([ids]);
  });
});
