import { shopifyMessages, shopifyPaths } from '@shared/contracts/shopify';
import { shopifyPublishedFees, shopifyUkPublishedFees } from './fee-schedule';
import type { ChannelModule } from '../channel-module';
import { connectionStatusOf } from '../oauth/consent-connector';
import { createShopifyAccountService, type ShopifyAccountService } from './account/service';
import { readShopifyConfig, shopifyEnv, type ShopifyConfig } from './config';
import { createShopifyMarketplace } from './marketplace';
import { shopifyRoutesPlugin, simulatedShopifyPages } from './routes';
import { startShopifySetup, unconfiguredShopify, type ShopifySetup } from './setup';
import { createSimulatedShopifySales, type SimulatedShopifySales } from './simulation/simulated-sale';
import { createShopifyOrderWebhooks, type ShopifyOrderWebhooks } from './webhooks/orders-webhook';
import { shopifyWebhookRoutesPlugin } from './webhooks/routes';
import { createShopifyWebhookSubscriptions, type ShopifyWebhookSubscriptions } from './webhooks/subscriptions';
import { shopifyListingPartOf } from './listing-part';

/** Shopify's own services, beyond its place in `marketplaces`: the store's connection, and the simulated buyer. */
export interface ShopifyServices {
  /** The seller's store: OAuth on its domain, the token sealed in channel_accounts. */
  account: ShopifyAccountService;
  /** "Simulate a sale on Shopify": only with the simulation. */
  simulatedSales: SimulatedShopifySales | null;
  /** The orders/create webhook (decision 077). */
  webhooks: ShopifyOrderWebhooks;
  /** Each connected store's webhook subscription. */
  subscriptions: ShopifyWebhookSubscriptions;
}

/** Shopify (decision 072): the seller's own store through the Admin GraphQL API, the third API channel. */
export const shopifyChannel: ChannelModule<'shopify', typeof shopifyEnv, ShopifyConfig, ShopifySetup, ShopifyServices> = {
  name: 'shopify',
  label: 'Shopify',
  fees: [shopifyPublishedFees, shopifyUkPublishedFees],
  kind: 'api',
  config: { env: shopifyEnv, read: readShopifyConfig, simulationEnv: 'SHOPIFY_SIMULATION' },
  listing: { part: shopifyListingPartOf },
  setup: startShopifySetup,
  unconfigured: unconfiguredShopify,
  create(setup, { db, storage, log }) {
    const { simulation } = setup;
    const account = createShopifyAccountService({
      ...setup,
      db,
      log,
      onConnected: (userId) => subscriptions.subscribeAfterConnect(userId),
    });
    // Shopify's pushed sales (decision 077): each connected store's orders/create webhook.
    const subscriptions = createShopifyWebhookSubscriptions({
      client: account.client,
      account,
      callbackUrl: setup.publicUrl ? `${setup.publicUrl}${shopifyPaths.webhooks}` : '',
      simulated: Boolean(simulation),
      log,
    });
    const marketplace = {
      ...createShopifyMarketplace({
        db,
        storage,
        account,
        client: account.client,
        photoUrl: (signed) => (signed.startsWith('/') ? `${setup.publicUrl}${signed}` : signed),
        productUrl: (shop, handle, onlineStoreUrl) =>
          simulation ? simulation.productUrl(shop, handle) : (onlineStoreUrl ?? `https://${shop}/products/${handle}`),
        log,
      }),
      // How the store's orders arrive; its pull stays adaptive either way (decision 077's backup).
      salesPushOf: subscriptions.salesPushOf,
    };
    return {
      marketplace,
      complete({ items, sales, fees }) {
        const simulatedSales = simulation && createSimulatedShopifySales({ db, simulation, log, items, sales, fees });
        const webhooks = createShopifyOrderWebhooks({ db, clientSecret: setup.clientSecret, sales, log });
        return {
          services: { account, simulatedSales, webhooks, subscriptions },
          async routes(app) {
            await app.register(shopifyRoutesPlugin, { account, simulatedSales });
          },
          async publicRoutes(app, { accounts }) {
            await app.register(shopifyWebhookRoutesPlugin, { webhooks });
            // Once after each start, every connected store's subscription (idempotent), without holding the start up.
            app.addHook('onReady', async () => {
              void subscriptions
                .subscribeConnectedSellers()
                .catch((err: unknown) => log.warn({ err }, 'Shopify webhooks not checked at start'));
            });
            if (simulation)
              await app.register(simulatedShopifyPages, {
                simulation,
                accounts,
                checkSales: (userId: string) => sales.checkSalesOf(userId, 'shopify'),
              });
          },
          connection: {
            async status(userId) {
              const stored = await account.getConnection(userId);
              return connectionStatusOf(stored, stored.connection?.shop.name ?? stored.connection?.shop.domain ?? null);
            },
            // The install page on the store the seller typed (its state sealed, 10 minutes); Shopify sends the seller
            // back to shopifyPaths.callback, the app's registered redirect URL, which finishes on the server.
            start: async (userId, { shop }) =>
              shop
                ? { next: 'consent', url: await account.startOAuth(userId, shop) }
                : { next: 'form', fields: ['shop'], message: shopifyMessages.badDomain },
            async end(userId) {
              // The store's orders webhook first, while its token still works (decision 082); it never holds the disconnect up.
              const webhook = await subscriptions.unsubscribeBeforeDisconnect(userId);
              await account.disconnect(userId);
              const said =
                webhook === 'deleted' ? shopifyMessages.webhookDeleted : webhook === 'failed' ? shopifyMessages.webhookNotDeleted : null;
              return said ? `${shopifyMessages.disconnected} ${said}` : shopifyMessages.disconnected;
            },
          },
        };
      },
    };
  },
};
