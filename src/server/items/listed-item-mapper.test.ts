import type { PriceList } from '@shared/domain/price-list';
import { describe, expect, it } from 'vitest';
import { listedItem } from '@shared/contracts/items';
import { listedItemOf, type ListedRow } from './repo';
// The channels register their listing parts as the registry loads, as compose.ts does at boot.
import '../channels/registry';

/**
 * The list maps its raw rows through the one item mapper (item-mapper.ts). A column read but not mapped, or a contract
 * field the mapper forgets, fails here; listed-item.test.ts holds the listed item equal to GET /api/items/:id's.
 */
const row: ListedRow = {
  id: '00000000-0000-4000-8000-000000000001',
  sku: 'SKU-1',
  status: 'draft',
  uploadSessionId: '00000000-0000-4000-8000-000000000002',
  batchId: '00000000-0000-4000-8000-000000000003',
  batchNumber: 7,
  skuAssigned: true,
  photoCount: 3,
  category: 'Jeans',
  condition: 'good',
  brand: "Levi's",
  costMinor: '450',
  source: 'Goodwill Main St',
  bundleId: null,
  currency: 'USD',
  autoGenerateListing: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  aiTitle: 'Title',
  aiDescription: 'Description',
  aiTags: ['a'],
  aiConditionNotes: 'Notes',
  aiGeneratedAt: '2026-01-03T00:00:00.000Z',
  aiGenerationStatus: 'completed',
  aiGenerationError: 'none',
  aiSuggestedPriceMinor: '2450',
  askingPriceMinor: '2450',
  aiPricingNotes: 'Pricing',
  aiMeasurements: { waist: '32' },
  listingReady: true,
  categoryConfidence: 0.5,
  extractedBrand: 'Brand',
  extractedSize: '32',
  extractedColor: 'Blue',
  extractedMaterial: 'Cotton',
  extractedStyle: 'Straight',
  extractedFit: 'Regular',
  extractedDepartment: 'Men',
  extractedSizeType: 'Regular',
  itemSpecificsJson: { Pattern: 'Solid' },
  publishReadyScore: 90,
  sale: {
    channel: 'ebay',
    priceMinor: '2500',
    shippingMinor: '499',
    currency: 'USD',
    soldAt: '2026-11-20T10:00:00.123+00:00',
    quantity: 1,
    channels: ['ebay'],
    left: 0,
  },
  listings: [
    {
      channel: 'ebay',
      status: 'failed',
      url: 'https://www.ebay.test/itm/1',
      error: 'Refused',
      delistTask: false,
      priceMinor: 1999,
      currency: 'USD',
      priceSource: 'seller',
      quantity: 2,
      change: null,
      data: { categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'good', settingsSaved: true, ebaySku: 'P-SKU-1' },
      rule: null,
    },
    {
      channel: 'poshmark',
      status: 'live',
      url: 'https://poshmark.com/listing/1',
      error: null,
      delistTask: false,
      priceMinor: null,
      priceSource: null,
      currency: 'USD',
      quantity: 1,
      change: null,
      data: {},
      rule: { percent: '10.00', rounding: 'none' },
    },
  ],
  thumb_path: 'k/t.jpg',
  cursor_at: '2026-01-01T00:00:00.000000Z',
};

/** A different value of the same kind, so the mapped item must differ if the column is mapped. */
function changed(value: unknown): unknown {
  // Money: minor units as bigint text, and a currency with other digits (¥ has none).
  if (typeof value === 'string' && /^\d+$/.test(value)) return String(Number(value) + 1);
  if (value === 'USD') return 'JPY';
  if (typeof value === 'string') return `${value}-x`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return [...value, 'x'];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, changed(v)]));
  return 'x';
}

// Read beside the item for the page, not part of it: the storage signs thumb_path, cursor_at is the next cursor.
const pageColumns = new Set(['thumb_path', 'cursor_at']);

describe('listedItemOf', () => {
  it('answers every field of the contract, and parses', () => {
    const item = listedItemOf(row, null);
    expect(Object.keys(item).sort()).toEqual(Object.keys(listedItem.shape).sort());
    expect(listedItem.parse(item)).toEqual(item);
  });

  it.each(Object.keys(row).filter((column) => !pageColumns.has(column)))('maps the column %s', (column) => {
    const status = {};
    // The sale's instant must stay a date for the mapper to read it: another sale, not a changed string.
    if (column === 'sale') Object.assign(status, { sale: { ...row.sale, priceMinor: '2600' } });
    if (column === 'listings') Object.assign(status, { listings: [{ ...row.listings![0], status: 'live' }, row.listings![1]] });
    const other = { ...row, [column]: changed(row[column as keyof ListedRow]), ...status };
    expect(listedItemOf(other, null)).not.toEqual(listedItemOf(row, null));
  });

  it('sends each listing as one uniform entry with the price its channel gets (channelPriceOf) and eBay’s own part', () => {
    const [ebay, poshmark] = listedItemOf(row, null).listings;
    // eBay: its own price; its part holds what only eBay reads, never its internal data (the SKU it made).
    expect(ebay).toEqual({
      channel: 'ebay',
      status: 'failed',
      price: { amountMinor: 1999, currency: 'USD' },
      ownPrice: true,
      priceSource: 'seller',
      priceBasis: 'Your price for this marketplace',
      quantity: 2,
      url: 'https://www.ebay.test/itm/1',
      error: 'Refused',
      change: null,
      delistTask: false,
      part: { categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'good', offerId: null, settingsSaved: true },
    });
    // Poshmark: no price of its own, so the asking price $24.50 through the seller's +10% rule.
    expect(poshmark).toMatchObject({ channel: 'poshmark', price: { amountMinor: 2695, currency: 'USD' }, ownPrice: false, part: {} });
    // Without the rule: the asking price; without an asking price either: none.
    const bare = { ...row, listings: [{ ...row.listings![1]!, rule: null }] };
    expect(listedItemOf(bare, null).listings[0]!.price).toEqual({ amountMinor: 2450, currency: 'USD' });
    expect(listedItemOf({ ...bare, aiSuggestedPriceMinor: null, askingPriceMinor: null }, null).listings[0]!.price).toBeNull();
    // The AI's suggestion alone still prices it, named as the AI's.
    expect(listedItemOf({ ...bare, askingPriceMinor: null }, null).listings[0]).toMatchObject({
      priceSource: 'ai',
      priceBasis: "The AI's suggested price",
    });
  });

  it('prices the item and its listings from the seller’s price list when nothing else does, the same price on both', () => {
    const list: PriceList = { currency: 'USD', rows: [{ category: 'Mens Jeans', amountMinor: 2800 }], adjustments: [] };
    const unpriced = {
      ...row,
      category: 'Mens Jeans',
      aiSuggestedPriceMinor: null,
      askingPriceMinor: null,
      listings: [{ ...row.listings![1]!, rule: null }],
    };
    const item = listedItemOf(unpriced, list);
    expect(item.price).toEqual({ amountMinor: 2800, currency: 'USD' });
    expect(item.priceBasis).toBe('Your price list: Mens Jeans $28.00');
    expect(item.listings[0]).toMatchObject({ price: { amountMinor: 2800, currency: 'USD' }, priceSource: 'price-list' });
    // Without the list nothing prices it, and the item says so (null), not a price of its own making.
    expect(listedItemOf(unpriced, null).price).toBeNull();
    // The seller's asking price comes first.
    expect(listedItemOf({ ...unpriced, askingPriceMinor: 3100 }, list).price).toEqual({ amountMinor: 3100, currency: 'USD' });
    // A list kept in another currency prices nothing (decision 126).
    expect(listedItemOf(unpriced, { ...list, currency: 'GBP' }).price).toBeNull();
  });

  it.each(['status', 'url', 'error', 'priceMinor', 'currency', 'quantity', 'change', 'delistTask', 'data'])(
    'maps the eBay listing’s %s',
    (field) => {
      const [ebay, poshmark] = row.listings!;
      const value =
        field === 'status'
          ? 'live'
          : field === 'priceMinor'
            ? 2999
            : field === 'change'
              ? 'revise'
              : changed(ebay![field as keyof typeof ebay]);
      const other = { ...row, listings: [{ ...ebay!, [field]: value }, poshmark!] };
      expect(listedItemOf(other, null)).not.toEqual(listedItemOf(row, null));
    },
  );

  it.each(['percent', 'rounding'])('maps the price rule’s %s', (field) => {
    const [ebay, poshmark] = row.listings!;
    const rule = { ...poshmark!.rule!, [field]: field === 'percent' ? '20.00' : 'whole' };
    expect(listedItemOf({ ...row, listings: [ebay!, { ...poshmark!, rule }] }, null)).not.toEqual(listedItemOf(row, null));
  });
});
