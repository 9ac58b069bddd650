/** Inventory API in the fake: locations and inventory items. */
import type { ApiHandler } from './fake-ebay-api-call';
import { sellerOf } from './fake-ebay-api-call';
import { ebayError } from './fake-ebay-errors';
import { fakeListingLanguages } from './fake-ebay-marketplaces';
import { inventoryItemProblem, inventoryItemWarnings } from './fake-ebay-item-rules';

const notFound = (errorId: number, message: string) => ebayError(404, errorId, message);
/** A SKU no item can have (longer than 50, blank or with whitespace): eBay answers 400, not 404. */
const impossibleSku = (sku: string) =>
  sku.length > 50 || !sku.trim() || /\s/.test(sku)
    ? ebayError(400, 25702, `${sku} could not be found or is not available in the system.`, { parameters: [{ name: '0', value: sku }] })
    : null;

/** merchantLocationKey: "Max length: 36", letters, digits, underscores and hyphens. */
const badLocationKey = (key: string) =>
  key.length > 36 || !/^[A-Za-z0-9_-]+$/.test(key)
    ? ebayError(
        400,
        25804,
        `Input error. merchantLocationKey ${key} is longer than 36 characters or has characters other than letters, digits, _ and -.`,
      )
    : null;

export const inventoryHandlers: Record<string, ApiHandler> = {
  createInventoryLocation(call, state) {
    const locations = sellerOf(call, state).locations;
    const key = call.params.merchantLocationKey!;
    const badKey = badLocationKey(key);
    if (badKey) return badKey;
    if (locations.has(key)) return ebayError(409, 25803, `merchantLocationKey ${key} already exists.`);
    if (!call.json?.location) return ebayError(400, 25801, 'Missing field location.', { parameters: [{ name: '0', value: 'location' }] });
    const address = call.json.location.address ?? {};
    // CountryCodeEnum: two capital letters (ISO 3166).
    if (address.country !== undefined && !/^[A-Z]{2}$/.test(String(address.country)))
      return ebayError(400, 25800, 'Invalid country.', { parameters: [{ name: '0', value: 'location.address.country' }] });
    if (!address.country || !(address.postalCode || (address.city && address.stateOrProvince))) {
      return ebayError(400, 25802, 'Input error. A location needs a country and a postal code, or a city and a state or province.');
    }
    locations.set(key, { ...call.json, merchantLocationKey: key, merchantLocationStatus: 'ENABLED' });
    return { status: 204 };
  },
  getInventoryLocation(call, state) {
    const badKey = badLocationKey(call.params.merchantLocationKey!);
    if (badKey) return badKey;
    const location = sellerOf(call, state).locations.get(call.params.merchantLocationKey!);
    return location ? { status: 200, body: location } : notFound(25805, 'Location not found.');
  },
  createOrReplaceInventoryItem(call, state) {
    const sku = call.params.sku!;
    const language = String(call.headers['content-language'] ?? '');
    if (!fakeListingLanguages.has(language)) return ebayError(400, 25709, 'Invalid value for header Content-Language.');
    if (sku.length > 50)
      return ebayError(
        400,
        25707,
        'This is an invalid value for a SKU. Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters.',
      );
    const title = call.json?.product?.title;
    if (typeof title === 'string' && title.length > 80) return ebayError(400, 25718, 'The title is longer than 80 characters.');
    const problem = inventoryItemProblem(sellerOf(call, state), sku, call.json ?? {});
    if (problem) return problem;
    const items = sellerOf(call, state).items;
    const created = !items.has(sku);
    items.set(sku, { ...call.json, sku, locale: language.replace('-', '_') });
    // The SKU's live listing shows the new title, description, aspects, photos and quantity at once: a revise.
    for (const offer of state.offers.values()) {
      const listing =
        offer.userId === call.token.userId && offer.sku === sku && offer.listingId ? state.listings.get(offer.listingId) : undefined;
      if (listing?.status === 'ACTIVE') listing.revisions += 1;
    }
    const warnings = inventoryItemWarnings(call.json ?? {});
    if (created) return { status: 201, body: { warnings } };
    return warnings.length ? { status: 200, body: { warnings } } : { status: 204 };
  },
  getInventoryItem(call, state) {
    const impossible = impossibleSku(call.params.sku!);
    if (impossible) return impossible;
    const item = sellerOf(call, state).items.get(call.params.sku!);
    return item ? { status: 200, body: item } : notFound(25710, "We didn't find the resource/entity you are requesting.");
  },
  /** As eBay's contract says: the item goes with its offers, and a listing of the SKU ends. */
  deleteInventoryItem(call, state) {
    const sku = call.params.sku!;
    const impossible = impossibleSku(sku);
    if (impossible) return impossible;
    const items = sellerOf(call, state).items;
    if (!items.has(sku)) return notFound(25710, "We didn't find the resource/entity you are requesting.");
    items.delete(sku);
    for (const offer of [...state.offers.values()]) {
      if (offer.userId !== call.token.userId || offer.sku !== sku) continue;
      const listing = offer.listingId ? state.listings.get(offer.listingId) : undefined;
      if (listing) listing.status = 'ENDED';
      state.offers.delete(offer.offerId);
    }
    return { status: 204 };
  },
};
