import type { ScheduledTask } from '../../jobs/registry';
import { ebayPublishedFeesByMarketplace } from './fee-schedule';
import type { ChannelModule } from '../channel-module';
import { ebayMessages } from '@shared/contracts/ebay';
import { createAccountDeletion, type AccountDeletion } from './account/account-deletion';
import { ebayConfigRoutesPlugin } from './account/config-routes';
import { ebayAccountDeletionRoutesPlugin, ebayRoutesPlugin } from './account/routes';
import { createEbayAccountService, type EbayAccountService } from './account/service';
import { comparablesRoutesPlugin } from './comparables/routes';
import { createComparablesService, type ComparablesService } from './comparables/service';
import { ebayEnv, readEbayConfig, type EbayConfig } from './config';
import { ebayEnvCheck } from './env-check';
import { ebayListedAsOfData, ebayListingPartOf } from './item-state';
import { clearEbayItemFields, saveEbayItemFields } from './item-fields';
import { importListingsJob } from './import/import-job';
import { createListingImport, type ListingImport } from './import/listing-import';
import { ebayImportRoutesPlugin } from './import/routes';
import { createEbayMarketplace } from './marketplace';
/**
 * eBay's default daily limit of the Fulfillment API (getOrders, getOrder), per application: 100,000 calls a day, before
 * an Application Growth Check raises it. Source: eBay's "API Call Limits" table for the Sell APIs
 * (https://developer.ebay.com/develop/api/sell/api_call_limits, row "Fulfillment API"); the copy of that page this
 * project could read was cut off before the row, so the figure rests on two public transcriptions of eBay's table that
 * agree (decision 085). The app's own limit is in the developer portal (Analytics API `getRateLimits`).
 */
export const EBAY_FULFILLMENT_DAILY_CALLS = 100_000;
import { createEbayNotifications, type EbayNotifications } from './notifications/ebay-notifications';
import { ebayNotificationRoutesPlugin } from './notifications/routes';
import { createNotificationSubscriptions } from './notifications/subscriptions';
import { offersDailyTask } from './offers-to-buyers/daily-task';
import { ebayOffersRoutesPlugin } from './offers-to-buyers/routes';
import { createEbayOffersService, type EbayOffersService } from './offers-to-buyers/service';
import { createListingTraffic } from './traffic/listing-traffic';
import { ebayPictureOrigins } from './picture-origins';
import { catalogPerClient } from './publish/ebay-catalog';
import { createFirstPublishLocation, type FirstPublishLocation } from './publish/first-publish-location';
import { createListingPublisher, type ListingPublisher } from './publish/listing-publisher';
import { createReadinessService, type ReadinessService } from './publish/readiness-service';
import { publishRoutesPlugin } from './publish/routes';
import { productSafetyRoutesPlugin } from './product-safety/routes';
import { createProductSafetyService, type ProductSafetyService } from './product-safety/service';
import { accountSellerSessions } from './publish/seller-sessions';
import { createSellerPoliciesReader } from './publish/seller-policies';
import { createPublishService, type PublishService } from './publish/service';
import { startEbaySetup, unconfiguredEbay, type EbaySetup } from './setup';
import { simulatedEbayPages } from './simulated-ebay-pages';
import { createSimulatedSales, type SimulatedSales } from './simulated-sale';
import { simulatedSaleRoutesPlugin } from './simulated-sale-routes';

/** eBay's own services, beyond its `Marketplace`: the eBay screen's, and its import and comparables. */
export interface EbayServices {
  /** The seller's eBay account: connection, tokens, policies, default location, SKU prefix. */
  account: EbayAccountService;
  publisher: ListingPublisher;
  publish: PublishService;
  /** The eBay screen's readiness panel and pre-flight. */
  readiness: ReadinessService;
  /** Whether a first publish creates the seller's missing location: what readiness and the connection card may promise. */
  firstPublishLocation: FirstPublishLocation;
  /** eBay's marketplace account deletion endpoint. */
  accountDeletion: AccountDeletion;
  /** eBay's pushed notifications: sales and account deletions (decision 076). */
  notifications: EbayNotifications;
  /** Importing the seller's live eBay listings. */
  import: ListingImport;
  /** Active eBay listings like an item, behind its price (decision 053); the autopilot's price rule reads them too. */
  comparables: ComparablesService;
  /** Offers to the interested buyers of the seller's listings (Negotiation API, decision 087). */
  offersToBuyers: EbayOffersService;
  /** The simulated buyer ("Simulate a sale", the listing page's "Buy it now"): only with the simulation. */
  simulatedSales: SimulatedSales | null;
  /** EU product safety (GPSR) details per brand, sent on eBay's EU and UK marketplaces (decision 102). */
  productSafety: ProductSafetyService;
}

/** eBay: the first API channel, with its import, comparables and account deletion endpoint. */
export const ebayChannel: ChannelModule<'ebay', typeof ebayEnv, EbayConfig, EbaySetup, EbayServices> = {
  name: 'ebay',
  label: 'eBay',
  fees: ebayPublishedFeesByMarketplace,
  kind: 'api',
  config: { env: ebayEnv, read: readEbayConfig, check: ebayEnvCheck, simulationEnv: 'EBAY_SIMULATION' },
  listing: {
    part: ebayListingPartOf,
    listedAs: ebayListedAsOfData,
    generated: (db, userId, itemId, written) => saveEbayItemFields(db, userId, itemId, written.categoryAndGrade),
    reset: clearEbayItemFields,
  },
  imageOrigins: (config) => ebayPictureOrigins(config.ebay),
  setup: startEbaySetup,
  unconfigured: () => unconfiguredEbay(),
  create(setup, { db, storage, clock, log }) {
    const { client } = setup;
    const account = createEbayAccountService({
      db,
      client,
      environment: setup.environment,
      simulated: setup.simulated,
      cipher: setup.cipher,
      log,
      onConnected: (userId) => subscriptions.subscribeAfterConnect(userId),
      codeIssuedWith: setup.simulation?.codeIssuedWith,
    });
    // eBay's pushed sales (decision 076): each connected seller's subscription to ORDER_CONFIRMATION.
    const push = {
      db,
      client,
      account,
      verificationToken: setup.verificationToken,
      alertEmail: setup.alertEmail,
      endpoint: setup.notificationEndpoint,
      log,
      clock,
    };
    const subscriptions = createNotificationSubscriptions(push);
    const firstPublishLocation = createFirstPublishLocation(account, client);
    // One cached eBay catalogue for the publisher and the readiness panel.
    const catalog = catalogPerClient();
    const sellers = setup.sellers ?? accountSellerSessions(account, client);
    const policies = createSellerPoliciesReader();
    const publisher = createListingPublisher({ db, storage, sellers, catalog, policies });
    const marketplace = {
      ...createEbayMarketplace({ db, account, client, publisher, catalog, policies, log }),
      dailySalesCallLimit: EBAY_FULFILLMENT_DAILY_CALLS,
      salesPushedFor: subscriptions.pushedSellers,
      salesPushOf: subscriptions.salesPushOf,
    };
    const comparables = createComparablesService({
      db,
      storage,
      client,
      simulated: setup.simulated,
      dailyCalls: setup.appDailyCalls,
      clock,
      log,
    });
    return {
      marketplace,
      comparables,
      complete({ items, uploads, sales, fees, marketplaces, profitFloor }) {
        const accountDeletion = createAccountDeletion({
          verificationToken: setup.verificationToken,
          endpoint: setup.deletionEndpoint,
          getPublicKey: client ? (kid) => client.notification.getPublicKey(kid) : null,
          deleteDataOfEbayUser: (ebayUserId) => account.deleteDataOfEbayUser(ebayUserId),
          log,
        });
        const services: EbayServices = {
          account,
          publisher,
          publish: createPublishService({ db, floors: profitFloor }),
          readiness: createReadinessService({ db, ebay: account, marketplaces, firstPublishLocation }),
          firstPublishLocation,
          accountDeletion,
          notifications: createEbayNotifications({ ...push, deletion: accountDeletion, sales }),
          import: createListingImport({ db, client, account, items, uploads, log }),
          comparables,
          offersToBuyers: createEbayOffersService({ db, client, account, floor: profitFloor, clock }),
          simulatedSales: setup.simulation && createSimulatedSales({ db, simulation: setup.simulation, items, sales, fees, log }),
          productSafety: createProductSafetyService({ db }),
        };
        // Each new eBay sale, pulled or pushed, is matched to the offer that led to it.
        sales.onSalesRecorded((userId, channel) => (channel === 'ebay' ? services.offersToBuyers.matchSales(userId) : Promise.resolve()));
        const traffic = createListingTraffic({ db, client, account, clock });
        return {
          services,
          plannedOffers: (userId, days) => services.offersToBuyers.planned(userId, days),
          sendPlannedOffer: (userId, itemId, price, runKey) => services.offersToBuyers.sendPlanned(userId, itemId, price, runKey),
          sellersAskingFirst: () => services.offersToBuyers.sellersAskingFirst(),
          listingTraffic: traffic.of,
          jobs: {
            'import-listings': withTasks(importListingsJob(db, services.import, marketplace), [
              subscriptions.sweepTask,
              offersDailyTask(services.offersToBuyers, clock),
            ]),
          },
          async routes(app) {
            await app.register(comparablesRoutesPlugin, { comparables });
            await app.register(publishRoutesPlugin, { publish: services.publish, readiness: services.readiness });
            await app.register(ebayRoutesPlugin, { ebay: account, firstPublishLocation });
            await app.register(ebayImportRoutesPlugin, { imports: services.import });
            await app.register(ebayOffersRoutesPlugin, { offers: services.offersToBuyers });
            await app.register(productSafetyRoutesPlugin, { productSafety: services.productSafety });
            if (services.simulatedSales) await app.register(simulatedSaleRoutesPlugin, { simulatedSales: services.simulatedSales });
          },
          async publicRoutes(app, { config, accounts }) {
            await app.register(ebayConfigRoutesPlugin, {
              config,
              browseCalls: () => comparables.callsToday(),
              salesChecks: async () => ({
                calls: (await sales.salesChecksOfToday()).find((entry) => entry.channel === 'ebay')?.used ?? 0,
                limit: EBAY_FULFILLMENT_DAILY_CALLS,
              }),
            });
            await app.register(ebayAccountDeletionRoutesPlugin, { deletion: services.accountDeletion });
            await app.register(ebayNotificationRoutesPlugin, { notifications: services.notifications });
            if (setup.simulation && services.simulatedSales)
              await app.register(simulatedEbayPages, { simulation: setup.simulation, sales: services.simulatedSales, accounts });
          },
          connection: {
            async status(userId) {
              const { configured, simulated, connection } = await account.getConnection(userId);
              return {
                configured,
                simulated,
                status: connection?.status ?? 'not-connected',
                accountLabel: connection ? (connection.ebayUsername ?? connection.ebayUserId) : null,
                salesReadable: connection?.status === 'connected' && connection.salesAccess,
              };
            },
            // eBay's consent page, opened in a popup; it sends the seller to the app's /ebay-callback page (the RuName's
            // accept URL), which posts the code here.
            start: async (userId) => ({ next: 'consent', url: await account.startOAuth(userId) }),
            complete: async (userId, { code, state }) => {
              await account.exchangeCode(userId, code, state);
            },
            end: async (userId) => {
              await account.disconnect(userId);
              return ebayMessages.disconnected;
            },
          },
        };
      },
    };
  },
};

/**
 * The job's handler with more scheduled tasks (the notification subscriptions' sweep and the daily offer rule ride on
 * eBay's own job).
 */
function withTasks<H extends { scheduled?: ScheduledTask[] }>(handler: H, tasks: ScheduledTask[]): H {
  return { ...handler, scheduled: [...(handler.scheduled ?? []), ...tasks] };
}
