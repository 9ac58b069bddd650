import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoubleSale } from '@shared/contracts/sale-ends';
import { money } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { DoubleSaleOrders } from './double-sale-details';

afterEach(cleanup);

const double: DoubleSale = {
  itemId: '00000000-0000-4000-8000-000000000001',
  sku: 'PSTFSH-001',
  title: null,
  channels: ['ebay', 'shopify'],
  sales: [
    {
      saleId: '00000000-0000-4000-8000-000000000002',
      channel: 'shopify',
      orderId: 'gid://shopify/Order/1039',
      orderName: '#1039',
      buyer: 'Ann Lee',
      price: money(3000),
      soldAt: '2026-11-27T10:00:00.000Z',
      orderUrl: 'http://localhost:3000/simulated-shopify/admin/orders/1039',
    },
  ],
};

/** The sold-twice panel named the Shopify order gid://shopify/Order/1039. */
describe('the sold-twice panel’s orders', () => {
  it('names each order as the seller knows it, with the link to cancel it', () => {
    renderWithProviders(<DoubleSaleOrders double={double} />);
    expect(screen.getByText('Ann Lee · Order #1039')).toBeTruthy();
    expect(screen.queryByText(/gid:\/\//)).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel on Shopify' }).getAttribute('href')).toBe(double.sales[0]!.orderUrl);
  });
});
