import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createAccountServices, type AccountServices } from './auth/account-services';
import { openDatabase, type Database } from './db/client';
import { createEventService, type EventService } from './events/service';
import { createAuth, type Auth } from './auth/auth';
import { createLogger } from './logging/logger';
import type { ListingGenerator } from './adapters/ai/listing-generator';
import { createListingGenerator } from './adapters/ai/create-listing-generator';
import type { Mailer } from './adapters/mail/mailer';
import { createOutboxMailer } from './adapters/mail/outbox-mailer';
import type { MediaProcessor } from './adapters/media/media';
import { createSharpMedia } from './adapters/media/sharp-media';
import { createStorage } from './adapters/storage/create-storage';
import type { Storage } from './adapters/storage/storage';
import { createLeftoverSweep, type LeftoverSweep } from './items/leftover-sweep';
import { createPhotoManagement, type PhotoManagement } from './items/photo-management';
import { createPhotoUploads, type PhotoUploads } from './items/photo-upload';
import { createProductUploads, type ProductUploads } from './items/product-upload';
import { createItemService, type ItemService } from './items/service';
import { createListCache, type ListCache } from './items/list-cache';
import { createProfitService, type ProfitService } from './profit/service';
import { pullSalesJob } from './channels/pull-sales-job';
import { createFeesService, type FeesService } from './channels/fees';
import { createSalesService, DEFAULT_SALES_PULL_INTERVAL_MS, type SalesService } from './channels/sales';
import { createEveryChannel, type EveryChannel } from './channels/every-channel';
import { systemClock, type Clock } from './jobs/clock';
import { createSharedRateLimiters } from './listings/shared-rate-limiter';
import { createJobRegistry, type JobRegistry } from './jobs/registry';
import { workerIdentity } from './jobs/worker-identity';
import { createWorkerPool, type WorkerPool } from './jobs/worker-pool';
import { createListingGeneration, type ListingGeneration } from './listings/generation';
import { generateListingJob } from './listings/generation-job';
import { createAutopilotService, type AutopilotService } from './autopilot/service';
import { createPriceListService, type PriceListService } from './price-list/service';
import { createAutopilotStep, type ComparablesSource } from './autopilot/step';
import { autopilotStepJob } from './autopilot/step-job';
import { catalogPerClient } from './channels/ebay/publish/ebay-catalog';
import { createListingPublisher, type ListingPublisher } from './channels/ebay/publish/listing-publisher';
import type { SellerSessions } from './channels/ebay/publish/seller-session';
import { accountSellerSessions } from './channels/ebay/publish/seller-sessions';
import { publishListingJob } from './channels/publish-job';
import { listingChangeJob } from './channels/listing-change-jobs';
import { createListingChanges, type ListingChanges } from './channels/listing-changes';
import { createPublishService, type PublishService } from './channels/ebay/publish/service';
import { createComparablesService, type ComparablesService } from './channels/ebay/comparables/service';
import { createReadinessService, type ReadinessService } from './channels/ebay/publish/readiness-service';
import { createFirstPublishLocation, type FirstPublishLocation } from './channels/ebay/publish/first-publish-location';
import { createListingService, type ListingService } from './listings/service';
import { createEbayClient, type EbayClient } from './channels/ebay/api/ebay-client';
import { pacedFetch } from './channels/paced-fetch';
import { startSimulatedEbay, type SimulatedEbay } from './channels/ebay/api/simulated-ebay';
import { createSimulatedSales, type SimulatedSales } from './channels/ebay/simulated-sale';
import { createAccountDeletion, type AccountDeletion } from './channels/ebay/account/account-deletion';
import { createEbayNotifications, type EbayNotifications } from './channels/ebay/notifications/ebay-notifications';
import { createNotificationSubscriptions } from './channels/ebay/notifications/subscriptions';
import { endSoldElsewhereJob } from './channels/end-sold-elsewhere-job';
import { createEbayMarketplace } from './channels/ebay/marketplace';
import { importListingsJob } from './channels/ebay/import/import-job';
import { createListingImport, type ListingImport } from './channels/ebay/import/listing-import';
import type { Marketplaces } from './channels/marketplace';
import { createEbayAccountService, type EbayAccountService } from './channels/ebay/account/service';
import { createTokenCipher, type TokenCipher } from './channels/token-crypto';
import { ebayPaths } from '@shared/contracts/ebay';
import { createAssistedListings, type AssistedListings } from './channels/assisted/service';
import { createPriceRules, type PriceRules } from './channels/price-rules';
import { etsySetupFrom, type EtsySetup } from './channels/etsy/setup';
import { createEtsyAccountService, type EtsyAccountService } from './channels/etsy/account/service';
import { createEtsyMarketplace, type EtsyMarketplace } from './channels/etsy/marketplace';
import { startSimulatedEtsy } from './channels/etsy/simulation/simulated-etsy';
import { createSimulatedEtsySales, type SimulatedEtsySales } from './channels/etsy/simulation/simulated-sale';
import { createShopifyChannel, type ShopifyChannel } from './channels/shopify/module'; // shopify-wiring
import { shopifySetupFrom, type ShopifySetup } from './channels/shopify/setup'; // shopify-wiring

/**
 * The composition root: every adapter and every service is built here, once. Route plugins and job handlers
 * receive what they need from here; a new service or job kind is wired in composeServices.
 */

/** The migrated PGlite data directory `npm run build` makes (scripts/build.mjs), found the same way as dist/web. */
export const defaultPgliteTemplate = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/pglite-template');
export const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** What the config asks for: the database, auth, mail, storage, media processing and the AI listing writer. */
export interface Adapters {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  media: MediaProcessor;
  listingGenerator: ListingGenerator;
  log: FastifyBaseLogger;
}

/** The application's services, each built once over the adapters. */
export interface Services {
  items: ItemService;
  uploads: PhotoUploads;
  products: ProductUploads;
  photos: PhotoManagement;
  listings: ListingService;
  generation: ListingGeneration;
  publisher: ListingPublisher;
  publish: PublishService;
  /** The eBay screen's readiness panel and pre-flight. */
  readiness: ReadinessService;
  /** Whether a first publish creates the seller's missing location: what readiness and the connection card may promise. */
  firstPublishLocation: FirstPublishLocation;
  /** Every job kind's handler (and its scheduled tasks), for the worker pools. */
  jobs: JobRegistry;
  /** Removes photo-less drafts and unreferenced files older than an hour (the server starts it). */
  leftovers: LeftoverSweep;
  /** The seller's eBay account: connection, tokens, policies, default location. */
  ebay: EbayAccountService;
  /** Every channel's marketplace (src/server/channels/marketplace.ts). */
  marketplaces: Marketplaces;
  /** Pulling each seller's sales from their channels into the sales table. */
  sales: SalesService;
  /** Revising, ending and relisting live listings on any channel. */
  listingChanges: ListingChanges;
  /** The marketplaces' fees of each sale, read after each sales pull; and the seller's profit (by month, per item). */
  fees: FeesService;
  profit: ProfitService;
  /** Every channel at once: "List on ...", delist tasks and their e-mail, a sale recorded by hand (decision 052). */
  everyChannel: EveryChannel;
  /** eBay's marketplace account deletion endpoint. */
  accountDeletion: AccountDeletion;
  /** eBay's pushed notifications: sales and account deletions (decision 076). */
  ebayNotifications: EbayNotifications;
  /** Importing the seller's live eBay listings. */
  ebayImport: ListingImport;
  /** The seller's price rule per channel, and the assisted channels' listings (decision 051). */
  priceRules: PriceRules;
  assisted: AssistedListings;
  /** The seller's Etsy shop (issue 34) and Etsy's marketplace (also in `marketplaces`). */
  etsy: EtsyAccountService;
  etsyMarketplace: EtsyMarketplace;
  shopify: ShopifyChannel; // shopify-wiring
  /** Active eBay listings like an item, behind its price (decision 053); the autopilot's price rule reads them too. */
  comparables: ComparablesService;
  /** Autopilot, "Publish when ready" (decision 054). */
  autopilot: AutopilotService;
  /** The seller's own price list (issue 42): the price where no AI price and no comparables are there. */
  priceList: PriceListService;
}

/** What the eBay services need from the config: the client (null without a keyset) and the token cipher. */
export interface EbaySetup {
  client: EbayClient | null;
  environment: 'sandbox' | 'production';
  /** The client talks to the simulated eBay, not to eBay (config.ebay.simulated). */
  simulated: boolean;
  cipher: TokenCipher;
  verificationToken: string | null;
  /** The account deletion endpoint's public URL (part of eBay's challenge hash). */
  deletionEndpoint: string;
  /** The notification endpoint's public URL (decision 076): eBay's destination, part of its challenge hash. */
  notificationEndpoint?: string;
  /** Browse calls a UTC day for comparables (EBAY_APP_DAILY_CALLS). */
  appDailyCalls: number;
}

/**
 * Builds the eBay client and the token cipher from the config (EBAY_ENV picks eBay's hosts; overrides for the fake),
 * or, given the running simulation, a client pointed at it.
 */
export function ebaySetupFrom(config: Config, simulation?: SimulatedEbay | null): EbaySetup {
  const { clientId, clientSecret, ruName, environment, hosts, verificationToken, callsPerSecond } = config.ebay;
  const client = simulation
    ? createEbayClient({
        environment: 'sandbox',
        keyset: simulation.keyset,
        hosts: simulation.hosts,
        listingUrl: simulation.listingUrl,
        fetch: pacedFetch(fetch, { callsPerSecond }),
      })
    : clientId && clientSecret && ruName
      ? createEbayClient({
          environment,
          keyset: { clientId, clientSecret, ruName },
          hosts: withoutEmpty(hosts),
          fetch: pacedFetch(fetch, { callsPerSecond }),
        })
      : null;
  return {
    client,
    environment: simulation ? 'sandbox' : environment,
    simulated: Boolean(simulation),
    cipher: createTokenCipher(config.appSecret, config.previousAppSecrets),
    verificationToken: verificationToken ?? null,
    deletionEndpoint: `${config.publicUrl}${ebayPaths.accountDeletion}`,
    notificationEndpoint: `${config.publicUrl}${ebayPaths.notifications}`,
    appDailyCalls: config.ebay.appDailyCalls,
  };
}

function withoutEmpty(hosts: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(hosts).filter(([, v]) => v)) as Record<string, string>;
}

export interface AppDeps extends Adapters {
  services: Services;
  /** Session lookup, auth rate limits and password reset, for the auth routes and the signed-in check. */
  accounts: AccountServices;
  /** The live event streams (/api/events); on PostgreSQL it holds a LISTEN connection, closed before the database. */
  events: EventService;
  /** Pages of the dashboard list kept while current (decision record 030); writes answered here drop a seller's. */
  listCache: ListCache;
  /** Folder of the built web app; omitted in API-only tests. */
  webDir?: string;
  /** The simulated eBay the server runs without eBay keys (its browser pages are served by http/app.ts). */
  simulatedEbay: SimulatedEbay | null;
  /** Its simulated buyer ("Simulate a sale", the listing page's "Buy it now"): only with the simulation. */
  simulatedSales: SimulatedSales | null;
  /** The simulated Etsy the server runs without Etsy keys, with its simulated buyer (issue 43). */
  simulatedEtsy: SimulatedEtsySales | null;
}

export type ServiceAdapters = Pick<Adapters, 'database' | 'storage' | 'media' | 'listingGenerator' | 'log'>;

/** Builds the services over the adapters (tests call it with their own generator and clock). */
export function composeServices(
  adapters: ServiceAdapters,
  options: {
    clock?: Clock;
    ebay?: EbaySetup;
    sellers?: SellerSessions;
    listCache?: ListCache;
    salesPullIntervalMs?: number;
    /** Sends the delist tasks' e-mail (none: not sent). */
    mailer?: Mailer;
    etsy?: EtsySetup;
    shopify?: ShopifySetup; // shopify-wiring
    /** Comparables behind the autopilot's prices in place of eBay's Browse API (tests). */
    comparables?: ComparablesSource;
  } = {},
): Services {
  const { storage, media, listingGenerator, log } = adapters;
  const db = adapters.database.db;
  const clock = options.clock ?? systemClock;
  const uploads = createPhotoUploads({ db, storage, media, log });
  const generation = createListingGeneration({
    db,
    storage,
    generator: listingGenerator,
    limiters: createSharedRateLimiters(db, clock),
    log,
  });
  const ebaySetup = options.ebay ?? {
    client: null,
    environment: 'sandbox' as const,
    simulated: false,
    cipher: createTokenCipher(randomBytes(32).toString('hex')),
    verificationToken: null,
    deletionEndpoint: '',
    appDailyCalls: 5000,
  };
  const ebay = createEbayAccountService({
    db,
    client: ebaySetup.client,
    environment: ebaySetup.environment,
    simulated: ebaySetup.simulated,
    cipher: ebaySetup.cipher,
    log,
    onConnected: (userId) => notificationSubscriptions.subscribeAfterConnect(userId),
  });
  const accountDeletion = createAccountDeletion({
    verificationToken: ebaySetup.verificationToken,
    endpoint: ebaySetup.deletionEndpoint,
    getPublicKey: ebaySetup.client ? (kid) => ebaySetup.client!.notification.getPublicKey(kid) : null,
    deleteDataOfEbayUser: (ebayUserId) => ebay.deleteDataOfEbayUser(ebayUserId),
    log,
  });
  const firstPublishLocation = createFirstPublishLocation(ebay, ebaySetup.client);
  // One cached eBay catalogue for the publisher and the readiness panel.
  const catalog = catalogPerClient();
  const publisher = createListingPublisher({
    db,
    storage,
    sellers: options.sellers ?? accountSellerSessions(ebay, ebaySetup.client),
    catalog,
  });
  const etsySetup = options.etsy ?? { client: null, redirectUri: '' };
  const etsy = createEtsyAccountService({
    db,
    client: etsySetup.client,
    cipher: ebaySetup.cipher,
    redirectUri: etsySetup.redirectUri,
    simulated: etsySetup.simulated,
    log,
  });
  const etsyMarketplace = createEtsyMarketplace({ db, storage, account: etsy, client: etsySetup.client, log });
  const shopify = createShopifyChannel({ db, storage, cipher: ebaySetup.cipher, log, setup: options.shopify }); // shopify-wiring
  // Every channel an item can be listed on (src/server/channels/<name>): one registration each.
  const marketplaces: Marketplaces = {
    ebay: createEbayMarketplace({ db, account: ebay, client: ebaySetup.client, publisher, catalog, log }),
    etsy: etsyMarketplace,
    shopify: shopify.marketplace, // shopify-wiring
  };
  const comparables = createComparablesService({
    db,
    storage,
    client: ebaySetup.client,
    simulated: ebaySetup.simulated,
    dailyCalls: ebaySetup.appDailyCalls,
    clock,
    log,
  });
  const autopilot = createAutopilotService({ db, storage, clock, marketplaces });
  const items = createItemService({
    db,
    storage,
    log,
    listCache: options.listCache,
    marketplaces,
    onProductCreated: (tx, userId, itemId, uploadComplete) => autopilot.joinIfDefault(tx, userId, itemId, uploadComplete),
  });
  const everyChannel = createEveryChannel({ db, marketplaces, storage, mailer: options.mailer, clock, log });
  const sales = createSalesService({ db, marketplaces, clock, log, delistTasks: everyChannel });
  // eBay's pushed sales (decision 076): the endpoint, and each connected seller's subscription.
  const ebayPush = {
    db,
    client: ebaySetup.client,
    account: ebay,
    verificationToken: ebaySetup.verificationToken,
    endpoint: ebaySetup.notificationEndpoint ?? '',
    log,
    clock,
  };
  const ebayNotifications = createEbayNotifications({ ...ebayPush, deletion: accountDeletion, sales });
  const notificationSubscriptions = createNotificationSubscriptions(ebayPush);
  const ebayImport = createListingImport({ db, client: ebaySetup.client, account: ebay, items, uploads, log });
  const fees = createFeesService({ db, marketplaces, clock, log });
  const priceRules = createPriceRules({ db });
  return {
    items,
    uploads,
    products: createProductUploads({ db, items, uploads, onUploadComplete: (userId, itemId) => autopilot.uploadComplete(userId, itemId) }),
    photos: createPhotoManagement({ db, storage, media, log }),
    listings: createListingService({ db, items }),
    generation,
    publisher,
    publish: createPublishService({ db }),
    readiness: createReadinessService({ db, ebay, marketplaces, firstPublishLocation }),
    firstPublishLocation,
    // A kind without a handler here stops the start (MissingJobHandlerError).
    jobs: createJobRegistry({
      'generate-listing': generateListingJob(db, generation, (userId, itemId) => autopilot.wake(userId, itemId)),
      'publish-listing': publishListingJob(db, marketplaces),
      'pull-sales': pullSalesJob(db, marketplaces, sales, options.salesPullIntervalMs ?? DEFAULT_SALES_PULL_INTERVAL_MS, fees),
      'revise-listing': listingChangeJob(db, marketplaces, 'revise'),
      'end-listing': listingChangeJob(db, marketplaces, 'end'),
      'relist-listing': listingChangeJob(db, marketplaces, 'relist'),
      'import-listings': importListingsJob(db, ebayImport, marketplaces.ebay),
      'end-sold-elsewhere': endSoldElsewhereJob(sales, [notificationSubscriptions.sweepTask]),
      'autopilot-step': autopilotStepJob(
        db,
        clock,
        createAutopilotStep({ db, marketplaces, comparables: options.comparables ?? comparables, clock, log }),
      ),
    }),
    leftovers: createLeftoverSweep({ db, storage, log }),
    ebay,
    marketplaces,
    sales,
    listingChanges: createListingChanges({ db }),
    fees,
    profit: createProfitService({ db }),
    everyChannel,
    accountDeletion,
    ebayNotifications,
    ebayImport,
    priceRules,
    assisted: createAssistedListings({ db, storage, priceRules }),
    etsy,
    etsyMarketplace,
    shopify, // shopify-wiring
    comparables,
    autopilot,
    priceList: createPriceListService({ db }),
  };
}

/** Builds every adapter the config asks for and the services over them; the caller owns closing them (closeDeps). */
export async function composeDeps(
  config: Config,
  options: { webDir?: string; database?: Database; logLines?: { push(line: string): unknown } } = {},
): Promise<AppDeps> {
  const { logLines } = options;
  // Tests read every JSON log line the process writes.
  const log = await createLogger(config, logLines ? { isTTY: false, write: (line: string) => Boolean(logLines.push(line)) } : undefined);
  const database =
    options.database ??
    (await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url }
        : { kind: 'pglite', dir: config.database.dir, template: defaultPgliteTemplate },
    ));
  if (!options.database) await database.migrate();
  const mailer: Mailer =
    config.mail.kind === 'smtp'
      ? (await import('./adapters/mail/smtp-mailer')).createSmtpMailer(config.mail.url, config.mailFrom)
      : createOutboxMailer(config.mail.dir, config.mailFrom, log);
  const auth = createAuth(database.db, config, mailer);
  const storage = await createStorage(config);
  const media = createSharpMedia();
  const listingGenerator = await createListingGenerator(config.ai);
  const adapters: Adapters = { config, database, auth, mailer, storage, media, listingGenerator, log };
  const accounts = await createAccountServices(database.db, auth, config.authRateLimit);
  const events = await createEventService({ database, log, ...config.events });
  const listCache = createListCache(events, config.listCache);
  const simulatedEbay = config.ebay.simulated ? await startSimulatedEbay(config.publicUrl) : null;
  if (simulatedEbay) log.info('No eBay keys: the simulated eBay is on (nothing is listed for real); EBAY_* keys switch it off');
  const etsySimulation = config.etsy.simulated ? await startSimulatedEtsy(config.publicUrl) : null;
  if (etsySimulation) log.info('No Etsy keys: the simulated Etsy is on (nothing is listed for real); ETSY_* keys switch it off');
  const services = composeServices(adapters, {
    ebay: ebaySetupFrom(config, simulatedEbay),
    etsy: etsySetupFrom(config, fetch, etsySimulation),
    shopify: await shopifySetupFrom(config), // shopify-wiring
    listCache,
    salesPullIntervalMs: config.salesPullIntervalMs,
    mailer,
  });
  const { items, sales, fees } = services;
  return {
    ...adapters,
    services,
    accounts,
    events,
    listCache,
    webDir: options.webDir,
    simulatedEbay,
    simulatedSales: simulatedEbay && createSimulatedSales({ db: database.db, simulation: simulatedEbay, items, sales, fees, log }),
    simulatedEtsy: etsySimulation && createSimulatedEtsySales({ db: database.db, simulation: etsySimulation, items, sales, fees, log }),
  };
}

export async function closeDeps(deps: AppDeps) {
  await deps.simulatedEbay?.close();
  await deps.simulatedEtsy?.simulation.close();
  await deps.services.shopify.close(); // shopify-wiring
  await deps.mailer.close?.();
  await deps.media.close();
  await deps.events.close();
  await deps.database.close();
}

export interface RunningWorkers {
  pool: WorkerPool | null;
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `concurrency` job loops (config.workers by default; none when 0) and the job kinds' scheduled tasks, under
 * this process's worker identity: the server (`role: 'server'`) or `npm run worker` (`'worker'`). Call `stop()`
 * before closing the database.
 */
export async function startWorkers(
  deps: AppDeps,
  options: { role: 'server' | 'worker'; concurrency?: number; log?: FastifyBaseLogger },
): Promise<RunningWorkers> {
  const concurrency = options.concurrency ?? deps.config.workers;
  if (concurrency <= 0) return { pool: null, stop: async () => undefined };
  const owner = workerIdentity({ dataDir: deps.config.dataDir, role: options.role, configured: deps.config.workerId });
  const pool = createWorkerPool({ db: deps.database.db, registry: deps.services.jobs, log: options.log ?? deps.log, concurrency, owner });
  await pool.start();
  return { pool, stop: (graceMs) => pool.stop(graceMs) };
}
