import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ebayNotificationsSeen } from '../../../db/schema';
import { sellersOfAccountOrLabel } from '../../channel-accounts-repo';

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
 * The app's users connected to the eBay seller a notification names (its eBay user id or username; two users of the
 * app may share one eBay account): each is asked for the order with their own token.
 */
export const usersOfEbaySeller = (db: Db, ebaySeller: string): Promise<string[]> => sellersOfAccountOrLabel(db, 'ebay', ebaySeller);
