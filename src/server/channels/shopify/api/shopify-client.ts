/**
 * Shopify's Admin GraphQL API as this app uses it. Every operation is a document in operations/*.graphql, typed from
 * Shopify's published schema (generated/shopify-operations.ts); money crosses this boundary as integer minor units.
 */
import type { OrdersSinceQuery, ProductSetInput } from './generated/shopify-operations';
import { randomUUID } from 'node:crypto';
import { createShopifyTransport, type ShopifySession, type ShopifyTransportOptions } from './shopify-graphql';
import { toShopifyMoney, type MinorMoney } from './shopify-money';
import { authorizeUrl, isShopDomain, SHOPIFY_SCOPES } from './shopify-oauth';
import { feesOfOrderNode, orderOfNode, updatedSinceQuery, type ShopifyOrder, type ShopifyOrderFees } from './shopify-orders';
import { ShopifyApiError, ShopifyUnreachableError, ShopifyUserError } from './shopify-errors';

export interface ShopifyClientOptions extends ShopifyTransportOptions {
  /** The app's client id and secret (the secret also signs callbacks and webhooks). */
  clientId: string;
  clientSecret: string;
}

export interface ShopifyProductInput {
  title: string;
  descriptionHtml: string;
  tags?: string[];
  /** What it is, as Shopify's product type ("Sneakers"). */
  productType?: string;
  /** Photo URLs Shopify downloads, in order (the first is the main photo). */
  photoUrls: string[];
  sku: string;
  price: MinorMoney;
  quantity: number;
  locationId: string;
  /** The product's handle: given, a retried create replaces the product it made instead of making a second. */
  handle?: string;
  /** Its size, the store's own words: the product's one option "Size" (none: Shopify's "Title" / "Default Title"). */
  size?: string;
}

type UserErrors = { field?: string[] | null; message: string; code?: string | null }[];

function refusedOn(operation: string, userErrors: UserErrors | undefined): void {
  if (userErrors?.length) throw new ShopifyUserError(operation, userErrors);
}

/** The name Shopify gives the Online Store's publication (its catalog's title). */
export const ONLINE_STORE = 'Online Store';

export function createShopifyClient(options: ShopifyClientOptions) {
  const transport = createShopifyTransport(options);
  const originOf = options.shopOrigin ?? ((shop: string) => `https://${shop}`);
  const doFetch = options.fetch ?? fetch;

  return {
    transport,
    authorizeUrl: (input: { shop: string; redirectUri: string; state: string }) =>
      authorizeUrl({ origin: originOf(input.shop), clientId: options.clientId, redirectUri: input.redirectUri, state: input.state }),

    /** The code from a verified callback (verifyCallback) for the shop's offline access token. */
    async exchangeCode(shop: string, code: string): Promise<ShopifySession & { scopes: string[] }> {
      // The client secret goes to this host: only ever a shop's own myshopify.com domain.
      if (!isShopDomain(shop)) throw new ShopifyApiError(400, `Not a Shopify store: ${shop}`);
      let response: Response;
      try {
        response = await doFetch(`${originOf(shop)}/admin/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ client_id: options.clientId, client_secret: options.clientSecret, code }),
        });
      } catch (err) {
        throw new ShopifyUnreachableError(err);
      }
      const text = await response.text();
      if (!response.ok) throw new ShopifyApiError(response.status, text.slice(0, 500) || response.statusText);
      const json = JSON.parse(text) as { access_token: string; scope: string };
      const scopes = json.scope.split(',').filter(Boolean);
      const missing = SHOPIFY_SCOPES.filter((scope) => !scopes.includes(scope));
      if (missing.length) throw new ShopifyApiError(403, `The store granted too little: ${missing.join(', ')} missing`);
      return { shop, accessToken: json.access_token, scopes };
    },

    /** The shop, its currency, the location its stock is counted at, and the Online Store's publication. */
    async shopInfo(session: ShopifySession) {
      const data = await transport.request(session, 'ShopInfo', {});
      const location = data.locations.nodes.find((l) => l.isActive);
      const onlineStore = data.publications.nodes.find((p) => p.catalog?.title === ONLINE_STORE);
      return {
        shopId: data.shop.id,
        name: data.shop.name,
        domain: data.shop.myshopifyDomain,
        currency: data.shop.currencyCode as string,
        locationId: location?.id ?? null,
        onlineStorePublicationId: onlineStore?.id ?? null,
      };
    },

    /** A product with its photos and one variant (price, SKU, quantity); Shopify's userErrors refuse it in its words. */
    async createProduct(session: ShopifySession, product: ShopifyProductInput) {
      const option = product.size ? { name: 'Size', value: product.size } : { name: 'Title', value: 'Default Title' };
      const input: ProductSetInput = {
        title: product.title,
        descriptionHtml: product.descriptionHtml,
        tags: product.tags,
        ...(product.productType ? { productType: product.productType } : {}),
        handle: product.handle,
        status: 'ACTIVE',
        files: product.photoUrls.map((url) => ({ originalSource: url, contentType: 'IMAGE' })),
        productOptions: [{ name: option.name, values: [{ name: option.value }] }],
        variants: [
          {
            optionValues: [{ optionName: option.name, name: option.value }],
            price: toShopifyMoney(product.price),
            inventoryItem: { sku: product.sku, tracked: true },
            inventoryQuantities: [{ locationId: product.locationId, name: 'available', quantity: product.quantity }],
          },
        ],
      };
      const data = await transport.request(session, 'ProductSet', {
        input,
        identifier: product.handle ? { handle: product.handle } : undefined,
      });
      refusedOn('productSet', data.productSet?.userErrors);
      const made = data.productSet?.product;
      if (!made) throw new ShopifyUserError('productSet', [{ message: 'Shopify made no product' }]);
      return {
        productId: made.id,
        variantId: made.variants.nodes[0]?.id ?? null,
        handle: made.handle,
        url: made.onlineStoreUrl,
        mediaCount: made.media.nodes.length,
      };
    },

    async publish(session: ShopifySession, productId: string, publicationId: string): Promise<void> {
      const data = await transport.request(session, 'PublishablePublish', { id: productId, input: [{ publicationId }] });
      refusedOn('publishablePublish', data.publishablePublish?.userErrors);
    },

    async reviseProduct(session: ShopifySession, change: { productId: string; title?: string; descriptionHtml?: string; tags?: string[] }) {
      const data = await transport.request(session, 'ProductUpdate', {
        product: { id: change.productId, title: change.title, descriptionHtml: change.descriptionHtml, tags: change.tags },
      });
      refusedOn('productUpdate', data.productUpdate?.userErrors);
    },

    async revisePrice(session: ShopifySession, change: { productId: string; variantId: string; price: MinorMoney }) {
      const data = await transport.request(session, 'VariantPriceUpdate', {
        productId: change.productId,
        variants: [{ id: change.variantId, price: toShopifyMoney(change.price) }],
      });
      refusedOn('productVariantsBulkUpdate', data.productVariantsBulkUpdate?.userErrors);
    },

    /**
     * Sets the variant's "available" stock at the location to `quantity`: its inventory item and the quantity there are
     * read first, and the set is a compare-and-swap on that quantity (a sale in between refuses it, in Shopify's words).
     * Answers whether anything changed.
     */
    async reviseStock(session: ShopifySession, change: { variantId: string; locationId: string; quantity: number }): Promise<boolean> {
      const read = await transport.request(session, 'VariantInventory', { variantId: change.variantId, locationId: change.locationId });
      const item = read.productVariant?.inventoryItem;
      if (!item) throw new ShopifyUserError('productVariant', [{ field: ['id'], message: 'Product variant does not exist' }]);
      const now = item.inventoryLevel?.quantities.find((q) => q.name === 'available')?.quantity ?? null;
      if (now === change.quantity) return false;
      const data = await transport.request(session, 'InventorySet', {
        key: randomUUID(),
        input: {
          name: 'available',
          reason: 'correction',
          quantities: [{ inventoryItemId: item.id, locationId: change.locationId, quantity: change.quantity, changeFromQuantity: now }],
        },
      });
      refusedOn('inventorySetQuantities', data.inventorySetQuantities?.userErrors);
      return true;
    },

    /** Ends a listing: the product stays in the shop's admin, archived, and leaves every sales channel. */
    async archive(session: ShopifySession, productId: string): Promise<void> {
      const data = await transport.request(session, 'ProductUpdate', { product: { id: productId, status: 'ARCHIVED' } });
      refusedOn('productUpdate', data.productUpdate?.userErrors);
    },

    /** Puts an archived product back on sale (relist): ACTIVE again, in the channels it was published to. */
    async unarchive(session: ShopifySession, productId: string): Promise<void> {
      const data = await transport.request(session, 'ProductUpdate', { product: { id: productId, status: 'ACTIVE' } });
      refusedOn('productUpdate', data.productUpdate?.userErrors);
    },

    /** Every order changed at or after `since`, page by page. */
    async ordersSince(session: ShopifySession, since: Date): Promise<ShopifyOrder[]> {
      const orders: ShopifyOrder[] = [];
      let after: string | null = null;
      do {
        const data: OrdersSinceQuery = await transport.request(session, 'OrdersSince', { query: updatedSinceQuery(since), after });
        orders.push(...data.orders.nodes.map(orderOfNode));
        after = data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null;
      } while (after);
      return orders;
    },

    /** Asks Shopify to push each new order to `uri` (signed with the client secret: verifyWebhook). */
    async subscribeOrdersCreate(session: ShopifySession, uri: string) {
      const data = await transport.request(session, 'WebhookSubscriptionCreate', { topic: 'ORDERS_CREATE', uri });
      refusedOn('webhookSubscriptionCreate', data.webhookSubscriptionCreate?.userErrors);
      return { subscriptionId: data.webhookSubscriptionCreate?.webhookSubscription?.id ?? null };
    },

    /** Deletes the app's ORDERS_CREATE subscriptions to `uri`; answers how many there were. */
    async unsubscribeOrdersCreate(session: ShopifySession, uri: string): Promise<number> {
      const found = await transport.request(session, 'WebhookSubscriptions', { uri });
      let deleted = 0;
      for (const subscription of found.webhookSubscriptions.nodes) {
        const data = await transport.request(session, 'WebhookSubscriptionDelete', { id: subscription.id });
        refusedOn('webhookSubscriptionDelete', data.webhookSubscriptionDelete?.userErrors);
        if (data.webhookSubscriptionDelete?.deletedWebhookSubscriptionId) deleted += 1;
      }
      return deleted;
    },

    /** The Shopify Payments fees of each order of `orderIds` Shopify has charged (absent: not known, never guessed). */
    async orderFees(session: ShopifySession, orderIds: string[]): Promise<ShopifyOrderFees[]> {
      const fees: ShopifyOrderFees[] = [];
      for (let start = 0; start < orderIds.length; start += 50) {
        const data = await transport.request(session, 'OrderFees', { ids: orderIds.slice(start, start + 50) });
        for (const node of data.nodes) {
          const known = node?.__typename === 'Order' ? feesOfOrderNode(node) : null;
          if (known) fees.push(known);
        }
      }
      return fees;
    },
  };
}

export type ShopifyClient = ReturnType<typeof createShopifyClient>;
