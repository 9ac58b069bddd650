/**
 * GET /itm/{listingId}: the fake's own view of a published listing, where the simulated eBay's listing links lead
 * (eBay's real page is https://www.ebay.com/itm/{listingId}). Labelled as a simulation at the top.
 */
import type { FakeAnswer } from './fake-ebay-errors';
import type { FakeEbayState } from './fake-ebay-state';
import { SIMULATED_EBAY_LABEL } from '../../src/shared/domain/simulated-ebay';

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
  const item = state.seller(listing.userId).items.get(listing.sku) as
    | { product?: { title?: string; description?: string; aspects?: Record<string, string[]>; imageUrls?: string[] }; condition?: string }
    | undefined;
  const price = (offer?.details.pricingSummary as { price?: { value?: string; currency?: string } } | undefined)?.price;
  const aspects = Object.entries(item?.product?.aspects ?? {})
    .map(([name, values]) => `<li>${escapeHtml(name)}: ${escapeHtml(values.join(', '))}</li>`)
    .join('');
  const title = item?.product?.title ?? listing.sku;
  return page(
    200,
    `${title} | eBay (simulated)`,
    `<h1>${escapeHtml(title)}</h1>
<p>${price ? `${escapeHtml(price.value ?? '')} ${escapeHtml(price.currency ?? '')}` : ''} · ${escapeHtml(item?.condition ?? '')} · ${listing.status === 'ACTIVE' ? 'Active' : 'Ended'}</p>
<p>Listing ${escapeHtml(listing.listingId)} · SKU ${escapeHtml(listing.sku)} · ${item?.product?.imageUrls?.length ?? 0} photos</p>
<ul>${aspects}</ul>
<div>${escapeHtml(item?.product?.description ?? '')}</div>`,
  );
}
