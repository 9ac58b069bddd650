import type { BulkPublishResponse, ChannelPreflight } from '@shared/contracts/publish';
import type { Category } from '@shared/domain/catalog';
import type { SalesPush } from '../sales/sales-push';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import type { Money } from '@shared/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';

/**
 * A marketplace an item can be listed on, as the rest of the server sees it. Each one is a folder of
 * `src/server/channels/<name>/` that builds one of these, registered in `compose.ts`: deleting an item, the publish
 * job, the readiness panel and pulling sales (sales/sales.ts, over the sales table) go through this interface,
 * never through the marketplace's own modules.
 */
/** What a pre-flight supposes of an item it does not yet have: our category (Mens Tops). */
export interface PreflightSupposing {
  category: Category;
  /** Whose it is, where the category names no department (its row of the category table, decision 132). */
  department?: 'Men' | 'Women';
}

export interface Marketplace {
  readonly channel: ApiChannel;
  /** The marketplace's name as sellers know it ("eBay"): "eBay is busy - retrying in 5s...". */
  readonly name: string;
  /** Where the seller grants this app access to their marketplace account (OAuth consent). */
  connect(userId: string): Promise<{ url: string }>;
  /**
   * The marketplace's own rules checked against one item's listing: what it would refuse, field by field. With
   * `supposing`, as if the item were of that category (the review asks what it is and, in the same form, what the
   * marketplace requires of that kind); nothing is saved.
   */
  preflight(userId: string, itemId: string, supposing?: PreflightSupposing): Promise<ChannelPreflight>;
  /**
   * What the seller must answer before the item's listing is written (eBay: a size that maps onto none of its
   * category's standard values), so no AI call is spent on a listing the marketplace would block; each
   * with the values to pick from. `unavailable`: it could not be checked just now. Absent: nothing to ask.
   */
  questionsBeforeWriting?(userId: string, itemId: string): Promise<Pick<ChannelPreflight, 'problems' | 'unavailable'>>;
  /**
   * What the seller's account or the item lacks for a publish here beyond `preflight`'s listing rules (eBay: the
   * connection, business policies, a price), in the seller's words; absent: the pre-flight says it all.
   * The pre-flight score (channels/preflight-scores.ts) counts these as refusals. A foreign or unknown id: 404.
   */
  publishBlockers?(userId: string, itemId: string): Promise<string[]>;
  /**
   * Queues a publish of each of the seller's items here (a publish-listing job per item), with what each already has
   * (its saved price for this channel, or the AI's suggestion); an item that cannot be listed here as it is (sold,
   * missing what this marketplace requires) is refused with the reason in words. A foreign or unknown id: 404.
   * The channel picker's "List on ..." (one item or many) comes here.
   */
  requestPublish(userId: string, itemIds: string[]): Promise<BulkPublishResponse>;
  /** Lists the item; idempotent (a retry after any failure or crash makes no second listing). Null: item gone. */
  publish(userId: string, itemId: string): Promise<PublishedListing | null>;
  /**
   * Brings the live listing up to date with the item (price, quantity, text, aspects, photos) in place: no second
   * listing, never a publish (an ended listing stays ended). Idempotent. Null: item gone.
   */
  revise(userId: string, itemId: string): Promise<PublishedListing | null>;
  /**
   * Whether the seller's live listings here carry a price worked out from the profit floor (Depop's automatic offer to
   * likers), so a change of an item's cost revises its live listing here: its floor moved.
   */
  pricesFromTheFloor?(userId: string): Promise<boolean>;
  /**
   * A revise that could not go out, its price under the floor the seller never confirmed: the live listing's prices
   * worked out from an older floor (Depop's automatic offer to likers) are stopped, the listing rewritten at `livePrice`,
   * the price the marketplace already has, so no offer under the new floor goes out meanwhile.
   */
  stopFloorPricedOffers?(userId: string, itemId: string, livePrice: Money): Promise<void>;
  /**
   * Ends the item's live listing and keeps it on the marketplace, so `relist` can put it up again (eBay: the offer
   * withdrawn). Idempotent: a listing the marketplace has already ended counts as done. False: item gone.
   */
  withdraw(userId: string, itemId: string): Promise<boolean>;
  /** Puts an ended listing up again, with the item as it is now; idempotent (never two listings). Null: item gone. */
  relist(userId: string, itemId: string): Promise<PublishedListing | null>;
  /**
   * Ends the live listings among the seller's `itemIds`; the items the marketplace would not end (or that are being
   * published) are named with the reason. `itemsGo`: the items are about to be deleted (what they hold on the
   * marketplace without being live is freed too); otherwise they stay, no longer listed here. `afterSale`: they sold
   * on another channel, and each listing stays on its item as ended (every screen says "Ended on ...").
   */
  end(userId: string, itemIds: string[], options: { itemsGo: boolean; afterSale?: boolean }): Promise<EndOutcome>;
  /** What a failed publish means for the publish job: wait and try again, or fail with words for the seller. */
  publishFailureOf(error: unknown): PublishFailure;
  /**
   * Every line of the seller's orders changed on the marketplace at or after `since` (new, or cancelled since), all
   * pages. Read-only: recording them is sales/sales.ts's.
   */
  pullSales(userId: string, since: Date): Promise<SaleLine[]>;
  /** The sellers whose connection here may read their sales: the ones the schedule pulls. */
  sellersWithSales(): Promise<string[]>;
  /** The seller's past sales here for the import of past sales (decision 150); absent: the marketplace has none to read. */
  readonly pastSales?: PastSalesReader;
  /**
   * The calls a day (UTC) the marketplace allows the sales pull, all sellers together (decision 078); absent: no daily
   * limit. The adaptive pull spends a share of it at most.
   */
  readonly dailySalesCallLimit?: number;
  /**
   * The revisions of one listing the marketplace allows a UTC day (eBay: 250); absent: no limit. The revise job counts
   * each and waits for the next day past it (decision 090).
   */
  readonly dailyRevisionLimit?: number;
  /** What putting an ended listing up again costs the seller (Etsy's renewal: its listing fee); absent: nothing. */
  readonly relistFee?: Money;
  /** Of `userIds`, the sellers whose sales here the marketplace pushes (decision 076): no fast pull for them here. */
  salesPushedFor?(userIds: string[]): Promise<Set<string>>;
  /** Whether the marketplace pushes this seller's sales here, or why not; absent: it never pushes. */
  salesPushOf?(userId: string): Promise<SalesPush>;
  /**
   * The seller's items whose listing here is one this seller's own connection made (published, relisted or imported),
   * by the marketplace's listing id: listing id to item id. Two sellers of this app may share one marketplace
   * account, which answers both of them every order: a line of a listing that is not theirs is not their sale,
   * whatever its SKU.
   */
  itemsOfListings(userId: string, listingIds: string[]): Promise<Map<string, string>>;
  /**
   * The marketplace's fees of the lines of the seller's `orderIds` it has charged so far; an order whose fees are not
   * known yet is absent (never guessed). Read-only: recording them is fees/fees.ts's.
   */
  feesOf(userId: string, orderIds: string[]): Promise<LineFees[]>;
  /**
   * The seller's page of the order on the marketplace, where it can be cancelled (decision 083), from the address of
   * the listing it sold (its host: the marketplace, its sandbox or a simulation); null when there is none.
   */
  orderUrl(listingUrl: string | null, orderId: string): string | null;
}

/**
 * What the marketplace charged for one order line; `lineId` null: the order's fees as a whole (no per-line split). The
 * fees carry their own currency: they are stored only on a sale in that currency (never added across currencies).
 */
export interface LineFees {
  orderId: string;
  lineId: string | null;
  fees: Money;
}

/** How far back a marketplace lets an app read the seller's orders, and the reading (decision 150). */
export interface PastSalesReader {
  /** The oldest order it lets an app read, as of `now` (eBay's getOrders: two years). */
  earliest(now: Date): Date;
  /**
   * Every line of the seller's orders created at or after `since` (all pages, cancelled ones too), each with its title
   * where the order gives one. Read-only: the import (what-sells/marketplace-import.ts) records them.
   */
  read(userId: string, since: Date): Promise<SaleLine[]>;
}

/** One line of an order on a marketplace, in no marketplace's vocabulary. */
export interface SaleLine {
  orderId: string;
  /** The order as the seller knows it when that is not its id (Shopify's "#1039" for gid://shopify/Order/1039). */
  orderName?: string | null;
  lineId: string;
  /** The SKU the line sold (null when the marketplace has none: a listing made on its own site). */
  sku: string | null;
  /** The marketplace's listing the line sold (eBay's legacy item id, Etsy's listing id); null when it does not say. */
  listingId: string | null;
  quantity: number;
  /** The line's price and the shipping the buyer paid for it, in minor units of `currency` (decision 067). */
  priceMinor: number;
  shippingMinor: number;
  currency: string;
  soldAt: Date;
  /** When the line stopped being a sale (the order was cancelled); null while it stands. */
  cancelledAt: Date | null;
  /** Who bought it, as the marketplace names the buyer (a username or a name); absent when it does not say. */
  buyer?: string | null;
  /** The listing's title as the order gives it; absent when it does not (the import of past sales names its item so). */
  title?: string | null;
}

/** A channel's own rules checked against an item (contract: channelPreflight, in no channel's vocabulary). */
export type { ChannelPreflight };

export interface PublishedListing {
  listingId: string;
  listingUrl: string;
}

export interface EndOutcome {
  /** Items whose listing was live and is now ended. */
  ended: string[];
  /** Items to keep, each with the reason in the seller's words. */
  refused: { itemId: string; sku: string; message: string }[];
}

export type PublishFailure =
  /** The marketplace asked to wait (rate limit, busy): `seconds` when it said how long; `message` once waited out. */
  | { kind: 'busy'; seconds: number | null; message: string }
  /** No answer at all (network, DNS, timeout). */
  | { kind: 'unreachable' }
  /** The marketplace (or its pre-flight) refused the listing; `message` says what to fix. */
  | { kind: 'refused'; message: string }
  /** Anything else: retried with back-off, then given up. */
  | { kind: 'unexpected' };

/**
 * Every API channel's marketplace: the compiler asks for one when a channel joins `apiChannels`. Assisted channels
 * (no listing API) have none: their listings are the seller's to make and end, with the app's help.
 */
export type Marketplaces = Readonly<Record<ApiChannel, Marketplace>>;

/** What a service that works the seller's marketplaces is built with: the database, the marketplaces, a clock, a log. */
export interface MarketplacesDeps {
  db: Db;
  marketplaces: Marketplaces;
  clock: Pick<Clock, 'now'>;
  log: FastifyBaseLogger;
}

/**
 * The marketplace's site a listing is on: its address up to `listingPath`, the marketplace's own path of a listing
 * (eBay's /itm/, Etsy's /listing/, a Shopify store's /products/), else its origin; `fallback` without one. The
 * marketplace, its sandbox, or a simulation under the app's address (http://localhost:3000/simulated-ebay), whose
 * seller's pages (an order, where it is cancelled) are under it too: "Cancel on eBay" once led to the app's own
 * /sh/ord/details, a page that is not there.
 */
export function siteOf(listingUrl: string | null, listingPath: string, fallback: string): string {
  if (!listingUrl || !URL.canParse(listingUrl)) return fallback;
  const url = new URL(listingUrl);
  const at = url.pathname.indexOf(listingPath);
  return at < 0 ? url.origin : `${url.origin}${url.pathname.slice(0, at)}`;
}

/** The registered marketplaces in the order of `apiChannels`. */
export const marketplacesOf = (registered: Marketplaces): Marketplace[] => apiChannels.map((channel) => registered[channel]);
