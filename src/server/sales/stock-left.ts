import type { Db } from '../db/client';
import { stockLeft } from './sales-repo';

/**
 * The item's remaining stock (decision 083), for the marketplaces that offer it (publish, revise, relist): its stock
 * less every channel's standing sales; below 0, sold more than there was. Read on the caller's db or transaction.
 */
export function stockLeftOf(db: Db, userId: string, itemId: string): Promise<number> {
  return stockLeft(db, userId, itemId);
}
