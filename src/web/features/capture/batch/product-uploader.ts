import type { Item, RejectedImage } from '@shared/contracts/items';

export interface BatchUploadProgress {
  item: Item | null;
  /** Photos finished (stored or skipped). */
  doneCount: number;
  /** 0-100. */
  percent: number;
}

/**
 * What the capture screen needs to turn a camera batch into a product; app/ supplies the upload feature's queue,
 * which keeps going when the seller leaves the screen. `photoIds` name the camera photos: handing the same batch
 * over again (Try Again) finds its product in the queue instead of making a second one.
 */
export type ProductUploader = (request: {
  autoGenerateListing?: boolean;
  /** The size on the label, typed before the upload; null when none. */
  size?: string | null;
  photos: Blob[];
  photoIds: string[];
  onProgress?: (progress: BatchUploadProgress) => void;
}) => Promise<{ item: Item; rejected: RejectedImage[] }>;
