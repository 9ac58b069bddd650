/**
 * Profit of a sale (DESIGN §10, issue 33, decision 048): price + shipping charged − fees − shipping cost − cost.
 * Counted in cents. Unknown while the marketplace's fees are pending or the item's cost was not entered (never
 * guessed, never counted as free); a shipping cost not entered counts as nothing and is flagged.
 */
export interface ProfitInputs {
  /** The line's price (all its units) and the shipping the buyer paid. */
  price: number;
  shippingCharged: number;
  /** Null while pending. */
  fees: number | null;
  /** What the seller paid to send it; null when not entered. */
  shippingCost: number | null;
  /** What one unit cost the seller; null when not entered. */
  unitCost: number | null;
  quantity: number;
}

const cents = (value: number) => Math.round(value * 100);

/** The sale's profit, or null while its fees are pending or its cost is missing. */
export function saleProfit(sale: ProfitInputs): number | null {
  if (sale.fees === null || sale.unitCost === null) return null;
  const total =
    cents(sale.price) +
    cents(sale.shippingCharged) -
    cents(sale.fees) -
    cents(sale.shippingCost ?? 0) -
    cents(sale.unitCost) * sale.quantity;
  return total / 100;
}
