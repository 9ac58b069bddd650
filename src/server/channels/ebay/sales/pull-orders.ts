import type { SaleLine } from '../../marketplace';
import type { EbayAccountService } from '../account/service';
import type { EbayClient } from '../api/ebay-client';
import { ORDERS_PAGE_LIMIT_MAX } from '../api/fulfillment-api';
import { saleLinesOf } from './order-lines';

/** More pages than this in one pull is no seller of ours: stop rather than loop on a paging fault. */
const MAX_PAGES = 100;

/** The seller's order lines changed since `since`, every page, each page with a fresh token when eBay refused one. */
export async function pullEbayOrderLines(
  { client, account }: { client: EbayClient; account: Pick<EbayAccountService, 'withUserToken'> },
  userId: string,
  since: Date,
  pageSize = ORDERS_PAGE_LIMIT_MAX,
): Promise<SaleLine[]> {
  const lines: SaleLine[] = [];
  for (let page = 0, offset = 0; page < MAX_PAGES; page += 1) {
    const answer = await account.withUserToken(userId, (token) =>
      client.fulfillment.getOrders(token, { modifiedSince: since, limit: pageSize, offset }),
    );
    for (const order of answer.orders) lines.push(...saleLinesOf(order));
    offset += answer.orders.length;
    if (!answer.next || !answer.orders.length) break;
  }
  return lines;
}
