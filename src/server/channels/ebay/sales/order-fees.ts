import { defaultCurrency, parseMoney, type Money } from '@shared/domain/money';
import type { LineFees } from '../../marketplace';
import type { EbayAccountService } from '../account/service';
import { EbayApiError } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';
import type { FinanceTransaction } from '../api/ebay-types';

/** An order has a handful of transactions; more pages than this is a paging fault, not an order. */
const MAX_PAGES = 5;

/** eBay's amount (decimal text and its currency) as money, exactly; null when absent or unreadable. */
const moneyOf = (amount: { value?: string; currency?: string } | undefined): Money | null =>
  amount?.value ? parseMoney(amount.value, amount.currency ?? defaultCurrency) : null;

/** The sum of amounts in one currency; `mixed` when they are in more than one (a line's fees are then not known). */
type Sum = Money | 'mixed';
const addTo = (sum: Sum | undefined, amount: Money): Sum =>
  sum === undefined
    ? amount
    : sum === 'mixed' || sum.currency !== amount.currency
      ? 'mixed'
      : { amountMinor: sum.amountMinor + amount.amountMinor, currency: sum.currency };

/**
 * The fees of each line of an order, from its SALE transactions (ebay.md "After the sale"): each line's
 * `marketplaceFees`, or the transaction's `totalFeeAmount` for the order as a whole when eBay gives no lines. No SALE
 * transaction yet: no fees (they come later than the order). A line whose fees come in more than one currency is left
 * out: its fees stay pending rather than be added across currencies.
 */
export function lineFeesOf(orderId: string, transactions: FinanceTransaction[]): LineFees[] {
  const byLine = new Map<string | null, Sum>();
  const add = (lineId: string | null, amount: Money) => byLine.set(lineId, addTo(byLine.get(lineId), amount));
  for (const transaction of transactions) {
    if (transaction.transactionType !== 'SALE' || (transaction.orderId && transaction.orderId !== orderId)) continue;
    const lines = (transaction.orderLineItems ?? []).filter((line) => line.lineItemId);
    if (lines.length) {
      for (const line of lines) {
        const amounts = (line.marketplaceFees ?? []).map((fee) => moneyOf(fee.amount)).filter((a): a is Money => a !== null);
        // A line charged no fee: nothing, in the currency of the transaction.
        const currency = transaction.amount?.currency ?? transaction.totalFeeAmount?.currency ?? defaultCurrency;
        if (!amounts.length) add(line.lineItemId!, { amountMinor: 0, currency });
        for (const amount of amounts) add(line.lineItemId!, amount);
      }
    } else {
      const total = moneyOf(transaction.totalFeeAmount);
      if (total !== null) add(null, total);
    }
  }
  return [...byLine].flatMap(([lineId, fees]) => (fees === 'mixed' ? [] : [{ orderId, lineId, fees }]));
}

/**
 * The fees eBay charged for each of the seller's orders (Finances API getTransactions on the seller's marketplace, one
 * order per call: its filter takes one order id), in that marketplace's currency. A connection granted without the sell.finances scope answers 403: its fees stay pending (the
 * seller reconnects to grant it), so what was read so far is answered and the rest is not asked.
 */
export async function ebayOrderFees(
  {
    client,
    account,
    log,
  }: { client: EbayClient; account: Pick<EbayAccountService, 'withUserToken'>; log: { info(o: object, m: string): void } },
  userId: string,
  orderIds: string[],
  marketplaceId: string,
): Promise<LineFees[]> {
  const fees: LineFees[] = [];
  for (const orderId of orderIds) {
    const transactions: FinanceTransaction[] = [];
    try {
      for (let page = 0, offset = 0; page < MAX_PAGES; page += 1) {
        const answer = await account.withUserToken(userId, (token) =>
          client.finances.getOrderTransactions(token, orderId, { marketplaceId, offset }),
        );
        transactions.push(...answer.transactions);
        offset += answer.transactions.length;
        if (!answer.next || !answer.transactions.length) break;
      }
    } catch (error) {
      if (error instanceof EbayApiError && error.httpStatus === 403) {
        log.info({ userId }, 'eBay fees not read: the connection was not granted the Finances scope; fees stay pending');
        return fees;
      }
      throw error;
    }
    fees.push(...lineFeesOf(orderId, transactions));
  }
  return fees;
}
