/**
 * Finances API transactions (ebay.md "After the sale"): the money movements of one order, among them the SALE
 * transaction that carries eBay's fees, which can come later than the order. Host apiz; user token with scope
 * sell.finances.
 */
import type { EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { paths } from './generated/finances';

/** eBay answers at most 1000 transactions a page; one order has a handful. */
export const TRANSACTIONS_PAGE_LIMIT = 200;

export function createFinancesApi(context: EbayApiContext) {
  const finances = ebayApi<paths>(context, 'apiz', '/sell/finances/v1');
  return {
    /**
     * One page of the transactions of an order (eBay's filter takes one order id); empty when there are none yet. The
     * header names the seller's marketplace (absent, eBay reads EBAY_US): its amounts are in that marketplace's currency.
     */
    async getOrderTransactions(
      accessToken: string,
      orderId: string,
      { marketplaceId, limit = TRANSACTIONS_PAGE_LIMIT, offset = 0 }: { marketplaceId: string; limit?: number; offset?: number },
    ) {
      const { data } = await finances(accessToken).GET('/transaction', {
        params: {
          query: { filter: `orderId:{${orderId}}`, limit: String(limit), offset: String(offset) },
          header: { 'X-EBAY-C-MARKETPLACE-ID': marketplaceId },
        },
      });
      return { transactions: data?.transactions ?? [], next: data?.next ?? null };
    },
  };
}
