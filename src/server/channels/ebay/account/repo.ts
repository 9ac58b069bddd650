import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { startSalesAfresh } from '../../../sales/sales-cursor';
import { forgetEbayListingsOf } from '../listing-repo';
import { ebayInventoryLocations } from '../../../db/schema';
import {
  channelAccountOf,
  deleteChannelAccount,
  liveSellersOnChannel,
  saveChannelAccount,
  sellersOfAccount,
  updateChannelAccountData,
  type ChannelAccountRow,
} from '../../channel-accounts-repo';
import { forgetConsents } from '../../oauth/consent';

/**
 * The seller's eBay account: its connection is their row of `channel_accounts` (decision 079: the account's id as its
 * reference, the username as its label, the rest in its data), read here as eBay's view; the default location is
 * eBay's own table. Every statement filters by the user.
 */

/** What only eBay keeps of a connection, in `channel_accounts.data`. */
interface EbayAccountData {
  isSandbox?: boolean;
  marketplaceId?: string;
  paymentPolicyId?: string | null;
  fulfillmentPolicyId?: string | null;
  returnPolicyId?: string | null;
}

export interface CredentialsRow {
  userId: string;
  ebayUserId: string;
  ebayUsername: string | null;
  isSandbox: boolean;
  marketplaceId: string;
  tokenExpiresAt: Date;
  refreshTokenExpiresAt: Date | null;
  /** Space-separated; null for a connection made before the scopes were kept. */
  scopes: string | null;
  defaultPaymentPolicyId: string | null;
  defaultFulfillmentPolicyId: string | null;
  defaultReturnPolicyId: string | null;
  updatedAt: Date;
}
export type LocationRow = typeof ebayInventoryLocations.$inferSelect;

export function credentialsOf(row: ChannelAccountRow): CredentialsRow {
  const data = row.data as EbayAccountData;
  return {
    userId: row.userId,
    ebayUserId: row.accountRef,
    ebayUsername: row.label,
    isSandbox: data.isSandbox ?? true,
    marketplaceId: data.marketplaceId ?? 'EBAY_US',
    tokenExpiresAt: row.accessExpiresAt ?? row.updatedAt,
    refreshTokenExpiresAt: row.refreshExpiresAt,
    scopes: row.scopes || null,
    defaultPaymentPolicyId: data.paymentPolicyId ?? null,
    defaultFulfillmentPolicyId: data.fulfillmentPolicyId ?? null,
    defaultReturnPolicyId: data.returnPolicyId ?? null,
    updatedAt: row.updatedAt,
  };
}

export async function findCredentials(db: Db, userId: string): Promise<CredentialsRow | undefined> {
  const row = await channelAccountOf(db, userId, 'ebay');
  return row && credentialsOf(row);
}

export interface NewCredentials {
  userId: string;
  ebayUserId: string;
  ebayUsername: string | null;
  isSandbox: boolean;
  marketplaceId: string;
  /** Both already encrypted, under `keyVersion`. */
  accessToken: string;
  refreshToken: string;
  keyVersion: string;
  tokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
  scopes: string;
}

/** Saves a fresh connection; reconnecting the same eBay account keeps the chosen policies, another one clears them. */
export async function upsertCredentials(db: Db, values: NewCredentials) {
  const existing = await channelAccountOf(db, values.userId, 'ebay');
  const keepPolicies = existing?.accountRef === values.ebayUserId;
  const kept = keepPolicies ? (existing.data as EbayAccountData) : {};
  await saveChannelAccount(db, values.userId, 'ebay', {
    accountRef: values.ebayUserId,
    label: values.ebayUsername,
    accessToken: values.accessToken,
    refreshToken: values.refreshToken,
    keyVersion: values.keyVersion,
    scopes: values.scopes,
    accessExpiresAt: values.tokenExpiresAt,
    refreshExpiresAt: values.refreshTokenExpiresAt,
    data: { ...kept, isSandbox: values.isSandbox, marketplaceId: values.marketplaceId } satisfies EbayAccountData,
  });
  if (existing && !keepPolicies) await db.delete(ebayInventoryLocations).where(eq(ebayInventoryLocations.userId, values.userId));
}

export async function setPolicyDefaults(
  db: Db,
  userId: string,
  ids: { paymentPolicyId: string; fulfillmentPolicyId: string; returnPolicyId: string },
) {
  await updateChannelAccountData(db, userId, 'ebay', ids satisfies EbayAccountData);
}

export const deleteCredentials = (db: Db, userId: string): Promise<boolean> => deleteChannelAccount(db, userId, 'ebay');

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
export const usersOfEbayAccount = (db: Db, ebayUserId: string): Promise<string[]> => sellersOfAccount(db, 'ebay', ebayUserId);

/** Deletes the tokens and the eBay data we hold for the user (listing links and locations); the items stay. */
export async function deleteEbayData(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await deleteChannelAccount(tx, userId, 'ebay');
    await forgetEbayListingsOf(tx, userId);
    await tx.delete(ebayInventoryLocations).where(eq(ebayInventoryLocations.userId, userId));
    await forgetConsents(tx, userId, 'ebay');
    // Sales stay: the seller's own records (no buyer's data), which their profit is counted from.
    await startSalesAfresh(tx, userId, 'ebay');
  });
}

/** Every user with an eBay connection whose refresh token still lives, with the scopes it was granted. */
export async function liveConnections(db: Db, now: Date): Promise<{ userId: string; scopes: string | null }[]> {
  return (await liveSellersOnChannel(db, 'ebay', now)).map((row) => ({ userId: row.userId, scopes: row.scopes || null }));
}
