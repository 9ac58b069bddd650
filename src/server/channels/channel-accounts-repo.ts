import { and, eq } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelAccounts } from '../db/schema';

/**
 * The one writer of `channel_accounts` (decision 072): a seller's connection to an OAuth marketplace, one per
 * (seller, channel). Tokens arrive here already encrypted (token-crypto.ts); every read is the seller's own.
 */
export type ChannelAccountRow = typeof channelAccounts.$inferSelect;
export type ChannelAccountWrite = Omit<typeof channelAccounts.$inferInsert, 'id' | 'userId' | 'channel' | 'createdAt' | 'updatedAt'>;

const ofSeller = (userId: string, channel: ApiChannel) => and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, channel));

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

export async function deleteChannelAccount(db: Db, userId: string, channel: ApiChannel): Promise<void> {
  await db.delete(channelAccounts).where(ofSeller(userId, channel));
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
    .where(and(eq(channelAccounts.channel, channel), eq(channelAccounts.accountRef, accountRef)));
  return rows.map((row) => row.userId);
}
