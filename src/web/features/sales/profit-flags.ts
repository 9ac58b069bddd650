import type { FeesEstimateBasis, ProfitMonth } from '@shared/contracts/profit';

const sales = (n: number) => `${n} sale${n === 1 ? '' : 's'}`;

/**
 * What a month's profit leaves out and why, in words: fees not known (no schedule to estimate them by) and items with
 * no cost (never counted as free); and what it counts as an estimate (decision 127): fees the marketplace has not
 * charged yet, and shipping costs not entered. Empty when the month is complete.
 */
export function profitFlags(
  month: Pick<ProfitMonth, 'unknownProfit' | 'feesUnknown' | 'costMissing' | 'feesEstimated' | 'shippingCostEstimated'> &
    Partial<Pick<ProfitMonth, 'soldTwice'>>,
): string[] {
  const flags: string[] = [];
  if (month.unknownProfit > 0) {
    const why = [
      month.feesUnknown > 0 ? `${month.feesUnknown} fees not known` : null,
      month.costMissing > 0 ? `${month.costMissing} without cost` : null,
    ].filter(Boolean);
    flags.push(`Profit leaves out ${sales(month.unknownProfit)}: ${why.join(', ')}`);
  }
  if (month.soldTwice) flags.push(`Sold twice: ${sales(month.soldTwice)} of items sold on two marketplaces (cancel one of each)`);
  if (month.feesEstimated > 0) flags.push(`${sales(month.feesEstimated)} with estimated fees (the marketplace’s not in yet)`);
  if (month.shippingCostEstimated > 0)
    flags.push(`${sales(month.shippingCostEstimated)} without shipping cost: your usual one counted, else what the buyer paid (estimated)`);
  return flags;
}

/** Every sale of the month waits for its fees or its cost: its profit is not known yet, not $0.00. */
export const profitPending = (month: Pick<ProfitMonth, 'sales' | 'unknownProfit'>) => month.sales > 0 && month.unknownProfit >= month.sales;

/** Where a fees estimate comes from, in the seller's words. */
export const feesBasisWords = (basis: FeesEstimateBasis | null) => (basis === 'own-sales' ? 'your recent rate' : 'published fees');
