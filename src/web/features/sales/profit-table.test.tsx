import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfitMonth } from '@shared/contracts/profit';
import { money } from '@shared/domain/money';
import { ProfitTable } from './profit-table';

afterEach(cleanup);

const month = (over: Partial<ProfitMonth>): ProfitMonth => ({
  month: '2026-11',
  currency: 'USD',
  sold: 1,
  sales: 1,
  revenue: money(4500),
  fees: money(0),
  shippingCost: money(0),
  cost: money(1000),
  profit: money(0),
  unknownProfit: 0,
  feesUnknown: 0,
  costMissing: 0,
  feesEstimated: 0,
  shippingCostEstimated: 0,
  profitEstimated: 0,
  soldTwice: 0,
  averageDaysToSell: null,
  ...over,
});

describe('ProfitTable', () => {
  it('says "pending" for a month whose every sale waits for its fees, never a green $0.00', () => {
    render(<ProfitTable months={[month({ unknownProfit: 1, feesUnknown: 1 })]} />);
    for (const scope of [screen.getByTestId('profit-row'), screen.getByTestId('profit-card')]) {
      const profit = within(scope).getByTestId('month-profit');
      expect(profit.textContent).toBe('pending');
      expect(profit.className).not.toContain('emerald');
    }
  });

  it('shows a known profit in money', () => {
    render(<ProfitTable months={[month({ profit: money(3500) })]} />);
    expect(within(screen.getByTestId('profit-card')).getByTestId('month-profit').textContent).toBe('$35.00');
  });
});
