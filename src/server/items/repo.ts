import { and, asc, desc, eq, getTableColumns, ilike, inArray, lt, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ItemStatusFilter, ItemView, ListedItem } from '@shared/contracts/items';
import type { Db } from '../db/client';
import { namedStatement, runNamed, type NamedStatement } from '../db/named-statement';
import { channelListings, itemImages, items, sales, userCounters } from '../db/schema';
import { itemHasJob } from '../jobs/queue';
import type { Channel } from '@shared/domain/channel-listing';
import { must } from '@shared/must';
import type { PriceList } from '@shared/domain/price-list';
import { channelListingsSql } from './channel-summary-repo';
import { toListedItem, type ItemChannelsJson, type ItemColumns } from './item-mapper';
import { listedColumnsSql } from './listed-columns-sql';
import { saleSummarySql } from './sale-summary-repo';
import { soldTwiceSql } from '../sales/stock-sql';
import { firstThumbPathSql } from './first-thumb-sql';
import { matching } from '../db/matching';

/** The database or an open transaction: every function here runs on either. */
export type Sql = Db;
export type ItemRow = typeof items.$inferSelect;
export type ItemImageRow = typeof itemImages.$inferSelect;
export type NewItemRow = typeof items.$inferInsert;

/** The item's column named with its table: drizzle leaves a one-table select's columns bare, which a subquery misreads. */
const ofItems = (column: typeof items.id | typeof items.userId) => sql`${items}.${sql.identifier(column.name)}`;

/** Read beside the item by subqueries on its id: its sales and its listings on every channel. */
const channelSummaries = {
  sale: saleSummarySql(ofItems(items.userId), ofItems(items.id)),
  listings: channelListingsSql(ofItems(items.userId), ofItems(items.id)),
};

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// ---- counters ----

/**
 * One atomic statement hands out the next batch number and, when asked, the next SKU counter. The row lock it
 * takes is held to the end of the transaction, so one user's creations number themselves one after another.
 */
export async function takeCounters(tx: Sql, userId: string, takeSku: boolean): Promise<{ skuNumber: number; batchNumber: number }> {
  const step = takeSku ? 1 : 0;
  const result = await tx.execute(sql`
    insert into ${userCounters} (user_id, next_sku, next_batch) values (${userId}, ${1 + step}, 2)
    on conflict (user_id) do update
      set next_sku = ${userCounters.nextSku} + ${step}, next_batch = ${userCounters.nextBatch} + 1
    returning next_sku - ${step} as sku_number, next_batch - 1 as batch_number`);
  const row = must(rowsOf<{ sku_number: number; batch_number: number }>(result)[0], 'the counter upsert returns its row');
  return { skuNumber: Number(row.sku_number), batchNumber: Number(row.batch_number) };
}

/** Moves the SKU counter past numbers the user already took by hand (called under takeCounters' lock). */
export async function setNextSkuNumber(tx: Sql, userId: string, next: number): Promise<void> {
  await tx.update(userCounters).set({ nextSku: next }).where(eq(userCounters.userId, userId));
}

export async function peekNextSkuNumber(db: Sql, userId: string): Promise<number> {
  const [row] = await db.select({ nextSku: userCounters.nextSku }).from(userCounters).where(eq(userCounters.userId, userId));
  return row?.nextSku ?? 1;
}

/** Which of these SKUs the user already has (each asked once, however often it is given). */
export async function existingSkus(db: Sql, userId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: items.sku })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.sku, [...new Set(skus)])));
  return new Set(rows.map((r) => r.sku));
}

// ---- items ----

/**
 * An item of a past sale imported as history (decision 149: a spreadsheet's row; decision 150: a marketplace's old
 * order): no photo, its listing written from the sale, marked a past sale, so it is no product card, counts in no
 * batch and takes no batch number (0).
 */
export async function insertPastSaleItem(tx: Sql, values: Omit<NewItemRow, 'batchNumber' | 'pastSale'>): Promise<ItemRow> {
  return insertItem(tx, { ...values, batchNumber: 0, pastSale: true });
}

/** Many past sales' items at once (a spreadsheet's batch): each as `insertPastSaleItem` writes one; their ids by SKU. */
export async function insertPastSaleItems(
  tx: Sql,
  values: Omit<NewItemRow, 'batchNumber' | 'pastSale'>[],
): Promise<{ id: string; sku: string }[]> {
  if (!values.length) return [];
  return tx
    .insert(items)
    .values(values.map((row) => ({ ...row, batchNumber: 0, pastSale: true })))
    .returning({ id: items.id, sku: items.sku });
}

/** Takes back the user's past-sale items given (a past sale another import wrote first); never a stock item. */
export async function deletePastSaleItems(tx: Sql, userId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(items).where(and(matching(items, { userId, pastSale: true }), inArray(items.id, ids)));
}

export async function insertItem(tx: Sql, values: NewItemRow): Promise<ItemRow> {
  const [row] = await tx.insert(items).values(values).returning();
  return must(row, 'an insert returns its row');
}

/** One of the user's items; `lock` holds it until the transaction ends (a read-then-write of dependent fields). */
export async function findItem(db: Sql, userId: string, id: string, options: { lock?: boolean } = {}): Promise<ItemRow | undefined> {
  const query = db.select().from(items).where(matching(items, { id, userId }));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The item a product upload with this key created, if it committed. */
export async function findItemByUploadKey(db: Sql, userId: string, uploadKey: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(items).where(matching(items, { userId, uploadKey }));
  return row;
}

/** The item with its sales and its listings on every channel, in one query. */
export async function findItemWithChannels(
  db: Sql,
  userId: string,
  id: string,
): Promise<{ row: ItemRow; channels: ItemChannelsJson } | undefined> {
  const [found] = await db
    .select({ row: items, ...channelSummaries })
    .from(items)
    .where(matching(items, { id, userId }));
  return found ? { row: found.row, channels: { sale: found.sale, listings: found.listings } } : undefined;
}

/** The sales and listings of one item (views built after a photo change); null: item gone. */
export async function channelsOfItem(db: Sql, userId: string, itemId: string): Promise<ItemChannelsJson | null> {
  const [found] = await db
    .select(channelSummaries)
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  return found ?? null;
}

/** Which of `ids` are the user's items. */
export async function ownedItemIds(db: Sql, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
  return rows.map((r) => r.id);
}

/** Ownership check without reading the wide row; `lock` holds the item until the transaction ends. */
export async function itemExists(db: Sql, userId: string, id: string, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = db.select({ id: items.id }).from(items).where(matching(items, { id, userId }));
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length > 0;
}

export async function updateItem(db: Sql, userId: string, id: string, patch: Partial<NewItemRow>): Promise<ItemRow | undefined> {
  // Nothing of the item's own changes (a photo edit): the row as it is; the trigger moved updated_at with the photo.
  if (Object.values(patch).every((value) => value === undefined)) {
    const [item] = await db.select().from(items).where(matching(items, { id, userId }));
    return item;
  }
  const [row] = await db.update(items).set(patch).where(matching(items, { id, userId })).returning();
  return row;
}

/** Deletes the user's items among `ids` (images go by cascade); answers what went and the files to remove. */
export async function deleteItems(tx: Sql, userId: string, ids: string[]): Promise<{ deletedIds: string[]; storageKeys: string[] }> {
  const images = await tx
    .select({ storagePath: itemImages.storagePath, thumbPath: itemImages.thumbPath })
    .from(itemImages)
    .where(and(eq(itemImages.userId, userId), inArray(itemImages.itemId, ids)));
  const deleted = await tx
    .delete(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)))
    .returning({ id: items.id });
  return { deletedIds: deleted.map((d) => d.id), storageKeys: images.flatMap((i) => [i.storagePath, i.thumbPath]) };
}

const viewFilters: Record<ItemView, SQL | undefined> = {
  drafts: eq(items.status, 'draft'),
  batches: eq(items.skuAssigned, true),
  listings: undefined,
  ready: eq(items.listingReady, true),
};

/** Position in the newest-first order; microseconds matter, so it travels as UTC text, not a JS Date. */
export interface ItemCursor {
  createdAt: string;
  id: string;
}

/** The item has a listing in this status on any channel (the item knows no marketplace). */
const listedAs = (status: 'live' | 'failed' | 'sold') =>
  sql`exists (select 1 from ${channelListings} where ${channelListings.itemId} = ${items.id} and ${channelListings.userId} = ${items.userId} and ${channelListings.status} = ${status})`;
const isPublished = listedAs('live');
const isSold = listedAs('sold');
const hasFailed = or(eq(items.aiGenerationStatus, 'failed'), listedAs('failed'))!;

/** The dashboard's status filter (contract: itemStatusFilter); the four are disjoint except published-then-failed. */
const statusFilters: Record<ItemStatusFilter, SQL> = {
  draft: and(eq(items.listingReady, false), not(hasFailed), not(isPublished), not(isSold))!,
  listing_ready: and(eq(items.listingReady, true), not(isPublished), not(isSold))!,
  published: isPublished,
  sold: isSold,
  sold_twice: soldTwiceSql(items.userId, items.id),
  failed: hasFailed,
};

/** LIKE pattern matching `text` literally anywhere (`%`, `_` and `\` typed by the seller match themselves). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchFilter(pattern: Placeholder): SQL {
  return or(ilike(items.sku, pattern), ilike(items.aiTitle, pattern), ilike(items.brand, pattern), ilike(items.extractedBrand, pattern))!;
}

export interface ItemListFilter {
  view: ItemView;
  q?: string;
  status?: ItemStatusFilter;
  /** Listed on the channel (contract: listItemsQuery.channel): live there now. */
  channel?: Channel;
}

/**
 * The channel filter ("Listed on eBay"): the item is live on the channel now; not a listing that ended, sold, failed
 * or is still on its way.
 */
const listedOn = (channel: Placeholder) =>
  sql`exists (select 1 from ${channelListings} on_channel where on_channel.item_id = ${items.id}
    and on_channel.user_id = ${items.userId} and on_channel.channel = ${channel} and on_channel.status = 'live')`;

/** UTC text with microseconds: the cursor's exact position. */
const createdAtText = sql<string>`to_char(${items.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A listed row as the driver answers it: the item's columns under their own names, what is read beside it, the page's. */
export type ListedRow = ItemColumns &
  ItemChannelsJson & {
    thumb_path: string | null;
    cursor_at: string;
  };

/** A listed row as the contract's item (thumbnail not signed yet): the one mapping (item-mapper.ts). */
export const listedItemOf = (r: ListedRow, priceList: PriceList | null): ListedItem => toListedItem(r, r, null, priceList);

/** One listed item of a page (thumbnailUrl null until the storage signs thumbPath), and its position. */
export interface ListedItemRow {
  item: ListedItem;
  thumbPath: string | null;
  cursor: ItemCursor;
}

const listValues = {
  userId: sql.placeholder('userId'),
  pattern: sql.placeholder('pattern'),
  channel: sql.placeholder('channel'),
  afterCreatedAt: sql.placeholder('afterCreatedAt'),
  afterId: sql.placeholder('afterId'),
};

/**
 * The list's statement of each shape (view, search or not, status filter, first page or later, page size), built
 * once. The page size is written in, not a parameter: PostgreSQL costs a generic plan's `LIMIT $n` as a tenth of
 * the seller's rows and would then plan every run anew (0.4 ms, a third of the query).
 */
const listStatements = new Map<string, NamedStatement>();
function listStatement(filter: ItemListFilter, withCursor: boolean, limit: number): NamedStatement {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`bad page size ${limit}`);
  const shape = `${filter.view}:${filter.q ? 'q' : ''}:${filter.status ?? ''}:${filter.channel ? 'channel' : ''}:${withCursor ? 'after' : 'first'}:${limit}`;
  let statement = listStatements.get(shape);
  if (!statement) {
    const conditions = [eq(items.userId, listValues.userId), eq(items.pastSale, false), viewFilters[filter.view]];
    if (filter.q) conditions.push(searchFilter(listValues.pattern));
    if (filter.status) conditions.push(statusFilters[filter.status]);
    if (filter.channel) conditions.push(listedOn(listValues.channel));
    if (withCursor) {
      conditions.push(sql`(${items.createdAt}, ${items.id}) < (${listValues.afterCreatedAt}::timestamptz, ${listValues.afterId}::uuid)`);
    }
    statement = namedStatement(
      'list_items',
      sql`select ${listedColumnsSql}, ${saleSummarySql(items.userId, items.id)} as sale,
          ${channelListingsSql(items.userId, items.id)} as listings, ${firstThumbPathSql} as thumb_path, ${createdAtText} as cursor_at
        from ${items}
        where ${and(...conditions)}
        order by ${items.createdAt} desc, ${items.id} desc
        limit ${sql.raw(String(limit))}`,
    );
    listStatements.set(shape, statement);
  }
  return statement;
}

export async function listItems(
  db: Sql,
  userId: string,
  filter: ItemListFilter,
  after: ItemCursor | null,
  limit: number,
  priceList: PriceList | null,
): Promise<ListedItemRow[]> {
  const rows = await runNamed<ListedRow>(db, listStatement(filter, after !== null, limit), {
    userId,
    pattern: filter.q ? containing(filter.q) : undefined,
    channel: filter.channel,
    afterCreatedAt: after?.createdAt,
    afterId: after?.id,
  });
  return rows.map((r) => ({ item: listedItemOf(r, priceList), thumbPath: r.thumb_path, cursor: { createdAt: r.cursor_at, id: r.id } }));
}

export async function lastSku(db: Sql, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ sku: items.sku })
    .from(items)
    .where(matching(items, { userId, pastSale: false }))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(1);
  return row?.sku ?? null;
}

/**
 * Header counts, of the seller's stock (a past sale imported as history is none): staged = drafts not sold nor live on any
 * marketplace (an imported eBay listing is live); batches = distinct batch ids; generating = AI generation running, or queued in
 * the background (pending, auto-generate, with a pending or running job).
 */
export async function itemsSummary(db: Sql, userId: string) {
  const result = await db.execute(sql`
    select
      count(*) filter (where ${items.status} = 'draft' and not exists (
        select 1 from ${channelListings} where ${channelListings.userId} = ${userId}
          and ${channelListings.itemId} = ${items.id} and ${channelListings.status} in ('live', 'sold')))::int as staged,
      count(distinct ${items.batchId}) filter (where ${items.skuAssigned})::int as batches,
      count(*) filter (where ${items.aiGenerationStatus} = 'generating'
        or (${items.aiGenerationStatus} = 'pending' and ${items.autoGenerateListing} and ${itemHasJob(items.id, { userId })}))::int as generating
    from ${items} where ${items.userId} = ${userId} and not ${items.pastSale}`);
  const row = must(rowsOf<{ staged: number; batches: number; generating: number }>(result)[0], 'an aggregate query returns one row');
  return { stagedCount: Number(row.staged), batchCount: Number(row.batches), generatingCount: Number(row.generating) };
}

// ---- images ----

export async function imagesOfItems(db: Sql, userId: string, itemIds: string[]): Promise<ItemImageRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(itemImages)
    .where(and(eq(itemImages.userId, userId), inArray(itemImages.itemId, itemIds)))
    .orderBy(asc(itemImages.itemId), asc(itemImages.order), asc(itemImages.createdAt));
}

export interface NewPhoto {
  id: string;
  storagePath: string;
  thumbPath: string;
  width: number;
  height: number;
  bytes: number;
}

/** A raw row (database column names, driver values) as drizzle's select would have mapped it. */
function mapRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A later part of a product upload: photos `offset`.. of the upload, `received` of them read (stored or refused). */
export interface UploadPart {
  offset: number;
  received: number;
}

/** A part whose every file was refused still counts as received, so its resend is not read again. */
export async function markPartReceived(db: Sql, userId: string, itemId: string, part: UploadPart): Promise<void> {
  await db
    .update(items)
    .set({ uploadReceived: part.offset + part.received })
    .where(matching(items, { id: itemId, userId, uploadReceived: part.offset }));
}

/**
 * Appends photos after the item's last one in ONE statement (no transaction round trips: on PGlite each costs
 * the main thread). It relies on the invariant every writer here keeps: photo_count equals the number of
 * item_images rows and their orders are 0..photo_count-1. The UPDATE locks the item row and, when another upload
 * to the same item commits first, re-reads its photo_count, so concurrent uploads never share a position.
 * Answers the updated item, or undefined when the user has no such item.
 */
export async function appendPhotos(
  db: Sql,
  userId: string,
  itemId: string,
  photos: NewPhoto[],
  part?: UploadPart,
): Promise<ItemRow | undefined> {
  const count = photos.length;
  // A part of a product upload is written once: only while the item still expects it.
  const partSet = part ? sql`, upload_received = ${part.offset + part.received}::int` : sql``;
  const partWhere = part ? sql` and ${items.uploadReceived} = ${part.offset}::int` : sql``;
  const values = sql.join(
    photos.map(
      (p, i) => sql`(${p.id}::uuid, ${i}::int, ${p.storagePath}, ${p.thumbPath}, ${p.width}::int, ${p.height}::int, ${p.bytes}::int)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    with bumped as (
      update ${items} set photo_count = ${items.photoCount} + ${count}::int${partSet}
      where ${items.id} = ${itemId} and ${items.userId} = ${userId}${partWhere}
      returning *
    ), added as (
      insert into ${itemImages} (id, item_id, user_id, storage_path, thumb_path, width, height, bytes, "order", is_primary)
      select v.id, bumped.id, bumped.user_id, v.storage_path, v.thumb_path, v.width, v.height, v.bytes,
             bumped.photo_count - ${count}::int + v.position, bumped.photo_count - ${count}::int + v.position = 0
      from bumped, (values ${values}) as v(id, position, storage_path, thumb_path, width, height, bytes)
    )
    select * from bumped`);
  const [raw] = rowsOf<Record<string, unknown>>(result);
  return raw ? mapRow(items, raw) : undefined;
}

/** Removes an item that never got a photo (every file of its first upload was refused). */
export async function deleteItemWithoutPhotos(db: Sql, userId: string, itemId: string): Promise<void> {
  await db
    .delete(items)
    .where(
      and(
        matching(items, { id: itemId, userId, photoCount: 0 }),
        sql`not exists (select 1 from ${itemImages} where ${itemImages.itemId} = ${items.id})`,
      ),
    );
}

export async function deleteImage(tx: Sql, userId: string, itemId: string, imageId: string): Promise<ItemImageRow | undefined> {
  const [row] = await tx
    .delete(itemImages)
    .where(matching(itemImages, { id: imageId, itemId, userId }))
    .returning();
  return row;
}

/** Positions 0..n-1 in the given order, primary exactly at 0: one statement, not one call per image. */
export async function setImageOrder(tx: Sql, userId: string, itemId: string, orderedIds: string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const values = sql.join(
    orderedIds.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${itemImages} set "order" = v.position, is_primary = (v.position = 0)
    from (values ${values}) as v(id, position)
    where ${itemImages.id} = v.id and ${itemImages.itemId} = ${itemId} and ${itemImages.userId} = ${userId}`);
}

export async function setPhotoCount(tx: Sql, userId: string, itemId: string, photoCount: number): Promise<ItemRow | undefined> {
  return updateItem(tx, userId, itemId, { photoCount });
}

export async function findImage(db: Sql, userId: string, itemId: string, imageId: string): Promise<ItemImageRow | undefined> {
  const [row] = await db
    .select()
    .from(itemImages)
    .where(matching(itemImages, { id: imageId, itemId, userId }));
  return row;
}

/**
 * Points a photo at its edited files, only while it still points at `fromPath` (an edit that raced another one
 * changes nothing). Answers whether the row changed.
 */
export async function replaceImageFiles(
  tx: Sql,
  userId: string,
  imageId: string,
  fromPath: string,
  next: { storagePath: string; thumbPath: string; width: number; height: number; bytes: number },
): Promise<boolean> {
  const rows = await tx
    .update(itemImages)
    .set(next)
    .where(matching(itemImages, { id: imageId, userId, storagePath: fromPath }))
    .returning({ id: itemImages.id });
  return rows.length > 0;
}

/** A change to items' columns (updated_at is the trigger's, migration 0027). */
export type ItemChange = Omit<PgUpdateSetSource<typeof items>, 'updatedAt'>;

/**
 * `items` has one writer, this file (decision 082): another module's change to the seller's items comes through here,
 * always scoped to the seller. `where`: a further condition (a job's claim still held, a status). Answers the rows
 * changed.
 */
export async function updateOwnItems(db: Db, userId: string, itemIds: string[], change: ItemChange, where?: SQL) {
  if (!itemIds.length) return [];
  return db
    .update(items)
    .set(change)
    .where(and(eq(items.userId, userId), inArray(items.id, itemIds), where))
    .returning();
}

/** Sets `source` on those of the seller's `ids` whose own is empty (a bundle's source on its members). */
export async function fillEmptySources(db: Db, userId: string, itemIds: string[], source: string) {
  return updateOwnItems(db, userId, itemIds, { source }, sql`nullif(trim(${items.source}), '') is null`);
}

/**
 * Deletes the items created before `cutoff` that have no photo: a product upload that never committed (the
 * server was killed, the phone lost the network). An item is never left without photos otherwise.
 */
export async function deleteEmptyItemsCreatedBefore(db: Db, cutoff: Date): Promise<string[]> {
  const deleted = await db
    .delete(items)
    .where(
      and(
        lt(items.createdAt, cutoff),
        sql`not exists (select 1 from ${itemImages} where ${itemImages.itemId} = ${items.id})`,
        // A past sale imported from a spreadsheet has no photo, and is no upload left half-way (decision 149).
        sql`not exists (select 1 from ${sales} where ${sales.itemId} = ${items.id})`,
      ),
    )
    .returning({ id: items.id });
  return deleted.map((row) => row.id);
}

/**
 * Items left "generating" with no job waiting or running (a job deleted by hand, a bug): failed, so nothing stays
 * generating forever. A crashed worker's item is not touched here: its job still exists and is retried.
 */
export async function failOrphanedGenerations(db: Db, message: string): Promise<number> {
  const result = await db.execute(sql`
    update ${items} set ai_generation_status = 'failed', ai_generation_error = ${message}
    where ${items.aiGenerationStatus} = 'generating'
      and ${items.updatedAt} < now() - interval '1 minute'
      and not ${itemHasJob(items.id, { kind: 'generate-listing' })}
    returning ${items.id}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
