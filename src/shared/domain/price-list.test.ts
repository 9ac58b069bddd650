import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORIES } from './catalog';
import { money } from './money';
import { readMoneyInput } from './money-input';
import { emptyPriceList, formatMinor, priceByList, typedOfCents, type PriceList } from './price-list';
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
    expect(priceByList(list, { category: 'Mens Jeans', condition: 'good' })).toEqual({
      amountMinor: 2800,
      currency: 'USD',
      basis: 'Your price list: Mens Jeans $28.00',
    });
  });

  it("applies the condition's percent once: $15 less 20% for fair is $12.00", () => {
    expect(priceByList(list, { category: 'Mens Tops', condition: 'fair' })).toEqual({
      amountMinor: 1200,
      currency: 'USD',
      basis: 'Your price list: Mens Tops $15.00, −20% for Fair',
    });
    expect(priceByList(list, { category: 'Womens Outerwear', condition: 'New with tags' })?.amountMinor).toBe(5175);
  });

  it('answers null when the list has no price for the category, or the item has none', () => {
    expect(priceByList(list, { category: 'Shoes', condition: 'good' })).toBeNull();
    expect(priceByList(list, { category: null, condition: 'good' })).toBeNull();
    expect(priceByList(emptyPriceList, { category: 'Mens Tops', condition: 'good' })).toBeNull();
    expect(priceByList(null, { category: 'Mens Tops', condition: 'good' })).toBeNull();
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
            { category, condition: 'fair' },
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
    expect(formatMinor(1)).toBe('$0.01');
    expect(formatMinor(1999)).toBe('$19.99');
    expect(formatMinor(10_000_000)).toBe('$100,000.00');
  });
});

describe('typedOfCents', () => {
  it('round-trips any amount in cents through what the seller sees and types back, in any locale (issue 55)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'ja-JP'), (cents, locale) => {
        expect(readMoneyInput(localDecimalText(typedOfCents(cents), locale), 'USD', locale)).toEqual({ ok: true, value: money(cents) });
      }),
    );
  });
});
