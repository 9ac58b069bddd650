import { divideRounded, money } from '@shared/domain/money';
import { etsyMinor } from './etsy-money';
import type { LineFees } from '../marketplace';
import type { OrderLineOfSale } from '../../fees/fees';
import type { EtsyClient, EtsyLedgerEntry } from './api/etsy-client';
import { EtsyApiError } from './api/etsy-errors';

/**
 * Etsy's fees of the seller's orders (decision 127), from Etsy's payment account: the order's payment
 * (getShopPaymentByReceiptId) gives its card processing fee (`amount_fees`), the ledger
 * (getShopPaymentAccountLedgerEntries) every other charge Etsy books against the order: each transaction's
 * transaction fee (an entry referring to the transaction), the receipt's own (the shipping transaction fee, an entry
 * referring to the receipt), and the entries booked on those (their `parent_entry_id`: the VAT on the seller's fees).
 * An order's fees are known once its payment is there and every line of it has its transaction fee; until then it is
 * absent and its published estimate shows. Read-only.
 */

/** The ledger is read around each sale: from a day before it (clocks differ) to a week after (fees booked late). */
const BEFORE_SALE_S = 86_400;
const AFTER_SALE_S = 7 * 86_400;
/** Etsy's page size for the ledger, and the pages read a window at most in one pull (the rest: the next pull). */
const LEDGER_PAGE = 100;
export const ETSY_LEDGER_PAGES_MAX = 20;
/** The document's least `min_created`: 2000-01-01. */
const LEDGER_EPOCH_S = 946_684_800;

interface EtsySessionLike {
  client: EtsyClient;
  accessToken: string;
  shopId: string;
}

/** Windows (epoch seconds) around each sale, overlapping ones merged, none past `nowS`. */
export function ledgerWindows(soldAtS: readonly number[], nowS: number): [number, number][] {
  const spans = soldAtS
    .map((at): [number, number] => [Math.max(LEDGER_EPOCH_S, at - BEFORE_SALE_S), Math.min(nowS, at + AFTER_SALE_S)])
    .filter(([from, to]) => from <= to)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** The ledger's entries in the windows, read a page of 100 at a time. */
async function ledgerEntries(s: EtsySessionLike, windows: [number, number][]): Promise<EtsyLedgerEntry[]> {
  const entries: EtsyLedgerEntry[] = [];
  for (const [from, to] of windows) {
    for (let page = 0; page < ETSY_LEDGER_PAGES_MAX; page += 1) {
      const answer = await s.client.getShopPaymentAccountLedgerEntries(s.accessToken, s.shopId, {
        min_created: from,
        max_created: to,
        limit: LEDGER_PAGE,
        offset: page * LEDGER_PAGE,
      });
      const results = answer.results ?? [];
      entries.push(...results);
      if (results.length < LEDGER_PAGE) break;
    }
  }
  return entries;
}

/** A charge of the ledger in minor units of its currency (the ledger counts minor units; a charge is negative). */
const chargeOf = (entry: EtsyLedgerEntry) => -(entry.amount ?? 0);

/** `total` split over `weights` in proportion, rounded once each, the last taking what is left (the sum is exact). */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  return weights.map((weight, index) => {
    if (index === weights.length - 1) return total - given;
    const share = sum > 0 ? divideRounded(total * weight, sum) : index === 0 ? total : 0;
    given += share;
    return share;
  });
}

/** The payment of a receipt, or null while Etsy has none (404). */
async function paymentOf(s: EtsySessionLike, receiptId: string) {
  try {
    const answer = await s.client.getShopPaymentByReceiptId(s.accessToken, s.shopId, receiptId);
    return answer.results?.find((payment) => String(payment.receipt_id) === receiptId) ?? null;
  } catch (error) {
    if (error instanceof EtsyApiError && error.status === 404) return null;
    throw error;
  }
}

/** The fees of each line of the seller's orders that Etsy has charged in full; an order not charged yet is absent. */
export async function etsyOrderFees(s: EtsySessionLike, lines: readonly OrderLineOfSale[], nowMs: number): Promise<LineFees[]> {
  if (!lines.length) return [];
  const byOrder = new Map<string, OrderLineOfSale[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  const soldAtS = lines.map((line) => Math.floor(line.soldAt.getTime() / 1000));
  const entries = await ledgerEntries(s, ledgerWindows(soldAtS, Math.floor(nowMs / 1000)));
  // Charges booked on another entry (VAT on the seller's fees), by that entry.
  const children = new Map<number, EtsyLedgerEntry[]>();
  for (const entry of entries)
    if (entry.parent_entry_id) children.set(entry.parent_entry_id, [...(children.get(entry.parent_entry_id) ?? []), entry]);
  const referring = (type: string, id: string) =>
    entries.filter((e) => e.reference_type === type && String(e.reference_id) === id && (e.amount ?? 0) < 0);
  const withChildren = (found: EtsyLedgerEntry[]) => found.flatMap((e) => [e, ...(children.get(e.entry_id ?? -1) ?? [])]);

  const result: LineFees[] = [];
  for (const [orderId, orderLines] of byOrder) {
    const perLine = orderLines.map((line) => withChildren(referring('transaction', line.lineId)));
    // Etsy charges a transaction fee on every line: one missing, the order is not charged in full yet.
    if (perLine.some((found) => found.length === 0)) continue;
    const payment = await paymentOf(s, orderId);
    if (!payment?.amount_fees) continue;
    const currency = payment.amount_fees.currency_code ?? orderLines[0]!.currency;
    const ofOrder = withChildren(referring('receipt', orderId));
    // Never added across currencies: an entry in another currency leaves the order's fees unknown.
    if ([...perLine.flat(), ...ofOrder].some((e) => e.currency && e.currency !== currency)) continue;
    const sum = (found: EtsyLedgerEntry[]) => found.reduce((total, e) => total + chargeOf(e), 0);
    const shared = etsyMinor(payment.amount_fees) + sum(ofOrder);
    const shares = splitByWeight(
      shared,
      orderLines.map((line) => line.priceMinor + line.shippingChargedMinor),
    );
    orderLines.forEach((line, index) => {
      result.push({ orderId, lineId: line.lineId, fees: money(sum(perLine[index]!) + shares[index]!, currency) });
    });
  }
  return result;
}
