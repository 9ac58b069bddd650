import type { ChannelModule } from '../channel-module';
import { createShopifyAccountService, type ShopifyAccountService } from './account/service';
import { readShopifyConfig, shopifyEnv, type ShopifyConfig } from './config';
import { createShopifyMarketplace } from './marketplace';
import { shopifyRoutes, simulatedShopifyPages } from './routes';
import { startShopifySetup, unconfiguredShopify, type ShopifySetup } from './setup';
import { createSimulatedShopifySales, type SimulatedShopifySales } from './simulation/simulated-sale';

/** Shopify's own services, beyond its place in `marketplaces`: the store's connection, and the simulated buyer. */
export interface ShopifyServices {
  /** The seller's store: OAuth on its domain, the token sealed in channel_accounts. */
  account: ShopifyAccountService;
  /** "Simulate a sale on Shopify": only with the simulation. */
  simulatedSales: SimulatedShopifySales | null;
}

/** Shopify (decision 072): the seller's own store through the Admin GraphQL API, the third API channel. */
export const shopifyChannel: ChannelModule<'shopify', typeof shopifyEnv, ShopifyConfig, ShopifySetup, ShopifyServices> = {
  name: 'shopify',
  label: 'Shopify',
  kind: 'api',
  config: { env: shopifyEnv, read: readShopifyConfig },
  setup: startShopifySetup,
  unconfigured: unconfiguredShopify,
  create(setup, { db, storage, log }) {
    const { simulation } = setup;
    const account = createShopifyAccountService({
      db,
      client: setup.client,
      clientId: setup.clientId,
      clientSecret: setup.clientSecret,
      cipher: setup.cipher,
      redirectUri: setup.redirectUri,
      simulation,
      log,
    });
    const marketplace = createShopifyMarketplace({
      db,
      storage,
      account,
      client: setup.client,
      photoUrl: (signed) => (signed.startsWith('/') ? `${setup.publicUrl}${signed}` : signed),
      productUrl: (shop, handle, onlineStoreUrl) =>
        simulation ? simulation.productUrl(shop, handle) : (onlineStoreUrl ?? `https://${shop}/products/${handle}`),
      log,
    });
    return {
      marketplace,
      complete({ items, sales, fees }) {
        const simulatedSales = simulation && createSimulatedShopifySales({ db, simulation, log, items, sales, fees });
        return {
          services: { account, simulatedSales },
          async routes(app) {
            await app.register(shopifyRoutes, { account, simulatedSales });
          },
          async publicRoutes(app) {
            if (simulation) await app.register(simulatedShopifyPages, { simulation });
          },
          async connectionStatus(userId) {
            const { configured, simulated, connection } = await account.getConnection(userId);
            return {
              configured,
              simulated: simulated ?? false,
              status: connection?.status ?? 'not-connected',
              accountLabel: connection?.shop.name ?? connection?.shop.domain ?? null,
              salesReadable: connection?.status === 'connected',
            };
          },
        };
      },
    };
  },
};
