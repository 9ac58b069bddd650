import { describe, expect, it } from 'vitest';
import { listedItem } from '@shared/contracts/items';
import { listedItemOf, type ListedRow } from './repo';

/**
 * The list maps its raw rows by hand (listedItemOf). A column read but not mapped, or a contract field the mapper
 * forgets, fails here; listed-item.test.ts holds the mapped item equal to GET /api/items/:id's.
 */
const row: ListedRow = {
  id: '00000000-0000-4000-8000-000000000001',
  sku: 'SKU-1',
  status: 'draft',
  upload_session_id: '00000000-0000-4000-8000-000000000002',
  batch_id: '00000000-0000-4000-8000-000000000003',
  batch_number: 7,
  sku_assigned: true,
  photo_count: 3,
  category: 'Jeans',
  condition: 'good',
  brand: "Levi's",
  cost_minor: '450',
  currency: 'USD',
  auto_generate_listing: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ai_title: 'Title',
  ai_description: 'Description',
  ai_tags: ['a'],
  ai_condition_notes: 'Notes',
  ai_generated_at: '2026-01-03T00:00:00.000Z',
  ai_generation_status: 'completed',
  ai_generation_error: 'none',
  ai_suggested_price_minor: '2450',
  ai_pricing_notes: 'Pricing',
  ai_measurements: { waist: '32' },
  listing_ready: true,
  category_confidence: 0.5,
  extracted_brand: 'Brand',
  extracted_size: '32',
  extracted_color: 'Blue',
  extracted_material: 'Cotton',
  extracted_style: 'Straight',
  extracted_fit: 'Regular',
  extracted_department: 'Men',
  extracted_size_type: 'Regular',
  item_specifics_json: { Pattern: 'Solid' },
  publish_ready_score: 90,
  listing_status: 'failed',
  listing_url: 'https://www.ebay.test/itm/1',
  listing_error: 'Refused',
  listing_price_minor: '1999',
  listing_currency: 'USD',
  listing_quantity: 2,
  listing_change: null,
  listing_data: { categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'good', settingsSaved: true },
  sale: {
    channel: 'ebay',
    priceMinor: '2500',
    shippingMinor: '499',
    currency: 'USD',
    soldAt: '2026-11-20T10:00:00.123+00:00',
    quantity: 1,
  },
  listings: [{ channel: 'ebay', status: 'live', url: 'https://www.ebay.com/itm/1', error: null, delistTask: false }],
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
    const item = listedItemOf(row);
    expect(Object.keys(item).sort()).toEqual(Object.keys(listedItem.shape).sort());
    expect(listedItem.parse(item)).toEqual(item);
  });

  it.each(Object.keys(row).filter((column) => !pageColumns.has(column)))('maps the column %s', (column) => {
    const status = column === 'listing_status' ? { listing_status: 'live' } : {};
    // The sale's instant must stay a date for the mapper to read it: another sale, not a changed string.
    if (column === 'sale') Object.assign(status, { sale: { ...row.sale, priceMinor: '2600' } });
    if (column === 'listings') Object.assign(status, { listings: [{ ...row.listings![0], status: 'ended', delistTask: true }] });
    const other = { ...row, [column]: changed(row[column as keyof ListedRow]), ...status };
    expect(listedItemOf(other)).not.toEqual(listedItemOf(row));
  });
});
