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
import { publishedFeesOf } from './profit-floor/published-fees';
import { createProfitFloorService, type ProfitFloorService } from './profit-floor/service';
import { createSellerRegionService, type SellerRegionService } from './seller-region/service';
import { createAgingStockService, type AgingStockService } from './aging-stock/service';
import { createWhatSellsService, type WhatSellsService } from './what-sells/service';
import { createPastSalesImports, type PastSalesImports } from './what-sells/marketplace-import';
import { importPastSalesJob } from './what-sells/import-past-sales-job';
import { importPastSalesFileJob } from './what-sells/import-past-sales-file-job';
import { createDaysToSaleService, type DaysToSaleService } from './days-to-sale/service';
import { guardFloors } from './profit-floor/floor-guard';
import { pullSalesJob } from './sales/pull-sales-job';
import { createSalesArrival } from './sales/sales-arrival';
import { createFeesService, type FeesService } from './fees/fees';
import { createSalesService, DEFAULT_SALES_PULL_INTERVAL_MS, type SalesService } from './sales/sales';
import { createEveryChannel, type EveryChannel } from './channels/every-channel';
import { createDelistTasks, type DelistTasks } from './delist-tasks/delist-tasks';
import { systemClock, type Clock } from './jobs/clock';
import { createSharedRateLimiters } from './listings/shared-rate-limiter';
import { createJobRegistry, type JobRegistry } from './jobs/registry';
import { workerIdentity } from './jobs/worker-identity';
import { createWorkerPool, type WorkerPool } from './jobs/worker-pool';
import { createListingGeneration, type ListingGeneration } from './listings/generation';
import { generateListingJob } from './listings/generation-job';
import { createAutopilotService, type AutopilotService } from './autopilot/service';
import { createPriceListService, type PriceListService } from './price-list/service';
import { createBundleService, type BundleService } from './bundles/service';
import { createAutopilotStep, type ComparablesSource } from './autopilot/step';
import { autopilotStepJob } from './autopilot/step-job';
import { publishListingJob } from './channels/publish-job';
import { listingChangeJob } from './listing-changes/listing-change-jobs';
import { createSaleEnds, type SaleEnds } from './sales/sale-ends';
import { createListingChanges, listingsOnChannel, reviseEveryListingOn, type ListingChanges } from './listing-changes/listing-changes';
import { createListingAge, type AgeLiveListing } from './channels/listing-age';
import { createListingService, type ListingService } from './listings/service';
import type { ChannelInstance, ChannelParts } from './channels/channel-module';
import { createChannelConnections, type ChannelConnections } from './channels/channel-connections';
import type { Marketplaces } from './channels/marketplace';
import { registeredChannels, type ChannelServices, type ChannelSetups } from './channels/registry';
import { createAssistedListings, type AssistedListings } from './channels/assisted/service';
import { createPriceRules, type PriceRules } from './price-rules/price-rules';
import type { JobHandlers } from './jobs/registry';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { createWebPush, type WebPush } from './push/web-push';
import { defaultPushEndpointPolicy, type PushEndpointPolicy } from './push/push-endpoint';
import { delistPushJob } from './push/delist-push-job';
import { applySellingPlanJob, queueApply } from './selling-plan/apply-job';
import { createSellingPlanService, type SellingPlanService } from './selling-plan/service';

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
  /** Every job kind's handler (and its scheduled tasks), for the worker pools. */
  jobs: JobRegistry;
  /** Removes photo-less drafts and unreferenced files older than an hour (the server starts it). */
  leftovers: LeftoverSweep;
  /** Every channel's marketplace (src/server/channels/marketplace.ts). */
  marketplaces: Marketplaces;
  /** Pulling each seller's sales from their channels into the sales table. */
  sales: SalesService;
  /** Revising, ending and relisting live listings on any channel. */
  listingChanges: ListingChanges;
  /** The marketplaces' fees of each sale, read after each sales pull; and the seller's profit (by month, per item). */
  fees: FeesService;
  profit: ProfitService;
  /** "What sells": profit per hour and days to sale by brand, category, size, source, marketplace, price (decision 149). */
  whatSells: WhatSellsService;
  /** Importing the seller's past sales from a connected marketplace, as a job (decision 150). */
  pastSalesImports: PastSalesImports;
  daysToSale: DaysToSaleService;
  /** The profit floor per item and channel, and the seller's shipping cost and minimum margin (decision 086). */
  profitFloor: ProfitFloorService;
  /** Live stock by days listed, its asking and floor value, views and watchers (decision 091). */
  agingStock: AgingStockService;
  /** Every channel at once: "List on ...", a sale recorded by hand (decision 052). */
  everyChannel: EveryChannel;
  /** The delist tasks a sale leaves on the assisted channels, and their push or e-mail (decisions 052, 084). */
  delistTasks: DelistTasks;
  /** After a sale: "End it now" on a listing whose end failed, and the double sales (decision 083). */
  saleEnds: SaleEnds;
  /** The seller's price rule per channel, and the assisted channels' listings (decision 051). */
  priceRules: PriceRules;
  assisted: AssistedListings;
  /** Each channel's own services (channels/registry.ts): eBay's import and comparables, Etsy's shop... */
  channels: ChannelServices;
  /** Every registered channel as built (its routes, jobs and connection), in the registry's order. */
  channelList: readonly BuiltChannel[];
  /** Every channel's connection: GET /api/channels and /api/channels/:channel/... (decision 094). */
  connections: ChannelConnections;
  /** Autopilot, "Publish when ready" (decision 054). */
  autopilot: AutopilotService;
  /** The seller's own price list: the price where no AI price and no comparables are there. */
  priceList: PriceListService;
  /** Bundles bought for one price, split over their items' costs; the seller's remembered sources. */
  bundles: BundleService;
  /** Web Push to the seller's phones: the VAPID key, their devices, a delist task's push (decision 084). */
  push: WebPush;
  /** Price drops and relists, the week's plan and its review gate (decision 090). */
  sellingPlan: SellingPlanService;
  ageLiveListing: AgeLiveListing;
  /** Where the seller sells from: their country, currency, locale and eBay marketplace (decision 102). */
  sellerRegion: SellerRegionService;
}

/** A registered channel as the server runs it (decision 071). */
export interface BuiltChannel {
  name: ApiChannel;
  label: string;
  instance: ChannelInstance<unknown>;
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
  /** What each channel runs over: its client and, without its keys, its simulation (closed by closeDeps). */
  channelSetups: ChannelSetups;
}

export type ServiceAdapters = Pick<Adapters, 'database' | 'storage' | 'media' | 'listingGenerator' | 'log'>;

/** Builds the services over the adapters (tests call it with their own generator and clock). */
export function composeServices(
  adapters: ServiceAdapters,
  options: Partial<ChannelSetups> & {
    clock?: Clock;
    listCache?: ListCache;
    salesPullIntervalMs?: number;
    /** Rows of a past-sales spreadsheet per batch (config.pastSalesBatchRows). */
    pastSalesBatchRows?: number;
    /**
     * This process's worker identity (jobs/worker-identity.ts): the jobs a seller's own turn runs (the ends after a
     * pulled sale) are leased under it, so a restart releases them at once as it does its workers'.
     */
    leaseOwner?: string;
    /** The adaptive pull's fast interval (sales/sales-pull-schedule.ts; tests shorten it). */
    fastSalesPullMs?: number;
    /** Sends the delist tasks' and the waiting offers' e-mail (none: not sent). */
    mailer?: Mailer;
    /** The app's address (config.publicUrl): links in e-mails. */
    publicUrl?: string;
    /** Comparables behind the autopilot's prices in place of eBay's Browse API (tests). */
    comparables?: ComparablesSource;
    /** Web Push's VAPID keys and subject (config.push); by default the keys kept in the database. */
    push?: Partial<Config['push']>;
    /** Where pushes may go (tests: a resolver of their own); by default public addresses of the browsers' push services. */
    pushEndpoints?: PushEndpointPolicy;
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
  // Every channel an item can be listed on (channels/registry.ts): its marketplace first, the rest of it once the
  // core services built over every marketplace exist.
  const channelParts = registeredChannels.map((module) => ({
    module,
    parts: module.create(options[module.name] ?? module.unconfigured(), { db, storage, clock, log }) as ChannelParts<unknown>,
  }));
  const priceRules = createPriceRules({ db });
  const profitFloor = createProfitFloorService({ db, clock, priceRules, publishedFees: publishedFeesOf(registeredChannels) });
  const whatSells = createWhatSellsService({ db, profitFloor, batchRows: options.pastSalesBatchRows });
  // Every price sent to a marketplace is checked against the seller's floor once more as it goes (decision 121).
  const marketplaces = guardFloors(
    db,
    Object.fromEntries(channelParts.map(({ module, parts }) => [module.name, parts.marketplace])) as Marketplaces,
    profitFloor,
  );
  // The floor settings move every item's floor: a marketplace whose live listings carry a price worked out from it
  // (Depop's automatic offer to likers) has them revised.
  profitFloor.whenSettingsSaved(async (userId) => {
    for (const marketplace of Object.values(marketplaces))
      if (await marketplace.pricesFromTheFloor?.(userId)) await reviseEveryListingOn(db, userId, marketplace.channel);
  });
  const comparables = options.comparables ?? channelParts.find(({ parts }) => parts.comparables)?.parts.comparables;
  const autopilot = createAutopilotService({ db, storage, clock, marketplaces });
  const items = createItemService({
    db,
    storage,
    log,
    listCache: options.listCache,
    marketplaces,
    floors: profitFloor,
    onProductCreated: (tx, userId, itemId, uploadComplete) => autopilot.joinIfDefault(tx, userId, itemId, uploadComplete),
  });
  const push = createWebPush({
    db,
    log,
    vapid: { keys: options.push?.keys ?? null, subject: options.push?.subject ?? 'mailto:no-reply@resale.studio.local' },
    endpoints: options.pushEndpoints ?? { ...defaultPushEndpointPolicy, loopbackForTests: options.push?.loopbackForTests ?? false },
  });
  const everyChannel = createEveryChannel({ db, marketplaces, clock });
  const delistTasks = createDelistTasks({ db, storage, mailer: options.mailer, log, push });
  const sales = createSalesService({ db, marketplaces, clock, log, delistTasks, leaseOwner: options.leaseOwner });
  const fees = createFeesService({ db, marketplaces, clock, log });
  const channelList: BuiltChannel[] = channelParts.map(({ module, parts }) => ({
    name: module.name,
    label: module.label,
    instance: parts.complete({ items, uploads, sales, fees, marketplaces, profitFloor }),
  }));
  const daysToSale = createDaysToSaleService({ db, clock });
  const sellingPlan = createSellingPlanService({
    db,
    clock,
    daysToSale,
    storage,
    marketplaces,
    priceRules,
    profitFloor,
    push,
    log,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    queueApply: (userId) => queueApply(db, userId),
    plannedOffers: async (userId, days) =>
      (
        await Promise.all(
          channelList.map(async ({ name, instance }) =>
            ((await instance.plannedOffers?.(userId, days)) ?? []).map((offer) => ({ channel: name, offer })),
          ),
        )
      ).flat(),
    offersLeftOut: async (userId, days) =>
      (
        await Promise.all(
          channelList.map(async ({ name, instance }) =>
            ((await instance.offersLeftOut?.(userId, days)) ?? []).map((left) => ({ channel: name, ...left })),
          ),
        )
      ).flat(),
    sellersAskingFirst: async () =>
      (await Promise.all(channelList.map(async ({ instance }) => (await instance.sellersAskingFirst?.()) ?? []))).flat(),
    sendOffer: async (userId, channel, itemId, price, runKey) => {
      const instance = channelList.find(({ name }) => name === channel)?.instance;
      if (!instance?.sendPlannedOffer) return { sent: false, message: 'This channel sends no offers' };
      return instance.sendPlannedOffer(userId, itemId, price, runKey);
    },
  });
  const listings = createListingService({ db, items, marketplaces, log, storage });
  const pastSalesImports = createPastSalesImports({
    db,
    marketplaces,
    fees,
    sales,
    clock,
    log,
    connectedChannels: async (userId) =>
      (
        await Promise.all(
          channelList.map(async ({ name, instance }) => ((await instance.connection.status(userId)).status === 'connected' ? [name] : [])),
        )
      ).flat(),
  });
  const channelJobs = Object.assign({}, ...channelList.map(({ instance }) => instance.jobs ?? {})) as Partial<JobHandlers>;
  return {
    items,
    uploads,
    products: createProductUploads({ db, items, uploads, onUploadComplete: (userId, itemId) => autopilot.uploadComplete(userId, itemId) }),
    photos: createPhotoManagement({ db, storage, media, log }),
    listings,
    generation,
    // A kind without a handler here or in its channel stops the start (MissingJobHandlerError).
    jobs: createJobRegistry({
      ...(channelJobs as JobHandlers),
      'generate-listing': generateListingJob(
        db,
        generation,
        (userId, itemId) => autopilot.wake(userId, itemId),
        // Camera batches written in the background ask the channels first, as Generate does (decision 116).
        listings.questionsBeforeWriting,
      ),
      'publish-listing': publishListingJob(db, marketplaces),
      'import-past-sales': importPastSalesJob(db, pastSalesImports, marketplaces),
      'import-past-sales-file': importPastSalesFileJob(whatSells),
      'pull-sales': pullSalesJob(
        db,
        marketplaces,
        sales,
        options.salesPullIntervalMs ?? DEFAULT_SALES_PULL_INTERVAL_MS,
        fees,
        options.fastSalesPullMs,
      ),
      'revise-listing': listingChangeJob(db, marketplaces, 'revise'),
      'end-listing': listingChangeJob(db, marketplaces, 'end'),
      'relist-listing': listingChangeJob(db, marketplaces, 'relist'),
      'end-sold-elsewhere': sales.endSoldElsewhereJob(),
      'delist-push': delistPushJob({
        db,
        push,
        mailInstead: (userId) => delistTasks.mailDelistTasks(userId, { insteadOfPush: true }),
        markTold: delistTasks.markDelistTaskTold,
      }),
      'apply-selling-plan': applySellingPlanJob(db, () => sellingPlan),
      'autopilot-step': autopilotStepJob(
        db,
        clock,
        createAutopilotStep({ db, marketplaces, comparables, floors: profitFloor, priceRules, clock, log }),
      ),
    }),
    leftovers: createLeftoverSweep({ db, storage, log }),
    marketplaces,
    sales,
    listingChanges: createListingChanges({ db }),
    /** Test servers only (decision 108): a live listing made old, for the e2e relist. */
    ageLiveListing: createListingAge({ db, clock }),
    fees,
    profit: createProfitService({ db, profitFloor }),
    whatSells,
    pastSalesImports,
    daysToSale,
    profitFloor,
    agingStock: createAgingStockService({
      db,
      clock,
      floors: profitFloor,
      priceRules,
      daysToSale,
      traffic: Object.fromEntries(
        channelList.flatMap(({ name, instance }) => (instance.listingTraffic ? [[name, instance.listingTraffic]] : [])),
      ),
      // The week's plan (decision 090): its offers, drops and relists still to come and not rejected, per band.
      plannedActions: async (userId) =>
        (await sellingPlan.plan(userId)).actions
          .filter((action) => action.decision !== 'rejected' && (action.state === 'planned' || action.state === 'task'))
          .map((action) => ({ kind: action.kind, itemId: action.itemId, channel: action.channel, price: action.price, at: action.dueAt })),
    }),
    everyChannel,
    delistTasks,
    saleEnds: createSaleEnds({ db, marketplaces, sales }),
    priceRules,
    assisted: createAssistedListings({ db, storage, priceRules }),
    channels: Object.fromEntries(channelList.map(({ name, instance }) => [name, instance.services])) as ChannelServices,
    channelList,
    connections: createChannelConnections(
      channelList,
      sales,
      createSalesArrival({ db, marketplaces, clock, intervalMs: options.salesPullIntervalMs ?? DEFAULT_SALES_PULL_INTERVAL_MS }),
      listingsOnChannel(db),
    ),
    autopilot,
    priceList: createPriceListService({ db }),
    bundles: createBundleService({ db, items }),
    push,
    sellingPlan,
    sellerRegion: createSellerRegionService({ db }),
  };
}

/** Builds every adapter the config asks for and the services over them; the caller owns closing them (closeDeps). */
export async function composeDeps(
  config: Config,
  options: {
    webDir?: string;
    database?: Database;
    logLines?: { push(line: string): unknown };
    /** Which process this is: its worker identity owns the leases its own turns take too (`npm run worker`: 'worker'). */
    role?: 'server' | 'worker';
  } = {},
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
  // Each channel's client, its simulation started when it has no keys (nothing is listed for real then). Only the
  // server keeps a simulation's state in DATA_DIR (decision 188): a worker process's own would write over it.
  const setupConfig = options.role === 'worker' ? { ...config, simulationsDir: null } : config;
  const channelSetups = Object.fromEntries(
    await Promise.all(registeredChannels.map(async (module) => [module.name, await module.setup(setupConfig, log)] as const)),
  ) as ChannelSetups;
  for (const module of registeredChannels)
    if (channelSetups[module.name].simulated)
      log.info(`No ${module.label} keys: the simulated ${module.label} is on (nothing is listed for real); its keys switch it off`);
  const services = composeServices(adapters, {
    ...channelSetups,
    listCache,
    salesPullIntervalMs: config.salesPullIntervalMs,
    pastSalesBatchRows: config.pastSalesBatchRows,
    mailer,
    publicUrl: config.publicUrl,
    push: config.push,
    leaseOwner: workerIdentity({ dataDir: config.dataDir, role: options.role ?? 'server', configured: config.workerId }),
  });
  return { ...adapters, services, accounts, events, listCache, webDir: options.webDir, channelSetups };
}

export async function closeDeps(deps: AppDeps) {
  await closeChannelSetups(deps.channelSetups);
  await deps.listingGenerator.close?.();
  await deps.mailer.close?.();
  await deps.media.close();
  await deps.events.close();
  await deps.database.close();
}

/** Stops every channel's simulation. */
export async function closeChannelSetups(setups: ChannelSetups) {
  await Promise.all(Object.values(setups).map((setup) => setup.close()));
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
