import { decimalOrNull, defaultCurrency } from '@shared/domain/money';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ItemChannelListing, ItemPublishState, ItemSale, ItemStatusFilter, ItemView, ListedItem } from '@shared/contracts/items';
import { ebayItemFieldsOf, publishStatusOf, showsAsPublishState, type EbayItemFields } from '../channels/ebay/listing-data';
import { ebayListingJoin } from '../channels/ebay/listing-sql';
import type { Db } from '../db/client';
import { namedStatement, runNamed, type NamedStatement } from '../db/named-statement';
import { channelListings, itemImages, items, userCounters } from '../db/schema';
import { itemHasJob } from '../jobs/queue';
import type { Channel, ChannelListingStatus, ListingChange } from '@shared/domain/channel-listing';
import { must } from '@shared/must';
import { channelListingsSql, itemChannelListingsOf, type ChannelListingJson } from './channel-summary-repo';
import { itemSaleOf, saleSummarySql, type SaleSummaryJson } from './sale-summary-repo';

/** The database or an open transaction: every function here runs on either. */
export type Sql = Db;
export type ItemRow = typeof items.$inferSelect;
export type ItemImageRow = typeof itemImages.$inferSelect;
export type NewItemRow = typeof items.$inferInsert;

/** The item's eBay listing state the item view shows. */
export type ItemPublishRow = ItemPublishState;

/**
 * What the item view shows of the item's eBay listing: its publish state (null while the seller neither saved
 * Publish Settings nor sent it) and the category and condition eBay lists it under; and of every channel: its sales
 * and listings.
 */
export interface ItemEbayRow extends EbayItemFields {
  publish: ItemPublishRow | null;
  /** The item's sales on every channel. */
  sale: ItemSale | null;
  /** The item's listings on every channel. */
  listings: ItemChannelListing[];
}

/** Selected beside the item through one left join on channel_listings (one eBay row per item: unique item_id, channel). */
const ebayColumns = {
  status: channelListings.status,
  url: channelListings.url,
  error: channelListings.error,
  priceMinor: channelListings.priceMinor,
  currency: channelListings.currency,
  quantity: channelListings.quantity,
  pendingChange: channelListings.pendingChange,
  data: channelListings.data,
};

/** Read beside the item by subqueries on its id: its sales and its listings on every channel. */
const channelSummaries = {
  sale: saleSummarySql(items.userId, items.id),
  listings: channelListingsSql(items.userId, items.id),
};
interface ChannelSummariesJson {
  sale: SaleSummaryJson | null;
  listings: ChannelListingJson[] | null;
}

type JoinedEbay = { [K in keyof typeof ebayColumns]: (typeof ebayColumns)[K]['_']['data'] | null };
/** Drizzle answers a left-joined selection without a row as null. */
export function ebayRowOf(joined: JoinedEbay | null, summaries: ChannelSummariesJson): ItemEbayRow {
  const publish =
    joined && joined.status !== null && showsAsPublishState(joined.status, joined.data)
      ? {
          status: publishStatusOf(joined.status),
          listingUrl: joined.url,
          error: joined.error,
          price: decimalOrNull(joined.priceMinor, joined.currency ?? defaultCurrency),
          quantity: joined.quantity ?? 1,
          change: joined.pendingChange ?? null,
        }
      : null;
  return {
    publish,
    sale: itemSaleOf(summaries.sale),
    listings: itemChannelListingsOf(summaries.listings),
    ...ebayItemFieldsOf(joined?.data ?? null),
  };
}

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

/** Which of these SKUs the user already has. */
export async function existingSkus(db: Sql, userId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: items.sku })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.sku, skus)));
  return new Set(rows.map((r) => r.sku));
}

// ---- items ----

export async function insertItem(tx: Sql, values: NewItemRow): Promise<ItemRow> {
  const [row] = await tx.insert(items).values(values).returning();
  return must(row, 'an insert returns its row');
}

/** One of the user's items; `lock` holds it until the transaction ends (a read-then-write of dependent fields). */
export async function findItem(db: Sql, userId: string, id: string, options: { lock?: boolean } = {}): Promise<ItemRow | undefined> {
  const query = db
    .select()
    .from(items)
    .where(and(eq(items.id, id), eq(items.userId, userId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The item a product upload with this key created, if it committed. */
export async function findItemByUploadKey(db: Sql, userId: string, uploadKey: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.uploadKey, uploadKey)));
  return row;
}

/** The item with its eBay listing's state, its sales and its listings, in one query. */
export async function findItemWithEbay(db: Sql, userId: string, id: string): Promise<{ row: ItemRow; ebay: ItemEbayRow } | undefined> {
  const [found] = await db
    .select({ row: items, ebay: ebayColumns, ...channelSummaries })
    .from(items)
    .leftJoin(channelListings, ebayListingJoin)
    .where(and(eq(items.id, id), eq(items.userId, userId)));
  return found ? { row: found.row, ebay: ebayRowOf(found.ebay, found) } : undefined;
}

/** The eBay listing's state, sales and listings of one item (views built after a photo change); null: item gone. */
export async function ebayStateOf(db: Sql, userId: string, itemId: string): Promise<ItemEbayRow | null> {
  const [found] = await db
    .select({ ebay: ebayColumns, ...channelSummaries })
    .from(items)
    .leftJoin(channelListings, ebayListingJoin)
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
  return found ? ebayRowOf(found.ebay, found) : null;
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
  const query = db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, id), eq(items.userId, userId)));
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length > 0;
}

export async function updateItem(db: Sql, userId: string, id: string, patch: Partial<NewItemRow>): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(items)
    .set(patch)
    .where(and(eq(items.id, id), eq(items.userId, userId)))
    .returning();
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

const publishedAs = (status: 'live' | 'failed' | 'sold') =>
  sql`exists (select 1 from ${channelListings} where ${channelListings.itemId} = ${items.id} and ${channelListings.userId} = ${items.userId} and ${channelListings.channel} = 'ebay' and ${channelListings.status} = ${status})`;
const isPublished = publishedAs('live');
const isSold = sql`exists (select 1 from ${channelListings} where ${channelListings.itemId} = ${items.id} and ${channelListings.userId} = ${items.userId} and ${channelListings.status} = 'sold')`;
const hasFailed = or(eq(items.aiGenerationStatus, 'failed'), publishedAs('failed'))!;

/** The dashboard's status filter (contract: itemStatusFilter); the four are disjoint except published-then-failed. */
const statusFilters: Record<ItemStatusFilter, SQL> = {
  draft: and(eq(items.listingReady, false), not(hasFailed), not(isPublished), not(isSold))!,
  listing_ready: and(eq(items.listingReady, true), not(isPublished), not(isSold))!,
  published: isPublished,
  sold: isSold,
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
 * or is still on its way (issue 41).
 */
const listedOn = (channel: Placeholder) =>
  sql`exists (select 1 from ${channelListings} on_channel where on_channel.item_id = ${items.id}
    and on_channel.user_id = ${items.userId} and on_channel.channel = ${channel} and on_channel.status = 'live')`;

/** UTC text with microseconds: the cursor's exact position. */
const createdAtText = sql<string>`to_char(${items.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The instant as JavaScript's toISOString writes it (milliseconds, truncated as the drivers' Date truncates). */
const isoText = (column: SQL | typeof items.createdAt | typeof items.updatedAt | typeof items.aiGeneratedAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The first photo's thumbnail (by position), read beside each listed item: one statement for the whole page. */
const firstThumbPath = sql<string | null>`(select ${itemImages.thumbPath} from ${itemImages}
  where ${itemImages.itemId} = ${items.id} and ${itemImages.userId} = ${items.userId}
  order by ${itemImages.order}, ${itemImages.createdAt} limit 1)`;

/** The columns a listed item shows, read as the driver answers them (timestamps already as ISO text). */
const listedColumns = sql`${items.id} as id, ${items.sku} as sku, ${items.status} as status,
  ${items.uploadSessionId} as upload_session_id, ${items.batchId} as batch_id, ${items.batchNumber} as batch_number,
  ${items.skuAssigned} as sku_assigned, ${items.photoCount} as photo_count, ${items.category} as category,
  ${items.condition} as condition, ${items.brand} as brand, ${items.costMinor}::text as cost_minor, ${items.currency} as currency,
  ${items.autoGenerateListing} as auto_generate_listing,
  ${isoText(items.createdAt)} as created_at, ${isoText(items.updatedAt)} as updated_at, ${items.aiTitle} as ai_title,
  ${items.aiDescription} as ai_description, ${items.aiTags} as ai_tags, ${items.aiConditionNotes} as ai_condition_notes,
  ${isoText(items.aiGeneratedAt)} as ai_generated_at, ${items.aiGenerationStatus} as ai_generation_status,
  ${items.aiGenerationError} as ai_generation_error, ${items.aiSuggestedPriceMinor}::text as ai_suggested_price_minor,
  ${items.aiPricingNotes} as ai_pricing_notes, ${items.aiMeasurements} as ai_measurements,
  ${items.listingReady} as listing_ready, ${items.categoryConfidence} as category_confidence,
  ${items.extractedBrand} as extracted_brand,
  ${items.extractedSize} as extracted_size, ${items.extractedColor} as extracted_color,
  ${items.extractedMaterial} as extracted_material, ${items.extractedStyle} as extracted_style,
  ${items.extractedFit} as extracted_fit, ${items.extractedDepartment} as extracted_department,
  ${items.extractedSizeType} as extracted_size_type, ${items.itemSpecificsJson} as item_specifics_json,
  ${items.publishReadyScore} as publish_ready_score, ${channelListings.status} as listing_status,
  ${channelListings.url} as listing_url, ${channelListings.error} as listing_error,
  ${channelListings.priceMinor}::text as listing_price_minor, ${channelListings.currency} as listing_currency, ${channelListings.quantity} as listing_quantity,
  ${channelListings.pendingChange} as listing_change, ${channelListings.data} as listing_data, ${saleSummarySql(items.userId, items.id)} as sale,
  ${channelListingsSql(items.userId, items.id)} as listings`;

export interface ListedRow {
  id: string;
  sku: string;
  status: string;
  upload_session_id: string;
  batch_id: string;
  batch_number: number;
  sku_assigned: boolean;
  photo_count: number;
  category: string | null;
  condition: string | null;
  brand: string | null;
  /** Money in minor units, as text (bigint). */
  cost_minor: string | null;
  currency: string;
  auto_generate_listing: boolean;
  created_at: string;
  updated_at: string;
  ai_title: string | null;
  ai_description: string | null;
  ai_tags: string[] | null;
  ai_condition_notes: string | null;
  ai_generated_at: string | null;
  ai_generation_status: string;
  ai_generation_error: string | null;
  ai_suggested_price_minor: string | null;
  ai_pricing_notes: string | null;
  ai_measurements: Record<string, string> | null;
  listing_ready: boolean;
  category_confidence: number | null;
  extracted_brand: string | null;
  extracted_size: string | null;
  extracted_color: string | null;
  extracted_material: string | null;
  extracted_style: string | null;
  extracted_fit: string | null;
  extracted_department: string | null;
  extracted_size_type: string | null;
  item_specifics_json: Record<string, string> | null;
  publish_ready_score: number | null;
  /** The eBay channel listing's columns: all null when the left join found none. */
  listing_status: string | null;
  listing_url: string | null;
  listing_error: string | null;
  listing_price_minor: string | null;
  listing_currency: string | null;
  listing_quantity: number | null;
  listing_change: string | null;
  listing_data: unknown;
  sale: SaleSummaryJson | null;
  listings: ChannelListingJson[] | null;
  thumb_path: string | null;
  cursor_at: string;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A listed row as the contract's item (thumbnail not signed yet), by hand: drizzle's row mapping (an instanceof walk per column and row) was
 * a quarter of the list's CPU. item-view.ts's toListedItem builds the same item from a drizzle row for GET
 * /api/items/:id; listed-item.test.ts holds the two equal. The eBay listing maps through item-view's rule
 * (ebayRowOf), so the two cannot part on it.
 */
export function listedItemOf(r: ListedRow): ListedItem {
  const ebay = ebayRowOf(
    r.listing_status === null
      ? null
      : {
          status: r.listing_status as ChannelListingStatus,
          url: r.listing_url,
          error: r.listing_error,
          priceMinor: numberOrNull(r.listing_price_minor),
          currency: r.listing_currency,
          quantity: r.listing_quantity,
          pendingChange: r.listing_change as ListingChange | null,
          data: r.listing_data as Record<string, unknown>,
        },
    r,
  );
  return {
    id: r.id,
    sku: r.sku,
    status: r.status,
    uploadSessionId: r.upload_session_id,
    batchId: r.batch_id,
    batchNumber: r.batch_number,
    skuAssigned: r.sku_assigned,
    photoCount: r.photo_count,
    category: r.category,
    condition: r.condition,
    brand: r.brand,
    cost: decimalOrNull(numberOrNull(r.cost_minor), r.currency),
    autoGenerateListing: r.auto_generate_listing,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    aiTitle: r.ai_title,
    aiDescription: r.ai_description,
    aiTags: r.ai_tags,
    aiConditionNotes: r.ai_condition_notes,
    aiGeneratedAt: r.ai_generated_at,
    aiGenerationStatus: r.ai_generation_status as ListedItem['aiGenerationStatus'],
    aiGenerationError: r.ai_generation_error,
    aiSuggestedPrice: decimalOrNull(numberOrNull(r.ai_suggested_price_minor), r.currency),
    aiPricingNotes: r.ai_pricing_notes,
    aiMeasurements: r.ai_measurements,
    listingReady: r.listing_ready,
    ebayCategoryId: ebay.ebayCategoryId,
    ebayCategoryName: ebay.ebayCategoryName,
    categoryConfidence: r.category_confidence,
    ebayConditionGrade: ebay.ebayConditionGrade,
    extractedBrand: r.extracted_brand,
    extractedSize: r.extracted_size,
    extractedColor: r.extracted_color,
    extractedMaterial: r.extracted_material,
    extractedStyle: r.extracted_style,
    extractedFit: r.extracted_fit,
    extractedDepartment: r.extracted_department,
    extractedSizeType: r.extracted_size_type,
    itemSpecificsJson: r.item_specifics_json,
    publishReadyScore: r.publish_ready_score,
    thumbnailUrl: null,
    publish: ebay.publish,
    sale: ebay.sale,
    listings: ebay.listings,
  };
}

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
    const conditions = [eq(items.userId, listValues.userId), viewFilters[filter.view]];
    if (filter.q) conditions.push(searchFilter(listValues.pattern));
    if (filter.status) conditions.push(statusFilters[filter.status]);
    if (filter.channel) conditions.push(listedOn(listValues.channel));
    if (withCursor) {
      conditions.push(sql`(${items.createdAt}, ${items.id}) < (${listValues.afterCreatedAt}::timestamptz, ${listValues.afterId}::uuid)`);
    }
    statement = namedStatement(
      'list_items',
      sql`select ${listedColumns}, ${firstThumbPath} as thumb_path, ${createdAtText} as cursor_at
        from ${items} left join ${channelListings} on ${ebayListingJoin}
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
): Promise<ListedItemRow[]> {
  const rows = await runNamed<ListedRow>(db, listStatement(filter, after !== null, limit), {
    userId,
    pattern: filter.q ? containing(filter.q) : undefined,
    channel: filter.channel,
    afterCreatedAt: after?.createdAt,
    afterId: after?.id,
  });
  return rows.map((r) => ({ item: listedItemOf(r), thumbPath: r.thumb_path, cursor: { createdAt: r.cursor_at, id: r.id } }));
}

export async function lastSku(db: Sql, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ sku: items.sku })
    .from(items)
    .where(eq(items.userId, userId))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(1);
  return row?.sku ?? null;
}

/**
 * Header counts: staged = drafts not sold nor live on any marketplace (an imported eBay listing is live); batches = distinct batch ids; generating = AI generation running, or queued in
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
    from ${items} where ${items.userId} = ${userId}`);
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
    .where(and(eq(items.id, itemId), eq(items.userId, userId), eq(items.uploadReceived, part.offset)));
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
        eq(items.id, itemId),
        eq(items.userId, userId),
        eq(items.photoCount, 0),
        sql`not exists (select 1 from ${itemImages} where ${itemImages.itemId} = ${items.id})`,
      ),
    );
}

export async function deleteImage(tx: Sql, userId: string, itemId: string, imageId: string): Promise<ItemImageRow | undefined> {
  const [row] = await tx
    .delete(itemImages)
    .where(and(eq(itemImages.id, imageId), eq(itemImages.itemId, itemId), eq(itemImages.userId, userId)))
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
    .where(and(eq(itemImages.id, imageId), eq(itemImages.itemId, itemId), eq(itemImages.userId, userId)));
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
    .where(and(eq(itemImages.id, imageId), eq(itemImages.userId, userId), eq(itemImages.storagePath, fromPath)))
    .returning({ id: itemImages.id });
  return rows.length > 0;
}
