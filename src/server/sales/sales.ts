import { salesCheckMessages } from '@shared/domain/sales';
import { AppError } from '@shared/errors';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { marketplacesOf, type SaleLine } from '../channels/marketplace';
import { reviseListingsElsewhere } from '../listing-changes/listing-changes';
import {
  advanceSalesCursor,
  markListingSold,
  recordedSaleLines,
  salesCursorOf,
  sellersDueForPull,
  stockLeft,
  takeBackSoldListing,
  upsertSaleLines,
  type MatchedSaleLine,
} from './sales-repo';
import { createEndsAfterSale, type EndsAfterSaleDeps } from './ends-after-sale';
import { countSalesCheck, salesChecksToday, sellersLiveElsewhereToo } from './sales-pull-repo';
import { fastPullEveryMs, FAST_SALES_PULL_MS } from './sales-pull-schedule';

/** Each pull asks again for what changed this long before the last one started: clocks and eBay's index lag. */
export const SALES_PULL_OVERLAP_MS = 5 * 60_000;
/** How often a connected seller's sales are pulled when SALES_PULL_INTERVAL_S is not set (the 300 s). */
export const DEFAULT_SALES_PULL_INTERVAL_MS = 300_000;
/** A seller's first pull reaches back this far (eBay's getOrders answers 90 days without a date filter). */
export const FIRST_SALES_PULL_DAYS = 90;

export interface SalesPull {
  /** The seller's own order lines the marketplace answered (new, seen again, or cancelled since). */
  lines: number;
  /** Lines recorded for the first time (by this pull: a concurrent one never counts the same line). */
  newSales: number;
  /** Items whose listing on the channel became sold, and those whose sale was cancelled (for sale again). */
  sold: string[];
  takenBack: string[];
}

/** Told after a pull or a push recorded new sales of the seller on the channel. */
export type SalesRecordedListener = (userId: string, channel: ApiChannel) => Promise<unknown>;

/** What pulling sales needs: what ending the other listings after a sale needs, which it passes on. */
export type SalesServiceDeps = EndsAfterSaleDeps;

/**
 * Pulling a seller's sales from any channel: the lines changed since the cursor (less an
 * overlap), each recorded once, the item's listing marked sold, or taken back when the order was cancelled. A
 * repeated, overlapping or concurrent pull counts nothing twice: the sales table is unique per order line and every
 * write below is idempotent.
 */
export function createSalesService({ db, marketplaces, clock, log, delistTasks, leaseOwner }: SalesServiceDeps) {
  /** What else runs once new sales are recorded (eBay's offers take the sale they led to, decision 087). */
  const recordedListeners: SalesRecordedListener[] = [];
  const ends = createEndsAfterSale({ db, marketplaces, clock, log, delistTasks, leaseOwner });

  async function pullSalesOf(userId: string, channel: ApiChannel): Promise<SalesPull> {
    const market = marketplaces[channel];
    const startedAt = new Date(clock.now());
    const cursor = await salesCursorOf(db, userId, channel);
    const since = cursor
      ? new Date(cursor.getTime() - SALES_PULL_OVERLAP_MS)
      : new Date(startedAt.getTime() - FIRST_SALES_PULL_DAYS * 86_400_000);
    await countSalesCheck(db, channel, clock.now());
    const answered = await market.pullSales(userId, since);
    const outcome = await recordSale(userId, channel, answered, 'pulled');
    await advanceSalesCursor(db, userId, channel, startedAt);
    if (outcome.lines) log.info({ userId, channel, since, ...outcome }, 'sales pulled');
    return outcome;
  }

  /**
   * The one sale path (decision 166), whichever way the marketplace told the sale: its lines recorded once
   * (`recordSaleLines`), then the ends it owes stored as one end-sold-elsewhere job per sold item before any goes out
   * (ends-after-sale.ts). A pull runs them at once, in its own turn, so its answer ("Check for sales") shows the other
   * listings ended; a push is answered once they are stored, and the workers run the same jobs (Shopify wants its
   * answer within 5 s, whatever the other marketplaces take to end a listing).
   */
  async function recordSale(userId: string, channel: ApiChannel, lines: SaleLine[], told: 'pulled' | 'pushed'): Promise<SalesPull> {
    const outcome = await recordSaleLines(userId, channel, lines);
    const owed = await ends.owe(userId, outcome.sold);
    if (told === 'pulled') await ends.endNow(userId, owed);
    return outcome;
  }

  /**
   * Records the seller's own lines among those a marketplace answered (a pull, or one order it pushed): each line
   * once, the item's listing marked sold, or taken back when the order was cancelled. Idempotent, so a push and a
   * pull of the same order, in either order or at once, count one sale.
   */
  async function recordSaleLines(userId: string, channel: ApiChannel, answered: SaleLine[]): Promise<SalesPull> {
    const matched = await ownSaleLines(userId, channel, answered);
    const inserted = await upsertSaleLines(db, userId, channel, matched);
    const outcome: SalesPull = {
      lines: matched.length,
      newSales: matched.filter((line) => !line.cancelledAt && inserted.has(`${line.orderId}/${line.lineId}`)).length,
      sold: [],
      takenBack: [],
    };
    // Each item once, on its latest line: sold out (the listing's whole quantity) or, cancelled, for sale again.
    const latestOf = new Map<string, (typeof matched)[number]>();
    for (const line of matched) if (line.itemId) latestOf.set(line.itemId, line);
    const changed = new Set(
      matched.filter((line) => line.itemId && inserted.has(`${line.orderId}/${line.lineId}`)).map((line) => line.itemId),
    );
    for (const [itemId, line] of latestOf) {
      if (await markListingSold(db, userId, itemId, channel, line.soldAt)) outcome.sold.push(itemId);
      else if (await takeBackSoldListing(db, userId, itemId, channel)) outcome.takenBack.push(itemId);
      else if (changed.has(itemId) && (await stockLeft(db, userId, itemId)) > 0) {
        // Quantity above 1 (decision 083): some units left, so the other channels' listings offer what is left.
        await reviseListingsElsewhere(db, userId, itemId, channel);
      }
    }
    if (answered.length > matched.length)
      log.debug({ userId, channel, left: answered.length - matched.length }, 'order lines of other listings left');
    if (outcome.newSales) await tellSalesRecorded(userId, channel);
    return outcome;
  }

  /** A listener's failure never undoes the recorded sales; it is logged, and the listener catches up on its next call. */
  async function tellSalesRecorded(userId: string, channel: ApiChannel) {
    for (const listener of recordedListeners) {
      try {
        await listener(userId, channel);
      } catch (err) {
        log.warn({ err, userId, channel }, 'a step after recording sales failed');
      }
    }
  }

  /** An order the marketplace pushed (decision 076): the one sale path, its ends run by the workers. */
  async function recordPushedSale(userId: string, channel: ApiChannel, lines: SaleLine[]): Promise<SalesPull> {
    const outcome = await recordSale(userId, channel, lines, 'pushed');
    if (outcome.lines) log.info({ userId, channel, ...outcome }, 'pushed sale recorded');
    return outcome;
  }

  /**
   * Of the lines the marketplace answered, the seller's own: a line of a listing this seller's connection made (its
   * item found by the listing id, never by the SKU alone: another seller of this app on the same marketplace account
   * has the same SKUs), or a line recorded for the seller before (its cancellation still lands once the listing is
   * gone). Any other line is someone else's sale on a shared account, or a listing made outside this app: not recorded.
   */
  async function ownSaleLines(userId: string, channel: ApiChannel, answered: SaleLine[]): Promise<MatchedSaleLine[]> {
    const listingIds = [...new Set(answered.flatMap((line) => (line.listingId ? [line.listingId] : [])))];
    const itemOf = await marketplaces[channel].itemsOfListings(userId, listingIds);
    const recorded = await recordedSaleLines(
      db,
      userId,
      channel,
      answered.filter((line) => !line.listingId || !itemOf.has(line.listingId)).map((line) => line.orderId),
    );
    return answered.flatMap((line): MatchedSaleLine[] => {
      const itemId = (line.listingId && itemOf.get(line.listingId)) || null;
      return itemId || recorded.has(`${line.orderId}/${line.lineId}`) ? [{ ...line, itemId }] : [];
    });
  }

  /**
   * A sale recorded outside a marketplace's answer (typed by the seller for a handed-over marketplace), or "End it
   * now": the ends it owes stored and run at once, as after a pull. Answers how many API listings it ended.
   */
  async function endElsewhereNow(userId: string, soldItemIds: readonly string[] = []): Promise<number> {
    return ends.endNow(userId, await ends.owe(userId, soldItemIds), { sellerAsked: true });
  }

  /**
   * Queues a pull of every connected seller whose sales on a channel are due (the schedule, decision 078): last pulled
   * `intervalMs` ago or more, or `fastMs` ago or more while they have an item live there and on another API channel,
   * the marketplace does not push their sales, and today's checks there are under the fast pull's share of its daily
   * limit (paced slower than `fastMs` when what is left of the share would not last the day). Two servers doing this
   * at once queue one job per seller: the queue keeps one per connection.
   */
  async function queueDuePulls(intervalMs: number, fastMs = FAST_SALES_PULL_MS): Promise<number> {
    const now = clock.now();
    let queued = 0;
    for (const market of marketplacesOf(marketplaces)) {
      const sellers = await market.sellersWithSales();
      const due = new Set(await sellersDueForPull(db, market.channel, sellers, new Date(now - intervalMs)));
      if (fastMs < intervalMs) {
        const atRisk = await sellersLiveElsewhereToo(
          db,
          market.channel,
          sellers.filter((userId) => !due.has(userId)),
        );
        const pushed = atRisk.size && market.salesPushedFor ? await market.salesPushedFor([...atRisk]) : new Set<string>();
        const fast = [...atRisk].filter((userId) => !pushed.has(userId));
        const checks = fast.length ? await salesChecksToday(db, market.channel, now) : 0;
        const everyMs = fast.length ? fastPullEveryMs(checks, market.dailySalesCallLimit, fast.length, now, fastMs) : null;
        if (everyMs !== null && everyMs < intervalMs)
          for (const userId of await sellersDueForPull(db, market.channel, fast, new Date(now - everyMs))) due.add(userId);
      }
      for (const userId of due) {
        if (await enqueue(db, 'pull-sales', { userId, subject: connectionSubject(market.channel) })) queued += 1;
      }
    }
    return queued;
  }

  /** Today's (UTC) sales checks on each API channel against the marketplace's daily limit (null: none). */
  async function salesChecksOfToday(): Promise<{ channel: ApiChannel; used: number; limit: number | null }[]> {
    const now = clock.now();
    return Promise.all(
      marketplacesOf(marketplaces).map(async (market) => ({
        channel: market.channel,
        used: await salesChecksToday(db, market.channel, now),
        limit: market.dailySalesCallLimit ?? null,
      })),
    );
  }

  /**
   * "Check for sales": the same pull, now, for the seller on the screen, its failure in the seller's words (the
   * marketplace busy or out of reach; no usable connection answers the account's own message).
   */
  async function checkSalesOf(userId: string, channel: ApiChannel): Promise<SalesPull & { checkedAt: Date }> {
    const market = marketplaces[channel];
    try {
      return { ...(await pullSalesOf(userId, channel)), checkedAt: new Date(clock.now()) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failure = market.publishFailureOf(error);
      log.warn({ err: error, userId, channel, failure: failure.kind }, 'checking for sales failed');
      if (failure.kind === 'busy') throw new AppError('UNAVAILABLE', salesCheckMessages.busy(market.name, failure.seconds));
      if (failure.kind === 'unreachable') throw new AppError('UNAVAILABLE', salesCheckMessages.unreachable(market.name));
      throw new AppError('UNAVAILABLE', salesCheckMessages.failed);
    }
  }

  return {
    pullSalesOf,
    recordPushedSale,
    /** Which lines (`order/line`) of these orders are recorded for the seller on the channel (the import of past sales). */
    recordedLines: (userId: string, channel: ApiChannel, orderIds: string[]) => recordedSaleLines(db, userId, channel, orderIds),
    checkSalesOf,
    queueDuePulls,
    salesChecksOfToday,
    endElsewhereNow,
    /** The end-sold-elsewhere job kind: one sold item's ends, as the workers run them (ends-after-sale.ts). */
    endSoldElsewhereJob: ends.job,
    /** Runs `listener` after each pull or push that records a new sale of a seller on a channel. */
    onSalesRecorded: (listener: SalesRecordedListener) => void recordedListeners.push(listener),
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
