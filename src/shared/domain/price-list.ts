import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel, type Category, type QuickEditCondition } from './catalog';
import { formatMoney, money } from './money';

/**
 * The seller's own price list (issue 42): a price per category, and a percent per condition ("tees $15, jeans $28,
 * −20% for fair"). Used wherever no AI price and no comparables price is there. Amounts are integer minor units
 * (cents) of the list's currency; a price is rounded once.
 */
export const priceListCurrencies = ['USD'] as const;
export type PriceListCurrency = (typeof priceListCurrencies)[number];

export interface PriceListRow {
  category: Category;
  /** Cents, above 0. */
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

export const emptyPriceList: PriceList = { currency: 'USD', rows: [], adjustments: [] };

/** What the seller fills in, as placeholders only (the list itself starts empty). */
export const priceListPlaceholders: Partial<Record<Category, string>> = {
  'Mens Tops': '15',
  'Womens Tops': '15',
  'Mens Jeans': '28',
  'Womens Jeans': '28',
  'Mens Outerwear': '45',
  'Womens Outerwear': '45',
  Shoes: '35',
  Accessories: '12',
};
export const conditionPlaceholders: Partial<Record<QuickEditCondition, string>> = { fair: '-20', new_with_tags: '20' };

/** "$15.00" from 1500 cents: the one formatter (money.ts), exact, no floating point. */
export const formatMinor = (amountMinor: number, currency: PriceListCurrency = 'USD'): string => formatMoney(money(amountMinor, currency));

export interface PriceByList {
  amountMinor: number;
  currency: PriceListCurrency;
  /** In words, as the seller's own: "Your price list: Mens Tops $15.00, −20% for Fair". */
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
 * category. The condition's percent is applied once, rounded half up to the cent, never under one cent.
 */
export function priceByList(
  list: PriceList | null | undefined,
  item: { category: string | null | undefined; condition: string | null | undefined },
): PriceByList | null {
  if (!list || !item.category || !isCategory(item.category)) return null;
  const row = list.rows.find((r) => r.category === item.category);
  if (!row || !Number.isInteger(row.amountMinor) || row.amountMinor <= 0) return null;
  const condition = conditionKey(item.condition);
  const adjustment = condition ? list.adjustments.find((a) => a.condition === condition && a.percent !== 0) : undefined;
  const base = `Your price list: ${row.category} ${formatMinor(row.amountMinor, list.currency)}`;
  if (!adjustment) return { amountMinor: row.amountMinor, currency: list.currency, basis: base };
  // Integer arithmetic: amount × (100 + percent) is exact; one division, one rounding.
  const amountMinor = Math.max(1, Math.round((row.amountMinor * (100 + adjustment.percent)) / 100));
  const sign = adjustment.percent > 0 ? '+' : '−';
  const words = `${sign}${Math.abs(adjustment.percent)}% for ${conditionLabel(adjustment.condition)}`;
  return { amountMinor, currency: list.currency, basis: `${base}, ${words}` };
}

/** Cents as the seller types them back: 1500 -> "15", 1999 -> "19.99". */
export function typedOfCents(amountMinor: number): string {
  const rest = amountMinor % 100;
  return rest ? `${Math.floor(amountMinor / 100)}.${String(rest).padStart(2, '0')}` : String(amountMinor / 100);
}
