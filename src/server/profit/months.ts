import type { ProfitMonth } from '@shared/contracts/profit';
import { money } from '@shared/domain/money';
import type { SaleProfit } from '@shared/domain/profit';

/** A standing sale as the months count it: its month (YYYY-MM on the seller's clock), figures and profit (profit.ts). */
export interface CountedSale {
  month: string;
  currency: string;
  quantity: number;
  priceMinor: number;
  shippingChargedMinor: number;
  soldTwice: boolean;
  daysToSell: number | null;
  profit: SaleProfit;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The sales by month and currency, newest month first (decision 127): each sale's profit as the one function gave it,
 * summed in integer minor units; what a sale's profit left out or estimated is counted beside it.
 */
export function profitMonths(sales: readonly CountedSale[]): ProfitMonth[] {
  const months = new Map<string, { month: ProfitMonth; days: number[] }>();
  for (const sale of sales) {
    const key = `${sale.month} ${sale.currency}`;
    let entry = months.get(key);
    if (!entry) {
      const zero = money(0, sale.currency);
      entry = {
        days: [],
        month: {
          month: sale.month,
          currency: sale.currency,
          sold: 0,
          sales: 0,
          revenue: zero,
          fees: zero,
          shippingCost: zero,
          cost: zero,
          profit: zero,
          unknownProfit: 0,
          feesUnknown: 0,
          costMissing: 0,
          feesEstimated: 0,
          shippingCostEstimated: 0,
          profitEstimated: 0,
          soldTwice: 0,
          averageDaysToSell: null,
        },
      };
      months.set(key, entry);
    }
    const m = entry.month;
    const { profit } = sale;
    const add = (total: typeof m.revenue, minor: number) => money(total.amountMinor + minor, m.currency);
    m.sold += sale.quantity;
    m.sales += 1;
    m.revenue = add(m.revenue, sale.priceMinor + sale.shippingChargedMinor);
    m.fees = add(m.fees, profit.feesMinor ?? 0);
    m.shippingCost = add(m.shippingCost, profit.shippingCostMinor);
    m.cost = add(m.cost, profit.costMinor ?? 0);
    m.profit = add(m.profit, profit.profitMinor ?? 0);
    if (profit.profitMinor === null) m.unknownProfit += 1;
    if (profit.feesMinor === null) m.feesUnknown += 1;
    if (profit.costMinor === null) m.costMissing += 1;
    if (profit.feesEstimated) m.feesEstimated += 1;
    if (profit.shippingCostEstimated) m.shippingCostEstimated += 1;
    if (profit.profitEstimated) m.profitEstimated += 1;
    if (sale.soldTwice) m.soldTwice += 1;
    if (sale.daysToSell !== null) entry.days.push(sale.daysToSell);
  }
  return [...months.values()]
    .map(({ month, days }) => ({
      ...month,
      averageDaysToSell: days.length ? round(days.reduce((a, b) => a + b, 0) / days.length, 1) : null,
    }))
    .sort((a, b) => (a.month !== b.month ? (a.month < b.month ? 1 : -1) : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
