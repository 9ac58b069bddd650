import { depopMessages, SIMULATED_DEPOP_PATH } from '@shared/contracts/depop';
import { assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import type { ChannelModule } from '../channel-module';
import { consentConnector } from '../oauth/consent-connector';
import { createDepopAccountService, type DepopAccountService } from './account/service';
import { DepopApiError, DepopUnreachableError } from './api/depop-errors';
import { depopEnv, readDepopConfig, type DepopConfig } from './config';
import { createDepopAnswers } from './depop-answers';
import { depopListingPartOf } from './listing-part';
import { createDepopMarketplace } from './marketplace';
import { depopShopRoutesPlugin, simulatedDepopPages, simulatedDepopSaleRoutesPlugin } from './routes';
import { startDepopSetup, unconfiguredDepop, type DepopSetup } from './setup';
import { createDepopOffersService, type DepopOffersService } from './offers-to-likers/service';
import { depopOffersRoutesPlugin, simulatedDepopLikeRoutesPlugin } from './offers-to-likers/routes';
import { createDepopPricing } from './pricing/pricing-inspiration';
import { depopPricingRoutesPlugin } from './pricing/routes';
import type { SimulatedDepop } from './simulation/simulated-depop';
import { createSimulatedDepopLikes } from './simulation/simulated-like';
import { createSimulatedDepopSales, type SimulatedDepopSales } from './simulation/simulated-sale';
import { sellerRegionIn } from '../../seller-region/service';
import { depopSiteOf } from './depop-site';
import { createDepopOrderWebhooks, type DepopOrderWebhooks } from './webhooks/order-webhook';
import { depopWebhookRoutesPlugin } from './webhooks/routes';

/** Depop's own services, beyond its place in `marketplaces`: the shop's connection, its webhooks, the simulated buyer. */
export interface DepopServices {
  account: DepopAccountService;
  webhooks: DepopOrderWebhooks;
  /** Offers to the buyers who liked a product: the seller's rule, the likes, the plan's offers. */
  offers: DepopOffersService;
  /** "Simulate a sale on Depop": only with the simulation. */
  simulatedSales: SimulatedDepopSales | null;
  /** The simulated Depop the server runs without keys (its fake, for tests); null otherwise. */
  simulation: SimulatedDepop | null;
}

/** Depop: the seller's shop through Depop's Seller API, the fourth API channel. */
export const depopChannel: ChannelModule<'depop', typeof depopEnv, DepopConfig, DepopSetup, DepopServices> = {
  name: 'depop',
  label: 'Depop',
  // Depop's published fee (the same page the assisted hand-over cites); the seller's own sales replace the estimate.
  fees: assistedMarketplaces.depop.fees,
  kind: 'api',
  config: { env: depopEnv, read: readDepopConfig, simulationEnv: 'DEPOP_SIMULATION' },
  listing: { part: depopListingPartOf },
  setup: startDepopSetup,
  unconfigured: unconfiguredDepop,
  create(setup, { db, storage, log, clock }) {
    const { simulation } = setup;
    // The account service takes the setup's connection parts: its client, cipher, redirect and whether it is simulated.
    const account = createDepopAccountService({ ...setup, db, log, now: () => clock.now() });
    const publicUrl = new URL(setup.redirectUri || 'http://localhost').origin;
    // The offer rule reads the profit floor, a core service built after the marketplaces: bound in complete().
    let offersService: DepopOffersService | null = null;
    const marketplace = createDepopMarketplace({
      db,
      storage,
      account,
      configured: Boolean(setup.client),
      photoUrl: (signed) => (signed.startsWith('/') ? `${publicUrl}${signed}` : signed),
      productUrl: (slug) =>
        `${simulation ? `${publicUrl}${SIMULATED_DEPOP_PATH}` : 'https://www.depop.com'}/products/${encodeURIComponent(slug)}/`,
      log,
      autoSendOfferPrice: async (userId, itemId, price) => (offersService ? offersService.autoSendPrice(userId, itemId, price) : null),
      autoOffersOn: async (userId) => {
        const rule = offersService ? await offersService.rule(userId) : null;
        return Boolean(rule?.enabled && !rule.askFirst);
      },
    });
    return {
      marketplace,
      complete({ items, sales, fees, profitFloor }) {
        const simulatedSales = simulation && createSimulatedDepopSales({ db, simulation, items, sales, fees, log });
        const answers = createDepopAnswers({ db, account });
        const offers = createDepopOffersService({ db, account, floor: profitFloor, clock });
        const pricing = createDepopPricing({ db, account });
        offersService = offers;
        const simulatedLikes = simulation && createSimulatedDepopLikes({ db, simulation, items, offers });
        const webhooks = createDepopOrderWebhooks({ db, webhookSecret: setup.webhookSecret, account, sales, likes: offers, log });
        return {
          services: { account, webhooks, offers, simulatedSales, simulation },
          async routes(app) {
            await app.register(depopShopRoutesPlugin, { answers, account });
            await app.register(depopOffersRoutesPlugin, { offers });
            await app.register(depopPricingRoutesPlugin, { pricing });
            if (simulatedSales) await app.register(simulatedDepopSaleRoutesPlugin, { depop: simulatedSales });
            if (simulatedLikes) await app.register(simulatedDepopLikeRoutesPlugin, { likes: simulatedLikes });
          },
          plannedOffers: (userId, days) => offers.planned(userId, days),
          offersLeftOut: (userId, days) => offers.leftOut(userId, days),
          sendPlannedOffer: (userId, itemId, price, runKey) => offers.sendPlanned(userId, itemId, price, runKey),
          sellersAskingFirst: () => offers.sellersAskingFirst(),
          async publicRoutes(app, { accounts }) {
            await app.register(depopWebhookRoutesPlugin, { webhooks });
            if (simulation)
              await app.register(simulatedDepopPages, {
                simulation,
                accounts,
                siteOf: async (userId) => depopSiteOf(await sellerRegionIn(db, userId)),
              });
          },
          // Depop's consent page in the seller's tab (OAuth 2.0 with PKCE).
          connection: consentConnector({
            name: 'Depop',
            account,
            async status(userId) {
              const { configured, simulated, status, label } = await account.connection(userId);
              return { configured, simulated, status, accountLabel: label, salesReadable: status === 'connected' };
            },
            isMarketplaceFailure: (err) => err instanceof DepopApiError || err instanceof DepopUnreachableError,
            messages: depopMessages,
            log,
          }),
        };
      },
    };
  },
};
