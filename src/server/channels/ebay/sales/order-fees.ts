import { defaultCurrency, parseMoney } from '@shared/domain/money';
import type { LineFees } from '../../marketplace';
import type { EbayAccountService } from '../account/service';
import { EbayApiError } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';
import type { FinanceTransaction } from '../api/ebay-types';

/** An order has a handful of transactions; more pages than this is a paging fault, not an order. */
const MAX_PAGES = 5;

/** eBay's amount (decimal text and its currency) in minor units, exactly; null when absent or unreadable. */
const minorOf = (amount: { value?: string; currency?: string } | undefined) =>
  amount?.value ? (parseMoney(amount.value, amount.currency ?? defaultCurrency)?.amountMinor ?? null) : null;

/**
 * The fees of each line of an order, from its SALE transactions (ebay.md "After the sale"): each line's
 * `marketplaceFees`, or the transaction's `totalFeeAmount` for the order as a whole when eBay gives no lines. No SALE
 * transaction yet: no fees (they come later than the order).
 */
export function lineFeesOf(orderId: string, transactions: FinanceTransaction[]): LineFees[] {
  const byLine = new Map<string | null, number>();
  const add = (lineId: string | null, amount: number) => byLine.set(lineId, (byLine.get(lineId) ?? 0) + amount);
  for (const transaction of transactions) {
    if (transaction.transactionType !== 'SALE' || (transaction.orderId && transaction.orderId !== orderId)) continue;
    const lines = (transaction.orderLineItems ?? []).filter((line) => line.lineItemId);
    if (lines.length) {
      for (const line of lines) {
        add(
          line.lineItemId!,
          (line.marketplaceFees ?? []).reduce((sum, fee) => sum + (minorOf(fee.amount) ?? 0), 0),
        );
      }
    } else {
      const total = minorOf(transaction.totalFeeAmount);
      if (total !== null) add(null, total);
    }
  }
  return [...byLine].map(([lineId, feesMinor]) => ({ orderId, lineId, feesMinor }));
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
