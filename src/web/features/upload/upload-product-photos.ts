import { uploadLimits, type Item, type RejectedImage, type UploadImagesResponse } from '@shared/contracts/items';
import { ApiError } from '../../lib/api-client';
import { deleteItem } from './api/delete-item';
import { uploadItemImages } from './api/upload-item-images';
import { createProductItem } from './create-product-item';
import { fileFractions, requestGroups } from './file-progress';
import { ProductUploadError, codeOf, messageOf } from './product-upload-error';
import { must } from '@shared/must';

export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
}

export interface PhotoUploadCallbacks {
  /** `fraction` of this photo's bytes sent (0-1). */
  onProgress: (index: number, fraction: number) => void;
  onDone: (index: number, accepted: boolean) => void;
  onItem: (item: Item) => void;
  signal?: AbortSignal;
}

/** Spec §9: outer upload retry 3. */
const ATTEMPTS = 3;
/** A request stays small enough that a retry on a phone's connection resends little. */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** Failures that concern the whole product, not its photos: stop instead of skipping. */
const FATAL_CODES = new Set(['UNAUTHENTICATED', 'NOT_FOUND', 'CROSS_SITE_REQUEST', 'RATE_LIMITED']);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a product's photos in order in one multipart request (more only past 30 photos or 32 MB), each photo
 * reporting its own progress from the bytes sent; the server processes them as they arrive, several at a time,
 * stores them in this order and skips a bad file with its reason. One request per product instead of one per
 * photo: see docs/decisions/012-one-upload-request-per-product.md for the measurements.
 */
export async function uploadProductPhotos(
  item: Item,
  photos: PreparedPhoto[],
  autoGenerateListing: boolean,
  callbacks: PhotoUploadCallbacks,
) {
  const { onProgress, onDone, onItem, signal } = callbacks;
  const rejected: RejectedImage[] = [];
  let current = item;
  let storedAny = false;
  let itemRemoved = false;
  let firstFailure: unknown;

  async function send(indexes: number[]): Promise<UploadImagesResponse> {
    const group = indexes.map((index) => must(photos[index], 'request groups index the photos'));
    const sizes = group.map((photo) => photo.blob.size);
    for (let attempt = 1; ; attempt++) {
      try {
        return await uploadItemImages(current.id, group, {
          signal,
          onProgress: ({ loaded, total }) =>
            fileFractions(sizes, loaded, total).forEach((fraction, i) =>
              onProgress(must(indexes[i], 'one fraction per file sent'), fraction),
            ),
        });
      } catch (err) {
        const retryable = err instanceof ApiError && err.retryable;
        if ((err as Error).name === 'AbortError' || !retryable || attempt >= ATTEMPTS) throw err;
        await delay(1000 * attempt);
      }
    }
  }

  for (const indexes of requestGroups(
    photos.map((photo) => photo.blob.size),
    uploadLimits.maxFilesPerRequest,
    MAX_REQUEST_BYTES,
  )) {
    if (itemRemoved) {
      current = await createProductItem({ sku: current.sku, autoGenerateListing, signal });
      itemRemoved = false;
      onItem(current);
    }
    try {
      const response = await send(indexes);
      current = response.item;
      storedAny ||= response.added.length > 0;
      // r.index is the file's place in this request (the server's answer): map it back to the product's photo.
      const refused = new Map(response.rejected.map((r) => [must(indexes[r.index], 'the server names a file it was sent'), r]));
      for (const [index, reason] of refused) rejected.push({ ...reason, index });
      for (const index of indexes) onDone(index, !refused.has(index));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      if (FATAL_CODES.has(codeOf(err))) throw new ProductUploadError(messageOf(err), codeOf(err), { cause: err });
      firstFailure ??= err;
      // A 4xx refusing every file of an item without photos: the server removed that item (no empty drafts).
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !storedAny) itemRemoved = true;
      for (const index of indexes) {
        rejected.push({ index, fileName: must(photos[index], 'request groups index the photos').fileName, message: messageOf(err) });
        onDone(index, false);
      }
    }
  }

  if (!storedAny) {
    // Nothing arrived (e.g. offline): do not leave an empty draft behind if the server can still be reached.
    if (!itemRemoved) await deleteItem(current.id).catch(() => undefined);
    throw new ProductUploadError(messageOf(firstFailure ?? 'No images to upload'), codeOf(firstFailure), { cause: firstFailure });
  }
  return { item: current, rejected: rejected.sort((a, b) => a.index - b.index) };
}
