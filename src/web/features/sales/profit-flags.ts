import type { ProfitMonth } from '@shared/contracts/profit';

const sales = (n: number) => `${n} sale${n === 1 ? '' : 's'}`;

/**
 * What a month's profit leaves out and why, in words: fees pending (never guessed) and items with no cost (never
 * counted as free); shipping costs not entered count as nothing. Empty when the month is complete.
 */
export function profitFlags(
  month: Pick<ProfitMonth, 'unknownProfit' | 'feesPending' | 'costMissing' | 'shippingCostMissing'> &
    Partial<Pick<ProfitMonth, 'soldTwice'>>,
): string[] {
  const flags: string[] = [];
  if (month.unknownProfit > 0) {
    const why = [
      month.feesPending > 0 ? `${month.feesPending} fees pending` : null,
      month.costMissing > 0 ? `${month.costMissing} without cost` : null,
    ].filter(Boolean);
    flags.push(`Profit leaves out ${sales(month.unknownProfit)}: ${why.join(', ')}`);
  }
  if (month.soldTwice) flags.push(`Sold twice: ${sales(month.soldTwice)} of items sold on two marketplaces (cancel one of each)`);
  if (month.shippingCostMissing > 0) flags.push(`${sales(month.shippingCostMissing)} without shipping cost (counted as none)`);
  return flags;
}

/** Every sale of the month waits for its fees or its cost: its profit is not known yet, not $0.00. */
export const profitPending = (month: Pick<ProfitMonth, 'sales' | 'unknownProfit'>) => month.sales > 0 && month.unknownProfit >= month.sales;
