import type { PriceListBody, PriceListResponse } from '@shared/contracts/price-list';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, type Category, type QuickEditCondition } from '@shared/domain/catalog';
import { readMoneyInput } from '@shared/domain/money-input';
import { priceListLimits, typedOfCents, type PriceListCurrency } from '@shared/domain/price-list';
import { localDecimalText } from '@shared/domain/typed-decimal';

/** What the seller types on the price list screen: dollars per category, a percent per condition, as text. */
export interface PriceListDraft {
  /** The list's currency: its prices are typed and read in it. */
  currency: PriceListCurrency;
  prices: Record<Category, string>;
  percents: Record<QuickEditCondition, string>;
}

export const priceListWords = {
  title: 'Your price list',
  subtitle:
    'Your own prices, by category and condition. Where the AI gives no price and eBay has no comparables, the autopilot, bulk publish and Publish Settings use these.',
  byCategory: 'Your price by category',
  byCondition: 'Up or down by condition',
  save: 'Save my price list',
  saved: 'Your price list is saved.',
  failed: 'Could not save your price list. Please try again.',
  badPrice: (category: string) => `${category}: type a price in dollars, like 15 or 19.99`,
  badPercent: (condition: string) =>
    `${condition}: type a whole percent from ${priceListLimits.minPercent} to ${priceListLimits.maxPercent}, like -20`,
} as const;

export function draftOf(list: PriceListResponse | undefined): PriceListDraft {
  const prices = Object.fromEntries(CATEGORIES.map((c) => [c, ''])) as Record<Category, string>;
  const percents = Object.fromEntries(QUICK_EDIT_CONDITIONS.map((c) => [c, ''])) as Record<QuickEditCondition, string>;
  // "15", "19.99" ("19,99" in de-DE): as the seller types a price.
  for (const row of list?.rows ?? []) prices[row.category] = localDecimalText(typedOfCents(row.amountMinor));
  for (const a of list?.adjustments ?? []) percents[a.condition] = String(a.percent);
  return { currency: list?.currency ?? 'USD', prices, percents };
}

/** The draft as the body to save, or the first thing wrong with it in the seller's words (its field's key). */
export function bodyOf(
  draft: PriceListDraft,
  labelOf: (condition: QuickEditCondition) => string,
): { ok: true; body: PriceListBody } | { ok: false; error: string } {
  const rows: PriceListBody['rows'] = [];
  for (const category of CATEGORIES) {
    const typed = readMoneyInput(draft.prices[category], draft.currency);
    if (typed.ok && typed.value === null) continue;
    const amountMinor = typed.ok ? typed.value!.amountMinor : 0;
    if (amountMinor <= 0 || amountMinor > priceListLimits.maxAmountMinor) return { ok: false, error: priceListWords.badPrice(category) };
    rows.push({ category, amountMinor });
  }
  const adjustments: PriceListBody['adjustments'] = [];
  for (const condition of QUICK_EDIT_CONDITIONS) {
    const typed = draft.percents[condition].trim().replace(/%$/, '').replace('−', '-').replace(/^\+/, '');
    if (!typed) continue;
    const percent = /^-?\d{1,3}$/.test(typed) ? Number(typed) : NaN;
    if (!(percent >= priceListLimits.minPercent && percent <= priceListLimits.maxPercent)) {
      return { ok: false, error: priceListWords.badPercent(labelOf(condition)) };
    }
    if (percent !== 0) adjustments.push({ condition, percent });
  }
  return { ok: true, body: { currency: draft.currency, rows, adjustments } };
}
