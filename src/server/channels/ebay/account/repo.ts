import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { forgetSalesCursor } from '../../sales-repo';
import { forgetEbayListingsOf } from '../listing-repo';
import { ebayCredentials, ebayInventoryLocations, ebayOauthStates } from '../../../db/schema';

/** SQL of the eBay account: credentials, OAuth states, the default location. Every statement filters by the user. */

export type CredentialsRow = typeof ebayCredentials.$inferSelect;
export type LocationRow = typeof ebayInventoryLocations.$inferSelect;

export async function insertOauthState(db: Db, row: { state: string; userId: string; isSandbox: boolean; expiresAt: Date }) {
  await db.insert(ebayOauthStates).values(row);
  // Old states are of no use: drop the expired ones now and then.
  await db.delete(ebayOauthStates).where(lt(ebayOauthStates.expiresAt, new Date(Date.now() - 24 * 3600_000)));
}

/**
 * Uses up a state in one statement: answers its row only if it is the user's, unused and unexpired. A reused state
 * (usedAt set) or another user's never matches, so two concurrent exchanges cannot both pass.
 */
export async function consumeOauthState(db: Db, state: string, userId: string, now: Date) {
  const [row] = await db
    .update(ebayOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(ebayOauthStates.state, state),
        eq(ebayOauthStates.userId, userId),
        isNull(ebayOauthStates.usedAt),
        gt(ebayOauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findCredentials(db: Db, userId: string): Promise<CredentialsRow | undefined> {
  const [row] = await db.select().from(ebayCredentials).where(eq(ebayCredentials.userId, userId));
  return row;
}

/** The row locked FOR UPDATE: the cross-process guard of a token refresh. */
export async function lockCredentials(tx: Db, userId: string): Promise<CredentialsRow | undefined> {
  const [row] = await tx.select().from(ebayCredentials).where(eq(ebayCredentials.userId, userId)).for('update');
  return row;
}

export type NewCredentials = Omit<typeof ebayCredentials.$inferInsert, 'createdAt' | 'updatedAt'>;

/** Saves a fresh connection; reconnecting the same eBay account keeps the chosen policies, another one clears them. */
export async function upsertCredentials(db: Db, values: NewCredentials) {
  const now = new Date();
  const existing = await findCredentials(db, values.userId);
  const keepPolicies = existing?.ebayUserId === values.ebayUserId;
  await db
    .insert(ebayCredentials)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: ebayCredentials.userId,
      set: {
        ...values,
        updatedAt: now,
        ...(keepPolicies ? {} : { defaultPaymentPolicyId: null, defaultFulfillmentPolicyId: null, defaultReturnPolicyId: null }),
      },
    });
  if (existing && !keepPolicies) await db.delete(ebayInventoryLocations).where(eq(ebayInventoryLocations.userId, values.userId));
}

export async function updateAccessToken(
  db: Db,
  userId: string,
  values: { accessTokenEnc: string; refreshTokenEnc: string; tokenKeyVersion: string; tokenExpiresAt: Date },
) {
  await db
    .update(ebayCredentials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ebayCredentials.userId, userId));
}

/** Marks the refresh token unusable (eBay refused it): the seller must reconnect. */
export async function markRefreshTokenDead(db: Db, userId: string, now: Date) {
  await db.update(ebayCredentials).set({ refreshTokenExpiresAt: now, updatedAt: now }).where(eq(ebayCredentials.userId, userId));
}

export async function setPolicyDefaults(
  db: Db,
  userId: string,
  ids: { paymentPolicyId: string; fulfillmentPolicyId: string; returnPolicyId: string },
) {
  await db
    .update(ebayCredentials)
    .set({
      defaultPaymentPolicyId: ids.paymentPolicyId,
      defaultFulfillmentPolicyId: ids.fulfillmentPolicyId,
      defaultReturnPolicyId: ids.returnPolicyId,
      updatedAt: new Date(),
    })
    .where(eq(ebayCredentials.userId, userId));
}

export async function deleteCredentials(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(ebayCredentials).where(eq(ebayCredentials.userId, userId)).returning({ userId: ebayCredentials.userId });
  return rows.length > 0;
}

export async function defaultLocation(db: Db, userId: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(ebayInventoryLocations)
    .where(eq(ebayInventoryLocations.userId, userId))
    .orderBy(desc(ebayInventoryLocations.isDefault), desc(ebayInventoryLocations.createdAt))
    .limit(1);
  return row;
}

/** Makes this location the user's one default (others stay, no longer default). */
export async function saveDefaultLocation(db: Db, row: Omit<typeof ebayInventoryLocations.$inferInsert, 'id' | 'createdAt' | 'isDefault'>) {
  await db.transaction(async (tx) => {
    await tx.update(ebayInventoryLocations).set({ isDefault: false }).where(eq(ebayInventoryLocations.userId, row.userId));
    await tx
      .insert(ebayInventoryLocations)
      .values({ ...row, isDefault: true })
      .onConflictDoUpdate({
        target: [ebayInventoryLocations.userId, ebayInventoryLocations.merchantLocationKey],
        set: { ...row, isDefault: true },
      });
  });
}

/** Marketplace account deletion: every user connected to this eBay account. */
export async function usersOfEbayAccount(db: Db, ebayUserId: string): Promise<string[]> {
  const rows = await db.select({ userId: ebayCredentials.userId }).from(ebayCredentials).where(eq(ebayCredentials.ebayUserId, ebayUserId));
  return rows.map((r) => r.userId);
}

/** Deletes the tokens and the eBay data we hold for the user (listing links and locations); the items stay. */
export async function deleteEbayData(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(ebayCredentials).where(eq(ebayCredentials.userId, userId));
    await forgetEbayListingsOf(tx, userId);
    await tx.delete(ebayInventoryLocations).where(eq(ebayInventoryLocations.userId, userId));
    await tx.delete(ebayOauthStates).where(eq(ebayOauthStates.userId, userId));
    // Sales stay: the seller's own records (no buyer's data), which their profit is counted from.
    await forgetSalesCursor(tx, userId, 'ebay');
  });
}

/** Every user with an eBay connection whose refresh token still lives, with the scopes it was granted. */
export async function liveConnections(db: Db, now: Date): Promise<{ userId: string; scopes: string | null }[]> {
  return db
    .select({ userId: ebayCredentials.userId, scopes: ebayCredentials.scopes })
    .from(ebayCredentials)
    .where(or(isNull(ebayCredentials.refreshTokenExpiresAt), gt(ebayCredentials.refreshTokenExpiresAt, now)));
}
