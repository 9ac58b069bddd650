import { LRUCache } from 'lru-cache';
import type { EventService } from '../events/service';

export interface ListCacheOptions {
  /** Bytes of pages kept at most (least recently used go first); 0 keeps none. */
  maxBytes: number;
  /**
   * Longest a page is kept, whatever happens: its thumbnails' signed URLs live an hour (DEFAULT_SIGNED_URL_SECONDS),
   * so a kept page must be far younger than that when the browser loads its images.
   */
  ttlMs: number;
}

export const LIST_CACHE_DEFAULTS: ListCacheOptions = { maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 };

/**
 * Pages of the dashboard list (GET /api/items) as sent, kept while nothing the list shows has changed for their
 * seller (decision record 030). Every insert, update and delete of an item, its photos or its eBay listing NOTIFYs
 * the seller's id (migration 0008), which the event service's LISTEN connection hears in every server process;
 * a write answered by this process drops the seller's pages before its answer leaves (invalidate). Pages are kept
 * only while that connection is up (PostgreSQL); on PGlite, or with it lost, every request reads the database.
 */
export interface ListCache {
  /** The page under `key`: kept from an earlier request while it is still current, else built (and kept). */
  page(userId: string, key: string, build: () => Promise<Buffer>): Promise<Buffer>;
  /** The seller's items changed: their kept pages are stale. */
  invalidate(userId: string): void;
  /** Kept pages, and requests answered from them (for tests and the bench). */
  readonly size: number;
  readonly hits: number;
}

interface Kept {
  body: Buffer;
  generation: number;
  epoch: number;
}

export function createListCache(changes: Pick<EventService, 'hearsChanges' | 'onItemsChanged'>, options = LIST_CACHE_DEFAULTS): ListCache {
  const kept =
    options.maxBytes > 0
      ? new LRUCache<string, Kept>({ maxSize: options.maxBytes, sizeCalculation: (entry) => entry.body.length + 200, ttl: options.ttlMs })
      : null;
  /** Per seller: bumped at each change, so a page built before it is never kept or answered after it. */
  const generations = new Map<string, number>();
  /** Bumped when changes may have gone unheard: every kept page is stale. */
  let epoch = 0;
  let hits = 0;
  const generationOf = (userId: string) => generations.get(userId) ?? 0;
  const invalidate = (userId: string) => generations.set(userId, generationOf(userId) + 1);

  changes.onItemsChanged({
    changed: invalidate,
    reset: () => {
      epoch += 1;
      kept?.clear();
    },
  });

  return {
    async page(userId, key, build) {
      if (!kept || !changes.hearsChanges()) return build();
      const cacheKey = `${userId}\n${key}`;
      const generation = generationOf(userId);
      const startEpoch = epoch;
      const found = kept.get(cacheKey);
      if (found && found.generation === generation && found.epoch === startEpoch) {
        hits += 1;
        return found.body;
      }
      const body = await build();
      // A change heard while the page was read may be missing from it: answer it, but do not keep it.
      if (generationOf(userId) === generation && epoch === startEpoch && changes.hearsChanges()) {
        kept.set(cacheKey, { body, generation, epoch: startEpoch });
      }
      return body;
    },
    invalidate,
    get size() {
      return kept?.size ?? 0;
    },
    get hits() {
      return hits;
    },
  };
}
