/**
 * The import of past sales from a connected marketplace (decision 150): its orders as far back as it lets an
 * app read them, through the marketplace's own reader (eBay's getOrders, Etsy's receipts, Shopify's orders), each line
 * of a sale not here yet becoming an imported item like a spreadsheet row does; then the fees it charged on them
 * (eBay's Finances, Etsy's ledger, Shopify Payments), else they stay pending (the profit counts the estimate). A line
 * here already (pulled, imported before, or of a listing made here) is counted and left: each sale once.
 */
import { createHash } from 'node:crypto';
import { pastSalesImportMessages, type PastSalesImport, type PastSalesSource } from '@shared/contracts/past-sales-imports';
import { isApiChannel, type ApiChannel } from '@shared/domain/channel-listing';
import { AppError, notFound } from '@shared/errors';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { existingSkus } from '../items/item-writer';
import type { MarketplacesDeps, SaleLine } from '../channels/marketplace';
import type { FeesService } from '../fees/fees';
import type { SalesService } from '../sales/sales';
import * as repo from './past-sales-imports-repo';
import { brandFromTitle, categoryFromTitle, COMMON_BRANDS } from './title-facts';

/** Lines written a transaction: progress shows between them, and a crash loses at most one page's work. */
const LINES_PER_BATCH = 100;
/** Orders asked about their fees a call to `feesOf` (eBay: one call each within it). */
const FEE_ORDERS_PER_STEP = 20;

export interface PastSalesImportsDeps extends MarketplacesDeps {
  fees: Pick<FeesService, 'storeFeesOfOrders'>;
  sales: Pick<SalesService, 'recordedLines'>;
  /** The channels the seller is connected to now. */
  connectedChannels(userId: string): Promise<ApiChannel[]>;
}

export function toPastSalesImportView(row: repo.PastSalesImportRow): PastSalesImport {
  return {
    id: row.id,
    channel: row.channel,
    status: row.status as PastSalesImport['status'],
    phase: row.phase as PastSalesImport['phase'],
    lines: row.lines,
    feesRead: row.feesRead,
    feeOrders: row.feeOrders,
    imported: row.imported,
    alreadyHere: row.alreadyHere,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The item's SKU: the line's own when no item of the seller's has it yet, else one made from the order line. */
function itemSkuOf(channel: ApiChannel, line: SaleLine, taken: Set<string>): string {
  if (line.sku && !taken.has(line.sku)) return line.sku;
  const hash = createHash('sha256').update(`${channel}\0${line.orderId}\0${line.lineId}`).digest('hex');
  return `IMPORT-${hash.slice(0, 10).toUpperCase()}`;
}

export function createPastSalesImports({ db, marketplaces, fees, sales, clock, log, connectedChannels }: PastSalesImportsDeps) {
  const readerOf = (channel: ApiChannel) => marketplaces[channel].pastSales;

  async function sources(userId: string): Promise<PastSalesSource[]> {
    const connected = (await connectedChannels(userId)).filter((channel) => readerOf(channel));
    const latest = await repo.latestImportsOf(db, userId);
    const now = new Date(clock.now());
    return connected.map((channel) => {
      const row = latest.get(channel);
      return { channel, since: readerOf(channel)!.earliest(now).toISOString(), latest: row ? toPastSalesImportView(row) : null };
    });
  }

  /** Starts an import from the channel, or answers the one running there. */
  async function start(userId: string, channel: string): Promise<PastSalesImport> {
    if (!isApiChannel(channel) || !readerOf(channel)) throw new AppError('CONFLICT', `Past sales cannot be imported from ${channel}.`);
    if (!(await connectedChannels(userId)).includes(channel)) throw new AppError('CONFLICT', pastSalesImportMessages.notConnected(channel));
    const running = await repo.runningImportOf(db, userId, channel);
    if (running) return toPastSalesImportView(running);
    const row = await repo.createImport(db, userId, channel);
    await enqueue(db, 'import-past-sales', { userId, subject: connectionSubject(channel), payload: { importId: row.id } });
    return toPastSalesImportView(row);
  }

  async function get(userId: string, id: string): Promise<PastSalesImport> {
    const row = await repo.importOf(db, userId, id);
    if (!row) throw notFound(pastSalesImportMessages.notFound);
    return toPastSalesImportView(row);
  }

  /**
   * The lines here already: recorded as sales (a pull, a push, an earlier import), or of a listing this seller's
   * connection made (the sales pull records those). The rest are the past sales to import.
   */
  async function splitKnown(userId: string, channel: ApiChannel, lines: SaleLine[]) {
    const listingIds = [...new Set(lines.flatMap((line) => (line.listingId ? [line.listingId] : [])))];
    const ofListings = await marketplaces[channel].itemsOfListings(userId, listingIds);
    const recorded = await sales.recordedLines(
      userId,
      channel,
      lines.map((line) => line.orderId),
    );
    const here = (line: SaleLine) => recorded.has(`${line.orderId}/${line.lineId}`) || (!!line.listingId && ofListings.has(line.listingId));
    return { fresh: lines.filter((line) => !here(line)), here: lines.filter(here) };
  }

  /**
   * Works the import through: read, write each page of new lines, then their fees. A rerun (after the marketplace was
   * unreachable, or a crash) resumes: past the writing, it carries on with the fees where they stopped; within it, it
   * reads again and counts the lines an earlier run of this import wrote as imported, not as here already.
   */
  async function run(userId: string, id: string): Promise<void> {
    const row = await repo.importOf(db, userId, id);
    if (!row || row.status !== 'running') return;
    const { channel } = row;
    if (!readerOf(channel)) throw new AppError('CONFLICT', pastSalesImportMessages.notImportable(channel));
    await repo.updateImport(db, userId, id, { error: null });
    const orderIds = row.phase === 'fees' ? row.orderIds : await readAndWrite(userId, row);
    await repo.updateImport(db, userId, id, { phase: 'fees', feeOrders: orderIds.length, orderIds });
    for (let start = row.phase === 'fees' ? row.feesRead : 0; start < orderIds.length; start += FEE_ORDERS_PER_STEP) {
      await fees.storeFeesOfOrders(userId, channel, orderIds.slice(start, start + FEE_ORDERS_PER_STEP));
      await repo.updateImport(db, userId, id, { feesRead: Math.min(start + FEE_ORDERS_PER_STEP, orderIds.length) });
    }
    await repo.updateImport(db, userId, id, { status: 'done', phase: 'done', error: null, finishedAt: new Date(clock.now()) });
    log.info({ userId, channel, orders: orderIds.length }, 'past sales imported');
  }

  /** Reads the marketplace's lines and writes the new ones, a page a transaction; answers the orders this import wrote. */
  async function readAndWrite(userId: string, row: repo.PastSalesImportRow): Promise<string[]> {
    const { id, channel } = row;
    const answered = await readerOf(channel)!.read(userId, readerOf(channel)!.earliest(new Date(clock.now())));
    // One reading per line (a line on two pages is one), cancelled orders are no sale.
    const lines = [
      ...new Map(answered.filter((line) => !line.cancelledAt).map((line) => [`${line.orderId}/${line.lineId}`, line])).values(),
    ];
    lines.sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime());
    // An earlier run of this import: its lines are here now, and still this import's.
    const ours = new Set(row.orderIds);
    await repo.updateImport(db, userId, id, { lines: lines.length, imported: 0, alreadyHere: 0, feesRead: 0, feeOrders: 0 });
    const taken = await existingSkus(
      db,
      userId,
      lines.flatMap((line) => (line.sku ? [line.sku] : [])),
    );
    // The brand and category an order's title names plainly (decision 154): the seller's own brands first.
    const brands = [...(await repo.brandsOf(db, userId)), ...COMMON_BRANDS];
    for (let start = 0; start < lines.length; start += LINES_PER_BATCH) {
      const page = lines.slice(start, start + LINES_PER_BATCH);
      const { fresh, here } = await splitKnown(userId, channel, page);
      const named = fresh.map((line) => {
        const itemSku = itemSkuOf(channel, line, taken);
        taken.add(itemSku);
        return { ...line, itemSku, brand: brandFromTitle(line.title, brands), category: categoryFromTitle(line.title) };
      });
      const written = await repo.insertMarketplaceSales(db, userId, channel, named);
      const oursBefore = here.filter((line) => ours.has(line.orderId)).length;
      for (const line of written) ours.add(line.orderId);
      await repo.recordWritten(db, userId, id, {
        imported: written.length + oursBefore,
        alreadyHere: here.length - oursBefore + fresh.length - written.length,
        orderIds: [...new Set(written.map((line) => line.orderId))],
      });
    }
    return [...ours];
  }

  return {
    sources,
    start,
    get,
    run,
    /** The import stopped, with words for the seller. */
    fail: (userId: string, id: string, message: string) =>
      repo.updateImport(db, userId, id, { status: 'failed', error: message, finishedAt: new Date(clock.now()) }),
    /** Still running, waiting for the marketplace: the words say what for. */
    waiting: (userId: string, id: string, message: string) => repo.updateImport(db, userId, id, { error: message }),
  };
}

export type PastSalesImports = ReturnType<typeof createPastSalesImports>;
