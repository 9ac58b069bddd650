/**
 * The one profit function (decision 127): price + shipping charged − fees − shipping cost − cost,
 * for every screen: the plan, the offer preview and the floor (`profitAt`), the item's sales, the profit view's months
 * and the CSV. Integer minor units of the sale's currency (decision 067).
 *
 * A figure not in yet is estimated, and said to be: the marketplace's fees by the channel's fee schedule (the seller's
 * own recent rate, else the published one: the profit floor's), the seller's shipping cost by their usual one (the
 * profit floor settings), else by the shipping the buyer paid (`estimatedShippingCostMinor`). Without a cost, or with
 * no fees and no schedule to estimate them, the profit is not known (never counted as free).
 */
import { feesAt, type FeeSchedule } from './fee-schedule';

/** What is known of a sale, or of a price weighed before a sale: null where a figure is not known (yet). */
export interface ProfitInputs {
  /** The line's price (all its units) and the shipping the buyer paid, in minor units. */
  priceMinor: number;
  shippingChargedMinor: number;
  /** The marketplace's fees; null while they are pending (or before a sale). */
  feesMinor: number | null;
  /** What the seller paid to send it; null when not entered (or before a sale). */
  shippingCostMinor: number | null;
  /** What one unit cost the seller; null when not entered. */
  unitCostMinor: number | null;
  quantity: number;
}

/** What stands in for a figure not known, in the sale's currency. */
export interface ProfitEstimates {
  /** The channel's fees (the floor's: the seller's own recent rate, else the published schedule); null: none known. */
  fees: FeeSchedule | null;
  /** The seller's usual shipping cost; null (none in this currency) or 0: none set (`estimatedShippingCostMinor`). */
  usualShippingMinor: number | null;
}

/**
 * The shipping cost a sale's profit counts when the seller entered none for it (decision 182): their usual one, else
 * (none set: the settings start at 0) the shipping the buyer paid. What the buyer paid for shipping pays the postage;
 * it is never profit by default. A seller whose postage really cost nothing enters 0 on the sale.
 */
export function estimatedShippingCostMinor(shippingChargedMinor: number, usualShippingMinor: number | null): number {
  return estimatedShippingCostsMinor(1, shippingChargedMinor, usualShippingMinor);
}

/** `estimatedShippingCostMinor` of `sales` sales at once (What sells' sums), their buyers having paid `shippingChargedMinor` in all. */
export function estimatedShippingCostsMinor(sales: number, shippingChargedMinor: number, usualShippingMinor: number | null): number {
  return usualShippingMinor ? sales * usualShippingMinor : shippingChargedMinor;
}

export interface SaleProfit {
  /** Null without a cost, or without fees and a schedule to estimate them. */
  profitMinor: number | null;
  /** The fees counted: the marketplace's, else the estimate; null: neither. */
  feesMinor: number | null;
  /** The fees counted are the estimate (the marketplace's are not in). */
  feesEstimated: boolean;
  /** The fees the schedule gives on what the buyer paid, beside the marketplace's; null: no schedule. */
  feesEstimateMinor: number | null;
  /** The shipping cost counted: the seller's, else their usual one, else the shipping the buyer paid. */
  shippingCostMinor: number;
  /** The shipping cost counted is not the seller's own for this sale. */
  shippingCostEstimated: boolean;
  /** The cost of the line's units; null when not entered. */
  costMinor: number | null;
  /** A known profit that counts an estimate. */
  profitEstimated: boolean;
}

/** The profit of a sale (or of a price: no fees, no shipping cost known) and which of its inputs are estimates. */
export function saleProfit(sale: ProfitInputs, estimates: ProfitEstimates): SaleProfit {
  // The marketplaces charge their percent on what the buyer paid (the floor's own rate is worked out on the same).
  const feesEstimateMinor = estimates.fees ? feesAt(estimates.fees, sale.priceMinor + sale.shippingChargedMinor) : null;
  const feesMinor = sale.feesMinor ?? feesEstimateMinor;
  const feesEstimated = sale.feesMinor === null && feesEstimateMinor !== null;
  const shippingCostEstimated = sale.shippingCostMinor === null;
  const shippingCostMinor = sale.shippingCostMinor ?? estimatedShippingCostMinor(sale.shippingChargedMinor, estimates.usualShippingMinor);
  const costMinor = sale.unitCostMinor === null ? null : sale.unitCostMinor * sale.quantity;
  const profitMinor =
    feesMinor === null || costMinor === null
      ? null
      : sale.priceMinor + sale.shippingChargedMinor - feesMinor - shippingCostMinor - costMinor;
  return {
    profitMinor,
    feesMinor,
    feesEstimated,
    feesEstimateMinor,
    shippingCostMinor,
    shippingCostEstimated,
    costMinor,
    profitEstimated: profitMinor !== null && (feesEstimated || shippingCostEstimated),
  };
}
