import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agingStockRoutes, type AgingItem, type AgingStockResponse } from '@shared/contracts/aging-stock';
import { agingBandLabels, agingBands } from '@shared/domain/aging-stock';
import { renderWithProviders } from '@/test/render-with-providers';
import { AgingStockView, pastPredictionWords } from './aging-stock-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (sku: string, daysListed: number, prediction: AgingItem['prediction']): AgingItem => ({
  itemId: `${sku}-id`,
  sku,
  title: null,
  daysListed,
  askingPrice: null,
  floor: null,
  floorStatus: 'no-cost',
  listings: [],
  prediction,
});
const past = item('OLD-1', 45, {
  channel: 'poshmark',
  predictedDays: 12,
  daysListed: 45,
  past: true,
  words: 'Past its predicted 12 days on Poshmark',
});
const ahead = item('NEW-1', 40, {
  channel: 'ebay',
  predictedDays: 50,
  daysListed: 40,
  past: false,
  words: 'Predicted to sell in 50 days on eBay',
});

function open(answer: AgingStockResponse) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === agingStockRoutes.stock ? Response.json(answer) : Response.json(null, { status: 404 }),
  );
  renderWithProviders(<AgingStockView />, { route: { path: '/' } });
}

describe('AgingStockView (decision 152)', () => {
  it('shows the items past their predicted days to sale first, marked; in their band too, first; the rest unmarked', async () => {
    open({
      pastPrediction: [past],
      bands: agingBands.map((band) => ({
        band,
        label: agingBandLabels[band],
        count: band === '31-60' ? 2 : 0,
        askingValue: [],
        floorValue: [],
        noCostCount: 0,
        actionsPlanned: [],
        items: band === '31-60' ? [past, ahead] : [],
      })),
    });
    const section = await screen.findByRole('region', { name: new RegExp(pastPredictionWords.title) });
    expect(within(section).getByTestId('past-prediction').textContent).toBe('Past its predicted 12 days on Poshmark');
    fireEvent.click(within(screen.getByTestId('aging-band-31-60')).getByRole('button'));
    const rows = within(screen.getByTestId('aging-band-31-60')).getAllByTestId('aging-item');
    expect(rows.map((row) => row.textContent?.includes('OLD-1'))).toEqual([true, false]);
    expect(within(rows[1]!).queryByTestId('past-prediction')).toBeNull();
  });

  it('has no such section when nothing is past its prediction', async () => {
    open({ pastPrediction: [], bands: [] });
    await screen.findByRole('heading', { name: 'Aging stock' });
    expect(screen.queryByTestId('aging-past-prediction')).toBeNull();
  });
});
