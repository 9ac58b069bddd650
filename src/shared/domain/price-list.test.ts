import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORIES } from './catalog';
import { money } from './money';
import { readMoneyInput } from './money-input';
import {
  emptyPriceListIn,
  formatMinor,
  priceByList,
  priceListCurrencies,
  priceListExample,
  priceListPlaceholders,
  typedOfCents,
  type PriceList,
} from './price-list';
import { sellerCountries, sellerRegionOf } from './seller-region';
import { localDecimalText } from './typed-decimal';

const list: PriceList = {
  currency: 'USD',
  rows: [
    { category: 'Mens Tops', amountMinor: 1500 },
    { category: 'Mens Jeans', amountMinor: 2800 },
    { category: 'Womens Outerwear', amountMinor: 4500 },
  ],
  adjustments: [
    { condition: 'fair', percent: -20 },
    { condition: 'new_with_tags', percent: 15 },
  ],
};

describe('priceByList', () => {
  it("prices by the category, with the seller's list named as the basis", () => {
    expect(priceByList(list, { category: 'Mens Jeans', condition: 'good', currency: 'USD' })).toEqual({
      amountMinor: 2800,
      currency: 'USD',
      basis: 'Your price list: Mens Jeans $28.00',
    });
  });

  it("applies the condition's percent once: $15 less 20% for fair is $12.00", () => {
    expect(priceByList(list, { category: 'Mens Tops', condition: 'fair', currency: 'USD' })).toEqual({
      amountMinor: 1200,
      currency: 'USD',
      basis: 'Your price list: Mens Tops $15.00, −20% for Fair',
    });
    expect(priceByList(list, { category: 'Womens Outerwear', condition: 'New with tags', currency: 'USD' })?.amountMinor).toBe(5175);
  });

  it('answers null when the list has no price for the category, or the item has none', () => {
    expect(priceByList(list, { category: 'Shoes', condition: 'good', currency: 'USD' })).toBeNull();
    expect(priceByList(list, { category: null, condition: 'good', currency: 'USD' })).toBeNull();
    expect(priceByList(emptyPriceListIn('USD'), { category: 'Mens Tops', condition: 'good', currency: 'USD' })).toBeNull();
    expect(priceByList(null, { category: 'Mens Tops', condition: 'good', currency: 'USD' })).toBeNull();
  });

  it('is exact in cents for any amount and percent (rounded once, half up, never under a cent)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CATEGORIES),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: -90, max: 100 }),
        (category, amountMinor, percent) => {
          const priced = priceByList(
            { currency: 'USD', rows: [{ category, amountMinor }], adjustments: [{ condition: 'fair', percent }] },
            { category, condition: 'fair', currency: 'USD' },
          );
          expect(priced).not.toBeNull();
          expect(Number.isInteger(priced!.amountMinor)).toBe(true);
          const exact = (amountMinor * (100 + percent)) / 100;
          expect(Math.abs(priced!.amountMinor - exact)).toBeLessThanOrEqual(0.5 + (exact < 1 ? 1 : 0));
          expect(priced!.amountMinor).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('formats cents without floating point', () => {
    expect(formatMinor(1, 'USD')).toBe('$0.01');
    expect(formatMinor(1999, 'USD')).toBe('$19.99');
    expect(formatMinor(10_000_000, 'USD')).toBe('$100,000.00');
  });

  it("prices a UK seller's pound item from their pound list, and never from a list in another currency (decision 126)", () => {
    const pounds: PriceList = { currency: 'GBP', rows: [{ category: 'Mens Outerwear', amountMinor: 3500 }], adjustments: [] };
    expect(priceByList(pounds, { category: 'Mens Outerwear', condition: 'good', currency: 'GBP' }, 'en-GB')).toEqual({
      amountMinor: 3500,
      currency: 'GBP',
      basis: 'Your price list: Mens Outerwear £35.00',
    });
    // The US list a seller kept after moving to the UK prices nothing in pounds: its dollars are never read as pounds.
    const dollars: PriceList = { currency: 'USD', rows: [{ category: 'Mens Outerwear', amountMinor: 4500 }], adjustments: [] };
    expect(priceByList(dollars, { category: 'Mens Outerwear', condition: 'good', currency: 'GBP' })).toBeNull();
    expect(priceByList(pounds, { category: 'Mens Outerwear', condition: 'good', currency: 'EUR' })).toBeNull();
  });

  it('writes the basis in the seller\'s locale: a German seller\'s euros as "35,00 €"', () => {
    const euros: PriceList = { currency: 'EUR', rows: [{ category: 'Mens Outerwear', amountMinor: 3500 }], adjustments: [] };
    expect(priceByList(euros, { category: 'Mens Outerwear', condition: 'good', currency: 'EUR' }, 'de-DE')?.basis).toBe(
      'Your price list: Mens Outerwear 35,00\u00a0€',
    );
  });
});

describe('the price list in every seller currency', () => {
  it("takes every region's currency, and no other", () => {
    expect(new Set(priceListCurrencies)).toEqual(new Set(sellerCountries.map((c) => sellerRegionOf(c).currency)));
  });

  it("suggests amounts in the seller's currency and locale: no dollar outside the US and Canada and Australia", () => {
    expect(priceListExample('USD', 'en-US')).toBe('tees $15, jeans $28, −20% for fair');
    expect(priceListExample('GBP', 'en-GB')).toBe('tees £12, jeans £22, −20% for fair');
    expect(priceListExample('EUR', 'de-DE')).toBe('tees 14\u00a0€, jeans 25\u00a0€, −20% for fair');
    expect(priceListExample('CAD', 'en-CA')).toBe('tees $20, jeans $38, −20% for fair');
    expect(priceListExample('AUD', 'en-AU')).toBe('tees $22, jeans $40, −20% for fair');
    expect(priceListPlaceholders('GBP')['Mens Jeans']).toBe('e.g. 22');
    for (const currency of priceListCurrencies) expect(Object.keys(priceListPlaceholders(currency))).toHaveLength(8);
  });
});

describe('typedOfCents', () => {
  it('round-trips any amount in cents through what the seller sees and types back, in any locale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'ja-JP'),
        fc.constantFrom(...priceListCurrencies),
        (cents, locale, currency) => {
          const typed = localDecimalText(typedOfCents(cents), locale);
          expect(readMoneyInput(typed, currency, locale)).toEqual({ ok: true, value: money(cents, currency) });
        },
      ),
    );
  });
});
