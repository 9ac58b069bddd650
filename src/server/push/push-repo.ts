import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions, vapidKeys } from '../db/schema';
import { matching } from '../db/matching';

/** The push_subscriptions and vapid_keys tables (decision 084); every subscription query filtered by the seller. */

export interface StoredPushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A seller's phones and browsers: a push goes to each, so their number is kept small. */
export const MAX_DEVICES_PER_SELLER = 10;

/**
 * Keeps the device's subscription for the seller. An endpoint is one browser's: subscribing it again (new keys) or
 * from another seller signed in on that device moves it to them, so a device never notifies two sellers. Past `keep`
 * devices, the ones subscribed longest ago go.
 */
export async function saveSubscription(db: Db, userId: string, sub: { endpoint: string; p256dh: string; auth: string }, keep: number) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, ...sub })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: sub.p256dh, auth: sub.auth, createdAt: sql`now()` },
      });
    const newest = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(keep);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          newest.map((row) => row.id),
        ),
      ),
    );
  });
}

/** The seller's device turned phone notifications off: true when it was theirs. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(matching(pushSubscriptions, { userId, endpoint }))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The push service answered 404 or 410 (RFC 8030 §7.3): the subscription is gone for good. */
export async function deleteGoneSubscription(db: Db, userId: string, id: string) {
  await db.delete(pushSubscriptions).where(matching(pushSubscriptions, { userId, id }));
}

export async function subscriptionsOf(db: Db, userId: string): Promise<StoredPushSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}

export async function markPushed(db: Db, userId: string, id: string) {
  await db
    .update(pushSubscriptions)
    .set({ lastPushedAt: sql`now()` })
    .where(matching(pushSubscriptions, { userId, id }));
}

/**
 * This server's VAPID keys, made by `make` the first time (kept: every later start, and every other server on the
 * same database, signs with the same pair; two first starts at once keep the first one written).
 */
export async function keptVapidKeys(db: Db, make: () => { publicKey: string; privateKey: string }) {
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (kept) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...make() })
    .onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (!row) throw new Error('VAPID keys were not kept');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}
