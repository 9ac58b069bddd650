import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Storage } from '../../adapters/storage/storage';
import type { TokenCipher } from '../token-crypto';
import { createShopifyAccountService } from './account/service';
import { createShopifyMarketplace } from './marketplace';
import { createSimulatedShopifySales } from './simulation/simulated-sale';
import type { ShopifySetup } from './setup';

/** Shopify as the server composes it (issue 43): the store's connection, its Marketplace, and the simulation if on. */
export function createShopifyChannel(deps: {
  db: Db;
  storage: Storage;
  cipher: TokenCipher;
  log: FastifyBaseLogger;
  setup?: ShopifySetup;
}) {
  const { db, storage, cipher, log } = deps;
  const setup = deps.setup ?? { client: null, clientId: '', clientSecret: '', redirectUri: '', publicUrl: '', simulation: null };
  const { simulation } = setup;
  const account = createShopifyAccountService({
    db,
    client: setup.client,
    clientId: setup.clientId,
    clientSecret: setup.clientSecret,
    cipher,
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
    account,
    marketplace,
    simulation,
    /** "Simulate a sale on Shopify", given the services it goes through; null when the real Shopify is configured. */
    simulatedSales: (services: Omit<Parameters<typeof createSimulatedShopifySales>[0], 'db' | 'simulation' | 'log'>) =>
      simulation && createSimulatedShopifySales({ db, simulation, log, ...services }),
    close: async () => simulation?.close(),
  };
}

export type ShopifyChannel = ReturnType<typeof createShopifyChannel>;
