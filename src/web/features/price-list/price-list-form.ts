import { z } from 'zod';
import type { PriceListBody, PriceListResponse } from '@shared/contracts/price-list';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, type Category, type QuickEditCondition } from '@shared/domain/catalog';
import { formatMoney, money } from '@shared/domain/money';
import { readMoneyInput } from '@shared/domain/money-input';
import { currencyWords, priceListLimits, typedOfCents, type PriceListCurrency, type PriceListRow } from '@shared/domain/price-list';
import { localDecimalText } from '@shared/domain/typed-decimal';

/** What the seller types on the price list screen: an amount per category, a percent per condition, as text. */
export interface PriceListDraft {
  /** The list's currency, the seller's: its prices are typed and read in it. */
  currency: PriceListCurrency;
  prices: Record<Category, string>;
  percents: Record<QuickEditCondition, string>;
}

export const priceListWords = {
  title: 'Your price list',
  subtitle:
    'Your own prices, by category and condition. Where the AI gives no price and eBay has no comparables, the autopilot, bulk publish and Publish Settings use these.',
  byCategory: (currency: PriceListCurrency) => `Your price by category, in ${currencyWords(currency)}`,
  byCondition: 'Up or down by condition',
  save: 'Save my price list',
  saved: 'Your price list is saved.',
  failed: 'Could not save your price list. Please try again.',
  badPrice: (category: string, currency: PriceListCurrency) =>
    `${category}: type a price in ${currencyWords(currency)}, like 15 or ${localDecimalText('19.99')}`,
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

/** A list kept from another country: in another currency than the seller's now (decision 126). */
export const isKeptInOtherCurrency = (list: PriceListResponse | undefined): boolean =>
  Boolean(list && list.currency !== list.sellerCurrency);

function emptyDraft(currency: PriceListCurrency): PriceListDraft {
  const prices = Object.fromEntries(CATEGORIES.map((c) => [c, ''])) as Record<Category, string>;
  const percents = Object.fromEntries(QUICK_EDIT_CONDITIONS.map((c) => [c, ''])) as Record<QuickEditCondition, string>;
  return { currency, prices, percents };
}

/**
 * The form as the seller left it, in their currency. A list in another currency starts the form empty: its numbers
 * are copied only when the seller asks (`draftFromKept`), and become their currency only when they save.
 */
export function draftOf(list: PriceListResponse | undefined): PriceListDraft {
  const currency = list?.sellerCurrency ?? 'USD';
  if (!list || isKeptInOtherCurrency(list)) return emptyDraft(currency);
  return draftFromKept(list, currency);
}

/** The list's numbers and percents in the form, as typed text ("15", "19.99"; "19,99" in de-DE), in `currency`. */
export function draftFromKept(
  list: { rows: PriceListRow[]; adjustments: PriceListBody['adjustments'] },
  currency: PriceListCurrency,
): PriceListDraft {
  const draft = emptyDraft(currency);
  for (const row of list.rows) draft.prices[row.category] = localDecimalText(typedOfCents(row.amountMinor));
  for (const a of list.adjustments) draft.percents[a.condition] = String(a.percent);
  return draft;
}

/** The draft as the body to save, or the first thing wrong with it in the seller's words, with its field's name. */
export function bodyOf(
  draft: PriceListDraft,
  labelOf: (condition: QuickEditCondition) => string,
): { ok: true; body: PriceListBody } | { ok: false; error: string; field: `prices.${Category}` | `percents.${QuickEditCondition}` } {
  const rows: PriceListBody['rows'] = [];
  for (const category of CATEGORIES) {
    const typed = readMoneyInput(draft.prices[category], draft.currency);
    if (typed.ok && typed.value === null) continue;
    const amountMinor = typed.ok ? typed.value!.amountMinor : 0;
    if (amountMinor <= 0 || amountMinor > priceListLimits.maxAmountMinor) {
      return { ok: false, error: priceListWords.badPrice(category, draft.currency), field: `prices.${category}` };
    }
    rows.push({ category, amountMinor });
  }
  const adjustments: PriceListBody['adjustments'] = [];
  for (const condition of QUICK_EDIT_CONDITIONS) {
    const typed = draft.percents[condition].trim().replace(/%$/, '').replace('−', '-').replace(/^\+/, '');
    if (!typed) continue;
    const percent = /^-?\d{1,3}$/.test(typed) ? Number(typed) : NaN;
    if (!(percent >= priceListLimits.minPercent && percent <= priceListLimits.maxPercent)) {
      return { ok: false, error: priceListWords.badPercent(labelOf(condition)), field: `percents.${condition}` };
    }
    if (percent !== 0) adjustments.push({ condition, percent });
  }
  return { ok: true, body: { currency: draft.currency, rows, adjustments } };
}

/** The form's check for react-hook-form: the draft read into the body to save, or its first problem on its field. */
export function priceListSchema(currency: PriceListCurrency, labelOf: (condition: QuickEditCondition) => string) {
  return z.object({ prices: z.record(z.string(), z.string()), percents: z.record(z.string(), z.string()) }).transform((typed, ctx) => {
    const checked = bodyOf({ currency, ...(typed as Omit<PriceListDraft, 'currency'>) }, labelOf);
    if (checked.ok) return checked.body;
    ctx.addIssue({ code: 'custom', path: checked.field.split('.'), message: checked.error });
    return z.NEVER;
  });
}
