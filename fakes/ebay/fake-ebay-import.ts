/**
 * What a seller already has live on eBay, in the fake: Inventory API listings (an inventory item, a published offer
 * and an active listing each) and listings made on eBay's site, which the Inventory API does not see until
 * `bulkMigrateListing` moves them in (fixed price only, with a seller SKU, five a call). `getInventoryItems` pages
 * the seller's inventory items as the contract says (`limit` 1-200, default 25; `offset` is the page number). The
 * listings' photos are served by the fake's own picture host (`/images/...`, real JPEGs from `pictures/`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiHandler } from './fake-ebay-api-call';
import { sellerOf } from './fake-ebay-api-call';
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import type { FakeEbayState } from './fake-ebay-state';

/** A listing made on eBay's site (Seller Hub, the app): invisible to the Inventory API until migrated. */
export interface FakeSiteListing {
  listingId: string;
  userId: string;
  format: 'FIXED_PRICE' | 'AUCTION';
  /** The seller's custom label; eBay migrates only listings that have one. */
  sku: string | null;
  item: Record<string, unknown>;
  offer: Record<string, unknown>;
  migrated: boolean;
}

export interface SeedListingsInput {
  sellerUserId?: string;
  /** Listings made through the Inventory API (live, visible to getInventoryItems). */
  inventory?: number;
  /** Fixed-price listings made on eBay's site (with a SKU: they migrate). */
  siteMade?: number;
  /** Auctions made on eBay's site (bulkMigrateListing refuses them). */
  auctions?: number;
  /** Fixed-price site listings without a SKU (refused too). */
  withoutSku?: number;
  /** Photos per listing (1-5 of the fake's pictures, repeated past 5). */
  photos?: number;
  /** Prefix of the seeded SKUs (default "EB"). */
  skuPrefix?: string;
}

export interface SeededListings {
  inventorySkus: string[];
  /** Site-made listing ids: the fixed-price ones with a SKU, then the auctions, then those without a SKU. */
  siteListingIds: string[];
  auctionIds: string[];
  withoutSkuIds: string[];
}

const PICTURE_COUNT = 5;
let pictureCache: Buffer[] | null = null;

/** The fake's pictures: next to this file, or under fakes/ebay from the working directory (the server bundle). */
function pictures(): Buffer[] {
  if (pictureCache) return pictureCache;
  const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pictures');
  const dir = existsSync(here) ? here : path.resolve('fakes/ebay/pictures');
  pictureCache = Array.from({ length: PICTURE_COUNT }, (_, i) => readFileSync(path.join(dir, `photo-${i + 1}.jpg`)));
  return pictureCache;
}

/** GET /images/{listing}/{n}.jpg on the fake's picture host: photo n of the five, as image/jpeg. */
export function pictureAnswer(pathname: string): FakeAnswer | null {
  const match = /^\/images\/[A-Za-z0-9_-]+\/(\d+)\.jpg$/.exec(pathname);
  if (!match) return null;
  const bytes = pictures()[Number(match[1]) % PICTURE_COUNT]!;
  return { status: 200, body: bytes, headers: { 'content-type': 'image/jpeg', 'content-length': String(bytes.length) } };
}

const sizes = ['XS', 'S', 'M', 'L', 'XL'];
const brands = ['Levi’s', 'Patagonia', 'Zara', 'Uniqlo', 'Carhartt'];

function listingBody(origin: string, id: string, n: number, photos: number) {
  const brand = brands[n % brands.length]!;
  const size = sizes[n % sizes.length]!;
  return {
    item: {
      product: {
        title: `${brand} denim shirt size ${size} #${n + 1}`,
        description: `<p>${brand} denim shirt, size ${size}. Worn a few times, no marks.</p>`,
        aspects: { Brand: [brand], Department: ['Men'], Size: [size], 'Size Type': ['Regular'], Color: ['Blue'], Material: ['Denim'] },
        imageUrls: Array.from({ length: photos }, (_, i) => `${origin}/images/${id}/${i}.jpg`),
      },
      condition: 'USED_EXCELLENT',
      availability: { shipToLocationAvailability: { quantity: 1 + (n % 3) } },
    },
    offer: {
      categoryId: '57990',
      listingDescription: `<p>${brand} denim shirt, size ${size}. Worn a few times, no marks.</p>`,
      pricingSummary: { price: { value: (19 + n).toFixed(2), currency: 'USD' } },
      availableQuantity: 1 + (n % 3),
      merchantLocationKey: 'seller-site-location',
      listingPolicies: { fulfillmentPolicyId: 'site-fulfillment', paymentPolicyId: 'site-payment', returnPolicyId: 'site-return' },
    },
  };
}

/** Seeds a seller's live listings; answers what was made so a test can paste the site-made ids. */
export function seedLiveListings(state: FakeEbayState, origin: string, input: SeedListingsInput): SeededListings {
  const userId = input.sellerUserId ?? state.sellers[0]!.userId;
  const photos = Math.max(1, input.photos ?? 3);
  const prefix = input.skuPrefix ?? 'EB';
  const seller = state.seller(userId);
  const out: SeededListings = { inventorySkus: [], siteListingIds: [], auctionIds: [], withoutSkuIds: [] };
  let n = state.siteListings.size + state.listings.size;
  for (let i = 0; i < (input.inventory ?? 0); i++, n++) {
    const sku = `${prefix}-API-${String(n + 1).padStart(4, '0')}`;
    const listingId = state.newListingId();
    const { item, offer } = listingBody(origin, listingId, n, photos);
    seller.items.set(sku, { ...item, sku, locale: 'en_US' });
    const offerId = state.newOfferId();
    state.offers.set(offerId, {
      offerId,
      userId,
      sku,
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      status: 'PUBLISHED',
      listingId,
      details: offer,
    });
    state.listings.set(listingId, { listingId, offerId, userId, sku, status: 'ACTIVE', publishCount: 1, revisions: 0 });
    out.inventorySkus.push(sku);
  }
  const site = (format: FakeSiteListing['format'], withSku: boolean) => {
    const listingId = state.newListingId();
    const { item, offer } = listingBody(origin, listingId, n, photos);
    const sku = withSku ? `${prefix}-SITE-${String(n + 1).padStart(4, '0')}` : null;
    n++;
    state.siteListings.set(listingId, { listingId, userId, format, sku, item, offer, migrated: false });
    return listingId;
  };
  for (let i = 0; i < (input.siteMade ?? 0); i++) out.siteListingIds.push(site('FIXED_PRICE', true));
  for (let i = 0; i < (input.auctions ?? 0); i++) out.auctionIds.push(site('AUCTION', true));
  for (let i = 0; i < (input.withoutSku ?? 0); i++) out.withoutSkuIds.push(site('FIXED_PRICE', false));
  out.siteListingIds.push(...out.auctionIds, ...out.withoutSkuIds);
  return out;
}

const cannotMigrate = (listingId: string, additionalInfo: string) => ({
  listingId,
  marketplaceId: 'EBAY_US',
  statusCode: 400,
  errors: [
    {
      errorId: 25718,
      domain: 'API_INVENTORY',
      category: 'REQUEST',
      message: `Cannot migrate listing. ${additionalInfo}`,
      parameters: [{ name: 'listingId', value: listingId }],
    },
  ],
});

export const importHandlers: Record<string, ApiHandler> = {
  /** The contract: limit 1-200 (default 25), offset the page number (first page 0); `next` while pages remain. */
  getInventoryItems(call, state) {
    const rawLimit = call.query.get('limit');
    const rawOffset = call.query.get('offset');
    const limit = rawLimit === null ? 25 : Number(rawLimit);
    const page = rawOffset === null ? 0 : Number(rawOffset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200 || !Number.isInteger(page) || page < 0) {
      return ebayError(400, 25706, 'You have provided invalid pagination values. limit must be 1-200 and offset a page number from 0.');
    }
    const all = [...sellerOf(call, state).items.values()];
    const pages = Math.ceil(all.length / limit);
    const href = (p: number) => `${call.origin}/sell/inventory/v1/inventory_item?limit=${limit}&offset=${p}`;
    return {
      status: 200,
      body: {
        href: href(page),
        total: all.length,
        size: pages,
        limit,
        inventoryItems: all.slice(page * limit, (page + 1) * limit),
        ...(page + 1 < pages ? { next: href(page + 1) } : {}),
        ...(page > 0 ? { prev: href(page - 1) } : {}),
      },
    };
  },
  /** One to five listings; each answers its own status, and the call 200 when all moved, 207 otherwise. */
  bulkMigrateListing(call, state) {
    const requests: { listingId?: string }[] = call.json?.requests ?? [];
    if (requests.length < 1 || requests.length > 5) {
      return ebayError(400, 25718, 'Cannot migrate listing. Send one to five listing ids a call.');
    }
    const userId = call.token.userId!;
    const seller = sellerOf(call, state);
    const responses = requests.map(({ listingId = '' }) => {
      const listing = state.siteListings.get(listingId);
      if (!listing || listing.userId !== userId) return cannotMigrate(listingId, 'The listing was not found among your active listings.');
      if (listing.migrated) return cannotMigrate(listingId, 'The listing has already been migrated to the Inventory API.');
      if (listing.format !== 'FIXED_PRICE')
        return cannotMigrate(listingId, 'Only fixed-price listings can be migrated; this listing is an auction.');
      if (!listing.sku) return cannotMigrate(listingId, 'The item in the listing must have a seller-defined SKU (Custom label).');
      listing.migrated = true;
      seller.items.set(listing.sku, { ...listing.item, sku: listing.sku, locale: 'en_US' });
      const offerId = state.newOfferId();
      state.offers.set(offerId, {
        offerId,
        userId,
        sku: listing.sku,
        marketplaceId: 'EBAY_US',
        format: 'FIXED_PRICE',
        status: 'PUBLISHED',
        listingId,
        details: listing.offer,
      });
      state.listings.set(listingId, { listingId, offerId, userId, sku: listing.sku, status: 'ACTIVE', publishCount: 1, revisions: 0 });
      return { listingId, marketplaceId: 'EBAY_US', statusCode: 200, inventoryItems: [{ sku: listing.sku, offerId }] };
    });
    return { status: responses.every((r) => r.statusCode === 200) ? 200 : 207, body: { responses } };
  },
};
