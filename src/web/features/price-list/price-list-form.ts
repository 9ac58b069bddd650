import type { PriceListBody, PriceListResponse } from '@shared/contracts/price-list';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, type Category, type QuickEditCondition } from '@shared/domain/catalog';
import { formatMoney, money } from '@shared/domain/money';
import {
  amountOfTyped,
  currencyWords,
  priceListLimits,
  typedOfAmount,
  type PriceListCurrency,
  type PriceListRow,
} from '@shared/domain/price-list';

/** What the seller types on the price list screen: an amount per category, a percent per condition, as text. */
export interface PriceListDraft {
  prices: Record<Category, string>;
  percents: Record<QuickEditCondition, string>;
}

/** "12.50" as the seller's locale writes a decimal ("12,50" in de-DE), for the examples in the messages. */
const decimalExample = (locale: string | undefined) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(12.5);

export const priceListWords = {
  title: 'Your price list',
  subtitle:
    'Your own prices, by category and condition. Where the AI gives no price and eBay has no comparables, the autopilot, bulk publish and Publish Settings use these.',
  byCategory: (currency: PriceListCurrency) => `Your price by category, in ${currencyWords(currency)}`,
  byCondition: 'Up or down by condition',
  save: 'Save my price list',
  saved: 'Your price list is saved.',
  failed: 'Could not save your price list. Please try again.',
  badPrice: (category: string, currency: PriceListCurrency, locale?: string) =>
    `${category}: type a price in ${currencyWords(currency)}, like 12 or ${decimalExample(locale)}`,
  badPercent: (condition: string) =>
    `${condition}: type a whole percent from ${priceListLimits.minPercent} to ${priceListLimits.maxPercent}, like -20`,
  keptTitle: (kept: string) => `Your price list is in ${currencyWords(kept)}`,
  kept: (kept: string, seller: string) =>
    `You saved it when you sold in ${currencyWords(kept)}. You now sell in ${currencyWords(seller)}: prices are never converted, so it prices nothing until you type your prices in ${currencyWords(seller)} below and save them.`,
  startFromKept: (seller: string) => `Start from these numbers, as ${currencyWords(seller)}`,
} as const;

/** The kept list's rows as the seller reads them: "Mens Tops $15.00", each in the list's own currency. */
export const keptRowsText = (list: Pick<PriceListResponse, 'currency' | 'rows'>): string[] =>
  list.rows.map((row) => `${row.category} ${formatMoney(money(row.amountMinor, list.currency))}`);

/** A list kept from another country: in another currency than the seller's now (decision 121). */
export const isKeptInOtherCurrency = (list: PriceListResponse | undefined): boolean =>
  Boolean(list && list.currency !== list.sellerCurrency);

function emptyDraft(): PriceListDraft {
  const prices = Object.fromEntries(CATEGORIES.map((c) => [c, ''])) as Record<Category, string>;
  const percents = Object.fromEntries(QUICK_EDIT_CONDITIONS.map((c) => [c, ''])) as Record<QuickEditCondition, string>;
  return { prices, percents };
}

/**
 * The form as the seller left it. A list in another currency than theirs starts the form empty: its numbers are
 * copied only when the seller asks (`draftFromKept`), and become their currency only when they save.
 */
export function draftOf(list: PriceListResponse | undefined): PriceListDraft {
  if (isKeptInOtherCurrency(list)) return emptyDraft();
  return draftFromKept(list);
}

/** The list's numbers and percents in the form, as typed text ("15", "19.99"). */
export function draftFromKept(
  list: { currency: PriceListCurrency; rows: PriceListRow[]; adjustments: PriceListBody['adjustments'] } | undefined,
) {
  const draft = emptyDraft();
  for (const row of list?.rows ?? []) draft.prices[row.category] = typedOfAmount(row.amountMinor, list!.currency);
  for (const a of list?.adjustments ?? []) draft.percents[a.condition] = String(a.percent);
  return draft;
}

/** The draft as the body to save in the seller's currency, or the first thing wrong with it in the seller's words. */
export function bodyOf(
  draft: PriceListDraft,
  labelOf: (condition: QuickEditCondition) => string,
  currency: PriceListCurrency,
  locale?: string,
): { ok: true; body: PriceListBody } | { ok: false; error: string } {
  const rows: PriceListBody['rows'] = [];
  for (const category of CATEGORIES) {
    const typed = draft.prices[category].trim();
    if (!typed) continue;
    const amountMinor = amountOfTyped(typed, currency);
    if (amountMinor === null || amountMinor > priceListLimits.maxAmountMinor) {
      return { ok: false, error: priceListWords.badPrice(category, currency, locale) };
    }
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
  return { ok: true, body: { currency, rows, adjustments } };
}
