/**
 * The Finances API's transactions in the fake (getTransactions): the query's documented errors, then only the
 * `orderId:{...}` filter (any other answers
 * 400). An order's SALE transaction exists once its fees are set (`FakeEbayState.setOrderFees`, control `set-fees`),
 * as eBay's fees come later than the order; before that the order has no transaction. The X-EBAY-C-MARKETPLACE-ID
 * header "identifies the seller's eBay marketplace" ("If a marketplace ID value is not provided, the default value of
 * EBAY_US is used"): only that marketplace's orders are answered, their amounts in its currency.
 */
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import type { FakeOrder } from './fake-ebay-state';

const invalidFilter = (value: string) =>
  ebayError(400, 135002, `The 'filter' value '${value}' is invalid.`, {
    domain: 'API_FINANCES',
    parameters: [{ name: 'filter', value }],
  });

const financesError = (errorId: number, message: string, name: string, value: string) =>
  ebayError(400, errorId, message, { domain: 'API_FINANCES', parameters: [{ name, value }] });

/** TransactionTypeEnum and TransactionStatusEnum (Finances API). */
const TYPES = 'SALE REFUND CREDIT DISPUTE NON_SALE_CHARGE SHIPPING_LABEL TRANSFER ADJUSTMENT WITHDRAWAL LOAN_REPAYMENT PURCHASE'.split(' ');
const STATUSES = 'FUNDS_AVAILABLE_FOR_PAYOUT FUNDS_ON_HOLD FUNDS_PROCESSING PAYOUT COMPLETED FAILED'.split(' ');
const MONTH_MS = (365.25 / 12) * 24 * 60 * 60 * 1000;

/**
 * The documented errors of getTransactions' query: limit (at most 1000) and offset (135003), sort (transactionDate
 * only: 135005), and the filter's transactionType (135006), transactionStatus (sales only, so with a transactionType:
 * 135007, 135009) and transactionDate (135008; at most five years back, 135015; a range of at most 36 months, 135016).
 */
function transactionQueryProblem(query: URLSearchParams, now = Date.now()): FakeAnswer | null {
  for (const name of ['limit', 'offset'] as const) {
    const value = query.get(name);
    if (value !== null && (!/^\d+$/.test(value) || (name === 'limit' && (Number(value) < 1 || Number(value) > 1000))))
      return financesError(135003, 'The value of pagination is invalid.', name, value);
  }
  const sort = query.get('sort');
  if (sort !== null && sort !== 'transactionDate' && sort !== '-transactionDate')
    return financesError(135005, 'The value of sort is invalid.', 'sort', sort);
  const criteria = new Map(
    (query.get('filter') ?? '')
      .split(/,(?![^[{]*[\]}])/)
      .filter((c) => c.trim())
      .map((c) => [c.trim().split(':')[0]!, c.trim().slice(c.trim().indexOf(':') + 1)] as const),
  );
  const listed = (value: string, allowed: string[]) =>
    /^\{.+\}$/.test(value) &&
    value
      .slice(1, -1)
      .split('|')
      .every((v) => allowed.includes(v));
  const type = criteria.get('transactionType');
  if (type !== undefined && !listed(type, TYPES))
    return financesError(135006, 'The value of transaction type filter is invalid.', 'filter', type);
  const status = criteria.get('transactionStatus');
  if (status !== undefined && !listed(status, STATUSES))
    return financesError(135007, 'The value of transaction status filter is invalid.', 'filter', status);
  // "this filter type is only applicable for sales orders"
  if (status !== undefined && type === undefined) return financesError(135009, 'Transaction type filter is missing.', 'filter', status);
  const date = criteria.get('transactionDate');
  if (date !== undefined) {
    const match = /^\[([^\]]+?)\.\.([^\]]*)\]$/.exec(date);
    const from = match ? Date.parse(match[1]!) : NaN;
    const to = match?.[2] ? Date.parse(match[2]) : now;
    if (isNaN(from) || isNaN(to) || from > to)
      return financesError(135008, 'The value of transaction date filter is invalid.', 'filter', date);
    if (from < now - 60 * MONTH_MS)
      return financesError(
        135015,
        'The supplied start date is invalid, as transactions older than five years cannot be retrieved. Please update the start date and resubmit the request.',
        'filter',
        date,
      );
    if (to - from > 36 * MONTH_MS)
      return financesError(
        135016,
        'The supplied date range is invalid, as the date range cannot exceed 36 months. Please update the date range and resubmit the request.',
        'filter',
        date,
      );
  }
  return null;
}

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
    const problem = transactionQueryProblem(call.query);
    if (problem) return problem;
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
