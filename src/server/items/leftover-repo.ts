import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { itemImages, items } from '../db/schema';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes the items created before `cutoff` that have no photo: a product upload that never committed (the
 * server was killed, the phone lost the network). An item is never left without photos otherwise.
 */
export async function deleteEmptyItemsCreatedBefore(db: Db, cutoff: Date): Promise<string[]> {
  const deleted = await db
    .delete(items)
    .where(and(lt(items.createdAt, cutoff), sql`not exists (select 1 from ${itemImages} where ${itemImages.itemId} = ${items.id})`))
    .returning({ id: items.id });
  return deleted.map((row) => row.id);
}

/** The keys among `keys` (`{userId}/{itemId}/{file}`) that an image row points at, looked up by item. */
export async function referencedStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const itemIds = [...new Set(keys.map((key) => key.split('/')[1] ?? '').filter((id) => uuidPattern.test(id)))];
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ storagePath: itemImages.storagePath, thumbPath: itemImages.thumbPath })
    .from(itemImages)
    .where(inArray(itemImages.itemId, itemIds));
  return new Set(rows.flatMap((row) => [row.storagePath, row.thumbPath]));
}
