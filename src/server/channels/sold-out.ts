import type { Db } from '../db/client';
import { soldOutItemIds } from './repo';

/**
 * Of the seller's `itemIds`, those sold out on some channel (a listing there sold its whole quantity): nothing left to
 * list, so no relist or hand-over of them anywhere. For the features outside channels/; read on the caller's db.
 */
export function soldOutAnywhere(db: Db, userId: string, itemIds: string[]): Promise<Set<string>> {
  return soldOutItemIds(db, userId, itemIds);
}
