import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import type { DepopOrderRead } from './api/depop-client';
import { coloursOf, conditionOf, departmentOf, descriptionOf, productTypeOf } from './item-mapping';
import { feesOfOrder, saleLinesOfOrder, takenBackAt } from './sales/sale-lines';

describe('our item in Depop’s words', () => {
  it('maps the department from the category, else from what the AI read, else asks', () => {
    expect(departmentOf('Mens Tops', null)).toBe('menswear');
    expect(departmentOf('Womens Jeans', 'Men')).toBe('womenswear');
    expect(departmentOf('Shoes', 'Women')).toBe('womenswear');
    expect(departmentOf('Accessories', null)).toBe('everything-else');
    expect(departmentOf('Unisex', 'Kids')).toBe('kidswear');
    expect(departmentOf('Unisex', null)).toBeNull();
  });

  it('maps the category to a product type where it tells one', () => {
    expect(productTypeOf('Mens Outerwear')).toBe('jackets');
    expect(productTypeOf('Womens Pants')).toBe('trousers');
    expect(productTypeOf('Other Clothing')).toBeNull();
    expect(productTypeOf(null)).toBeNull();
  });

  it('maps every condition of ours to one of Depop’s five', () => {
    expect(['new_with_tags', 'new_without_tags', 'excellent', 'good', 'fair', 'poor', 'like new'].map(conditionOf)).toEqual([
      'brand_new',
      'used_like_new',
      'used_excellent',
      'used_good',
      'used_fair',
      'used_fair',
      'used_like_new',
    ]);
    expect(conditionOf(null)).toBeNull();
  });

  it('keeps two of Depop’s colours at most, in its words', () => {
    expect(coloursOf('Navy / White / Red')).toEqual(['navy', 'white']);
    expect(coloursOf('Gray and Beige')).toEqual(['grey', 'cream']);
    expect(coloursOf('Chartreuse')).toEqual([]);
  });

  it('starts the description with the title (Depop has none)', () => {
    expect(descriptionOf(' Denim shirt ', 'Worn twice.')).toBe('Denim shirt\n\nWorn twice.');
    expect(descriptionOf(null, null)).toBe('');
  });
});

const usd = (minor: number) => money(minor, 'USD');
function order(refund: DepopOrderRead['refund'] = null, status = 'SHIPPING_PENDING'): DepopOrderRead {
  return {
    order: {
      purchase_id: 'p-1',
      status,
      created_at: '2026-11-28T10:00:00Z',
      line_items: [{ purchase_item_id: 7, product_id: 42, sku: 'SKU-1' }],
    } as unknown as DepopOrderRead['order'],
    currency: 'USD',
    buyerPays: usd(6350),
    sellerReceives: usd(5495),
    buyerShipping: usd(350),
    buyerTax: null,
    fees: [
      { type: 'DEPOP_FEE', amount: usd(635) },
      { type: 'PAYMENT_FEE', amount: usd(255) },
    ],
    lines: [{ sku: 'SKU-1', productId: 42, slug: 's', originalPrice: usd(6000), soldPrice: usd(6000), soldViaOffers: false }],
    refund,
  };
}
const refundOf = (items: number): NonNullable<DepopOrderRead['refund']> => ({
  buyerRefund: usd(items),
  refundedAt: new Date('2026-11-29T10:00:00Z'),
  refundedBy: 'DEPOP',
  toBuyer: { items: usd(items), shipping: usd(0), depopFee: usd(0), tax: usd(0) },
  toSeller: { adsFee: usd(0), paymentFee: usd(100), depopFee: usd(300), shipping: usd(0) },
});

describe('a Depop order as sales and fees', () => {
  it('is one sale line per item, the shipping on the first, by product id', () => {
    expect(saleLinesOfOrder(order())).toEqual([
      expect.objectContaining({
        orderId: 'p-1',
        lineId: '7',
        listingId: '42',
        sku: 'SKU-1',
        priceMinor: 6000,
        shippingMinor: 350,
        currency: 'USD',
        cancelledAt: null,
      }),
    ]);
  });

  it('has its fees from the breakdown, exact, less what a refund gave back', () => {
    expect(feesOfOrder(order())).toEqual({ orderId: 'p-1', lineId: null, fees: usd(890) });
    expect(feesOfOrder(order(refundOf(3000)))!.fees).toEqual(usd(490));
  });

  it('is taken back by a refund of all its items or a cancellation, not by a partial refund', () => {
    expect(takenBackAt(order(refundOf(6000)))).toEqual(new Date('2026-11-29T10:00:00Z'));
    expect(takenBackAt(order(refundOf(3000)))).toBeNull();
    expect(takenBackAt(order(null, 'CANCELLED'))).toEqual(new Date('2026-11-28T10:00:00Z'));
  });
});
