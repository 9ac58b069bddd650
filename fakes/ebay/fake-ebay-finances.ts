/**
 * The Finances API's transactions in the fake (getTransactions): only the `orderId:{...}` filter (any other answers
 * 400). An order's SALE transaction exists once its fees are set (`FakeEbayState.setOrderFees`, control `set-fees`),
 * as eBay's fees come later than the order; before that the order has no transaction. The X-EBAY-C-MARKETPLACE-ID
 * header "identifies the seller's eBay marketplace" ("If a marketplace ID value is not provided, the default value of
 * EBAY_US is used"): only that marketplace's orders are answered, their amounts in its currency.
 */
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError } from './fake-ebay-errors';
import type { FakeOrder } from './fake-ebay-state';

const invalidFilter = (value: string) =>
  ebayError(400, 135002, `The 'filter' value '${value}' is invalid.`, {
    domain: 'API_FINANCES',
    parameters: [{ name: 'filter', value }],
  });

const cents = (value: string) => Math.round(Number(value) * 100);
const dollars = (value: number) => (value / 100).toFixed(2);

/** The order's SALE transaction as the Finances API answers it: per-line fees and the order's total. */
export function saleTransactionView(order: FakeOrder & { fees: NonNullable<FakeOrder['fees']> }) {
  const money = (value: number) => ({ value: dollars(value), currency: order.currency });
  const basis = order.lines.map((line) => cents(line.price) + cents(line.shipping));
  const fees = order.fees.lines.map(cents);
  const totalFees = fees.reduce((a, b) => a + b, 0);
  const totalBasis = basis.reduce((a, b) => a + b, 0);
  return {
    transactionId: `${order.orderId.replace(/-/g, '')}01`,
    orderId: order.orderId,
    transactionType: 'SALE',
    transactionStatus: 'FUNDS_AVAILABLE_FOR_PAYOUT',
    transactionDate: new Date(order.fees.at).toISOString(),
    bookingEntry: 'CREDIT',
    amount: money(totalBasis - totalFees),
    totalFeeBasisAmount: money(totalBasis),
    totalFeeAmount: money(totalFees),
    buyer: { username: 'fake_buyer' },
    orderLineItems: order.lines.map((line, index) => ({
      lineItemId: line.lineItemId,
      feeBasisAmount: money(basis[index]!),
      marketplaceFees: [{ feeType: 'FINAL_VALUE_FEE', amount: money(fees[index]!) }],
    })),
  };
}

export const financesHandlers: Record<string, ApiHandler> = {
  getTransactions(call, state) {
    const filter = call.query.get('filter') ?? '';
    const match = /^orderId:\{([^}]+)\}$/.exec(filter.trim());
    if (!match) return invalidFilter(filter);
    const order = state.orders.get(match[1]!);
    const marketplaceId = String(call.headers['x-ebay-c-marketplace-id'] || 'EBAY_US');
    const mine =
      order && order.sellerUserId === call.token.userId && order.fees && order.marketplaceId === marketplaceId
        ? [order as Parameters<typeof saleTransactionView>[0]]
        : [];
    const limit = Number(call.query.get('limit') ?? 20);
    const offset = Math.max(Number(call.query.get('offset') ?? 0) || 0, 0);
    return {
      status: 200,
      body: {
        href: `${call.origin}${call.operation.path}?${call.query}`,
        total: mine.length,
        limit,
        offset,
        transactions: mine.slice(offset, offset + limit).map(saleTransactionView),
      },
    };
  },
};
