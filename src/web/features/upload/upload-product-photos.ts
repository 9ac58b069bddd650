import type { Item, ItemImage, RejectedImage } from '../../../shared/contracts/items';
import { ApiError } from '../../lib/api-client';
import { deleteItem } from './api/delete-item';
import { reorderItemImages } from './api/reorder-item-images';
import { uploadItemImage } from './api/upload-item-image';
import { compressionSettings } from './compression/compression-settings';
import { createProductItem } from './create-product-item';
import { forEachConcurrently } from './for-each-concurrently';
import { ProductUploadError, codeOf, messageOf } from './product-upload-error';

export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
}

export interface PhotoUploadCallbacks {
  onProgress: (index: number, fraction: number) => void;
  onDone: (index: number, accepted: boolean) => void;
  onItem: (item: Item) => void;
  signal?: AbortSignal;
}

const RETRIES_PER_PHOTO = 2;
/** Failures that concern the whole product, not one photo: stop instead of skipping. */
const FATAL_CODES = new Set(['UNAUTHENTICATED', 'NOT_FOUND', 'CROSS_SITE_REQUEST', 'RATE_LIMITED']);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the photos 3 at a time, one request each so every file reports its own progress; the server keeps a
 * failed file out and the item keeps the rest. Until the first photo is stored they go one by one: the server
 * removes an item whose only upload failed (no empty drafts), so the item is re-created for the next photo.
 * Requests finish in any order, so the intended order is written at the end in one call when it differs.
 */
export async function uploadProductPhotos(item: Item, photos: PreparedPhoto[], autoGenerateListing: boolean, callbacks: PhotoUploadCallbacks) {
  const { onProgress, onDone, onItem, signal } = callbacks;
  const stored: Array<{ index: number; image: ItemImage }> = [];
  const rejected: RejectedImage[] = [];
  let current = item;
  let latest = item;
  let itemRemoved = false;
  let firstFailure: unknown;

  async function send(index: number): Promise<void> {
    if (itemRemoved) {
      current = await createProductItem({ sku: current.sku, autoGenerateListing, signal });
      latest = current;
      itemRemoved = false;
      onItem(current);
    }
    const photo = photos[index];
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await uploadItemImage(current.id, photo.blob, photo.fileName, { signal, onProgress: (p) => onProgress(index, p.loaded / p.total) });
        if (response.item.photoCount >= latest.photoCount) latest = response.item;
        for (const image of response.added) stored.push({ index, image });
        rejected.push(...response.rejected.map((r) => ({ ...r, index })));
        onDone(index, response.added.length > 0);
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        const retryable = err instanceof ApiError && err.retryable;
        if (retryable && attempt < RETRIES_PER_PHOTO) {
          await delay(1000 * (attempt + 1));
          continue;
        }
        if (FATAL_CODES.has(codeOf(err))) throw new ProductUploadError(messageOf(err), codeOf(err), { cause: err });
        firstFailure ??= err;
        // A 4xx for the item's only file means the server removed the item (it had no photo yet).
        if (err instanceof ApiError && err.status >= 400 && err.status < 500 && stored.length === 0) itemRemoved = true;
        rejected.push({ index, fileName: photo.fileName, message: messageOf(err) });
        onDone(index, false);
        return;
      }
    }
  }

  let next = 0;
  while (next < photos.length && stored.length === 0) await send(next++);
  const rest = photos.slice(next).map((_, i) => next + i);
  await forEachConcurrently(rest, compressionSettings.parallel, (index) => send(index));

  if (stored.length === 0) {
    // Nothing arrived (e.g. offline): do not leave an empty draft behind if the server can still be reached.
    if (!itemRemoved) await deleteItem(current.id).catch(() => undefined);
    throw new ProductUploadError(messageOf(firstFailure ?? 'No images to upload'), codeOf(firstFailure), { cause: firstFailure });
  }
  stored.sort((a, b) => a.index - b.index);
  const inOrder = stored.every((s, i) => i === 0 || s.image.order > stored[i - 1].image.order);
  if (!inOrder) latest = await reorderItemImages(current.id, stored.map((s) => s.image.id), signal);
  return { item: latest, rejected: rejected.sort((a, b) => a.index - b.index) };
}
