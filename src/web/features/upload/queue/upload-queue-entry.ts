import type { Item } from '@shared/contracts/items';
import type { PhotoProgress, ProductUploadResult } from '../product-upload';

/** Spec §3 "Upload queue entry" (client only). */
export type QueueStatus = 'queued' | 'compressing' | 'uploading' | 'completed' | 'failed';

export interface UploadQueueEntry {
  id: string;
  /** The typed SKU, or the generated one once the server has assigned it (null before). */
  sku: string | null;
  batchNumber: number | null;
  images: File[];
  status: QueueStatus;
  /** 0-100: compressing 0-50, uploading 50-100. */
  progress: number;
  totalImages: number;
  error: string | null;
  /** A failed entry offers Retry only when sending the same files again could succeed. */
  retryable: boolean;
  startedAt: number | null;
  completedAt: number | null;
  result: ProductUploadResult | null;
  /** Per-photo progress, for the segmented bar. */
  photos: PhotoProgress[];
}

/** Spec §9: finished entries are removed after 3 s. */
export const COMPLETED_ENTRY_LIFETIME_MS = 3000;

let counter = 0;

export function newQueueEntry(sku: string | null, images: File[]): UploadQueueEntry {
  counter += 1;
  return {
    id: `upload-${Date.now()}-${counter}`,
    sku,
    batchNumber: null,
    images,
    status: 'queued',
    progress: 0,
    totalImages: images.length,
    error: null,
    retryable: true,
    startedAt: null,
    completedAt: null,
    result: null,
    photos: images.map(() => ({ status: 'waiting', percent: 0 })),
  };
}

export function withItem(entry: UploadQueueEntry, item: Item | null): UploadQueueEntry {
  return item ? { ...entry, sku: item.sku, batchNumber: item.batchNumber } : entry;
}
