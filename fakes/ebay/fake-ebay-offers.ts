/**
 * Offers in the fake: one per SKU + marketplace + format (a second createOffer answers 25002 carrying the existing
 * offerId), and publish checked against the fake catalog the way eBay checks it, so the real publish errors come
 * back: 25002 for a missing location country or required aspect, 25005 for a non-leaf category, 25021 for a
 * condition the category does not take, 25007-25009 and 25035 for policies, 25014 for pictures, 25002 for a value a
 * SELECTION_ONLY aspect does not list in the site's language (fake-ebay-selection-only.ts), 25002 for the brand and
 * MPN pair and 25020 for the package under calculated shipping (fake-ebay-publish-rules.ts).
 */
import type { ApiCall, ApiHandler } from './fake-ebay-api-call';
import { sellerOf } from './fake-ebay-api-call';
import { aspectsOn, categoryById, conditionEnumById } from './fake-ebay-catalog';
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import { nonStandardSize } from './fake-ebay-sizes';
import { unlistedSelection } from './fake-ebay-selection-only';
import { brandMpnProblem, packageProblem, policyProblem } from './fake-ebay-publish-rules';
import type { FakeEbayState, FakeOffer } from './fake-ebay-state';
import { fakeMarketplace, regulatoryProblem } from './fake-ebay-marketplaces';
import { offerFieldsProblem, offerWarnings } from './fake-ebay-offer-rules';

const offerNotAvailable = () => ebayError(404, 25713, 'This Offer is not available.');
const userError = (errorId: number, message: string, parameter?: string) =>
  ebayError(400, errorId, `A user error has occurred. ${message}`, parameter ? { parameters: [{ name: '0', value: parameter }] } : {});

function view(offer: FakeOffer) {
  return {
    ...offer.details,
    offerId: offer.offerId,
    sku: offer.sku,
    marketplaceId: offer.marketplaceId,
    format: offer.format,
    status: offer.status,
    ...(offer.listingId ? { listing: { listingId: offer.listingId, listingStatus: 'ACTIVE' } } : {}),
  };
}

/** Records the price an offer's details carry, if any (the bench checks every price sent against the floor). */
function recordPrice(state: FakeEbayState, offer: FakeOffer, operationId: 'createOffer' | 'updateOffer') {
  const price = (offer.details as { pricingSummary?: { price?: { value?: string; currency?: string } } }).pricingSummary?.price;
  if (price?.value === undefined) return;
  state.pricesSent.push({
    at: Date.now(),
    userId: offer.userId,
    sku: offer.sku,
    operationId,
    value: price.value,
    currency: price.currency ?? '',
  });
}

/**
 * What eBay refuses in an offer written for its marketplace (createOffer, updateOffer): a marketplace it does not
 * have, a Content-Language that is not the marketplace's, a price in another currency (25003, "Invalid price").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- eBay's JSON as the fake received it
function marketplaceProblem(call: ApiCall, marketplaceId: string, details: Record<string, any>): FakeAnswer | null {
  const marketplace = fakeMarketplace(marketplaceId);
  if (!marketplace) return userError(25002, `${marketplaceId} is not a valid marketplace.`, 'marketplaceId');
  if (!marketplace.languages.includes(String(call.headers['content-language'] ?? '')))
    return ebayError(400, 25709, 'Invalid value for header Content-Language.');
  const currency = details.pricingSummary?.price?.currency;
  if (currency !== undefined && currency !== marketplace.currency)
    return ebayError(
      400,
      25003,
      `Invalid price. The currency ${String(currency)} is not valid on ${marketplaceId}, which takes ${marketplace.currency}.`,
      {
        parameters: [{ name: '0', value: 'pricingSummary.price.currency' }],
      },
    );
  return null;
}

function ownOffer(call: ApiCall, state: FakeEbayState): FakeOffer | null {
  const offer = state.offers.get(call.params.offerId!);
  return offer && offer.userId === call.token.userId ? offer : null;
}

function publishProblem(offer: FakeOffer, call: ApiCall, state: FakeEbayState): FakeAnswer | null {
  const seller = sellerOf(call, state);
  const details = offer.details as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!details.merchantLocationKey || !seller.locations.has(details.merchantLocationKey)) {
    return userError(25002, 'No <Item.Country> exists or <Item.Country> is specified as an empty tag in the request.', 'Item.Country');
  }
  const item = seller.items.get(offer.sku) as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!item) return userError(25002, `No inventory item exists for SKU ${offer.sku}.`, 'sku');
  const category = categoryById(details.categoryId);
  if (!details.categoryId) return userError(25002, 'The category is missing.', 'categoryId');
  if (!category || !category.leaf)
    return userError(25005, 'The category ID you entered is not a leaf category. Please provide a leaf category ID.', 'categoryId');
  const policies = policyProblem(seller, { ...details, marketplaceId: offer.marketplaceId });
  if (policies) return policies;
  if (!(Number(details.pricingSummary?.price?.value) > 0)) return userError(25002, 'The price is missing or invalid.', 'price');
  const marketplace = fakeMarketplace(offer.marketplaceId)!;
  if (details.pricingSummary.price.currency !== marketplace.currency)
    return ebayError(400, 25003, `Invalid price. The currency is not valid on ${offer.marketplaceId}.`);
  // The listing is in the language of its inventory item, which must be the marketplace's.
  if (!marketplace.languages.includes(String(item.locale ?? '').replace('_', '-')))
    return userError(25002, `The inventory item's locale ${String(item.locale)} is not a language of ${offer.marketplaceId}.`, 'locale');
  if (marketplace.productSafety) {
    const problem = regulatoryProblem(details.regulatory);
    if (problem) return ebayError(400, problem.errorId, problem.message, { parameters: [{ name: '0', value: 'regulatory' }] });
  }
  const allowed = category.conditions.map((id) => conditionEnumById[id]);
  if (!allowed.includes(item.condition)) return userError(25021, 'The item condition value is not valid for this category.', 'condition');
  const images: unknown[] = item.product?.imageUrls ?? [];
  if (!images.length || images.length > 24 || images.some((url) => typeof url !== 'string' || !url.startsWith('https://'))) {
    return userError(25014, 'The pictures are missing or one of their URLs is not https.', 'imageUrls');
  }
  if (!item.product?.title) return userError(25002, 'The title is missing.', 'title');
  const aspects: Record<string, string[]> = item.product?.aspects ?? {};
  // The MPN and the brand may come as product.mpn and product.brand too: the pair's own rule reads both.
  // Under the marketplace's names (Taxonomy's localizedAspectName): "Marke" and "Größe" on eBay Germany.
  for (const aspect of aspectsOn(category, offer.marketplaceId).filter((a) => a.required && a.usName !== 'MPN')) {
    if (!aspects[aspect.name]?.length && !(aspect.usName === 'Brand' && item.product?.brand)) {
      return userError(
        25002,
        `The item specific ${aspect.name} is missing. Add ${aspect.name} to this listing, enter a valid value, and then try again.`,
        aspect.name,
      );
    }
  }
  const size = nonStandardSize(category, aspects, offer.marketplaceId);
  if (size) {
    return userError(
      25002,
      `The item specific ${size.aspect} has an invalid value "${size.value}". Choose one of eBay's standard ${size.aspect} values for this category, and then try again.`,
      size.aspect,
    );
  }
  // Taxonomy's SELECTION_ONLY in the site's words: "Women" is refused on eBay Germany, which lists "Damen".
  const unlisted = unlistedSelection(category, aspects, offer.marketplaceId);
  if (unlisted) {
    return userError(
      25002,
      `The item specific ${unlisted.aspect} has an invalid value "${unlisted.value}". Choose one of eBay's ${unlisted.aspect} values for this category, and then try again.`,
      unlisted.aspect,
    );
  }
  return brandMpnProblem(category, item, offer.marketplaceId) ?? packageProblem(seller, details, item);
}

/** An auction sells one item at least: the SKU's quantity must have it. */
function auctionQuantityProblem(offer: FakeOffer, call: ApiCall, state: FakeEbayState): FakeAnswer | null {
  if (offer.format !== 'AUCTION') return null;
  const item = sellerOf(call, state).items.get(offer.sku) as { availability?: { shipToLocationAvailability?: { quantity?: number } } };
  if ((item?.availability?.shipToLocationAvailability?.quantity ?? 0) >= 1) return null;
  return userError(25760, 'shipToLocationAvailability quantity insufficient to create auction listings.', 'quantity');
}

/** What eBay drops at publish and says so: a condition description on a new item is not shown. */
function publishWarnings(offer: FakeOffer, call: ApiCall, state: FakeEbayState) {
  const item = sellerOf(call, state).items.get(offer.sku) as { condition?: string; conditionDescription?: string } | undefined;
  const warnings = offerWarnings(offer.details, offer.marketplaceId, false);
  if (item?.conditionDescription && item.condition === 'NEW')
    warnings.push({
      errorId: 25030,
      domain: 'API_INVENTORY',
      category: 'REQUEST',
      message: 'conditionDescription is not applicable for the condition and has been dropped',
      parameters: [{ name: '0', value: 'conditionDescription' }],
    });
  return warnings;
}

export const offerHandlers: Record<string, ApiHandler> = {
  getOffers(call, state) {
    const sku = call.query.get('sku');
    const marketplaceId = call.query.get('marketplace_id');
    const offers = [...state.offers.values()].filter(
      (o) => o.userId === call.token.userId && (!sku || o.sku === sku) && (!marketplaceId || o.marketplaceId === marketplaceId),
    );
    if (!offers.length) return offerNotAvailable();
    return { status: 200, body: { total: offers.length, size: offers.length, limit: 25, offers: offers.map(view) } };
  },
  getOffer(call, state) {
    const offer = ownOffer(call, state);
    return offer ? { status: 200, body: view(offer) } : offerNotAvailable();
  },
  createOffer(call, state) {
    const { sku, marketplaceId, format, ...details } = call.json ?? {};
    if (!sku || !marketplaceId || !format)
      return userError(25002, 'sku, marketplaceId and format are required.', !sku ? 'sku' : !marketplaceId ? 'marketplaceId' : 'format');
    const existing = [...state.offers.values()].find(
      (o) => o.userId === call.token.userId && o.sku === sku && o.marketplaceId === marketplaceId && o.format === format,
    );
    const problem = marketplaceProblem(call, String(marketplaceId), details);
    if (problem) return problem;
    if (existing) {
      return ebayError(400, 25002, 'A user error has occurred. Offer entity already exists.', {
        parameters: [{ name: 'offerId', value: existing.offerId }],
      });
    }
    const seller = sellerOf(call, state);
    if (!seller.items.has(sku))
      return ebayError(400, 25702, `${String(sku)} could not be found or is not available in the system.`, {
        parameters: [{ name: '0', value: String(sku) }],
      });
    const fields = offerFieldsProblem(seller, { ...details, format });
    if (fields) return fields;
    const offer: FakeOffer = {
      offerId: state.newOfferId(),
      userId: call.token.userId!,
      sku,
      marketplaceId,
      format,
      status: 'UNPUBLISHED',
      contentLanguage: String(call.headers['content-language']),
      details,
    };
    state.offers.set(offer.offerId, offer);
    recordPrice(state, offer, 'createOffer');
    return { status: 201, body: { offerId: offer.offerId, warnings: offerWarnings(details, offer.marketplaceId, false) } };
  },
  updateOffer(call, state) {
    const offer = ownOffer(call, state);
    if (!offer) return offerNotAvailable();
    const problem = marketplaceProblem(call, offer.marketplaceId, call.json ?? {});
    if (problem) return problem;
    const fields = offerFieldsProblem(sellerOf(call, state), { ...(call.json ?? {}), format: offer.format });
    if (fields) return fields;
    offer.details = { ...(call.json ?? {}) };
    recordPrice(state, offer, 'updateOffer');
    offer.contentLanguage = String(call.headers['content-language']);
    // On a published offer eBay revises the live listing at once (ebay.md, "After the sale").
    const listing = offer.status === 'PUBLISHED' && offer.listingId ? state.listings.get(offer.listingId) : undefined;
    if (listing?.status === 'ACTIVE') listing.revisions += 1;
    const warnings = offerWarnings(offer.details, offer.marketplaceId, offer.status === 'PUBLISHED');
    return { status: 200, body: { offerId: offer.offerId, warnings } };
  },
  publishOffer(call, state) {
    const offer = ownOffer(call, state);
    if (!offer) return offerNotAvailable();
    const problem = publishProblem(offer, call, state) ?? auctionQuantityProblem(offer, call, state);
    if (problem) return problem;
    const listing = offer.listingId ? state.listings.get(offer.listingId) : undefined;
    if (listing && listing.status === 'ACTIVE') {
      listing.publishCount += 1;
    } else {
      offer.listingId = state.newListingId();
      state.listings.set(offer.listingId, {
        listingId: offer.listingId,
        offerId: offer.offerId,
        userId: offer.userId,
        sku: offer.sku,
        status: 'ACTIVE',
        publishCount: 1,
        revisions: 0,
      });
    }
    offer.status = 'PUBLISHED';
    return { status: 200, body: { listingId: offer.listingId, warnings: publishWarnings(offer, call, state) } };
  },
  withdrawOffer(call, state) {
    const offer = ownOffer(call, state);
    if (!offer) return offerNotAvailable();
    const listing = offer.listingId ? state.listings.get(offer.listingId) : undefined;
    if (!listing || offer.status !== 'PUBLISHED') return userError(25713, 'The offer is not published.', 'offerId');
    listing.status = 'ENDED';
    offer.status = 'UNPUBLISHED';
    offer.listingId = undefined;
    return { status: 200, body: { listingId: listing.listingId, warnings: [] } };
  },
};
