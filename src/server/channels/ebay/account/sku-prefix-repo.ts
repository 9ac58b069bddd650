import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ebayCredentials, ebaySellerSettings } from '../../../db/schema';

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
export async function ebayAccountSharedWithAnother(db: Db, userId: string, ebayUserId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: ebayCredentials.userId })
    .from(ebayCredentials)
    .where(and(eq(ebayCredentials.ebayUserId, ebayUserId), ne(ebayCredentials.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
