import { and, eq, exists, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { channelAccounts, channelListings, ebayNotificationsSeen } from '../../../db/schema';

/** SQL of eBay's pushed notifications: the ids already handled, and the app's sellers an eBay seller is. */

/** A handled notification is remembered this long (eBay retries a message for a day at most). */
export const SEEN_NOTIFICATION_DAYS = 7;

export async function notificationSeen(db: Db, notificationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: ebayNotificationsSeen.notificationId })
    .from(ebayNotificationsSeen)
    .where(eq(ebayNotificationsSeen.notificationId, notificationId));
  return rows.length > 0;
}

/** Remembers a handled notification; false when it already was (handled at the same time elsewhere). */
export async function rememberNotification(db: Db, notificationId: string, topic: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(ebayNotificationsSeen)
    .values({ notificationId, topic, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: ebayNotificationsSeen.notificationId });
  await db
    .delete(ebayNotificationsSeen)
    .where(lt(ebayNotificationsSeen.receivedAt, new Date(now.getTime() - SEEN_NOTIFICATION_DAYS * 86_400_000)));
  return rows.length > 0;
}

/**
 * Whom to ask eBay for a pushed order: each eBay account (its id) with the app's sellers connected to it whose
 * connection made an eBay listing (no other seller's sale is ever recorded). Given the eBay seller the message names
 * (a field no stored eBay document shows: its id or username), only that account's sellers, when any are connected;
 * otherwise every candidate, as when none is named.
 */
export async function ebaySellersToAsk(db: Db, ebaySeller?: string): Promise<{ account: string; userIds: string[] }[]> {
  const rows = await db
    .selectDistinct({ userId: channelAccounts.userId, account: channelAccounts.accountRef, label: channelAccounts.label })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, 'ebay'),
        exists(
          db
            .select({ one: sql`1` })
            .from(channelListings)
            .where(
              and(
                eq(channelListings.userId, channelAccounts.userId),
                eq(channelListings.channel, 'ebay'),
                isNotNull(channelListings.externalId),
              ),
            ),
        ),
      ),
    )
    .orderBy(channelAccounts.accountRef, channelAccounts.userId);
  const named = (row: (typeof rows)[number]) =>
    ebaySeller !== undefined && (row.account === ebaySeller || row.label?.toLowerCase() === ebaySeller.toLowerCase());
  const chosen = rows.some(named) ? rows.filter(named) : rows;
  const accounts = new Map<string, string[]>();
  for (const row of chosen) accounts.set(row.account, [...(accounts.get(row.account) ?? []), row.userId]);
  return [...accounts].map(([account, userIds]) => ({ account, userIds }));
}
