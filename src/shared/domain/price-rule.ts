/**
 * A seller's price rule for one channel (issue 34: "+10% on Poshmark"): a percent added to (or taken from) the
 * item's price, then optionally rounded to .99 or to a whole amount. Pure arithmetic in cents.
 */
export const priceRoundings = ['none', 'cents99', 'whole'] as const;
export type PriceRounding = (typeof priceRoundings)[number];

export interface PriceRule {
  /** -90 to +500. */
  percent: number;
  rounding: PriceRounding;
}

export const priceRuleLimits = { minPercent: -90, maxPercent: 500 } as const;

export const noPriceRule: PriceRule = { percent: 0, rounding: 'none' };

/** The channel's price for an item priced `base` (dollars); null stays null (no price yet). */
export function applyPriceRule(base: number | null, rule: PriceRule | null | undefined): number | null {
  if (base === null || !Number.isFinite(base) || base <= 0) return null;
  const { percent, rounding } = rule ?? noPriceRule;
  const cents = Math.round(Math.round(base * 100) * (1 + percent / 100));
  if (rounding === 'whole') return Math.max(1, Math.round(cents / 100));
  if (rounding === 'cents99') return (Math.max(1, Math.round(cents / 100)) * 100 - 1) / 100;
  return Math.max(1, cents) / 100;
}

/** The rule as the seller reads it: "+10%, rounded to .99"; "Same price" for none. */
export function describePriceRule(rule: PriceRule | null | undefined): string {
  const { percent, rounding } = rule ?? noPriceRule;
  const parts = [percent === 0 ? 'Same price' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`];
  if (rounding === 'cents99') parts.push('rounded to .99');
  if (rounding === 'whole') parts.push('rounded to whole dollars');
  return parts.join(', ');
}
