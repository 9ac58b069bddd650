import type { Item } from '@shared/contracts/items';
import { randomUuid } from '@/lib/random-uuid';
import type { PhotoProgress, ProductUploadResult } from '../product-upload';
import type { PreparedPhoto } from '../upload-product-photos';

/** An upload queue entry (client only). */
export type QueueStatus = 'queued' | 'compressing' | 'uploading' | 'completed' | 'failed';

export interface UploadQueueEntry {
  id: string;
  /** The typed SKU, or the generated one once the server has assigned it (null before). */
  sku: string | null;
  batchNumber: number | null;
  images: Blob[];
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
  /** The product's key on the server: every resend of it (retry, reload, reopened tab) carries the same one. */
  uploadKey: string;
  /** The size on the label, as the seller typed it; null when none. */
  size: string | null;
  autoGenerateListing: boolean;
  /** Who handed the product over (e.g. the camera batch's photo ids), so a second hand-over finds this entry. */
  source: string | null;
  /** The compressed photos, once ready to send. */
  prepared: PreparedPhoto[] | null;
  /** Written to IndexedDB: a reload or a closed tab resumes it. */
  saved: boolean;
  /** Failed for want of a connection: tried again when the browser is back online. */
  waitingForNetwork: boolean;
  /** Failed because its SKU is taken: Retry sends it under the next free generated SKU. */
  skuConflict: boolean;
  /** The SKU it had when its retry after a conflict took the next free one (named to the seller). */
  renamedFrom: string | null;
}

/** Finished entries are removed after 3 s. */
export const COMPLETED_ENTRY_LIFETIME_MS = 3000;

let counter = 0;

export interface NewEntryOptions {
  id?: string;
  uploadKey?: string;
  size?: string | null;
  autoGenerateListing?: boolean;
  source?: string | null;
  prepared?: PreparedPhoto[] | null;
  saved?: boolean;
  renamedFrom?: string | null;
}

export function newQueueEntry(sku: string | null, images: Blob[], options: NewEntryOptions = {}): UploadQueueEntry {
  counter += 1;
  const prepared = options.prepared ?? null;
  return {
    id: options.id ?? `upload-${Date.now()}-${counter}`,
    sku,
    batchNumber: null,
    images,
    status: 'queued',
    progress: prepared ? 50 : 0,
    totalImages: images.length,
    error: null,
    retryable: true,
    startedAt: null,
    completedAt: null,
    result: null,
    photos: images.map(() => (prepared ? { status: 'compressed', percent: 50 } : { status: 'waiting', percent: 0 })),
    uploadKey: options.uploadKey ?? randomUuid(),
    size: options.size ?? null,
    autoGenerateListing: options.autoGenerateListing ?? false,
    source: options.source ?? null,
    prepared,
    saved: options.saved ?? false,
    waitingForNetwork: false,
    skuConflict: false,
    renamedFrom: options.renamedFrom ?? null,
  };
}

export function withItem(entry: UploadQueueEntry, item: Item | null): UploadQueueEntry {
  return item ? { ...entry, sku: item.sku, batchNumber: item.batchNumber } : entry;
}

/** What the seller reads once a retry after a SKU conflict has created the product under another SKU. */
export const renamedNotice = (taken: string, given: string) => `${taken} was already in use, so this product was uploaded as ${given}.`;

/** Waiting, compressing or sending: not yet with the server. */
export const isActive = (entry: UploadQueueEntry) =>
  entry.status === 'queued' || entry.status === 'compressing' || entry.status === 'uploading';

/** Spec texts for the resume notice: "{n} products waiting to upload — resuming". */
export const resumeNotice = (n: number) => `${n} product${n === 1 ? '' : 's'} waiting to upload — resuming`;

/** Failed for want of a connection: it goes again by itself once the browser is back online. */
export const isWaitingForConnection = (entry: UploadQueueEntry) => entry.status === 'failed' && entry.waitingForNetwork;

/** What a product waiting for a connection says, in the queue and on the indicator. */
export const waitingForConnection = 'Waiting for a connection';
export const waitingLabel = (n: number) => `${n} waiting for a connection`;
export const waitingNote = "It uploads by itself when you're back online.";
