import type { Item, RejectedImage } from '@shared/contracts/items';

export interface BatchUploadProgress {
  item: Item | null;
  /** Photos finished (stored or skipped). */
  doneCount: number;
  /** 0-100. */
  percent: number;
}

/** What the capture screen needs to turn a camera batch into a product; app/ supplies the upload feature's. */
export type ProductUploader = (request: {
  autoGenerateListing?: boolean;
  photos: Blob[];
  onProgress?: (progress: BatchUploadProgress) => void;
}) => Promise<{ item: Item; rejected: RejectedImage[] }>;
