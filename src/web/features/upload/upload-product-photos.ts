import { uploadLimits, type Item, type RejectedImage, type UploadImagesResponse } from '@shared/contracts/items';
import { ApiError } from '@/lib/api-client';
import { uploadProductRequest } from './api/upload-product';
import { fileFractions, requestGroups } from './file-progress';
import { ProductUploadError, codeOf, messageOf } from './product-upload-error';
import { must } from '@shared/must';

export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
}

/** The product as the server creates it: its upload key (the same on every resend), SKU and options. */
export interface ProductToSend {
  uploadKey: string;
  /** A typed SKU; absent for the next generated one. */
  sku?: string;
  /** SKUs typed for other products of the queue: a generated SKU skips them. */
  reserved?: string[];
  /** The size on the label as the seller typed it: eBay's is asked before the listing is written. */
  size?: string;
  autoGenerateListing: boolean;
}

export interface PhotoUploadCallbacks {
  /** `fraction` of this photo's bytes sent (0-1). */
  onProgress: (index: number, fraction: number) => void;
  onDone: (index: number, accepted: boolean) => void;
  onItem: (item: Item) => void;
  signal?: AbortSignal;
}

/** Outer upload retries: 3. */
const ATTEMPTS = 3;
/** A request stays small enough that a retry on a phone's connection resends little. */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** Failures that concern the whole product, not its photos: stop instead of skipping. */
const FATAL_CODES = new Set(['UNAUTHENTICATED', 'NOT_FOUND', 'CROSS_SITE_REQUEST', 'RATE_LIMITED', 'NETWORK', 'SKU_CONFLICT']);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a product in one multipart request (more only past 30 photos or 32 MB): the server creates its item and
 * photos together, so a product exists whole or not at all. Every request carries the product's upload key, so
 * a retry after a lost answer, a reload or a closed tab gets the same item back, never a second one; later parts
 * carry the count of photos the server already took in (`offset`), so a part sent twice is stored once. Each
 * photo reports its own progress from the bytes sent. See docs/decisions/012-one-upload-request-per-product.md.
 */
export async function uploadProductPhotos(product: ProductToSend, photos: PreparedPhoto[], callbacks: PhotoUploadCallbacks) {
  const { onProgress, onDone, onItem, signal } = callbacks;
  const rejected: RejectedImage[] = [];
  let item: Item | null = null;
  /** Photos of this product the server has taken in (stored or refused) in committed requests. */
  let offset = 0;
  let firstFailure: unknown;

  async function send(indexes: number[]): Promise<UploadImagesResponse> {
    const group = indexes.map((index) => must(photos[index], 'request groups index the photos'));
    const sizes = group.map((photo) => photo.blob.size);
    const query = {
      uploadKey: product.uploadKey,
      sku: product.sku,
      reserved: product.reserved?.length ? product.reserved.join(',') : undefined,
      size: product.size,
      autoGenerateListing: product.autoGenerateListing ? ('true' as const) : undefined,
      offset,
      photoTotal: photos.length,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await uploadProductRequest(query, group, {
          signal,
          onProgress: ({ loaded, total }) =>
            fileFractions(sizes, loaded, total).forEach((fraction, i) =>
              onProgress(must(indexes[i], 'one fraction per file sent'), fraction),
            ),
        });
      } catch (err) {
        const retryable = err instanceof ApiError && err.retryable;
        // A generated SKU taken meanwhile by another tab: the server picks the next one on the retry.
        const generatedConflict = err instanceof ApiError && err.status === 409 && err.code === 'SKU_CONFLICT' && !product.sku;
        if ((err as Error).name === 'AbortError' || !(retryable || generatedConflict) || attempt >= ATTEMPTS) throw err;
        await delay(1000 * attempt);
      }
    }
  }

  for (const indexes of requestGroups(
    photos.map((photo) => photo.blob.size),
    uploadLimits.maxFilesPerRequest,
    MAX_REQUEST_BYTES,
  )) {
    try {
      const response = await send(indexes);
      item = response.item;
      offset += indexes.length;
      onItem(item);
      // r.index is the file's place in this request (the server's answer): map it back to the product's photo.
      const refused = new Map(response.rejected.map((r) => [must(indexes[r.index], 'the server names a file it was sent'), r]));
      for (const [index, reason] of refused) rejected.push({ ...reason, index });
      for (const index of indexes) onDone(index, !refused.has(index));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      const code = codeOf(err);
      if (FATAL_CODES.has(code)) {
        // 'Failed to create item: {message}' while the product does not exist yet.
        const message = item === null ? `Failed to create item: ${messageOf(err)}` : messageOf(err);
        throw new ProductUploadError(message, code, { cause: err });
      }
      firstFailure ??= err;
      // Every file of this request was refused: the server took them in (a later part counts as received).
      if (item !== null) offset += indexes.length;
      for (const index of indexes) {
        rejected.push({ index, fileName: must(photos[index], 'request groups index the photos').fileName, message: messageOf(err) });
        onDone(index, false);
      }
    }
  }

  if (item === null) {
    throw new ProductUploadError(messageOf(firstFailure ?? 'No images to upload'), codeOf(firstFailure), { cause: firstFailure });
  }
  return { item, rejected: rejected.sort((a, b) => a.index - b.index) };
}
