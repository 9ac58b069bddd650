/**
 * The Negotiation API in the fake (contracts/ebay/sell_negotiation_v1_oas3.json): watchers on a listing make it
 * eligible (findEligibleItems); sendOfferToInterestedBuyers sends each watcher an offer, refusing what the document
 * says eBay refuses (its x-response-codes): more than one listing (150005), price and percent both (150007), a
 * duration other than the marketplace's one (150027: 4 days on US and UK, 2 elsewhere), a message over 2,000 characters or with HTML (150010), a
 * listing id that is not a number (150013), no such listing for the seller (150012), an auction (150017), a quantity over
 * the listing's (150014), an ended listing (150011), no interested buyers (150020), a listing with an open seller-initiated
 * negotiation (150019, until its duration passes), a price not under the listing price (150016) or less than 5 % under it
 * (150008). Both calls answer for the marketplace of their X-EBAY-C-MARKETPLACE-ID ("The eBay marketplace on which your
 * listings with eligible buyers appear"): another marketplace's listing is not eligible there, nor offered to (150012).
 * A watcher accepts an offer (control `accept-seller-offer`): an order at the offer's price, as any sale.
 */
import { randomInt } from 'node:crypto';
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import type { FakeEbayState, FakeListing, FakeOrder } from './fake-ebay-state';

const newOfferId = () => `${randomInt(1, 10)}${String(randomInt(0, 1e11)).padStart(11, '0')}`;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An offer's duration, one value a marketplace, set by eBay (CreateOffersRequest.offerDuration: "set automatically
 * based on the eBay marketplace, and each marketplace has one supported value"): 4 days on EBAY_US and EBAY_GB
 * (release notes v1.1.1, 2025-01-16, and v1.1.2, 2025-10-29, which removed 2 days there); 2 days elsewhere, the stored
 * contract's (v1.1.0) value, which those notes left unchanged. See SOURCES.md.
 */
export const offerDurationDays = (marketplaceId: string | undefined) =>
  marketplaceId === 'EBAY_US' || marketplaceId === 'EBAY_GB' ? 4 : 2;
const MIN_DISCOUNT_PERCENT = 5;
const MARKETPLACES = ['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_AU', 'EBAY_CA'];

export interface FakeSellerOffer {
  offerId: string;
  listingId: string;
  sellerUserId: string;
  buyer: string;
  price: { value: string; currency: string };
  message?: string;
  createdAt: number;
  expiresAt: number;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED';
  orderId?: string;
}

/** Interested buyers by listing, and the seller-initiated offers sent. */
export class FakeNegotiation {
  watchers = new Map<string, string[]>();
  offers: FakeSellerOffer[] = [];

  watch(listingId: string, buyers: string[]) {
    this.watchers.set(listingId, [...new Set([...(this.watchers.get(listingId) ?? []), ...buyers])]);
  }

  /** Time passes: every pending offer is past its duration. */
  expireAll(now = Date.now()) {
    for (const offer of this.offers) if (offer.status === 'PENDING') offer.expiresAt = Math.min(offer.expiresAt, now - 1);
  }

  openOn(listingId: string, now = Date.now()) {
    return this.offers.some((o) => o.listingId === listingId && o.status === 'PENDING' && o.expiresAt > now);
  }

  reset() {
    this.watchers.clear();
    this.offers = [];
  }
}

const negotiationError = (status: number, errorId: number, message: string, category = status === 409 ? 'BUSINESS' : 'REQUEST') =>
  ebayError(status, errorId, message, { domain: 'API_NEGOTIATION', category });

const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (minor: number) => (minor / 100).toFixed(2);

function listingPrice(state: FakeEbayState, listing: FakeListing) {
  const details = state.offers.get(listing.offerId)?.details as { pricingSummary?: { price?: { value?: string; currency?: string } } };
  const price = details?.pricingSummary?.price;
  return { minor: cents(price?.value ?? '0'), currency: price?.currency ?? 'USD' };
}

function marketplaceProblem(call: Parameters<ApiHandler>[0]): FakeAnswer | null {
  const marketplace = String(call.headers['x-ebay-c-marketplace-id'] ?? '');
  if (MARKETPLACES.includes(marketplace)) return null;
  return negotiationError(
    400,
    150002,
    `The marketplace value ${marketplace} is not supported. The supported values are: ${MARKETPLACES.join(', ')}`,
  );
}

/** A watcher accepts a pending, unexpired offer: the order at the offer's price (the listing's sale, as any). */
export function acceptSellerOffer(state: FakeEbayState, offerId: string, now = Date.now()): FakeOrder {
  const offer = state.negotiation.offers.find((o) => o.offerId === offerId);
  if (!offer) throw new Error(`fake eBay: no seller-initiated offer ${offerId}`);
  if (offer.status !== 'PENDING' || offer.expiresAt <= now) throw new Error(`fake eBay: offer ${offerId} is not open`);
  const listing = state.listings.get(offer.listingId);
  if (!listing || listing.status !== 'ACTIVE') throw new Error(`fake eBay: the listing of offer ${offerId} is not live`);
  const order = state.sell(listing.sku, { sellerUserId: offer.sellerUserId, price: offer.price.value });
  offer.status = 'ACCEPTED';
  offer.orderId = order.orderId;
  // The other watchers' offers on the sold listing can no longer be taken.
  for (const other of state.negotiation.offers)
    if (other.listingId === offer.listingId && other.status === 'PENDING') other.status = 'DECLINED';
  return order;
}

export const negotiationHandlers: Record<string, ApiHandler> = {
  findEligibleItems(call, state) {
    const problem = marketplaceProblem(call);
    if (problem) return problem;
    const limit = Number(call.query.get('limit') ?? 10);
    const offset = Number(call.query.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return negotiationError(400, 150003, 'Invalid limit. Limit should be between 1 and 200.');
    if (!Number.isInteger(offset) || offset < 0) return negotiationError(400, 150004, 'Invalid offset. Offset cannot be less than 0.');
    const marketplaceId = String(call.headers['x-ebay-c-marketplace-id']);
    const eligible = [...state.listings.values()].filter(
      (l) =>
        l.userId === call.token.userId &&
        l.status === 'ACTIVE' &&
        state.listingMarketplace(l) === marketplaceId &&
        (state.negotiation.watchers.get(l.listingId)?.length ?? 0) > 0,
    );
    if (!eligible.length) return { status: 204 };
    const page = eligible.slice(offset, offset + limit);
    const href = (at: number) => `${call.origin}${call.operation.path}?limit=${limit}&offset=${at}`;
    return {
      status: 200,
      body: {
        href: href(offset),
        limit,
        offset,
        total: eligible.length,
        eligibleItems: page.map((l) => ({ listingId: l.listingId })),
        ...(offset + limit < eligible.length ? { next: href(offset + limit) } : {}),
        ...(offset > 0 ? { prev: href(Math.max(0, offset - limit)) } : {}),
      },
    };
  },

  sendOfferToInterestedBuyers(call, state) {
    const problem = marketplaceProblem(call);
    if (problem) return problem;
    const request = call.json as
      | {
          allowCounterOffer?: boolean;
          message?: string;
          offerDuration?: { unit?: string; value?: number };
          offeredItems?: {
            listingId?: string;
            price?: { value?: string; currency?: string };
            discountPercentage?: string;
            quantity?: number;
          }[];
        }
      | undefined;
    const items = request?.offeredItems ?? [];
    if (!request || !items.length) return negotiationError(400, 150006, 'Request cannot be null/empty.');
    if (items.length > 1)
      return negotiationError(400, 150005, `Offer contains multiple listings ${items.map((i) => i.listingId).join(',')}.`);
    const item = items[0]!;
    if (item.price && item.discountPercentage !== undefined)
      return negotiationError(400, 150007, 'Both offer price and discount percentage cannot be present in the request.');
    if (!item.price && item.discountPercentage === undefined)
      return negotiationError(400, 150009, 'Invalid value for offeredItems. Either price or discountPercentage is required.');
    if (request.allowCounterOffer) return negotiationError(400, 150009, 'Invalid value for allowCounterOffer. It must be false.');
    const duration = request.offerDuration;
    const offerDays = offerDurationDays(call.headers['x-ebay-c-marketplace-id'] as string | undefined);
    if (duration && (duration.unit !== 'DAY' || duration.value !== offerDays))
      return negotiationError(400, 150027, `Offer is invalid. Please specify a valid duration of ${offerDays} DAY`);
    if (request.message !== undefined && (request.message.length > 2000 || /<[a-z/!]/i.test(request.message)))
      return negotiationError(
        409,
        150010,
        'Invalid message. Message cannot contain HTML or blocked words and cannot exceed maximum character limit of 2000.',
      );
    const listingId = item.listingId ?? '';
    // eBay's listing ids are numbers: anything else is no listing id at all.
    if (!/^\d+$/.test(listingId)) return negotiationError(409, 150013, `Invalid listingId ${listingId}. A listing ID is numeric.`);
    const listing = state.listings.get(listingId);
    if (!listing || listing.userId !== call.token.userId || state.listingMarketplace(listing) !== call.headers['x-ebay-c-marketplace-id'])
      return negotiationError(409, 150012, `Invalid listingId ${listingId}. No such listing for this seller.`);
    if (listing.status !== 'ACTIVE')
      return negotiationError(409, 150011, `Invalid listingId ${listingId}. The listing for this offer has ended.`);
    const listed = state.offers.get(listing.offerId);
    // Seller-initiated offers are a fixed-price feature (Best Offer): an auction takes bids.
    if (listed?.format === 'AUCTION') return negotiationError(409, 150017, `Listing ${listingId} does not support offer.`);
    const available = Number((listed?.details as { availableQuantity?: number } | undefined)?.availableQuantity ?? 1);
    if ((item.quantity ?? 1) > available)
      return negotiationError(409, 150014, `Current available quantity for this listing ${listingId} is less than the offer quantity.`);
    const buyers = state.negotiation.watchers.get(listingId) ?? [];
    if (!buyers.length) return negotiationError(409, 150020, `Listing ${listingId} has no interested buyers.`);
    const now = Date.now();
    if (state.negotiation.openOn(listingId, now))
      return negotiationError(409, 150019, `Offer is invalid. Listing ${listingId} currently has a seller-initiated negotiation.`);
    const price = listingPrice(state, listing);
    const priceMinor = item.price
      ? cents(item.price.value ?? 'NaN')
      : Math.round((price.minor * (100 - Number(item.discountPercentage))) / 100);
    if (!Number.isFinite(priceMinor) || priceMinor <= 0)
      return negotiationError(400, 150009, 'Invalid value for price. It must be a positive amount.');
    if (item.price?.currency && item.price.currency !== price.currency)
      return negotiationError(400, 150009, `Invalid value for currency. The listing is in ${price.currency}.`);
    if (priceMinor >= price.minor)
      return negotiationError(409, 150016, `Invalid price for listing ${listingId}. Price value exceeds the listing price.`);
    // The least difference: 5 % under the listing price (discountPercentage "Minimum: 5").
    if (priceMinor * 100 > price.minor * (100 - MIN_DISCOUNT_PERCENT))
      return negotiationError(400, 150008, `Price must be at least ${MIN_DISCOUNT_PERCENT}% less than your Buy It Now price.`);
    const seller = state.sellers.find((s) => s.userId === listing.userId);
    const sent = buyers.map<FakeSellerOffer>((buyer) => ({
      offerId: newOfferId(),
      listingId,
      sellerUserId: listing.userId,
      buyer,
      price: { value: decimal(priceMinor), currency: price.currency },
      ...(request.message ? { message: request.message } : {}),
      createdAt: now,
      expiresAt: now + offerDays * DAY_MS,
      status: 'PENDING',
    }));
    state.negotiation.offers.push(...sent);
    return {
      status: 200,
      body: {
        offers: sent.map((offer) => ({
          offerId: offer.offerId,
          offerStatus: offer.status,
          offerType: 'SELLER_INITIATED_OFFER',
          allowCounterOffer: false,
          buyer: { maskedUsername: `${offer.buyer.slice(0, 1)}***${offer.buyer.slice(-1)}` },
          creationDate: new Date(offer.createdAt).toISOString(),
          lastModifiedDate: new Date(offer.createdAt).toISOString(),
          initiatedBy: seller?.username ?? listing.userId,
          offerDuration: { unit: 'DAY', value: offerDays },
          offeredItems: [{ listingId, price: offer.price, quantity: 1 }],
          revision: '1',
          ...(offer.message ? { message: offer.message } : {}),
        })),
      },
    };
  },
};
