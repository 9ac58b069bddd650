import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EnvCheckEntry } from '@shared/contracts/diagnostics';
import type { ChannelConnectBody, ChannelConnectResponse, ChannelConnectionStatus, ChannelConsentBody } from '@shared/contracts/channels';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { PublishedFees } from '@shared/domain/profit-floor';
import type { ListedAs } from '@shared/domain/readiness';
import type { Money } from '@shared/domain/money';
import type { AccountServices } from '../auth/account-services';
import type { Storage } from '../adapters/storage/storage';
import type { ComparablesSource } from '../autopilot/step';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { JobHandlers } from '../jobs/registry';
import type { ItemService } from '../items/service';
import type { GeneratedListing } from '../listings/seller-fields';
import type { PhotoUploads } from '../items/photo-upload';
import type { FeesService } from '../fees/fees';
import type { Marketplace, Marketplaces } from './marketplace';
import type { SalesService } from '../sales/sales';
import type { ProfitFloorService } from '../profit-floor/service';

/**
 * A marketplace as a plug-in (decision 071): its folder `src/server/channels/<name>/` exports one of these, and
 * `channels/registry.ts` lists them. compose.ts, http/app.ts and config.ts build every channel through it, so adding
 * one is its folders, one line in each registry (here and on the web) and its migration.
 *
 * `Cfg` is `config.<name>`, `Setup` what the channel is built over (its client, its running simulation); `Own` the services only it has
 * (eBay's import and comparables, Etsy's shop setup), reached as `services.channels.<name>`.
 */
export interface ChannelModule<Name extends ApiChannel, Env extends z.ZodRawShape, Cfg, Setup extends ChannelSetup, Own> {
  readonly name: Name;
  /** As sellers know it: "eBay". */
  readonly label: string;
  /** An API channel lists through its `Marketplace`; an assisted one is the seller's to list (channels/assisted). */
  readonly kind: 'api' | 'assisted';
  /**
   * Its published fee schedules (`<name>/fee-schedule.ts`), one per market where they differ (eBay's per marketplace):
   * the profit floor's estimate until the seller's sales give a rate (`publishedFeesFor` picks one).
   */
  readonly fees: readonly PublishedFees[];
  readonly config: {
    /** The variable of `env` that turns its simulation off ('off'): tests without its keys set it from here. */
    simulationEnv: string;
    /** Its environment variables: part of the server's env schema, checked at boot with the rest. */
    env: Env;
    /** `config.<name>`, read from them. */
    read(env: z.output<z.ZodObject<Env>>): Cfg;
    /** Its lines of the environment check (/env-check): which of its variables are set, never a secret's value. */
    check?(config: Cfg): EnvCheckEntry[];
  };
  /**
   * The channel's own side of the item's listing: `part`, what only this channel's screens read of the
   * listing's data in the item view (its own zod schema, in the contract); what it keeps of an AI-written listing.
   */
  readonly listing?: {
    part(data: unknown): Record<string, unknown>;
    /** What the listing names the item as (its category and condition, in the channel's words): readiness reads it. */
    listedAs?(data: unknown): ListedAs;
    /** The AI wrote the item's listing (in the generation's transaction): what the channel keeps of it (eBay: its category and grade). */
    generated?(db: Db, userId: string, itemId: string, written: GeneratedListing): Promise<void>;
    /** The items' listings were reset: what the channel kept of the AI's drafts goes with them. */
    reset?(db: Db, userId: string, itemIds: string[]): Promise<void>;
  };
  /** Where its pictures may load from in the browser (Content-Security-Policy's img-src). */
  imageOrigins?(config: ChannelSettings<Name, Cfg>): string[];
  /**
   * Its client from the config, and its simulation started when the config asks for it (no keys), from the state it
   * kept in `config.simulationsDir` (`log` warns of a saved state it could not read back).
   */
  setup(config: ChannelSettings<Name, Cfg>, log?: SimulationLog): Promise<Setup>;
  /** No client and no simulation: the channel is not configured (tests that do not use it). */
  unconfigured(): Setup;
  /** Its marketplace over the shared adapters, then the rest of it once the core services exist. */
  create(setup: Setup, deps: ChannelDeps): ChannelParts<Own, ChannelSettings<Name, Cfg>>;
}

/**
 * The server's own settings a channel is set up from (config.ts reads them): where the server is reached, the
 * secrets its stored tokens are sealed with, the sender of its mail. A channel takes these and its own part, never
 * the whole Config: config.ts reads every channel's variables through the registry, so a channel that imported it
 * would close a circle of imports.
 */
export interface ServerSettings {
  publicUrl: string;
  appSecret: string;
  /** Earlier APP_SECRETs still accepted for decrypting stored marketplace tokens. */
  previousAppSecrets: string[];
  mailFrom: string;
  /** Where a simulated marketplace keeps its state between runs (DATA_DIR/simulations, decision 188); null: in memory. */
  simulationsDir: string | null;
}

/** What a channel is set up from: the server's settings and its own part of the config under its name (`config.ebay`). */
export type ChannelSettings<Name extends ApiChannel, Cfg> = ServerSettings & { readonly [N in Name]: Cfg };

/** Where a simulation warns (the server's log). */
export interface SimulationLog {
  warn(message: string): void;
}

export interface ChannelSetup {
  /** The channel talks to its simulation, not to the marketplace: nothing is listed for real. */
  simulated: boolean;
  /** The running simulation, if any: its hold on a seller's tokens. */
  simulation: { readonly tokens: SimulatedTokens } | null;
  /** Stops its simulation (if running): called when the server closes. */
  close(): Promise<void>;
}

/**
 * What a simulated marketplace does to a connection's tokens before their time, answering the calls after it as the
 * marketplace's document has it (tests: the token keeper's refresh on a refusal, and the reconnect). `accountRef` is
 * the connection's account on the marketplace (`channel_accounts.account_ref`).
 */
export interface SimulatedTokens {
  /** Ends the account's access tokens early (a marketplace whose token does not end, Shopify: revokes it). */
  endEarly(accountRef: string): void;
  /** Revokes the account's grant: a refresh is refused, and so is the access token where nothing refreshes it. */
  revoke(accountRef: string): void;
}

/** The adapters every channel is built over. */
export interface ChannelDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The core services a channel may use; they are built over every channel's marketplace, so they come second. */
export interface CoreServices {
  items: ItemService;
  uploads: PhotoUploads;
  sales: SalesService;
  fees: FeesService;
  marketplaces: Marketplaces;
  /** The profit floor (decision 086): what an automatic price (eBay's offers to interested buyers) must clear. */
  profitFloor: ProfitFloorService;
}

export interface ChannelParts<Own, Settings = ServerSettings> {
  marketplace: Marketplace;
  /** Active listings like an item, behind a price (the autopilot's price rule asks the first channel that has them). */
  comparables?: ComparablesSource;
  complete(core: CoreServices): ChannelInstance<Own, Settings>;
}

/** What the server needs to serve a channel's routes (the simulation's pages check the session themselves). */
export interface ChannelRouteContext<Settings = ServerSettings> {
  config: Settings;
  accounts: AccountServices;
}

/** A live listing's traffic where its marketplace tells it (eBay's Analytics and Negotiation APIs); null: not told. */
export interface ListingTraffic {
  views: number | null;
  impressions: number | null;
  clickThroughRate: number | null;
  /** Whether buyers watch it or left it in their cart; null where the marketplace does not say. */
  interestedBuyers: boolean | null;
}

export interface ChannelInstance<Own, Settings = ServerSettings> {
  services: Own;
  /** Its live listings' traffic by external listing id, within the marketplace's limits (the aging stock view). */
  listingTraffic?(userId: string, externalIds: readonly string[]): Promise<Map<string, ListingTraffic>>;
  /** Its job kinds' handlers (a kind of jobs/job-kinds.ts without one stops the start). */
  jobs?: Partial<JobHandlers>;
  /** Routes for signed-in sellers (registered behind the session check). */
  routes(app: FastifyInstance, context: ChannelRouteContext<Settings>): Promise<void>;
  /** Public routes: OAuth callbacks, webhooks, diagnostics, the simulation's pages. */
  publicRoutes?(app: FastifyInstance, context: ChannelRouteContext<Settings>): Promise<void>;
  /** The offers its own rule will send to interested buyers in the next `days` (the selling plan, decision 090). */
  plannedOffers?(userId: string, days: number): Promise<PlannedOffer[]>;
  /** The items whose offer the rule would make but cannot (no cost entered): the plan lists them as left out. */
  offersLeftOut?(userId: string, days: number): Promise<OfferLeftOut[]>;
  /**
   * Sends one planned offer the seller approved in the plan, at the price they saw, if it still clears the floor.
   * `runKey` names the send (the plan action): a send a restart cut short is resumed under it (fan-out/fan-out.ts), so the
   * recipients left get theirs and none gets two.
   */
  sendPlannedOffer?(userId: string, itemId: string, price: Money, runKey: string): Promise<PlannedOfferOutcome>;
  /** The sellers whose offer rule waits for approval: the hourly plan works their offers out (decision 108). */
  sellersAskingFirst?(): Promise<string[]>;
  /** The seller's connection: the one connection API's part of this channel (decision 094). */
  connection: ChannelConnector;
}

/**
 * How a seller connects a channel, through `/api/channels/:channel/...` (decision 094): each channel says what its
 * marketplace needs, and the one set of routes and the one web hook do the rest.
 */
export interface ChannelConnector {
  /** The seller's connection here, for GET /api/channels (never a token). */
  status(userId: string): Promise<Omit<ChannelConnectionStatus, 'channel' | 'label'>>;
  /** POST .../connect: its consent page (with a one-time state bound to the seller), or the form it needs first. */
  start(userId: string, body: NonNullable<ChannelConnectBody>): Promise<ChannelConnectResponse>;
  /**
   * POST .../connection: the code and state its consent page sent back to the app. Absent where the marketplace
   * calls the server back itself (Shopify's signed callback, kept at its registered URL).
   */
  complete?(userId: string, consent: ChannelConsentBody): Promise<void>;
  /** DELETE .../connection: the stored tokens go (and whatever the channel ends first); what to tell the seller. */
  end(userId: string): Promise<string>;
}

/** An offer a channel's rule will send (eBay's offers to interested buyers), as the selling plan shows it. */
/** An offer the channel's rule would make and does not, with why in the seller's words. */
export interface OfferLeftOut {
  itemId: string;
  reason: 'no-cost';
  message: string;
}

export interface PlannedOffer {
  itemId: string;
  dueAt: Date;
  from: Money;
  price: Money;
  floor: Money | null;
  profit: Money | null;
  /** The rule's percent would have gone under the floor: raised to the least price that clears it. */
  raisedToFloor: boolean;
  /** Offers the item had before this one: the plan records one action a round (decision 098). */
  round: number;
  /** The seller's rule asks first (decision 108): the offer waits for their approval; otherwise the rule sends it. */
  asksFirst: boolean;
  /** The offer rule in a few words, for the plan's "which rule" ("10% off after 7 days listed · ask me first"). */
  ruleSummary: string;
  /**
   * The same offer by the same rule from another listing price: the one the listing's drops due first leave it at
   * (decision 119). Null when the rule gives no offer from there (none 5 % under it that clears the floor).
   */
  pricedFrom(listingPriceMinor: number): PlannedOfferPrice | null;
}

/** What an offer comes to from one listing price. */
export type PlannedOfferPrice = Pick<PlannedOffer, 'from' | 'price' | 'profit' | 'raisedToFloor'>;

/** What came of an approved planned offer: sent, or why not in the seller's words. */
export interface PlannedOfferOutcome {
  sent: boolean;
  message: string | null;
}
