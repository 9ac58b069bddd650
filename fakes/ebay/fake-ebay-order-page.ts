/**
 * GET /sh/ord/details?orderid={orderId}: Seller Hub's page of an order, where the seller cancels it (eBay's real page
 * is https://www.ebay.com/sh/ord/details?orderid=...; the app's "Cancel on eBay" link, decision 083), and POST
 * /sh/ord/cancel, its form: the order is cancelled as a seller cancels it on eBay, and the next sales pull reads it so.
 * Only the order's seller (`signedInAs`) finds it. Labelled as a simulation at the top, as the listing page is.
 */
import type { FakeAnswer } from './fake-ebay-errors';
import { orderView } from './fake-ebay-orders';
import type { FakeEbayState, FakeSeller } from './fake-ebay-state';
import { SIMULATED_EBAY_LABEL } from '../../src/shared/domain/simulated-ebay';
import { simulatedOrderWords as words } from '../../src/shared/domain/simulated-orders';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (status: number, title: string, body: string): FakeAnswer => ({
  status,
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><p role="status" data-testid="simulated-ebay-label"><strong>${SIMULATED_EBAY_LABEL}</strong></p>${body}</body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

const notFound = () => page(404, 'Order not found | eBay (simulated)', `<h1>${escapeHtml(words.notFound)}</h1>`);

function sellersOrder(state: FakeEbayState, orderId: string, signedInAs?: FakeSeller) {
  const order = state.orders.get(orderId);
  return order && signedInAs && order.sellerUserId === signedInAs.userId ? order : null;
}

export function sellerOrderPage(state: FakeEbayState, orderId: string, signedInAs?: FakeSeller): FakeAnswer {
  const order = sellersOrder(state, orderId, signedInAs);
  if (!order) return notFound();
  const view = orderView(order);
  const lines = view.lineItems
    .map(
      (line) =>
        `<li>${escapeHtml(line.title)} · SKU ${escapeHtml(line.sku)} · ${line.quantity} × ${escapeHtml(line.lineItemCost.value)} ${escapeHtml(order.currency)}</li>`,
    )
    .join('');
  // Relative: the page is served at /sh/ord/details by the fake and under the app's address by the simulated eBay.
  const cancel = order.cancelledAt
    ? `<p data-state="cancelled">${escapeHtml(words.cancelled)}</p>`
    : `<p data-state="open">${escapeHtml(words.open)}</p><form method="post" action="cancel"><input type="hidden" name="orderid" value="${escapeHtml(order.orderId)}"><button type="submit" style="min-height:44px;margin-top:16px;padding:0 16px">${escapeHtml(words.cancel)}</button></form>`;
  return page(
    200,
    `${words.heading(order.orderId)} | eBay (simulated)`,
    `<h1>${escapeHtml(words.heading(order.orderId))}</h1><p>${escapeHtml(words.buyer(view.buyer.username))}</p><ul>${lines}</ul>${cancel}`,
  );
}

/** POST /sh/ord/cancel: the seller cancels their order (again: nothing changes). */
export function cancelSellerOrder(state: FakeEbayState, form: URLSearchParams, signedInAs?: FakeSeller): FakeAnswer {
  const order = sellersOrder(state, form.get('orderid') ?? '', signedInAs);
  if (!order) return notFound();
  if (!order.cancelledAt) state.cancelOrder(order.orderId);
  return sellerOrderPage(state, order.orderId, signedInAs);
}
