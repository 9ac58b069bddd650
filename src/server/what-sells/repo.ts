import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { assistedChannels } from '@shared/domain/channel-listing';
import { leastCountedDays } from '@shared/domain/counted-days';
import type { WhatSellsDimension } from '@shared/contracts/what-sells';
import type { Db } from '../db/client';
import { importRows } from '../db/import-rows';
import type { Channel } from '@shared/domain/channel-listing';
import { pastSalesFileImports, sales, sellerTimeSettings } from '../db/schema';
import { insertNewListings, saveListing } from '../channels/listing-writer';
import { deletePastSaleItems, insertPastSaleItem, insertPastSaleItems } from '../items/item-writer';

/**
 * SQL of the "What sells" screen (decision 149). One row per item listed or sold (per listing for the marketplace
 * dimension), then one aggregate per group: the database counts the 50,000 sales of a large seller, the server only
 * names and divides. Every query filters by the user, on every table it reads.
 */

/** The price bands' lower bounds in minor units (the currency's own: $10, £10, 10 €); the last is open. */
export const priceBandBounds = [0, 1_000, 2_500, 5_000, 10_000, 25_000] as const;

/** Listings the seller took over by hand (a hand-over): an assisted channel's, with no marketplace id of an API. */
const handOverChannels = sql.raw(assistedChannels.map((channel) => `'${channel}'`).join(', '));

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The standing sales, summed once per item and currency (and marketplace, with `byChannel`); the rows join their item
 * in its own currency, so a sale in another currency never counts. One pass over the seller's sales, joined once
 * (decision 149, amended 2026-11-29): a lateral read per item took seconds at 50,000 sales.
 */
function salesPerItem(userId: string, byChannel: boolean): SQL {
  const channel = byChannel ? sql`, s.channel` : sql``;
  return sql`
    select s.item_id, s.currency${channel}, min(s.sold_at) as sold_at, count(*)::int as lines, coalesce(sum(s.quantity), 0)::int as qty,
      sum(s.price_minor + s.shipping_charged_minor) as revenue,
      sum(s.fees_minor) as fees, count(*) filter (where s.fees_minor is null)::int as fees_pending,
      coalesce(sum(s.shipping_cost_minor), 0) as ship_cost,
      count(*) filter (where s.shipping_cost_minor is null)::int as ship_missing,
      coalesce(sum(s.shipping_charged_minor) filter (where s.shipping_cost_minor is null), 0) as ship_missing_charged,
      min(s.price_minor / greatest(s.quantity, 1)) as unit_price
    from sales s
    where s.user_id = ${userId} and s.cancelled_at is null and s.item_id is not null
    group by s.item_id, s.currency${channel}`;
}

/** The item's listings, counted once per item: when it first went live, its hand-overs, the marketplaces it went live on. */
function listingsPerItem(userId: string): SQL {
  return sql`
    select cl.item_id, min(cl.listed_at) as listed_at, count(cl.listed_at)::int as live,
      count(*) filter (where cl.listed_at is not null and cl.channel in (${handOverChannels}) and cl.external_id is null)::int
        as hand_overs
    from channel_listings cl where cl.user_id = ${userId}
    group by cl.item_id`;
}

/** An item row's sales figures (`sl`: its sales per item, null when none). */
const salesColumns = sql`sl.sold_at, coalesce(sl.lines, 0) as lines, coalesce(sl.qty, 0) as qty, sl.revenue, sl.fees,
  coalesce(sl.fees_pending, 0) as fees_pending, coalesce(sl.ship_cost, 0) as ship_cost,
  coalesce(sl.ship_missing, 0) as ship_missing, coalesce(sl.ship_missing_charged, 0) as ship_missing_charged, sl.unit_price`;

/** The dimension's value of an item row (`i`: the item, `sl`: its sales); null: the seller gave none. */
function valueOf(by: Exclude<WhatSellsDimension, 'marketplace'>): SQL {
  switch (by) {
    case 'brand':
      return sql`nullif(trim(coalesce(i.brand, i.extracted_brand)), '')`;
    case 'category':
      return sql`nullif(trim(i.category), '')`;
    case 'size':
      return sql`nullif(trim(i.extracted_size), '')`;
    case 'source':
      return sql`nullif(trim(i.source), '')`;
    case 'price-band': {
      const price = sql`coalesce(sl.unit_price, i.asking_price_minor, i.ai_suggested_price_minor)`;
      const bands = priceBandBounds.map((bound, index) => sql`when ${price} >= ${bound} then '${sql.raw(String(index))}'`).reverse();
      return sql`(case ${sql.join(bands, sql` `)} end)`;
    }
  }
}

/**
 * One row per item listed or sold, or per listing for the marketplace: its group's value, when it went live, when it
 * sold, its sales' figures, its hand-overs, and `share`, the part of its capture and review (and of its days tied up)
 * the row counts (a listing: one over the marketplaces it went live on).
 */
function baseRows(userId: string, by: WhatSellsDimension): SQL {
  if (by === 'marketplace') {
    return sql`
      with sl as (${salesPerItem(userId, true)}), fl as (${listingsPerItem(userId)})
      select i.id, i.currency, i.cost_minor, i.created_at, cl.channel as value, cl.listed_at,
        (case when cl.channel in (${handOverChannels}) and cl.external_id is null then 1 else 0 end) as hand_overs,
        1.0 / greatest(1, coalesce(fl.live, 0)) as share, ${salesColumns}
      from channel_listings cl
      join items i on i.id = cl.item_id and i.user_id = ${userId}
      left join fl on fl.item_id = cl.item_id
      left join sl on sl.item_id = cl.item_id and sl.channel = cl.channel and sl.currency = i.currency
      where cl.user_id = ${userId} and (cl.listed_at is not null or sl.sold_at is not null)`;
  }
  return sql`
    with sl as (${salesPerItem(userId, false)}), fl as (${listingsPerItem(userId)})
    select i.id, i.currency, i.cost_minor, i.created_at, ${valueOf(by)} as value, fl.listed_at,
      coalesce(fl.hand_overs, 0) as hand_overs, 1.0 as share, ${salesColumns}
    from items i
    left join fl on fl.item_id = i.id
    left join sl on sl.item_id = i.id and sl.currency = i.currency
    where i.user_id = ${userId} and (fl.listed_at is not null or sl.sold_at is not null)`;
}

/** A group's figures as the database sums them (minor units; days and counts as numbers). */
export interface GroupSums {
  value: string | null;
  currency: string;
  items: number;
  sold: number;
  exposed30: number;
  sold30: number;
  exposed60: number;
  sold60: number;
  exposed90: number;
  sold90: number;
  medianDays: number | null;
  /** Profit of the sold items whose fees are all in and cost entered, shipping cost not entered counted as 0. */
  profitKnownMinor: number;
  /**
   * Of those, sales whose shipping cost the seller did not enter, and what their buyers paid for shipping: each counts
   * the usual shipping cost, else (none set) what its buyer paid (profit.ts's `estimatedShippingCostMinor`).
   */
  shippingMissing: number;
  shippingMissingChargedMinor: number;
  profitCounted: number;
  profitUnknown: number;
  /** Sold items with a cost whose fees are pending: their profit is worked line by line (`pendingLines`). */
  feesPending: number;
  /** Those items' ids: their lines are read apart (`pendingLines`). */
  pendingItems: string[];
  handOvers: number;
  sales: number;
  /** The capture and review counted: items, or shares of items for the marketplaces. */
  shares: number;
  /** Days the cost of the items with one was tied up: bought (captured) to sold, or to now; a day at least each (counted-days.ts). */
  daysTiedUp: number;
}

const profitable = sql`sold_at is not null and cost_minor is not null`;

/** The bare SQL of the screen's aggregates: one row per group (what `npm run bench` weighs the screen against). */
export function groupSumsSql(userId: string, by: WhatSellsDimension): SQL {
  const within = (days: number) => sql.raw(`interval '${days} days'`);
  const exposure = (days: number) => sql`
    count(*) filter (where listed_at <= now() - ${within(days)})::int as exposed${sql.raw(String(days))},
    count(*) filter (where listed_at <= now() - ${within(days)} and sold_at >= listed_at
      and sold_at <= listed_at + ${within(days)})::int as sold${sql.raw(String(days))}`;
  const groupKey = by === 'brand' ? sql`lower(value)` : sql`value`;
  return sql`
    with base as (${baseRows(userId, by)})
    select min(value) as value, currency, count(*)::int as items, count(sold_at)::int as sold,
      ${exposure(30)}, ${exposure(60)}, ${exposure(90)},
      percentile_cont(0.5) within group (order by extract(epoch from sold_at - listed_at) / 86400)
        filter (where sold_at >= listed_at) as median_days,
      coalesce(sum(revenue - fees - ship_cost - qty * cost_minor) filter (where ${profitable} and fees_pending = 0), 0)
        as profit_known,
      coalesce(sum(ship_missing) filter (where ${profitable} and fees_pending = 0), 0)::int as shipping_missing,
      coalesce(sum(ship_missing_charged) filter (where ${profitable} and fees_pending = 0), 0) as shipping_missing_charged,
      count(*) filter (where ${profitable} and fees_pending = 0)::int as profit_counted,
      count(*) filter (where sold_at is not null and cost_minor is null)::int as profit_unknown,
      count(*) filter (where ${profitable} and fees_pending > 0)::int as fees_pending,
      array_agg(id) filter (where ${profitable} and fees_pending > 0) as pending_items,
      coalesce(sum(hand_overs), 0)::int as hand_overs,
      coalesce(sum(lines), 0)::int as sales,
      coalesce(sum(share), 0) as shares,
      coalesce(sum(share * greatest(${leastCountedDays}, extract(epoch from coalesce(sold_at, now()) - created_at) / 86400))
        filter (where cost_minor is not null), 0) as days_tied_up
    from base
    group by ${groupKey}, currency`;
}

/** A group's row as the database answers it: the counts under their own names, the rest in snake case (some as text). */
type RawSums = Pick<GroupSums, 'value' | 'currency' | 'items' | 'sold' | 'sales' | `${'exposed' | 'sold'}${30 | 60 | 90}`> & {
  median_days: number | string | null;
  profit_known: number | string;
  shipping_missing: number;
  shipping_missing_charged: number | string;
  profit_counted: number;
  profit_unknown: number;
  fees_pending: number;
  pending_items: string[] | string | null;
  hand_overs: number;
  shares: number | string;
  days_tied_up: number | string;
};

/** A uuid[] as node-postgres answers it (an array) or PGlite may ("{a,b}"). */
const uuidArray = (value: string[] | string | null): string[] =>
  value === null
    ? []
    : Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

export async function groupSums(db: Db, userId: string, by: WhatSellsDimension): Promise<GroupSums[]> {
  const rows = rowsOf<RawSums>(await db.execute(groupSumsSql(userId, by)));
  return rows.map(
    ({
      median_days,
      profit_known,
      shipping_missing,
      shipping_missing_charged,
      profit_counted,
      profit_unknown,
      fees_pending,
      pending_items,
      hand_overs,
      shares,
      days_tied_up,
      ...counts
    }) => ({
      ...counts,
      medianDays: median_days === null ? null : Number(median_days),
      profitKnownMinor: Number(profit_known),
      shippingMissing: shipping_missing,
      shippingMissingChargedMinor: Number(shipping_missing_charged),
      profitCounted: profit_counted,
      profitUnknown: profit_unknown,
      feesPending: fees_pending,
      pendingItems: uuidArray(pending_items),
      handOvers: hand_overs,
      shares: Number(shares),
      daysTiedUp: Number(days_tied_up),
    }),
  );
}

/** A sale line of a sold item with a cost whose fees are not all in: its profit is profit.ts's, estimate and all. */
export interface PendingLine {
  itemId: string;
  currency: string;
  channel: Channel;
  quantity: number;
  priceMinor: number;
  shippingChargedMinor: number;
  feesMinor: number | null;
  shippingCostMinor: number | null;
  unitCostMinor: number;
}

/**
 * The standing lines, in their item's currency, of the seller's items with a cost and a line whose fees are pending:
 * one read of the seller's sales, never a list of ids (a large seller has thousands of such items).
 */
export function pendingLinesSql(userId: string): SQL {
  return sql`
    select s.item_id, s.currency, s.channel, s.quantity, s.price_minor, s.shipping_charged_minor, s.fees_minor,
      s.shipping_cost_minor, i.cost_minor
    from sales s
    join items i on i.id = s.item_id and i.user_id = ${userId} and i.currency = s.currency and i.cost_minor is not null
    where s.user_id = ${userId} and s.cancelled_at is null
      and s.item_id in (select p.item_id from sales p
        where p.user_id = ${userId} and p.fees_minor is null and p.cancelled_at is null and p.item_id is not null)`;
}

interface RawLine {
  item_id: string;
  currency: string;
  channel: Channel;
  quantity: number;
  price_minor: number | string;
  shipping_charged_minor: number | string;
  fees_minor: number | string | null;
  shipping_cost_minor: number | string | null;
  cost_minor: number | string;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** The lines whose profit profit.ts works (the sums' `pendingItems` are among their items). */
export async function pendingLines(db: Db, userId: string): Promise<PendingLine[]> {
  return rowsOf<RawLine>(await db.execute(pendingLinesSql(userId))).map((row) => ({
    itemId: row.item_id,
    currency: row.currency,
    channel: row.channel,
    quantity: Number(row.quantity),
    priceMinor: Number(row.price_minor),
    shippingChargedMinor: Number(row.shipping_charged_minor),
    feesMinor: numberOrNull(row.fees_minor),
    shippingCostMinor: numberOrNull(row.shipping_cost_minor),
    unitCostMinor: Number(row.cost_minor),
  }));
}

/**
 * What the seller's timestamps say of their capture: per upload session of two items or more, the minutes from its
 * first item to its last over the items after the first; the median of those, and how many sessions it rests on.
 */
export function captureMinutesSql(userId: string): SQL {
  return sql`
    select percentile_cont(0.5) within group (order by per_item) as median, count(*)::int as sessions
    from (
      select extract(epoch from max(created_at) - min(created_at)) / 60 / (count(*) - 1) as per_item
      from items where user_id = ${userId}
      group by upload_session_id having count(*) >= 2 and max(created_at) > min(created_at)
    ) sessions`;
}

export async function captureMinutesSeen(db: Db, userId: string): Promise<{ median: number | null; sessions: number }> {
  const [row] = rowsOf<{ median: number | string | null; sessions: number }>(await db.execute(captureMinutesSql(userId)));
  return { median: row?.median === null || row?.median === undefined ? null : Number(row.median), sessions: row?.sessions ?? 0 };
}

/** The seller's own minutes per item, where they set them; undefined: none set. */
export async function ownSellerTime(db: Db, userId: string) {
  const [row] = await db.select().from(sellerTimeSettings).where(eq(sellerTimeSettings.userId, userId));
  return row;
}

type OwnMinutes = Pick<typeof sellerTimeSettings.$inferInsert, 'captureMinutes' | 'reviewMinutes' | 'handOverMinutes' | 'shippingMinutes'>;

export async function saveSellerTime(db: Db, userId: string, minutes: OwnMinutes): Promise<void> {
  const values = { ...minutes, updatedAt: new Date() };
  await db
    .insert(sellerTimeSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: sellerTimeSettings.userId, set: values });
}

/** The import's key of each past sale already imported (a sale whose order id is `import:<key>`). */
export async function importedKeys(db: Db, userId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ orderId: sales.externalOrderId })
    .from(sales)
    .where(
      and(
        eq(sales.userId, userId),
        inArray(
          sales.externalOrderId,
          keys.map((key) => `import:${key}`),
        ),
      ),
    );
  return new Set(rows.map((row) => row.orderId.slice('import:'.length)));
}

/** A past sale as the import writes it: an item without photos, its listing on the marketplace, its sale. */
export interface PastSaleRow {
  key: string;
  sku: string;
  title: string | null;
  brand: string | null;
  category: string | null;
  size: string | null;
  source: string | null;
  costMinor: number | null;
  channel: Channel;
  listedAt: Date | null;
  soldAt: Date;
  priceMinor: number;
  shippingChargedMinor: number;
  feesMinor: number | null;
  shippingCostMinor: number | null;
}

/** A past sale's item: no photos, in its import's batch, written, bought by the day it was listed (else sold). */
function pastSaleItem(userId: string, batchId: string, row: Omit<PastSaleRow, 'key'>, currency: string) {
  return {
    userId,
    sku: row.sku,
    uploadSessionId: batchId,
    batchId,
    aiTitle: row.title,
    brand: row.brand,
    category: row.category,
    extractedSize: row.size,
    source: row.source,
    costMinor: row.costMinor,
    currency,
    aiGenerationStatus: 'completed' as const,
    createdAt: row.listedAt ?? row.soldAt,
  };
}

/** A past sale's listing on its marketplace: ended as sold. */
const soldListingColumns = (row: Omit<PastSaleRow, 'key'>, currency: string) => ({
  status: 'sold' as const,
  currency,
  priceMinor: row.priceMinor,
  listedAt: row.listedAt,
  endedAt: row.soldAt,
});

/**
 * Writes a batch of past sales on the transaction given, in a few statements whatever its length (each well under
 * PostgreSQL's 65,535 parameters at a batch of 2,000): the keys already imported are asked first and skipped, then the
 * new rows' items, their sales pointing at them (keyed on the row: one written meanwhile is skipped and its item
 * taken back), and their sold listings. No sale is written and then pointed at its item: that update, and the
 * per-row triggers it fired, was a fifth of the writing (decision 168). Answers the sales written.
 */
export async function insertPastSales(tx: Db, userId: string, currency: string, batchId: string, rows: PastSaleRow[]): Promise<number> {
  if (!rows.length) return 0;
  const already = await importedKeys(tx, userId, [...new Set(rows.map((row) => row.key))]);
  // The same row twice in a file is one sale: its first line's.
  const firstOf = new Map<string, PastSaleRow>();
  for (const row of rows) if (!already.has(row.key) && !firstOf.has(row.key)) firstOf.set(row.key, row);
  const fresh = [...firstOf.values()];
  if (!fresh.length) return 0;
  const made = await insertPastSaleItems(
    tx,
    fresh.map((row) => pastSaleItem(userId, batchId, row, currency)),
  );
  const itemOf = new Map(made.map((item) => [item.sku, item.id]));
  const sold = await tx
    .insert(sales)
    .values(
      fresh.map((row) => ({
        userId,
        itemId: itemOf.get(row.sku)!,
        channel: row.channel,
        externalOrderId: `import:${row.key}`,
        externalLineId: 'import',
        sku: row.sku,
        priceMinor: row.priceMinor,
        shippingChargedMinor: row.shippingChargedMinor,
        currency,
        soldAt: row.soldAt,
        feesMinor: row.feesMinor,
        shippingCostMinor: row.shippingCostMinor,
      })),
    )
    .onConflictDoNothing()
    .returning({ orderId: sales.externalOrderId });
  const written = new Set(sold.map((sale) => sale.orderId.slice('import:'.length)));
  // A row another import wrote between the question and the insert: its item goes, its sale stays the other's.
  const lost = fresh.filter((row) => !written.has(row.key)).map((row) => itemOf.get(row.sku)!);
  if (lost.length) await deletePastSaleItems(tx, userId, lost);
  const kept = fresh.filter((row) => written.has(row.key));
  await insertNewListings(
    tx,
    userId,
    kept.map((row) => ({
      itemId: itemOf.get(row.sku)!,
      channel: row.channel,
      columns: soldListingColumns(row, currency),
    })),
  );
  return kept.length;
}

/**
 * Fresh statistics of the tables What sells and days to sale read, after a long import (decision 168): PGlite runs no
 * autovacuum, so without them the planner took a nested loop over thousands of items.
 */
export async function analyzeHistory(db: Db): Promise<void> {
  await db.execute(sql`analyze items, sales, channel_listings`);
}

/**
 * A past sale's item, in the batch of its import (one id, no batch number: history is no stock): an item without
 * photos (bought by the day it was listed, else sold), its listing on the marketplace ended as sold, and the sale
 * pointing at it.
 */
export async function insertSoldItem(
  tx: Db,
  userId: string,
  batchId: string,
  row: Omit<PastSaleRow, 'key'> & { currency: string },
  saleId: string,
): Promise<void> {
  const { currency } = row;
  const item = await insertPastSaleItem(tx, pastSaleItem(userId, batchId, row, currency));
  await tx.update(sales).set({ itemId: item.id }).where(eq(sales.id, saleId));
  await saveListing(tx, userId, item.id, row.channel, {
    columns: soldListingColumns(row, currency),
  });
}

// ---- a spreadsheet written by a job ----

export type PastSalesFileImportRow = typeof pastSalesFileImports.$inferSelect;
const fileImportRows = importRows(pastSalesFileImports, 'writing');
const ownFileImport = fileImportRows.own;

export const createFileImport = (
  db: Db,
  values: { userId: string; csv: string; locale: string; currency: string; rows: number },
): Promise<PastSalesFileImportRow> => fileImportRows.create(db, values);

export const fileImportOf: (db: Db, userId: string, id: string) => Promise<PastSalesFileImportRow | undefined> = fileImportRows.of;

/** The seller's spreadsheet still being written, if any (one at a time). */
export const writingFileImportOf = (db: Db, userId: string): Promise<PastSalesFileImportRow | undefined> =>
  fileImportRows.inProgressOf(db, userId);

/** A batch gone through: its rows, sales written and rows imported before added (on the batch's own transaction). */
export async function recordFileBatch(tx: Db, userId: string, id: string, batch: { rows: number; imported: number; already: number }) {
  await tx
    .update(pastSalesFileImports)
    .set({
      done: sql`${pastSalesFileImports.done} + ${batch.rows}`,
      imported: sql`${pastSalesFileImports.imported} + ${batch.imported}`,
      alreadyImported: sql`${pastSalesFileImports.alreadyImported} + ${batch.already}`,
      updatedAt: new Date(),
    })
    .where(ownFileImport(userId, id));
}

/** The import over: done or failed (with the words why); the file is let go either way. */
export async function finishFileImport(db: Db, userId: string, id: string, end: { status: 'done' | 'failed'; error?: string }) {
  await fileImportRows.update(db, userId, id, { status: end.status, error: end.error ?? null, csv: null, finishedAt: new Date() });
}
