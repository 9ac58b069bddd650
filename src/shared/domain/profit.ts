/**
 * Profit of a sale (DESIGN §10, issue 33, decision 048): price + shipping charged − fees − shipping cost − cost.
 * Counted in integer minor units of the sale's currency (decision 067). Unknown while the marketplace's fees are
 * pending or the item's cost was not entered (never guessed, never counted as free); a shipping cost not entered
 * counts as nothing and is flagged.
 */
export interface ProfitInputs {
  /** The line's price (all its units) and the shipping the buyer paid, in minor units. */
  priceMinor: number;
  shippingChargedMinor: number;
  /** Null while pending. */
  feesMinor: number | null;
  /** What the seller paid to send it; null when not entered. */
  shippingCostMinor: number | null;
  /** What one unit cost the seller; null when not entered. */
  unitCostMinor: number | null;
  quantity: number;
}

/** The sale's profit in minor units, or null while its fees are pending or its cost is missing. */
export function saleProfitMinor(sale: ProfitInputs): number | null {
  if (sale.feesMinor === null || sale.unitCostMinor === null) return null;
  return sale.priceMinor + sale.shippingChargedMinor - sale.feesMinor - (sale.shippingCostMinor ?? 0) - sale.unitCostMinor * sale.quantity;
}
