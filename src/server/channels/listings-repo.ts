import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AssistedChannel, Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, jobs } from '../db/schema';
import { matching } from '../db/matching';

/**
 * The one writer of channel_listings (decision 092): every other module changes a listing through these functions,
 * on the `db` or transaction it holds, so its locks and transactions are its own. Each write is the seller's own
 * (filtered by the user) and stamps the row's updated_at, the event stream's cursor; the item's updated_at follows
 * from the table's trigger (migration 0027). Reads stay with the features that make them.
 */

export type ListingRow = typeof channelListings.$inferSelect;
type Keys = 'id' | 'userId' | 'itemId' | 'channel' | 'createdAt' | 'updatedAt' | 'data';
/** The columns a write gives values: never the row's keys (its user, item, channel) nor its stamp. */
export type ListingColumns = Partial<Omit<typeof channelListings.$inferInsert, Keys>>;
/** What an update sets: plain values or SQL (`coalesce(listed_at, now())`); `data` whole, or `mergedListingData`. */
export type ListingSet = Omit<PgUpdateSetSource<typeof channelListings>, Exclude<Keys, 'data'>>;

/** The listing's data with `patch` merged in (jsonb `||`: a key set to null stays, as null). */
export const mergedListingData = (patch: object): SQL => sql`${channelListings.data} || ${JSON.stringify(patch)}::jsonb`;

export interface ListingSave {
  /** Written into a new row and an existing one. */
  columns?: ListingColumns;
  /** The channel's own part, merged into the listing's data (typed by the channel's own code). */
  data?: object;
  /** Only in a new row: it starts as a draft with these besides. */
  created?: { columns?: ListingColumns; data?: object };
  /** An existing row is written only when this holds too (a new one always is). */
  onlyIf?: SQL;
}

/**
 * Writes the item's listing on the channel, creating it when it has none (one row per item and channel). Answers the
 * row as written; undefined when an existing row was left alone (another seller's, or `onlyIf` did not hold).
 */
export async function saveListing(
  db: Db,
  userId: string,
  itemId: string,
  channel: Channel,
  save: ListingSave,
): Promise<ListingRow | undefined> {
  const data = save.data ?? {};
  const [row] = await db
    .insert(channelListings)
    .values({
      userId,
      itemId,
      channel,
      status: 'draft',
      ...save.created?.columns,
      ...save.columns,
      data: { ...save.created?.data, ...data },
    })
    .onConflictDoUpdate({
      target: [channelListings.itemId, channelListings.channel],
      set: { ...save.columns, data: mergedListingData(data), updatedAt: new Date() },
      setWhere: and(eq(channelListings.userId, userId), save.onlyIf),
    })
    .returning();
  return row;
}

/**
 * New listings of new items, many at once (a spreadsheet's past sales, each ended as sold): one statement, no row
 * there before (the items were written in the same transaction).
 */
export async function insertNewListings(
  db: Db,
  userId: string,
  rows: { itemId: string; channel: Channel; columns: ListingColumns }[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(channelListings)
    .values(rows.map((row) => ({ userId, itemId: row.itemId, channel: row.channel, ...row.columns, data: {} })));
}

/**
 * Changes the seller's listings that match `where` (undefined: all of them); answers the rows as changed. `stamp:
 * false` leaves updated_at (a change the seller's screens do not show: a delist task's mail claim).
 */
export async function updateOwnListings(
  db: Db,
  userId: string,
  where: SQL | undefined,
  set: ListingSet,
  options: { stamp?: boolean } = {},
): Promise<ListingRow[]> {
  return db
    .update(channelListings)
    .set(options.stamp === false ? set : { ...set, updatedAt: new Date() })
    .where(and(eq(channelListings.userId, userId), where))
    .returning();
}

/** The item's listing on the channel, the seller's: the condition every single-listing write starts from. */
export const listingOfItem = (itemId: string, channel: Channel): SQL => matching(channelListings, { itemId, channel })!;

/** The seller's listing of the item on the channel: the condition every read of one listing starts from. */
export const ownListingOfItem = (userId: string, itemId: string, channel: Channel): SQL =>
  matching(channelListings, { userId, itemId, channel })!;

/** The seller's live listings on the channel: the condition every read of what is up there starts from. */
export const liveListingsOn = (userId: string, channel: Channel): SQL => matching(channelListings, { userId, channel, status: 'live' })!;

/**
 * Claims `data[key]` for the listing (eBay's SKU before its first write): set only while the listing has none, so a
 * claim made first stays; the caller reads the listing again to learn which won.
 */
export async function claimListingData(db: Db, userId: string, itemId: string, channel: Channel, key: string, value: string) {
  await updateOwnListings(db, userId, and(listingOfItem(itemId, channel), sql`${channelListings.data}->>${key}::text is null`), {
    data: mergedListingData({ [key]: value }),
  });
}

/** The seller's live listing of the item now reads as listed at `at` (test servers only, decision 108); the rows changed. */
export async function setLiveListedAt(db: Db, userId: string, itemId: string, channel: Channel, at: Date): Promise<number> {
  const rows = await updateOwnListings(db, userId, and(listingOfItem(itemId, channel), eq(channelListings.status, 'live')), {
    listedAt: at,
  });
  return rows.length;
}

/** The listing failed on its marketplace (the message says why). */
export async function markListingFailed(db: Db, userId: string, itemId: string, channel: Channel, message: string) {
  await updateOwnListings(db, userId, listingOfItem(itemId, channel), { status: 'failed', error: message });
}

/** An assisted channel's draft row, made when missing (a second prepare finds it: idempotent). */
export async function ensureDraftListing(tx: Db, userId: string, itemId: string, channel: AssistedChannel) {
  await tx.insert(channelListings).values({ userId, itemId, channel, status: 'draft' }).onConflictDoNothing();
}

/**
 * Drafts the items' listings on an assisted channel: a new row each, and an ended or failed one with no open delist
 * task drafted again; any other row stays as it is.
 */
export async function draftAssistedListings(tx: Db, userId: string, itemIds: string[], channel: AssistedChannel) {
  await tx
    .insert(channelListings)
    .values(itemIds.map((itemId) => ({ userId, itemId, channel, status: 'draft' as const })))
    .onConflictDoUpdate({
      target: [channelListings.itemId, channelListings.channel],
      set: { status: 'draft', error: null, endedAt: null, updatedAt: new Date() },
      setWhere: sql`${channelListings.userId} = ${userId} and ${channelListings.status} in ('ended', 'failed')
          and ${channelListings.delistTaskAt} is null`,
    });
}

/**
 * Listings of any channel (every seller's: a sweep at start) left publishing with no publish job waiting or running,
 * lost with its process: failed. Answers how many.
 */
export async function failOrphanedPublishes(db: Db, message: string): Promise<number> {
  const result = await db.execute(sql`
    update ${channelListings} set status = 'failed', error = ${message}, updated_at = now()
    where ${channelListings.status} = 'publishing'
      and ${channelListings.updatedAt} < now() - interval '1 minute'
      and not exists (
        select 1 from ${jobs}
        where ${jobs.kind} = 'publish-listing' and ${jobs.status} in ('pending', 'running') and ${jobs.subjectType} = 'listing'
          and ${jobs.subjectId} = ${channelListings.itemId}::text || ':' || ${channelListings.channel})
    returning ${channelListings.itemId} as item_id`);
  return (result as { rows: unknown[] }).rows.length;
}
