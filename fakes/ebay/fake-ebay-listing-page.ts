/**
 * GET /itm/{listingId}: the fake's own view of a published listing, where the simulated eBay's listing links lead
 * (eBay's real page is https://www.ebay.com/itm/{listingId}). Labelled as a simulation at the top. A live listing has
 * a "Buy it now (simulation)" button: POST /itm/{listingId}/buy, a buyer's order like the control API's `sell`.
 */
import type { FakeAnswer } from './fake-ebay-errors';
import { pictureAnswer } from './fake-ebay-import';
import type { FakeEbayState, FakeSeller } from './fake-ebay-state';
import { EBAY_CONDITIONS } from '../../src/shared/domain/ebay-conditions';
import { SIMULATED_EBAY_LABEL, simulatedSaleWords } from '../../src/shared/domain/simulated-ebay';

/** The condition as eBay's page words it ("Pre-owned – Excellent"), not the API's enum (PRE_OWNED_EXCELLENT). */
const conditionWords = (conditionEnum: string | undefined) =>
  EBAY_CONDITIONS.find((condition) => condition.enum === conditionEnum)?.label ?? conditionEnum ?? '';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (status: number, title: string, body: string): FakeAnswer => ({
  status,
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><p role="status" data-testid="simulated-ebay-label"><strong>${SIMULATED_EBAY_LABEL}</strong></p>${body}</body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

export function listingPage(state: FakeEbayState, listingId: string): FakeAnswer {
  const listing = state.listings.get(listingId);
  const found = state.browse.answered.get(listingId);
  if (!listing && found)
    return page(
      200,
      `${found.title} | eBay (simulated)`,
      `<h1>${escapeHtml(found.title)}</h1><p>${escapeHtml(found.price)} USD · ${escapeHtml(found.condition)} · Active</p>`,
    );
  if (!listing) return page(404, 'Listing not found', '<h1>This listing does not exist</h1>');
  const offer = state.offers.get(listing.offerId);
  const item = listedItemOf(state, listing.userId, listing.sku);
  const price = (offer?.details.pricingSummary as { price?: { value?: string; currency?: string } } | undefined)?.price;
  const aspects = Object.entries(item?.product?.aspects ?? {})
    .map(([name, values]) => `<li>${escapeHtml(name)}: ${escapeHtml(values.join(', '))}</li>`)
    .join('');
  const title = item?.product?.title ?? listing.sku;
  return page(
    200,
    `${title} | eBay (simulated)`,
    `<h1>${escapeHtml(title)}</h1>
<p>${price ? `${escapeHtml(price.value ?? '')} ${escapeHtml(price.currency ?? '')}` : ''} · ${escapeHtml(conditionWords(item?.condition))} · ${listing.status === 'ACTIVE' ? 'Active' : 'Ended'}</p>
${photoStrip(listing.listingId, title, item?.product?.imageUrls?.length ?? 0)}
<p>Listing ${escapeHtml(listing.listingId)} · SKU ${escapeHtml(listing.sku)} · ${item?.product?.imageUrls?.length ?? 0} photos</p>
<ul>${aspects}</ul>
<div>${escapeHtml(item?.product?.description ?? '')}</div>
${listing.status === 'ACTIVE' ? buyForm(listing.listingId) : ''}`,
  );
}

type ListedItem = {
  product?: { title?: string; description?: string; aspects?: Record<string, string[]>; imageUrls?: string[] };
  condition?: string;
};
const listedItemOf = (state: FakeEbayState, userId: string, sku: string) => state.seller(userId).items.get(sku) as ListedItem | undefined;

/** The listing's photos, as eBay's page shows them (relative links, like the buy form's: /itm/{id}/photos/{n}). */
const photoStrip = (listingId: string, title: string, count: number) =>
  count
    ? // A strip that scrolls is reachable by keyboard (focusable, named), as axe's scrollable-region-focusable asks.
      `<div data-testid="listing-photos" role="region" aria-label="Photos" tabindex="0" style="display:flex;gap:8px;overflow-x:auto;margin:12px 0">${Array.from(
        { length: count },
        (_, n) =>
          `<img src="${escapeHtml(encodeURIComponent(listingId))}/photos/${n}" alt="${escapeHtml(`${title}, photo ${n + 1}`)}" width="240" height="240" style="object-fit:cover;border-radius:8px;flex:none" loading="lazy">`,
      ).join('')}</div>`
    : '';

/**
 * GET /itm/{listingId}/photos/{n}: the listing's nth picture, as eBay hosts it (the bytes createImageFromFile took; a
 * listing made on eBay's site, its seeded picture). 404 when there is no such picture.
 */
export function listingPhoto(state: FakeEbayState, listingId: string, n: number): FakeAnswer {
  const listing = state.listings.get(listingId);
  const url = listing ? listedItemOf(state, listing.userId, listing.sku)?.product?.imageUrls?.[n] : undefined;
  const hosted = url ? state.pictures.get(url) : undefined;
  if (hosted)
    return {
      status: 200,
      body: hosted.data,
      headers: { 'content-type': hosted.contentType, 'content-length': String(hosted.data.length) },
    };
  const seeded = url ? pictureAnswer(new URL(url).pathname) : null;
  return seeded ?? page(404, 'Photo not found', '<h1>This photo does not exist</h1>');
}

// Relative: the page is served at /itm/{id} by the fake and under the app's address by the simulated eBay.
const buyForm = (listingId: string) =>
  `<form method="post" action="${escapeHtml(encodeURIComponent(listingId))}/buy"><button type="submit" style="min-height:44px;margin-top:16px;padding:0 16px">${escapeHtml(simulatedSaleWords.buyNow)}</button></form>`;

/**
 * POST /itm/{listingId}/buy: a simulated buyer buys the live listing (its whole quantity ends it, as on eBay), paying
 * the shipping its fulfillment policy charges, and eBay
 * charges its usual fees at once, so the sale, its fees and its profit all reach the seller's next pull. `buyer`: the
 * eBay account signed in on this browser (the app's simulated eBay passes its seller's); another seller's listing is
 * not found for them.
 */
export function buyListing(state: FakeEbayState, listingId: string, signedInAs?: FakeSeller): FakeAnswer {
  const listing = state.listings.get(listingId);
  if (!listing || (signedInAs && listing.userId !== signedInAs.userId))
    return page(404, 'Listing not found', '<h1>This listing does not exist</h1>');
  if (listing.status !== 'ACTIVE') return page(409, 'Listing ended', `<h1>${escapeHtml(simulatedSaleWords.ended)}</h1>`);
  // The buyer pays the shipping the listing's fulfillment policy charges, as on eBay.
  const shipping = state.policyShipping(listing.userId, listing.sku);
  const order = state.sell(listing.sku, { sellerUserId: listing.userId, ...(shipping ? { shipping } : {}) });
  state.setOrderFees(order.orderId);
  return page(200, 'Bought | eBay (simulated)', `<h1>Bought</h1><p>${escapeHtml(simulatedSaleWords.bought(order.orderId))}</p>`);
}
