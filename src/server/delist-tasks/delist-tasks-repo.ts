import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { assistedChannels, type AssistedChannel, type Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items, notificationSettings, user } from '../db/schema';
import { listingOfItem, updateOwnListings } from '../channels/listing-writer';
import { firstThumbPathSql } from '../items/first-thumb-sql';

/**
 * SQL of the delist tasks a sale leaves on the assisted channels' listings (decisions 052, 084) and of how the seller
 * hears of them; every query filtered by the user.
 */

/**
 * The updated listing's item sold out on another channel, the update's table written out: drizzle leaves a single
 * table's columns unqualified in update conditions.
 */
const soldElsewhere = (userId: string) =>
  sql`exists (select 1 from channel_listings sold where sold.user_id = ${userId}
    and sold.item_id = channel_listings.item_id and sold.channel <> channel_listings.channel and sold.status = 'sold')`;

/**
 * Every live listing on a marketplace the seller hands over to (`handedOver`, channels/channel-modes.ts) of an item
 * sold out elsewhere becomes a delist task, once: a task already set keeps its time, a ticked one (ended) is not set
 * again. A marketplace the seller sells on by API (a connected Depop) is ended through it, never a task. Derived from
 * the listings, so a pull that crashed half-way or runs twice comes to the same answer. Answers the tasks set now.
 */
export async function setDelistTasks(
  db: Db,
  userId: string,
  handedOver: readonly AssistedChannel[],
): Promise<{ itemId: string; channel: Channel }[]> {
  return db.transaction(async (tx) => {
    const set = await updateOwnListings(
      tx,
      userId,
      and(
        inArray(channelListings.channel, [...handedOver]),
        eq(channelListings.status, 'live'),
        isNull(channelListings.delistTaskAt),
        soldElsewhere(userId),
      ),
      { delistTaskAt: sql`now()`, delistMailedAt: null },
    );
    // A task left on a marketplace the seller now sells on by API (set before they connected it) is its API's to end.
    const byApi = assistedChannels.filter((channel) => !handedOver.includes(channel));
    if (byApi.length)
      await updateOwnListings(tx, userId, and(inArray(channelListings.channel, byApi), isNotNull(channelListings.delistTaskAt)), {
        delistTaskAt: null,
      });
    // A listing only prepared (never put up by the seller) of an item sold elsewhere has nothing to take down: ended.
    await updateOwnListings(
      tx,
      userId,
      and(inArray(channelListings.channel, [...handedOver]), eq(channelListings.status, 'draft'), soldElsewhere(userId)),
      { status: 'ended', endedAt: sql`now()` },
    );
    return set.map((row) => ({ itemId: row.itemId, channel: row.channel }));
  });
}

/** The seller's open delist tasks, oldest first (with the item's SKU, title and first thumbnail's path). */
export async function openDelistTasks(db: Db, userId: string, options: { unmailed?: boolean } = {}) {
  return db
    .select({
      itemId: channelListings.itemId,
      channel: channelListings.channel,
      url: channelListings.url,
      since: channelListings.delistTaskAt,
      sku: items.sku,
      title: items.aiTitle,
      thumbPath: firstThumbPathSql,
    })
    .from(channelListings)
    .innerJoin(items, and(eq(items.id, channelListings.itemId), eq(items.userId, channelListings.userId)))
    .where(
      and(
        eq(channelListings.userId, userId),
        isNotNull(channelListings.delistTaskAt),
        options.unmailed ? isNull(channelListings.delistMailedAt) : undefined,
      ),
    )
    .orderBy(channelListings.delistTaskAt, items.sku);
}

/**
 * Claims the seller's delist tasks not e-mailed yet (marks them mailed, committed), with what the mail names: the
 * seller's address and each task's item. Null when there is none to mail (or the seller is gone).
 */
export async function claimUnmailedDelistTasks(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    // The mail's claim is no change the seller's screens show: the listing's updated_at stays.
    const claimed = (
      await updateOwnListings(
        tx,
        userId,
        and(isNotNull(channelListings.delistTaskAt), isNull(channelListings.delistMailedAt)),
        { delistMailedAt: sql`now()` },
        { stamp: false },
      )
    ).map((row) => ({ itemId: row.itemId, channel: row.channel, url: row.url }));
    if (!claimed.length) return null;
    const [seller] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!seller) return null;
    const named = await tx
      .select({ id: items.id, sku: items.sku, title: items.aiTitle })
      .from(items)
      .where(
        and(
          eq(items.userId, userId),
          inArray(
            items.id,
            claimed.map((task) => task.itemId),
          ),
        ),
      );
    const itemOf = new Map(named.map((row) => [row.id, row]));
    const tasks = claimed.map((task) => ({
      ...task,
      sku: itemOf.get(task.itemId)?.sku ?? 'an item',
      title: itemOf.get(task.itemId)?.title ?? null,
    }));
    return { email: seller.email, tasks };
  });
}

/**
 * The seller was told of the task by a push to their phone (decision 084): marked as the e-mail marks it, so no later
 * e-mail names it again.
 */
export async function markDelistTaskTold(db: Db, userId: string, itemId: string, channel: Channel) {
  await updateOwnListings(
    db,
    userId,
    and(listingOfItem(itemId, channel), isNotNull(channelListings.delistTaskAt), isNull(channelListings.delistMailedAt)),
    { delistMailedAt: sql`now()` },
    { stamp: false },
  );
}

/** Gives back a claim whose mail was not sent: the next pull mails these tasks (if still open). */
export async function releaseDelistMailClaim(db: Db, userId: string, tasks: { itemId: string; channel: Channel }[]) {
  for (const task of tasks) {
    await updateOwnListings(db, userId, listingOfItem(task.itemId, task.channel), { delistMailedAt: null }, { stamp: false });
  }
}

/**
 * The seller ticked "Delisted": the listing is ended and the task gone. True when a task was open (a second tick,
 * or another device's, answers false).
 */
export async function tickDelistTask(db: Db, userId: string, itemId: string, channel: AssistedChannel): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await updateOwnListings(tx, userId, and(listingOfItem(itemId, channel), isNotNull(channelListings.delistTaskAt)), {
      status: 'ended',
      endedAt: sql`now()`,
      delistTaskAt: null,
    });
    return done.length > 0;
  });
}

export async function browserNotificationsOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: notificationSettings.browserNotifications })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? false;
}

export async function setBrowserNotifications(db: Db, userId: string, on: boolean) {
  await db
    .insert(notificationSettings)
    .values({ userId, browserNotifications: on })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { browserNotifications: on, updatedAt: sql`now()` } });
}
