import type { BulkPublishResponse } from '@shared/contracts/publish';
import type { ListedItem } from '@shared/contracts/items';
import { ebayPublishOf } from '../listing';

/** One "Publish N to eBay" run: what was sent, and what the server refused at once. */
export interface BulkRun {
  itemIds: string[];
  refused: BulkPublishResponse['refused'];
}

export interface BulkProgress {
  total: number;
  /** Published or failed (refused ones count as failed at once). */
  done: number;
  published: number;
  failures: { sku: string; message: string }[];
  finished: boolean;
}

/** Progress of a run from the items as the event stream keeps them: n of m, and what failed and why. */
export function bulkProgress(run: BulkRun, items: Pick<ListedItem, 'id' | 'sku' | 'listings'>[]): BulkProgress {
  const byId = new Map(items.map((item) => [item.id, item]));
  const refusedIds = new Set(run.refused.map((r) => r.itemId));
  const failures = run.refused.map((r) => ({ sku: r.sku, message: r.message }));
  let published = 0;
  for (const id of run.itemIds) {
    if (refusedIds.has(id)) continue;
    const listed = byId.get(id);
    const publish = listed ? ebayPublishOf(listed) : null;
    if (publish?.status === 'published') published += 1;
    else if (publish?.status === 'failed') failures.push({ sku: byId.get(id)?.sku ?? id, message: publish.error ?? 'Failed to publish' });
  }
  const done = published + failures.length;
  return { total: run.itemIds.length, done, published, failures, finished: done >= run.itemIds.length };
}
