import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel, type Category, type QuickEditCondition } from './catalog';
import { formatMoney, formatWholeMoney, minorDigits, money } from './money';
import { sellerCurrencies, type SellerCurrency } from './seller-region';

/**
 * The seller's own price list: a price per category, and a percent per condition ("tees £12, jeans £22,
 * −20% for fair"). Used wherever no AI price and no comparables price is there. Amounts are integer minor units of
 * the list's currency, the seller's (decision 126); a price is rounded once.
 */
export const priceListCurrencies = sellerCurrencies;
export type PriceListCurrency = SellerCurrency;

export interface PriceListRow {
  category: Category;
  /** Minor units of the list's currency (pence, cents), above 0. */
  amountMinor: number;
}

export interface ConditionAdjustment {
  condition: QuickEditCondition;
  /** Whole percent, -90 to +100: −20 for fair. */
  percent: number;
}

export interface PriceList {
  currency: PriceListCurrency;
  rows: PriceListRow[];
  adjustments: ConditionAdjustment[];
}

export const priceListLimits = { minPercent: -90, maxPercent: 100, maxAmountMinor: 10_000_000 } as const;

/** A list not yet filled in, in the seller's currency. */
export const emptyPriceListIn = (currency: PriceListCurrency): PriceList => ({ currency, rows: [], adjustments: [] });

/**
 * What the seller fills in, as placeholders only (the list itself starts empty): whole amounts in the list's currency,
 * what a tee, a pair of jeans or a jacket commonly asks second-hand in that market. Not a conversion of one another.
 */
const placeholderAmounts: Record<
  PriceListCurrency,
  { tops: number; jeans: number; outerwear: number; shoes: number; accessories: number }
> = {
  USD: { tops: 15, jeans: 28, outerwear: 45, shoes: 35, accessories: 12 },
  GBP: { tops: 12, jeans: 22, outerwear: 35, shoes: 28, accessories: 10 },
  EUR: { tops: 14, jeans: 25, outerwear: 40, shoes: 30, accessories: 10 },
  CAD: { tops: 20, jeans: 38, outerwear: 60, shoes: 45, accessories: 16 },
  AUD: { tops: 22, jeans: 40, outerwear: 65, shoes: 50, accessories: 18 },
};

/** A placeholder that reads as an example, never as a value already there: "e.g. 28". */
const example = (text: string) => `e.g. ${text}`;

/** The placeholder of each category's field, an example of what the seller would type ("e.g. 12"), in the list's currency. */
export function priceListPlaceholders(currency: PriceListCurrency): Partial<Record<Category, string>> {
  const a = placeholderAmounts[currency];
  return {
    'Mens Tops': example(String(a.tops)),
    'Womens Tops': example(String(a.tops)),
    'Mens Jeans': example(String(a.jeans)),
    'Womens Jeans': example(String(a.jeans)),
    'Mens Outerwear': example(String(a.outerwear)),
    'Womens Outerwear': example(String(a.outerwear)),
    Shoes: example(String(a.shoes)),
    Accessories: example(String(a.accessories)),
  };
}
/** The condition fields' placeholders: an example on two of them, the others empty (an empty field changes nothing). */
export const conditionPlaceholders: Partial<Record<QuickEditCondition, string>> = { fair: example('-20'), new_with_tags: example('+20') };

/** "tees £12, jeans £22, −20% for fair": the list in a few words, in its currency and the seller's locale. */
export function priceListExample(currency: PriceListCurrency, locale?: string): string {
  const { tops, jeans } = placeholderAmounts[currency];
  const whole = (units: number) => formatWholeMoney(money(units * 10 ** minorDigits(currency), currency), locale);
  return `tees ${whole(tops)}, jeans ${whole(jeans)}, −20% for fair`;
}

/** "£15.00" from 1500 pence: the one formatter (money.ts), exact, no floating point. */
export const formatMinor = (amountMinor: number, currency: PriceListCurrency, locale?: string): string =>
  formatMoney(money(amountMinor, currency), locale);

export interface PriceByList {
  amountMinor: number;
  currency: PriceListCurrency;
  /** In words, as the seller's own: "Your price list: Mens Tops £15.00, −20% for Fair". */
  basis: string;
}

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);
const isCondition = (value: string): value is QuickEditCondition => (QUICK_EDIT_CONDITIONS as readonly string[]).includes(value);

/** The item's condition as the list's key: "New with tags" and new_with_tags alike. */
function conditionKey(condition: string | null | undefined): QuickEditCondition | null {
  const key = (condition ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return isCondition(key) ? key : null;
}

/**
 * The price of an item by the seller's list, with its basis in words; null when the list has no price for its
 * category, or is in another currency than the item's (a list kept from another country, decision 126: never
 * reinterpreted). The condition's percent is applied once, rounded half up to the minor unit, never under one.
 */
export function priceByList(
  list: PriceList | null | undefined,
  item: { category: string | null | undefined; condition: string | null | undefined; currency: string },
  locale?: string,
): PriceByList | null {
  if (!list || list.currency !== item.currency || !item.category || !isCategory(item.category)) return null;
  const row = list.rows.find((r) => r.category === item.category);
  if (!row || !Number.isInteger(row.amountMinor) || row.amountMinor <= 0) return null;
  const condition = conditionKey(item.condition);
  const adjustment = condition ? list.adjustments.find((a) => a.condition === condition && a.percent !== 0) : undefined;
  const base = `Your price list: ${row.category} ${formatMinor(row.amountMinor, list.currency, locale)}`;
  if (!adjustment) return { amountMinor: row.amountMinor, currency: list.currency, basis: base };
  // Integer arithmetic: amount × (100 + percent) is exact; one division, one rounding.
  const amountMinor = Math.max(1, Math.round((row.amountMinor * (100 + adjustment.percent)) / 100));
  const sign = adjustment.percent > 0 ? '+' : '−';
  const words = `${sign}${Math.abs(adjustment.percent)}% for ${conditionLabel(adjustment.condition)}`;
  return { amountMinor, currency: list.currency, basis: `${base}, ${words}` };
}

/** Cents as the seller types them back: 1500 -> "15", 1999 -> "19.99" (every seller currency has two decimals). */
export function typedOfCents(amountMinor: number): string {
  const rest = amountMinor % 100;
  return rest ? `${Math.floor(amountMinor / 100)}.${String(rest).padStart(2, '0')}` : String(amountMinor / 100);
}

/** The currency's name as the seller reads it in a sentence: "pounds (GBP)", "euros (EUR)". */
export function currencyWords(currency: string): string {
  const names: Record<string, string> = {
    USD: 'US dollars',
    GBP: 'pounds',
    EUR: 'euros',
    CAD: 'Canadian dollars',
    AUD: 'Australian dollars',
  };
  return names[currency] ? `${names[currency]} (${currency})` : currency;
}
