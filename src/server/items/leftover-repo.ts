import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { itemImages } from '../db/schema';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deleting the leftovers is `items`' writer's (decision 082). */
export { deleteEmptyItemsCreatedBefore } from './repo';

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
