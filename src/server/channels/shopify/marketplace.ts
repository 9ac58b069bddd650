import { queuePublishes } from '../publish-queue';
import { ownedItemIds } from '../../items/item-writer';
import type { FastifyBaseLogger } from 'fastify';
import type { BulkPublishResponse } from '@shared/contracts/publish';
import { shopifyMessages } from '@shared/contracts/shopify';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import type { Storage } from '../../adapters/storage/storage';
import { siteOf, type ChannelPreflight, type EndOutcome, type Marketplace, type PublishedListing, type SaleLine } from '../marketplace';
import { shopPreflight } from '../shop-preflight';
import { endEachListing } from '../end-each-listing';
import { stockLeftOf } from '../../sales/stock-left';
import type { ShopifyAccountService } from './account/service';
import type { ShopifyClient } from './api/shopify-client';
import { ShopifyApiError, ShopifyGraphqlError, ShopifyUnreachableError, ShopifyUserError } from './api/shopify-errors';
import { firstListedAt, type Publishable } from '../channel-listing-repo';
import { shopifyListings } from './listing-repo';
import { saleLinesOfOrder } from './sale-lines';
import { handleOfSku, shopifyPreflightMessages, shopifyProblemsOf, shopifyProductOf } from './shopify-preflight';
import { shopifyTextDigest } from './shopify-text-digest';

/** The listing refused before anything was sent to Shopify: the words say what to fix. */
export class ShopifyPublishRefused extends Error {}

export interface ShopifyMarketplaceDeps {
  db: Db;
  storage: Storage;
  account: ShopifyAccountService;
  /** Null when the server has no Shopify keys. */
  client: ShopifyClient | null;
  /** A photo's address Shopify downloads it from (a signed link to the app's file). */
  photoUrl: (signedPath: string) => string;
  /** The product's page the seller opens: the store's, or the simulation's. */
  productUrl: (shop: string, handle: string, onlineStoreUrl: string | null) => string;
  log: FastifyBaseLogger;
  now?: () => number;
}

type Problem = ChannelPreflight['problems'][number];
const wordsOf = (problems: Problem[]) => problems.map((p) => p.message).join(' ');
const notConfigured = () => new AppError('CONFLICT', shopifyMessages.notConfigured);

/**
 * Shopify behind the Marketplace interface (decision 072): an item is a product with its photos and one
 * variant (price, SKU, stock at the store's location), published to the Online Store; ending archives it.
 */
export function createShopifyMarketplace(deps: ShopifyMarketplaceDeps): Marketplace {
  const { db, account, client, log } = deps;
  const now = deps.now ?? Date.now;

  async function quantityLeft(userId: string, subject: Publishable) {
    // The item's stock less every channel's sales (decision 083): a unit sold elsewhere is not offered here.
    return stockLeftOf(db, userId, subject.item.id);
  }

  async function photoUrls(subject: Publishable) {
    return Promise.all(subject.images.map(async (image) => deps.photoUrl(await deps.storage.signedUrl(image.storagePath, 3600))));
  }

  /**
   * Lists the item, idempotently: productSet by the SKU's handle is a full replacement (a retry after a lost answer
   * replaces the product it made), then the product is published to the Online Store (publishing twice changes nothing).
   */
  async function publish(userId: string, itemId: string): Promise<PublishedListing | null> {
    const subject = await shopifyListings.publishable(db, userId, itemId);
    if (!subject) return null;
    if (!client) throw notConfigured();
    if (subject.listing?.status === 'sold') throw new ShopifyPublishRefused(shopifyPreflightMessages.sold);
    const s = await account.session(userId);
    const { problems, text } = shopifyProblemsOf(subject, s.currency);
    if (problems.length) throw new ShopifyPublishRefused(wordsOf(problems));
    const left = await quantityLeft(userId, subject);
    if (left <= 0) throw new ShopifyPublishRefused(shopifyPreflightMessages.soldOut);
    const handle = shopifyListings.dataOf(subject.listing).handle ?? handleOfSku(subject.item.sku);
    await shopifyListings.update(db, userId, itemId, { data: { handle, shop: s.shop } });
    const product = shopifyProductOf(text, {
      sku: subject.item.sku,
      photoUrls: await photoUrls(subject),
      quantity: left,
      locationId: s.locationId,
      handle,
    });
    const made = await client.createProduct(s, product);
    const textSent = shopifyTextDigest({
      title: product.title || undefined,
      descriptionHtml: product.descriptionHtml || undefined,
      tags: text.tags,
    });
    await shopifyListings.update(db, userId, itemId, {
      columns: { externalId: made.productId },
      data: { variantId: made.variantId, textSent },
    });
    await client.publish(s, made.productId, s.publicationId);
    const published = { listingId: made.productId, listingUrl: deps.productUrl(s.shop, made.handle, made.url) };
    await shopifyListings.update(db, userId, itemId, {
      columns: {
        status: 'live',
        url: published.listingUrl,
        error: null,
        endedAt: null,
        listedAt: firstListedAt,
      },
    });
    log.info({ userId, itemId, productId: made.productId }, 'Shopify product live');
    return published;
  }

  /** Title, description, tags, price and stock of the live product, in place (never a publish: an archived one stays so). */
  async function revise(userId: string, itemId: string): Promise<PublishedListing | null> {
    const subject = await shopifyListings.publishable(db, userId, itemId);
    if (!subject) return null;
    const productId = subject.listing?.externalId;
    if (!client) throw notConfigured();
    if (!productId) throw new ShopifyPublishRefused(shopifyPreflightMessages.noProduct);
    const s = await account.session(userId);
    const { text } = shopifyProblemsOf(subject, s.currency);
    const productText = { title: text.title || undefined, descriptionHtml: text.descriptionHtml || undefined, tags: text.tags };
    // The text as last sent is not sent again (a drop changes the price only); unknown (listed before it was kept): sent.
    const textSent = shopifyTextDigest(productText);
    if (shopifyListings.dataOf(subject.listing).textSent !== textSent) {
      await client.reviseProduct(s, { productId, ...productText });
      await shopifyListings.update(db, userId, itemId, { data: { textSent } });
    }
    const variantId = shopifyListings.dataOf(subject.listing).variantId;
    if (variantId && text.price && text.price.amountMinor > 0 && text.price.currency === s.currency)
      await client.revisePrice(s, { productId, variantId, price: text.price });
    // The stock at the store's location: what is left of the item's stock after every channel's sales (decision 083),
    // set in place; sold out, it is 0 and the listing ends (end-sold-elsewhere).
    if (variantId) {
      const quantity = Math.max(0, await quantityLeft(userId, subject));
      if (await client.reviseStock(s, { variantId, locationId: s.locationId, quantity }))
        log.info({ userId, itemId, productId, quantity }, 'Shopify stock revised');
    }
    return { listingId: productId, listingUrl: subject.listing?.url ?? '' };
  }

  async function ownedListing(userId: string, itemId: string) {
    return (await ownedItemIds(db, userId, [itemId])).length ? { row: await shopifyListings.listingOf(db, userId, itemId) } : null;
  }

  async function end(userId: string, itemIds: string[], { itemsGo }: { itemsGo: boolean; afterSale?: boolean }): Promise<EndOutcome> {
    return endEachListing(await shopifyListings.listingsOfItems(db, userId, itemIds), {
      channel: 'shopify',
      userId,
      itemsGo,
      log,
      endOne: async (listing) => {
        if (!client) throw notConfigured();
        // Archived, the product leaves every sales channel and stays in the store's admin (relist puts it back).
        await client.archive(await account.session(userId), listing.externalId);
        if (!itemsGo) await shopifyListings.update(db, userId, listing.itemId, { columns: { status: 'ended', endedAt: new Date(now()) } });
        log.info({ userId, itemId: listing.itemId, productId: listing.externalId, itemsGo }, 'Shopify product archived');
      },
      refusalWords: (err) => (err instanceof ShopifyUserError ? err.message : null),
      failedLog: 'Shopify product not archived; item kept',
    });
  }

  function requestPublish(userId: string, itemIds: string[]): Promise<BulkPublishResponse> {
    const shopify = {
      channel: 'shopify' as const,
      soldWords: shopifyPreflightMessages.sold,
      checker: async () => {
        if (!client) throw notConfigured();
        const { currency } = await account.session(userId);
        return (subject: Publishable) => {
          const { problems, text } = shopifyProblemsOf(subject, currency);
          return { problems, priced: text.priced };
        };
      },
    };
    return queuePublishes(db, userId, itemIds, shopify, shopifyListings.publishable);
  }

  /** How far back the store's orders can be read without the read_all_orders scope. */
  const SHOPIFY_ORDERS_READABLE_DAYS = 60;

  /** Every line of the store's orders changed since `since`. */
  async function pullSales(userId: string, since: Date): Promise<SaleLine[]> {
    if (!client) throw notConfigured();
    const orders = await client.ordersSince(await account.session(userId), since);
    return orders.flatMap(saleLinesOfOrder);
  }

  return {
    channel: 'shopify',
    name: 'Shopify',
    // The store's admin, on the order (its numeric id ends the GraphQL gid), where the seller cancels it.
    orderUrl: (listingUrl, orderId) =>
      listingUrl ? `${siteOf(listingUrl, '/products/', '')}/admin/orders/${encodeURIComponent(orderId.split('/').pop() ?? orderId)}` : null,
    async connect() {
      // The seller types their store's address first: the Marketplaces screen's form (POST /api/channels/shopify/connect).
      throw new AppError('CONFLICT', shopifyMessages.notConnected);
    },
    preflight: async (userId, itemId) =>
      shopPreflight({
        subject: await shopifyListings.publishable(db, userId, itemId),
        configured: Boolean(client),
        shop: async () => ({ currency: (await account.session(userId)).currency }),
        problemsOf: (subject, shop) => shopifyProblemsOf(subject, shop?.currency ?? null),
        messages: shopifyMessages,
      }),
    requestPublish,
    publish,
    revise,
    async withdraw(userId, itemId) {
      const owned = await ownedListing(userId, itemId);
      if (!owned) return false;
      if (!owned.row?.externalId) throw new ShopifyPublishRefused(shopifyPreflightMessages.noProduct);
      if (!client) throw notConfigured();
      await client.archive(await account.session(userId), owned.row.externalId);
      return true;
    },
    async relist(userId, itemId) {
      const owned = await ownedListing(userId, itemId);
      if (!owned) return null;
      if (!owned.row?.externalId) throw new ShopifyPublishRefused(shopifyPreflightMessages.noProduct);
      if (!client) throw notConfigured();
      const s = await account.session(userId);
      await client.unarchive(s, owned.row.externalId);
      await client.publish(s, owned.row.externalId, s.publicationId);
      return { listingId: owned.row.externalId, listingUrl: owned.row.url ?? '' };
    },
    end,
    publishFailureOf(error) {
      if (error instanceof ShopifyGraphqlError && error.throttled)
        return { kind: 'busy', seconds: null, message: 'Shopify asked to slow down.' };
      if (error instanceof ShopifyApiError && error.retryable)
        return { kind: 'busy', seconds: null, message: 'Shopify had a problem on its side.' };
      if (error instanceof ShopifyUnreachableError) return { kind: 'unreachable' };
      if (error instanceof ShopifyPublishRefused) return { kind: 'refused', message: error.message };
      if (error instanceof ShopifyUserError) return { kind: 'refused', message: `Shopify refused the listing: ${error.message}` };
      if (error instanceof ShopifyApiError && (error.status === 401 || error.status === 403))
        return {
          kind: 'refused',
          message: 'Your Shopify connection no longer works: connect your store again on the Marketplaces screen.',
        };
      if (error instanceof AppError) return { kind: 'refused', message: error.message };
      return { kind: 'unexpected' };
    },
    pullSales,
    pastSales: {
      // The schema's Order: "Only the last 60 days' worth of orders from a store are accessible ... by default" (all of
      // them need the read_all_orders scope, which this app does not ask for).
      earliest: (now) => new Date(now.getTime() - SHOPIFY_ORDERS_READABLE_DAYS * 86_400_000),
      // Changed since is a superset of made since (an order changes on or after it is made): the made ones are kept.
      read: async (userId, since) => (await pullSales(userId, since)).filter((line) => line.soldAt >= since),
    },
    sellersWithSales: () => account.connectedSellers(),
    itemsOfListings: (userId, productIds) => shopifyListings.itemsOfExternalIds(db, userId, productIds),
    /**
     * Shopify Payments' fees, from each order's transactions (decision 082): the order's as a whole (stored when the
     * order has one line); an order paid another way, or not charged yet, is absent (never guessed).
     */
    async feesOf(userId, orderIds) {
      if (!client) throw notConfigured();
      const known = await client.orderFees(await account.session(userId), orderIds);
      return known.map(({ orderId, fees }) => ({ orderId, lineId: null, fees }));
    },
  };
}
