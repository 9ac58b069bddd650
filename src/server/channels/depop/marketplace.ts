import { queuePublishes } from '../publish-queue';
import { ownedItemIds } from '../../items/item-writer';
import type { FastifyBaseLogger } from 'fastify';
import { depopMessages } from '@shared/contracts/depop';
import type { BulkPublishResponse } from '@shared/contracts/publish';
import { AppError } from '@shared/errors';
import type { Money } from '@shared/domain/money';
import type { Db } from '../../db/client';
import type { Storage } from '../../adapters/storage/storage';
import type { ChannelPreflight, EndOutcome, Marketplace, PublishedListing, SaleLine } from '../marketplace';
import { shopPreflight } from '../shop-preflight';
import { endEachListing } from '../end-each-listing';
import { stockLeftOf } from '../../sales/stock-left';
import type { DepopAccountService } from './account/service';
import { DepopApiError, DepopUnreachableError } from './api/depop-errors';
import { depopPreflightMessages, depopProblemsOf, depopProductOf } from './depop-preflight';
import { firstListedAt, type Publishable } from '../channel-listing-repo';
import { depopListings } from './listing-repo';
import { feesOfOrder, saleLinesOfOrder } from './sales/sale-lines';

/** The listing refused before anything was sent to Depop: the words say what to fix. */
export class DepopPublishRefused extends Error {}

export interface DepopMarketplaceDeps {
  db: Db;
  storage: Storage;
  account: DepopAccountService;
  configured: boolean;
  /** A photo's address Depop downloads it from (a signed link to the app's file). */
  photoUrl: (signedPath: string) => string;
  /** The product's page the seller opens. */
  productUrl: (slug: string) => string;
  log: FastifyBaseLogger;
  now?: () => number;
  /**
   * The product's automatic offer to likers (auto_send_offer_price) from its price, as the seller's offer rule gives
   * it now (offers-to-likers); null: none. Known once the core services are (module.ts).
   */
  autoSendOfferPrice?: (userId: string, itemId: string, price: Money) => Promise<Money | null>;
  /** Whether the seller's offer rule sets an automatic offer on each product (on, not asking first). */
  autoOffersOn?: (userId: string) => Promise<boolean>;
}

type Problem = ChannelPreflight['problems'][number];
const wordsOf = (problems: Problem[]) => problems.map((p) => p.message).join(' ');
/** Depop's products and orders a page at a time: the orders pull reads at most this many pages. */
const ORDER_PAGES_MAX = 20;

/**
 * Depop behind the Marketplace interface: an item is a product by its SKU (PUT by SKU: the same SKU on every retry,
 * so a lost answer never makes a second product), revised by SKU, ended by deleting it; after a sale elsewhere it is
 * marked sold (the document asks for mark-as-sold then, not delete). Sales arrive by webhook and by the orders pull.
 */
export function createDepopMarketplace(deps: DepopMarketplaceDeps): Marketplace {
  const { db, account, log } = deps;
  const now = deps.now ?? Date.now;
  const configuredOrThrow = () => {
    if (!deps.configured) throw new AppError('CONFLICT', depopMessages.notConfigured);
  };

  async function photoUrls(images: { storagePath: string }[]) {
    return Promise.all(images.map(async (image) => deps.photoUrl(await deps.storage.signedUrl(image.storagePath, 3600))));
  }

  /**
   * The product written by SKU from the item as it is now (publish and revise alike). `held`: a revise held under the
   * floor, written at the price Depop already has and with no automatic offer (`stopFloorPricedOffers`).
   */
  async function write(
    userId: string,
    itemId: string,
    mode: 'publish' | 'revise',
    held?: { livePrice: Money },
  ): Promise<PublishedListing | null> {
    const subject = await depopListings.publishable(db, userId, itemId);
    if (!subject) return null;
    configuredOrThrow();
    if (subject.listing?.status === 'sold') throw new DepopPublishRefused(depopPreflightMessages.sold);
    if (mode === 'revise' && !subject.listing?.externalId) throw new DepopPublishRefused(depopPreflightMessages.noProduct);
    const s = await account.session(userId);
    // Held: checked and written at the price Depop has, so a price since dropped under Depop's £1.00 cannot refuse the
    // write that stops the automatic offer.
    const { problems, reading } = depopProblemsOf(subject, s.currency, s.defaultShipping, held?.livePrice);
    if (problems.length) throw new DepopPublishRefused(wordsOf(problems));
    const quantity = Math.max(1, await stockLeftOf(db, userId, itemId));
    const product = depopProductOf(reading, { photoUrls: await photoUrls(subject.images), quantity, countryCode: s.countryCode });
    const autoSendOfferPrice = held ? null : await deps.autoSendOfferPrice?.(userId, itemId, product.price);
    if (autoSendOfferPrice) product.autoSendOfferPrice = autoSendOfferPrice;
    const saved = await s.client.putProductBySku(s.accessToken, subject.item.sku, product);
    const listingUrl = deps.productUrl(saved.slug);
    await depopListings.update(db, userId, itemId, {
      columns: {
        externalId: String(saved.productId),
        url: listingUrl,
        ...(mode === 'publish' ? { status: 'live' as const, error: null, endedAt: null, listedAt: firstListedAt } : {}),
      },
      data: { slug: saved.slug, depopSellerId: s.sellerId },
    });
    log.info({ userId, itemId, productId: saved.productId, mode }, 'Depop product written');
    return { listingId: String(saved.productId), listingUrl };
  }

  async function end(
    userId: string,
    itemIds: string[],
    { itemsGo, afterSale }: { itemsGo: boolean; afterSale?: boolean },
  ): Promise<EndOutcome> {
    return endEachListing(await depopListings.listingsOfItems(db, userId, itemIds), {
      channel: 'depop',
      userId,
      itemsGo,
      log,
      endOne: async (listing, sku) => {
        configuredOrThrow();
        const s = await account.session(userId);
        // Sold elsewhere: Depop's mark-as-sold (off sale with a "sold" overlay); otherwise the product is deleted.
        if (afterSale && !itemsGo) await s.client.markSoldBySku(s.accessToken, sku);
        else await s.client.deleteProductBySku(s.accessToken, sku);
        if (!itemsGo) await depopListings.update(db, userId, listing.itemId, { columns: { status: 'ended', endedAt: new Date(now()) } });
        log.info({ userId, itemId: listing.itemId, afterSale: Boolean(afterSale), itemsGo }, 'Depop product ended');
      },
      refusalWords: (err) => (err instanceof DepopApiError ? err.depopMessage : null),
      failedLog: 'Depop product not ended; item kept',
    });
  }

  function requestPublish(userId: string, itemIds: string[]): Promise<BulkPublishResponse> {
    const depop = {
      channel: 'depop' as const,
      soldWords: depopPreflightMessages.sold,
      checker: async () => {
        configuredOrThrow();
        const { currency, defaultShipping } = await account.session(userId);
        return (subject: Publishable) => {
          const { problems, reading } = depopProblemsOf(subject, currency, defaultShipping);
          return { problems, priced: reading.priced };
        };
      },
      // What the item lacks is filled under its listing (Depop's own fields among it).
      fixOn: () => ({ fixOn: 'listing' as const }),
    };
    return queuePublishes(db, userId, itemIds, depop, depopListings.publishable);
  }

  /** The seller's orders placed since `since` (newest first, page after page) and each line of them. */
  async function ordersSince(userId: string, since: Date) {
    configuredOrThrow();
    const s = await account.session(userId);
    const found = [];
    let cursor: string | undefined;
    for (let page = 0; page < ORDER_PAGES_MAX; page++) {
      const answer = await s.client.getOrdersPage(s.accessToken, { limit: 200, cursor, from: since });
      found.push(...answer.items);
      if (!answer.hasMore || !answer.cursor) break;
      cursor = answer.cursor;
    }
    return { s, orders: found };
  }

  async function pullSales(userId: string, since: Date): Promise<SaleLine[]> {
    // Depop's `from` bounds when an order was placed: a refund of an older one arrives by its webhook.
    const { orders } = await ordersSince(userId, since);
    return orders.flatMap(saleLinesOfOrder);
  }

  return {
    channel: 'depop',
    name: 'Depop',
    orderUrl: () => null,
    async connect(userId) {
      return { url: await account.startOAuth(userId) };
    },
    preflight: async (userId, itemId) =>
      shopPreflight({
        subject: await depopListings.publishable(db, userId, itemId),
        configured: deps.configured,
        shop: async () => {
          const session = await account.session(userId);
          return { currency: session.currency, defaultShipping: session.defaultShipping };
        },
        problemsOf: (subject, shop) => depopProblemsOf(subject, shop?.currency ?? null, shop?.defaultShipping ?? null),
        messages: depopMessages,
      }),
    requestPublish,
    publish: (userId, itemId) => write(userId, itemId, 'publish'),
    revise: (userId, itemId) => write(userId, itemId, 'revise'),
    stopFloorPricedOffers: async (userId, itemId, livePrice) => void (await write(userId, itemId, 'revise', { livePrice })),
    async withdraw(userId, itemId) {
      if (!(await ownedItemIds(db, userId, [itemId])).length) return false;
      const outcome = await end(userId, [itemId], { itemsGo: false });
      if (outcome.refused.length) throw new DepopPublishRefused(outcome.refused[0]!.message);
      return true;
    },
    async relist(userId, itemId) {
      if (!(await ownedItemIds(db, userId, [itemId])).length) return null;
      // Depop never takes a deleted product's SKU again ("It can't be reused"): nothing to put back up.
      const row = await depopListings.listingOf(db, userId, itemId);
      throw new DepopPublishRefused(
        row?.externalId ? 'Depop does not list a deleted product again: list it as a new item.' : depopPreflightMessages.noProduct,
      );
    },
    end,
    publishFailureOf(error) {
      if (error instanceof DepopApiError && error.retryable)
        return { kind: 'busy', seconds: error.retryAfterSeconds, message: 'Depop had a problem on its side.' };
      if (error instanceof DepopUnreachableError) return { kind: 'unreachable' };
      if (error instanceof DepopPublishRefused) return { kind: 'refused', message: error.message };
      if (error instanceof DepopApiError && (error.status === 401 || error.status === 403))
        return { kind: 'refused', message: 'Your Depop connection no longer works: connect your shop again on the Marketplaces screen.' };
      if (error instanceof DepopApiError) return { kind: 'refused', message: `Depop refused the listing: ${error.depopMessage}` };
      if (error instanceof AppError) return { kind: 'refused', message: error.message };
      return { kind: 'unexpected' };
    },
    pullSales,
    // The automatic offer to likers is priced from the floor: a cost change rewrites the product (the PUT recomputes it).
    pricesFromTheFloor: async (userId) => (deps.autoOffersOn ? deps.autoOffersOn(userId) : false),
    sellersWithSales: () => account.connectedSellers(),
    itemsOfListings: (userId, productIds) => depopListings.itemsOfExternalIds(db, userId, productIds),
    /** Depop's fees from each order's fee breakdown (exact minor units), less what a refund gave back. */
    async feesOf(userId, orderIds) {
      if (!orderIds.length) return [];
      configuredOrThrow();
      const s = await account.session(userId);
      const known = [];
      for (const orderId of orderIds) {
        const fees = feesOfOrder(await s.client.getOrder(s.accessToken, orderId));
        if (fees) known.push(fees);
      }
      return known;
    },
  };
}
