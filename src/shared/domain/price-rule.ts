/**
 * A seller's price rule for one channel ("+10% on Poshmark"): a percent added to (or taken from) the
 * item's price, then optionally rounded to .99 or to a whole amount. Pure arithmetic in minor units.
 */
import { divideRounded, minorDigits, money, percentOff, type Money } from './money';

export const priceRoundings = ['none', 'cents99', 'whole'] as const;
export type PriceRounding = (typeof priceRoundings)[number];

export interface PriceRule {
  /** -90 to +500. */
  percent: number;
  rounding: PriceRounding;
}

export const priceRuleLimits = { minPercent: -90, maxPercent: 500 } as const;

export const noPriceRule: PriceRule = { percent: 0, rounding: 'none' };

/** The channel's price for an item priced `base`; null stays null (no price yet). Rounded once (money.ts). */
export function applyPriceRule(base: Money | null, rule: PriceRule | null | undefined): Money | null {
  if (base === null || base.amountMinor <= 0) return null;
  const { percent, rounding } = rule ?? noPriceRule;
  const priced = percentOff(base, -percent);
  const unit = 10 ** minorDigits(base.currency);
  const wholeUnits = Math.max(1, divideRounded(priced.amountMinor, unit));
  if (rounding === 'whole') return money(wholeUnits * unit, base.currency);
  if (rounding === 'cents99' && unit > 1) return money(wholeUnits * unit - 1, base.currency);
  return money(Math.max(1, priced.amountMinor), base.currency);
}

/** The rule as the seller reads it: "+10%, rounded to .99"; "Same price" for none. */
export function describePriceRule(rule: PriceRule | null | undefined): string {
  const { percent, rounding } = rule ?? noPriceRule;
  const parts = [percent === 0 ? 'Same price' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`];
  if (rounding === 'cents99') parts.push('rounded to .99');
  if (rounding === 'whole') parts.push('rounded to whole amounts');
  return parts.join(', ');
}
