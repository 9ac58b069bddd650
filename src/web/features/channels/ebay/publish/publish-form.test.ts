import { describe, expect, it } from 'vitest';
import { publishMessages } from '@shared/contracts/publish';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { canPublishDirectly, prefillPublishForm, quantityMessage, validatePublishForm, type PublishFormValues } from './publish-form';

const filled: PublishFormValues = {
  price: '24.99',
  currency: 'USD',
  quantity: '2',
  condition: 'good',
  categoryId: ' 11483 ',
  sizeType: 'Regular',
  size: '32',
  brand: " Levi's ",
  color: '',
  style: 'Straight',
  itemSpecifics: { Pattern: 'Solid', Season: ' ' },
};

/** The item's eBay listing as a draft naming only eBay's category and condition (no Publish Settings saved). */
const ebayDraft = (part: Record<string, unknown>) => makeChannelListing({ channel: 'ebay', part });

describe('validatePublishForm', () => {
  it('needs a price and a category id, with the agreed one message', () => {
    for (const values of [
      { ...filled, price: '' },
      { ...filled, price: '0' },
      { ...filled, price: 'abc' },
      { ...filled, categoryId: '  ' },
      { ...filled, price: '', categoryId: '' },
    ]) {
      expect(validatePublishForm(values)).toEqual({ ok: false, error: publishMessages.missingRequired });
    }
    expect(publishMessages.missingRequired).toBe('Missing required fields. Price and Category are required.');
  });

  it('needs a whole quantity of at least 1', () => {
    for (const quantity of ['0', '-1', '1.5', ''])
      expect(validatePublishForm({ ...filled, quantity })).toEqual({ ok: false, error: quantityMessage });
  });

  it('refuses a price with more than 2 decimals by the price field, never rounding it', () => {
    for (const price of ['24.999', '0.001', String(1 / 3)])
      expect(validatePublishForm({ ...filled, price })).toEqual({ ok: false, error: 'Price can have at most 2 decimals', field: 'price' });
  });

  it('reads a price typed with its sign or a decimal comma exactly, and a yen price in whole yen', () => {
    for (const [price, amountMinor] of [
      ['$12.30', 1230],
      ['12,3', 1230],
      ['0.07', 7],
      ['1,234.56', 123456],
    ] as const) {
      expect(validatePublishForm({ ...filled, price })).toMatchObject({ ok: true, body: { price: money(amountMinor) } });
    }
    expect(validatePublishForm({ ...filled, currency: 'JPY', price: '1999' })).toMatchObject({
      ok: true,
      body: { price: money(1999, 'JPY') },
    });
    expect(validatePublishForm({ ...filled, currency: 'JPY', price: '19.99' })).toEqual({
      ok: false,
      error: 'JPY amounts have no decimals',
      field: 'price',
    });
  });

  it('sends the price as typed, trimmed text, and only the item specifics that are filled', () => {
    expect(validatePublishForm(filled)).toEqual({
      ok: true,
      body: {
        price: money(2499),
        quantity: 2,
        condition: 'good',
        categoryId: '11483',
        sizeType: 'Regular',
        size: '32',
        brand: "Levi's",
        color: undefined,
        style: 'Straight',
        itemSpecifics: { Pattern: 'Solid' },
      },
    });
  });
});

describe('prefillPublishForm and the publish path', () => {
  it("starts from the server's price of the item (its price list's, when nothing else prices it), never one of its own making", () => {
    const item = makeListingItem({ category: 'Mens Jeans', condition: 'fair', price: money(2240), priceSource: 'price-list' });
    expect(prefillPublishForm(item).price).toBe('22.40');
    // Nothing priced by the server: nothing prefilled, whatever the item holds.
    expect(prefillPublishForm(makeListingItem({ aiSuggestedPrice: money(3100), price: null })).price).toBe('');
  });

  it('starts from the agreed defaults: quantity 1, condition good, size type Regular', () => {
    const values = prefillPublishForm(makeListingItem());
    expect(values).toMatchObject({ price: '', quantity: '1', condition: 'good', categoryId: '', sizeType: 'Regular' });
  });

  it('takes the AI’s price, category, grade and aspects, and the published price and quantity over them', () => {
    const item = makeListingItem({
      aiSuggestedPrice: money(3450),
      listings: [ebayDraft({ categoryId: '11483', conditionGrade: 'excellent' })],
      extractedSize: '32',
      extractedSizeType: 'Petite',
      extractedBrand: 'Lee',
      itemSpecificsJson: { Pattern: 'Solid' },
      extractedMaterial: 'Denim',
    });
    expect(prefillPublishForm(item)).toMatchObject({
      price: '34.50',
      condition: 'excellent',
      categoryId: '11483',
      sizeType: 'Petite',
      size: '32',
      brand: 'Lee',
      itemSpecifics: { Pattern: 'Solid', Material: 'Denim' },
    });
    const published = {
      ...item,
      listings: [
        makeEbayListing(
          { status: 'failed', error: 'x', price: money(4000), quantity: 3 },
          { categoryId: '11483', conditionGrade: 'excellent' },
        ),
      ],
    };
    expect(prefillPublishForm(published)).toMatchObject({ price: '40.00', quantity: '3' });
  });

  it('publishes directly only with a price, a category id and a condition grade', () => {
    const ready = makeListingItem({
      aiSuggestedPrice: money(2000),
      listings: [ebayDraft({ categoryId: '11483', conditionGrade: 'good' })],
    });
    expect(canPublishDirectly(ready)).toBe(true);
    expect(canPublishDirectly({ ...ready, aiSuggestedPrice: null, price: null })).toBe(false);
    expect(canPublishDirectly({ ...ready, listings: [ebayDraft({ conditionGrade: 'good' })] })).toBe(false);
    expect(canPublishDirectly({ ...ready, listings: [ebayDraft({ categoryId: '11483' })] })).toBe(false);
    // The quick-edit condition gives a grade too.
    expect(canPublishDirectly({ ...ready, listings: [ebayDraft({ categoryId: '11483' })], condition: 'new_with_tags' })).toBe(true);
  });

  it('offers the one condition list: a grade stands for its entry of the quick edit’s list', () => {
    expect(
      prefillPublishForm(makeListingItem({ condition: 'new_with_tags', listings: [ebayDraft({ conditionGrade: 'new' })] })).condition,
    ).toBe('new_with_tags');
    expect(prefillPublishForm(makeListingItem({ condition: null, listings: [ebayDraft({ conditionGrade: 'like new' })] })).condition).toBe(
      'new_without_tags',
    );
    expect(
      prefillPublishForm(makeListingItem({ condition: 'new_without_tags', listings: [ebayDraft({ conditionGrade: null })] })).condition,
    ).toBe('new_without_tags');
    expect(prefillPublishForm(makeListingItem({ condition: null, listings: [ebayDraft({ conditionGrade: 'poor' })] })).condition).toBe(
      'fair',
    );
  });
});
