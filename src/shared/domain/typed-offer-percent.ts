import { MAX_OFFER_PERCENT, MIN_OFFER_PERCENT } from './offer-price';
import { readWholeNumberInput } from './typed-decimal';

/**
 * An offer rule's percent off as the seller types it, in their locale ("15", "15 %"): the whole number, else NaN
 * ("12,5", "abc"), which no rule takes.
 */
export function typedOfferPercent(typed: string, locale?: string): number {
  const read = readWholeNumberInput(typed, locale);
  return read.kind === 'whole' ? read.value : NaN;
}

/** The percent a rule's sentence repeats: only one the rule takes, else "X" (never "12,5% off" the form refuses). */
export function offerPercentShown(typed: string, locale?: string): string {
  const percent = typedOfferPercent(typed, locale);
  return percent >= MIN_OFFER_PERCENT && percent <= MAX_OFFER_PERCENT ? String(percent) : 'X';
}
