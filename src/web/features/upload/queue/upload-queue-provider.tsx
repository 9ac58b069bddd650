import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { compressProductPhotos, sendProduct, type ProductUploadResult } from '../product-upload';
import type { UploadQueueEntry } from './upload-queue-entry';
import { UploadQueue, type QueueSnapshot } from './upload-queue-store';
import { indexedDbUploads } from './upload-storage';

const QueueContext = createContext<UploadQueue | null>(null);
const idle: QueueSnapshot = { entries: [], created: [], run: { done: 0, total: 0 }, notice: null, unsaved: false };
const noSubscription = () => () => undefined;

export interface UploadQueueProviderProps {
  userId: string;
  /** A product was created (app/ uses it to drop the camera photos it was made of). */
  onCreated?: (entry: UploadQueueEntry, result: ProductUploadResult) => void;
  children: ReactNode;
}

/**
 * The app's one upload queue, mounted in the signed-in shell (keyed by user): it outlives every screen, resumes
 * what an earlier page left in IndexedDB and what a lost connection stopped, and warns before the page closes
 * only while photos exist nowhere but in this page's memory.
 */
export function UploadQueueProvider({ userId, onCreated, children }: UploadQueueProviderProps) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<UploadQueue | null>(null);
  const created = useRef(onCreated);
  created.current = onCreated;

  useEffect(() => {
    const made = new UploadQueue({
      userId,
      storage: typeof indexedDB === 'undefined' ? null : indexedDbUploads,
      compress: compressProductPhotos,
      send: sendProduct,
      onCreated: (entry, result) => created.current?.(entry, result),
      onSettled: () => void invalidateItemQueries(queryClient),
    });
    setQueue(made);
    void made.restore();
    const online = () => made.resumeAfterReconnect();
    const leaving = (event: BeforeUnloadEvent) => {
      if (!made.getSnapshot().unsaved) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leaving);
      made.dispose();
    };
  }, [userId, queryClient]);

  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

/** The queue's state and actions for any screen. */
export function useUploadQueue() {
  const queue = useContext(QueueContext);
  const snapshot = useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.getSnapshot ?? (() => idle));
  const busy = snapshot.entries.some((e) => e.status === 'queued' || e.status === 'compressing' || e.status === 'uploading');
  return {
    ...snapshot,
    busy,
    queue,
    enqueue: (groups: Array<{ sku: string | null; files: Blob[] }>) => queue?.enqueue(groups) ?? [],
    clearEntry: (id: string) => queue?.clear(id),
    retryEntry: (id: string, sku?: string) => queue?.retry(id, sku),
    clearCreated: () => queue?.clearCreated(),
  };
}
