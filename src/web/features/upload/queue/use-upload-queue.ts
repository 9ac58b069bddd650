import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateItemQueries } from '../../../entities/items/query-keys';
import { queueFailureMessage, queueFailureRetryable } from '../product-upload-error';
import { uploadProduct, type ProductUploadProgress } from '../product-upload';
import { COMPLETED_ENTRY_LIFETIME_MS, newQueueEntry, withItem, type UploadQueueEntry } from './upload-queue-entry';

const PROGRESS_INTERVAL_MS = 100;

export interface ProductGroup {
  /** Typed SKU, or null: the server gives the next generated one. */
  sku: string | null;
  files: File[];
}

/** A product this upload session created, for the summary at the end. */
export interface CreatedProduct {
  itemId: string;
  sku: string;
  photoCount: number;
}

/**
 * The upload queue: one entry per SKU, processed one at a time in order (spec §4). Progress arrives many times a
 * second per photo; it is folded into state at most every 100 ms (the bars animate in between), so 100 photos in
 * flight cost the main thread a few renders a second, not one per network event.
 */
export function useUploadQueue() {
  const [entries, setEntries] = useState<UploadQueueEntry[]>([]);
  const [created, setCreated] = useState<CreatedProduct[]>([]);
  const running = useRef(false);
  const pending = useRef(new Map<string, ProductUploadProgress>());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const queryClient = useQueryClient();

  const update = useCallback((id: string, change: (entry: UploadQueueEntry) => UploadQueueEntry) => {
    setEntries((all) => all.map((entry) => (entry.id === id ? change(entry) : entry)));
  }, []);

  const flushProgress = useCallback(() => {
    flushTimer.current = null;
    const batch = new Map(pending.current);
    pending.current.clear();
    setEntries((all) =>
      all.map((entry) => {
        const progress = batch.get(entry.id);
        if (!progress || entry.status === 'completed' || entry.status === 'failed') return entry;
        const status = progress.phase === 'uploading' ? 'uploading' : 'compressing';
        return { ...withItem(entry, progress.item), status, progress: Math.min(progress.percent, 99), photos: progress.photos };
      }),
    );
  }, []);

  const process = useCallback(
    async (entry: UploadQueueEntry) => {
      update(entry.id, (e) => ({ ...e, status: 'compressing', startedAt: Date.now() }));
      try {
        const result = await uploadProduct({
          sku: entry.sku ?? undefined,
          photos: entry.images,
          onProgress: (progress) => {
            pending.current.set(entry.id, progress);
            flushTimer.current ??= setTimeout(flushProgress, PROGRESS_INTERVAL_MS);
          },
        });
        pending.current.delete(entry.id);
        setCreated((all) => [...all, { itemId: result.item.id, sku: result.item.sku, photoCount: result.item.photoCount }]);
        update(entry.id, (e) => ({
          ...withItem(e, result.item),
          status: 'completed',
          progress: 100,
          completedAt: Date.now(),
          result,
          images: [],
        }));
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setEntries((all) => all.filter((e) => e.id !== entry.id));
        }, COMPLETED_ENTRY_LIFETIME_MS);
        timers.current.add(timer);
      } catch (err) {
        pending.current.delete(entry.id);
        update(entry.id, (e) => ({
          ...e,
          status: 'failed',
          error: queueFailureMessage(err),
          retryable: queueFailureRetryable(err),
          completedAt: Date.now(),
        }));
      } finally {
        void invalidateItemQueries(queryClient);
      }
    },
    [flushProgress, queryClient, update],
  );

  // One upload at a time, in order: whenever nothing runs and something waits, start the oldest.
  useEffect(() => {
    if (running.current) return;
    const next = entries.find((e) => e.status === 'queued');
    if (!next) return;
    running.current = true;
    void process(next).finally(() => {
      running.current = false;
      setEntries((all) => [...all]);
    });
  }, [entries, process]);

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const timer of pendingTimers) clearTimeout(timer);
      if (flushTimer.current !== null) clearTimeout(flushTimer.current);
    };
  }, []);

  const enqueue = useCallback((groups: ProductGroup[]) => {
    setEntries((all) => [...all, ...groups.filter((g) => g.files.length > 0).map((g) => newQueueEntry(g.sku, g.files))]);
  }, []);

  const clearEntry = useCallback((id: string) => setEntries((all) => all.filter((e) => e.id !== id || e.status !== 'failed')), []);
  /** Sends a failed product again, with the same photos, under its SKU or a new one (after a SKU conflict). */
  const retryEntry = useCallback(
    (id: string, sku?: string) => update(id, (e) => (e.status === 'failed' ? { ...newQueueEntry(sku ?? e.sku, e.images), id: e.id } : e)),
    [update],
  );

  const busy = entries.some((e) => e.status === 'queued' || e.status === 'compressing' || e.status === 'uploading');
  const clearCreated = useCallback(() => setCreated([]), []);
  return { entries, enqueue, clearEntry, retryEntry, busy, created, clearCreated };
}
