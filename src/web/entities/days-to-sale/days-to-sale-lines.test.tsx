import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysToSalePaths, type DaysToSaleResponse } from '@shared/contracts/days-to-sale';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { DaysToSaleLines, daysToSaleText } from './days-to-sale-lines';

const itemId = '7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b';

function open(answer: DaysToSaleResponse | null, status = 200) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === daysToSalePaths.item(itemId) ? Response.json(answer, { status }) : Response.json(null, { status: 404 }),
  );
  renderWithProviders(<DaysToSaleLines itemId={itemId} />, { client: createTestQueryClient() });
}

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
});
