import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ebaySellerSettings } from '../../../db/schema';
import { accountSharedWithAnother } from '../../channel-accounts-repo';

/** The seller's eBay SKU prefix ('' when none was set). */
export async function skuPrefixOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ skuPrefix: ebaySellerSettings.skuPrefix })
    .from(ebaySellerSettings)
    .where(eq(ebaySellerSettings.userId, userId));
  return row?.skuPrefix ?? '';
}

export async function saveSkuPrefix(db: Db, userId: string, skuPrefix: string) {
  const now = new Date();
  await db
    .insert(ebaySellerSettings)
    .values({ userId, skuPrefix, updatedAt: now })
    .onConflictDoUpdate({ target: ebaySellerSettings.userId, set: { skuPrefix, updatedAt: now } });
}

/** Whether another account of this app is connected to the same eBay account (no more is said about it). */
export const ebayAccountSharedWithAnother = (db: Db, userId: string, ebayUserId: string): Promise<boolean> =>
  accountSharedWithAnother(db, 'ebay', userId, ebayUserId);
