import type { SaleLine } from '../../marketplace';
import type { EbayAccountService } from '../account/service';
import type { EbayClient } from '../api/ebay-client';
import { ORDERS_PAGE_LIMIT_MAX } from '../api/fulfillment-api';
import { saleLinesOf } from './order-lines';

/** More pages than this in one pull is no seller of ours: stop rather than loop on a paging fault. */
const MAX_PAGES = 100;
/** Pages asked at once once the first answered the total (the client's pacing keeps them under eBay's rate). */
const PAGES_AT_ONCE = 4;

/**
 * The seller's order lines changed (or, `by` created, made) since `since`, every page, each page with a fresh token when eBay refused one.
 * The first page says how many orders there are; the other pages are then asked for together (offset paging lets
 * them), so a pull of 1,000 orders takes two round trips, not five. An order that moved between pages while they
 * were read appears twice (kept once) or is missed (the next pull's overlap reads it again).
 */
export async function pullEbayOrderLines(
  { client, account }: { client: EbayClient; account: Pick<EbayAccountService, 'withUserToken'> },
  userId: string,
  since: Date,
  pageSize = ORDERS_PAGE_LIMIT_MAX,
  by: 'modified' | 'created' = 'modified',
): Promise<SaleLine[]> {
  const when = by === 'created' ? { createdSince: since } : { modifiedSince: since };
  const page = (offset: number) =>
    account.withUserToken(userId, (token) => client.fulfillment.getOrders(token, { ...when, limit: pageSize, offset }));
  const first = await page(0);
  const pages = [first];
  const offsets: number[] = [];
  for (let offset = first.orders.length; offset < first.total && offsets.length < MAX_PAGES - 1; offset += pageSize) offsets.push(offset);
  if (first.orders.length && first.next) {
    for (let start = 0; start < offsets.length; start += PAGES_AT_ONCE) {
      pages.push(...(await Promise.all(offsets.slice(start, start + PAGES_AT_ONCE).map(page))));
    }
  }
  const lines = new Map<string, SaleLine>();
  for (const { orders } of pages)
    for (const order of orders) for (const line of saleLinesOf(order)) lines.set(`${line.orderId}/${line.lineId}`, line);
  return [...lines.values()];
}
