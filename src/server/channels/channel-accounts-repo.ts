import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelAccounts } from '../db/schema';
import { matching } from '../db/matching';

/**
 * The one writer of `channel_accounts` (decisions 072, 079): a seller's connection to an OAuth marketplace (eBay, Etsy,
 * Shopify), one per (seller, channel). Tokens arrive here already encrypted (token-crypto.ts); every read by a seller
 * is their own; the reads by an account (a pushed notification, account deletion) answer the sellers connected to it.
 */
export type ChannelAccountRow = typeof channelAccounts.$inferSelect;
export type ChannelAccountWrite = Omit<typeof channelAccounts.$inferInsert, 'id' | 'userId' | 'channel' | 'createdAt' | 'updatedAt'>;

const ofSeller = (userId: string, channel: ApiChannel) => matching(channelAccounts, { userId, channel });

export async function channelAccountOf(db: Db, userId: string, channel: ApiChannel): Promise<ChannelAccountRow | undefined> {
  const [row] = await db.select().from(channelAccounts).where(ofSeller(userId, channel));
  return row;
}

/** Connects (or reconnects: the row is replaced) the seller's account on the channel. */
export async function saveChannelAccount(db: Db, userId: string, channel: ApiChannel, account: ChannelAccountWrite): Promise<void> {
  const values = { ...account, updatedAt: new Date() };
  await db
    .insert(channelAccounts)
    .values({ userId, channel, ...values })
    .onConflictDoUpdate({ target: [channelAccounts.userId, channelAccounts.channel], set: values });
}

/** Disconnects; whether there was a connection. */
export async function deleteChannelAccount(db: Db, userId: string, channel: ApiChannel): Promise<boolean> {
  const rows = await db.delete(channelAccounts).where(ofSeller(userId, channel)).returning({ id: channelAccounts.id });
  return rows.length > 0;
}

/** The row locked FOR UPDATE (inside a transaction): the cross-process guard of a token refresh. */
export async function lockChannelAccount(tx: Db, userId: string, channel: ApiChannel): Promise<ChannelAccountRow | undefined> {
  const [row] = await tx.select().from(channelAccounts).where(ofSeller(userId, channel)).for('update');
  return row;
}

/** New tokens (encrypted) after a refresh or a re-encryption under the current key. */
export async function saveChannelAccountTokens(
  db: Db,
  userId: string,
  channel: ApiChannel,
  tokens: Pick<ChannelAccountWrite, 'accessToken' | 'refreshToken' | 'keyVersion' | 'accessExpiresAt' | 'refreshExpiresAt'>,
): Promise<void> {
  await db
    .update(channelAccounts)
    .set({ ...tokens, updatedAt: new Date() })
    .where(ofSeller(userId, channel));
}

/** The marketplace refused the refresh token: the connection stays, shown as expired, until the seller reconnects. */
export async function markChannelAccountExpired(db: Db, userId: string, channel: ApiChannel, at: Date): Promise<void> {
  await db.update(channelAccounts).set({ refreshExpiresAt: at, updatedAt: at }).where(ofSeller(userId, channel));
}

/** Merges what only the channel keeps into the connection's `data` (eBay's policies, Etsy's shop setup). */
export async function updateChannelAccountData(db: Db, userId: string, channel: ApiChannel, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(channelAccounts)
    .set({ data: sql`${channelAccounts.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(ofSeller(userId, channel));
}

/** The sellers whose connection on the channel can still be used: no refresh token end, or one still ahead. */
export async function liveSellersOnChannel(db: Db, channel: ApiChannel, now: Date): Promise<{ userId: string; scopes: string }[]> {
  return db
    .select({ userId: channelAccounts.userId, scopes: channelAccounts.scopes })
    .from(channelAccounts)
    .where(
      and(eq(channelAccounts.channel, channel), or(isNull(channelAccounts.refreshExpiresAt), gt(channelAccounts.refreshExpiresAt, now))),
    );
}

/** Whether another seller is connected to the same marketplace account. */
export async function accountSharedWithAnother(db: Db, channel: ApiChannel, userId: string, accountRef: string): Promise<boolean> {
  const rows = await db
    .select({ userId: channelAccounts.userId })
    .from(channelAccounts)
    .where(and(matching(channelAccounts, { channel, accountRef }), ne(channelAccounts.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The sellers connected on the channel (the sales schedule pulls them). */
export async function sellersOnChannel(db: Db, channel: ApiChannel): Promise<string[]> {
  const rows = await db.select({ userId: channelAccounts.userId }).from(channelAccounts).where(eq(channelAccounts.channel, channel));
  return rows.map((row) => row.userId);
}

/** The sellers connected to this account on the channel (a Shopify store's domain): whose a pushed order may be. */
export async function sellersOfAccount(db: Db, channel: ApiChannel, accountRef: string): Promise<string[]> {
  const rows = await db
    .select({ userId: channelAccounts.userId })
    .from(channelAccounts)
    .where(matching(channelAccounts, { channel, accountRef }));
  return rows.map((row) => row.userId);
}

/** The channels the seller has a connection on (one that needs renewing too). */
export async function connectedChannelsOf(db: Db, userId: string): Promise<ApiChannel[]> {
  const rows = await db.select({ channel: channelAccounts.channel }).from(channelAccounts).where(eq(channelAccounts.userId, userId));
  return rows.map((row) => row.channel as ApiChannel);
}
