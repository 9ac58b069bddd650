import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { forgetSalesCursor } from './sales-repo';

/**
 * The seller's next pull of their sales on the channel starts afresh, on the caller's db or transaction: a new
 * connection may be another account on the marketplace.
 */
export function startSalesAfresh(db: Db, userId: string, channel: ApiChannel): Promise<void> {
  return forgetSalesCursor(db, userId, channel);
}
