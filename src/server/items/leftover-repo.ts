import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUuid } from '@shared/contracts/ids';
import { itemImages, items } from '../db/schema';

/** Deleting the leftovers is `items`' writer's (decision 082). */
export { deleteEmptyItemsCreatedBefore } from './repo';

/** The keys among `keys` (`{userId}/{itemId}/{file}`) that an image row or an evidence crop points at, looked up by item. */
export async function referencedStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const itemIds = [...new Set(keys.map((key) => key.split('/')[1] ?? '').filter((id) => isUuid(id)))];
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ storagePath: itemImages.storagePath, thumbPath: itemImages.thumbPath })
    .from(itemImages)
    .where(inArray(itemImages.itemId, itemIds));
  // The crops kept as a listing's evidence (decision 171) are the item's files too.
  const evidence = await db.select({ evidence: items.aiEvidence }).from(items).where(inArray(items.id, itemIds));
  const crops = evidence.flatMap((row) => Object.values(row.evidence ?? {}).flatMap((e) => (e.crop ? [e.crop] : [])));
  return new Set([...rows.flatMap((row) => [row.storagePath, row.thumbPath]), ...crops]);
}
