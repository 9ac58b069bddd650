import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updateItemBody } from '@shared/contracts/items';
import { publishSettingsBody } from '@shared/contracts/publish';
import { formatMoney, minorDigits, money } from '@shared/domain/money';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { readPriceInput } from '@shared/domain/price-input';
import { makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { prefillPublishForm, validatePublishForm, validateSettingsForm } from './publish-form';

const currencies = fc.constantFrom('USD', 'GBP', 'EUR', 'JPY');
/** Any amount a seller may type: 0 to a million major units, in whole minor units of the currency. */
const typedAmount = currencies.chain((currency) =>
  fc.integer({ min: 0, max: 1_000_000 * 10 ** minorDigits(currency) }).map((amountMinor) => money(amountMinor, currency)),
);

/** The texts a seller types for an amount: the field's own text, the screen's formatted amount, with a decimal comma. */
const typedTexts = (value: ReturnType<typeof money>) => {
  const plain = moneyInputText(value);
  return [plain, formatMoney(value), plain.replace('.', ',')];
};

describe('money typed in any form round-trips exactly (decision 081)', () => {
  it('the cost field: what is typed is the Money sent, accepted by the item contract, and shown back as typed', () => {
    fc.assert(
      fc.property(typedAmount, (value) => {
        for (const text of typedTexts(value)) expect(readMoneyInput(text, value.currency)).toEqual({ ok: true, value });
        const body = updateItemBody.parse(JSON.parse(JSON.stringify({ cost: value })));
        expect(body.cost).toEqual(value);
        expect(moneyInputText(body.cost!)).toBe(moneyInputText(value));
      }),
    );
  });

  it('the price of Publish Settings, the publish form and Quick Fix: typed, sent, saved and prefilled again, to the minor unit', () => {
    fc.assert(
      fc.property(
        typedAmount.filter((value) => value.amountMinor > 0),
        (value) => {
          for (const text of typedTexts(value)) expect(readPriceInput(text, value.currency)).toEqual({ ok: true, value });
          const item = makeListingItem({ currency: value.currency, listings: [makeEbayListing({ price: value })] });
          const form = { ...prefillPublishForm(item), categoryId: '11483' };
          expect(form.price).toBe(moneyInputText(value));
          const saved = validateSettingsForm(form);
          const published = validatePublishForm(form);
          expect(saved.ok && saved.body.price).toEqual(value);
          expect(published.ok && published.body.price).toEqual(value);
          expect(publishSettingsBody.parse(JSON.parse(JSON.stringify({ price: value }))).price).toEqual(value);
        },
      ),
    );
  });

  it('never rounds: one digit finer than the currency is refused, in every form', () => {
    fc.assert(
      fc.property(typedAmount, fc.integer({ min: 1, max: 9 }), (value, digit) => {
        const text = `${moneyInputText(value)}${minorDigits(value.currency) === 0 ? '.' : ''}${digit}`;
        expect(readMoneyInput(text, value.currency).ok).toBe(false);
        expect(readPriceInput(text, value.currency).ok).toBe(false);
      }),
    );
  });
});
