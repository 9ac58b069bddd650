import { etsyMessages } from '@shared/contracts/etsy';
import type { ChannelModule } from '../channel-module';
import { connectionStatusOf, consentConnector } from '../oauth/consent-connector';
import { EtsyApiError, EtsyUnreachableError } from './api/etsy-errors';
import { etsyPublishedFees } from './fee-schedule';
import { createEtsyAccountService, type EtsyAccountService } from './account/service';
import { etsyEnv, readEtsyConfig, type EtsyConfig } from './config';
import { createEtsyMarketplace, type EtsyMarketplace } from './marketplace';
import { etsyRoutesPlugin } from './routes';
import { startEtsySetup, unconfiguredEtsy, type EtsySetup } from './setup';
import { simulatedEtsyPages, simulatedEtsySaleRoutesPlugin } from './simulation/routes';
import { createSimulatedEtsySales, type SimulatedEtsySales } from './simulation/simulated-sale';
import { etsyListingPartOf } from './listing-part';

/** Etsy's Open API v3 allows 10,000 requests a day per API key, all sellers together (decision 078). */
export const ETSY_DAILY_CALLS = 10_000;

/** Etsy's own services, beyond its place in `marketplaces`: the shop's connection and setup, the item's answers. */
export interface EtsyServices {
  /** The seller's Etsy shop: connection, tokens, shop setup. */
  account: EtsyAccountService;
  marketplace: EtsyMarketplace;
  /** The simulated Etsy's buyer: only with the simulation. */
  simulatedSales: SimulatedEtsySales | null;
}

/** Etsy: OAuth 2 with PKCE, a shop to set up, and its own answers per item (when made). */
export const etsyChannel: ChannelModule<'etsy', typeof etsyEnv, EtsyConfig, EtsySetup, EtsyServices> = {
  name: 'etsy',
  label: 'Etsy',
  fees: [etsyPublishedFees],
  kind: 'api',
  config: { env: etsyEnv, read: readEtsyConfig, simulationEnv: 'ETSY_SIMULATION' },
  listing: { part: etsyListingPartOf },
  setup: startEtsySetup,
  unconfigured: unconfiguredEtsy,
  create(setup, { db, storage, log }) {
    const account = createEtsyAccountService({ ...setup, db, log });
    const marketplace = {
      ...createEtsyMarketplace({ db, storage, account, client: setup.client, log }),
      dailySalesCallLimit: ETSY_DAILY_CALLS,
    };
    return {
      marketplace,
      complete({ items, sales, fees }) {
        const simulatedSales = setup.simulation && createSimulatedEtsySales({ db, simulation: setup.simulation, items, sales, fees, log });
        return {
          services: { account, marketplace, simulatedSales },
          async routes(app) {
            await app.register(etsyRoutesPlugin, { etsy: account, marketplace });
            if (simulatedSales) await app.register(simulatedEtsySaleRoutesPlugin, { etsy: simulatedSales });
          },
          async publicRoutes(app, { accounts }) {
            if (simulatedSales) await app.register(simulatedEtsyPages, { etsy: simulatedSales, accounts });
          },
          // Etsy's consent page in the seller's tab (OAuth 2 with PKCE).
          connection: consentConnector({
            name: 'Etsy',
            account,
            async status(userId) {
              const stored = await account.getConnection(userId);
              return connectionStatusOf(stored, stored.connection?.shop?.shopName ?? null);
            },
            isMarketplaceFailure: (err) => err instanceof EtsyApiError || err instanceof EtsyUnreachableError,
            messages: etsyMessages,
            log,
          }),
        };
      },
    };
  },
};
