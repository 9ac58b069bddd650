import { z } from 'zod';
import type { PriceListBody, PriceListResponse } from '@shared/contracts/price-list';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, type Category, type QuickEditCondition } from '@shared/domain/catalog';
import { formatMoney, money } from '@shared/domain/money';
import { readMoneyInput } from '@shared/domain/money-input';
import { currencyWords, priceListLimits, typedOfCents, type PriceListCurrency, type PriceListRow } from '@shared/domain/price-list';
import { localDecimalText, readWholeNumberInput } from '@shared/domain/typed-decimal';
import { comparablesFrom } from '@shared/contracts/marketplace-registry';

/** What the seller types on the price list screen: an amount per category, a percent per condition, as text. */
export interface PriceListDraft {
  /** The list's currency, the seller's: its prices are typed and read in it. */
  currency: PriceListCurrency;
  prices: Record<Category, string>;
  percents: Record<QuickEditCondition, string>;
}

export const priceListWords = {
  title: 'Your price list',
  subtitle: `Your own prices, by category and condition. Where the AI gives no price and ${comparablesFrom.name} has no comparables, the autopilot, bulk publish and Publish Settings use these.`,
  byCategory: (currency: PriceListCurrency) => `Your price by category, in ${currencyWords(currency)}`,
  byCondition: 'Up or down by condition',
  save: 'Save my price list',
  saved: 'Your price list is saved.',
  savedExcept: 'The rest of your price list is saved; what is marked keeps what you saved before.',
  failed: 'Could not save your price list. Please try again.',
  badPrice: (category: string, currency: PriceListCurrency) =>
    `${category}: type a price in ${currencyWords(currency)}, like 15 or ${localDecimalText('19.99')} (not saved)`,
  badPercent: (condition: string) =>
    `${condition}: type a whole percent from ${priceListLimits.minPercent} to ${priceListLimits.maxPercent}, like -20 (not saved)`,
  keptTitle: (kept: string) => `Your price list is in ${currencyWords(kept)}`,
  kept: (kept: string, seller: string) =>
    `You saved it when you sold in ${currencyWords(kept)}. You now sell in ${currencyWords(seller)}: prices are never converted, so it prices nothing until you type your prices in ${currencyWords(seller)} below and save them.`,
  startFromKept: (seller: string) => `Start from these numbers, as ${currencyWords(seller)}`,
  typedInOld: (old: string, now: string) =>
    `You now sell in ${currencyWords(now)}. What you had typed in ${currencyWords(old)} was not saved, and prices are never converted: use the same numbers as ${currencyWords(now)}, or type new ones.`,
  useTypedAs: (now: string) => `Use the same numbers, as ${currencyWords(now)}`,
  typedUsed: (now: string) => `Your numbers are back in the form, as ${currencyWords(now)}: check them and save.`,
  leaveTitle: 'Leave without saving your prices?',
  leave: 'What you typed on your price list is not saved yet, and will be lost.',
  leaveConfirm: 'Leave without saving',
  stay: 'Stay',
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

export type PriceListField = `prices.${Category}` | `percents.${QuickEditCondition}`;

/** What the seller saved before: a field they typed wrongly keeps it (only that field is refused). */
export type SavedPriceList = Pick<PriceListBody, 'rows' | 'adjustments'>;

/**
 * The draft as the body to save, and each field it refuses in the seller's words. A refused field is that field only:
 * the rest is saved, and the refused one keeps what was saved for it before (`saved`, in the draft's currency).
 */
export function bodyOf(
  draft: PriceListDraft,
  labelOf: (condition: QuickEditCondition) => string,
  saved: SavedPriceList = { rows: [], adjustments: [] },
): { body: PriceListBody; problems: { field: PriceListField; error: string }[] } {
  const rows: PriceListBody['rows'] = [];
  const problems: { field: PriceListField; error: string }[] = [];
  for (const category of CATEGORIES) {
    const typed = readMoneyInput(draft.prices[category], draft.currency);
    if (typed.ok && typed.value === null) continue;
    const amountMinor = typed.ok ? typed.value!.amountMinor : 0;
    if (amountMinor <= 0 || amountMinor > priceListLimits.maxAmountMinor) {
      problems.push({ field: `prices.${category}`, error: priceListWords.badPrice(category, draft.currency) });
      rows.push(...saved.rows.filter((row) => row.category === category));
      continue;
    }
    rows.push({ category, amountMinor });
  }
  const adjustments: PriceListBody['adjustments'] = [];
  for (const condition of QUICK_EDIT_CONDITIONS) {
    const typed = readWholeNumberInput(draft.percents[condition]);
    if (typed.kind === 'empty') continue;
    const percent = typed.kind === 'whole' ? typed.value : NaN;
    if (!(percent >= priceListLimits.minPercent && percent <= priceListLimits.maxPercent)) {
      problems.push({ field: `percents.${condition}`, error: priceListWords.badPercent(labelOf(condition)) });
      adjustments.push(...saved.adjustments.filter((a) => a.condition === condition));
      continue;
    }
    if (percent !== 0) adjustments.push({ condition, percent });
  }
  return { body: { currency: draft.currency, rows, adjustments }, problems };
}

/** The form's values for react-hook-form: the draft read into the body to save and the fields it refuses. */
export function priceListSchema(currency: PriceListCurrency, labelOf: (condition: QuickEditCondition) => string, saved?: SavedPriceList) {
  return z
    .object({ prices: z.record(z.string(), z.string()), percents: z.record(z.string(), z.string()) })
    .transform((typed) => bodyOf({ currency, ...(typed as Omit<PriceListDraft, 'currency'>) }, labelOf, saved));
}
