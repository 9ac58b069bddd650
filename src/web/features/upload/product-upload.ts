import type { Item, RejectedImage } from '@shared/contracts/items';
import { compressPhoto } from './compression/compression-pool';
import { createProductItem } from './create-product-item';
import { ProductUploadError } from './product-upload-error';
import { uploadProductPhotos, type PreparedPhoto } from './upload-product-photos';
import { must } from '@shared/must';

export type ProductUploadPhase = 'creating' | 'compressing' | 'uploading';
/** `sent`: every byte of the photo is out; the server's answer for the request then says stored or skipped. */
export type PhotoStatus = 'waiting' | 'compressed' | 'uploading' | 'sent' | 'stored' | 'skipped';

export interface PhotoProgress {
  status: PhotoStatus;
  /** 0-100 for this photo: compression is the first half, sending the second (spec's 50/50 split). */
  percent: number;
}

export interface ProductUploadProgress {
  phase: ProductUploadPhase;
  item: Item | null;
  photos: PhotoProgress[];
  /** 0-100 for the product: compressing 0-50, uploading 50-100. */
  percent: number;
  /** Photos uploaded: sent, stored or skipped. */
  doneCount: number;
}

export interface ProductUploadRequest {
  /** A typed SKU; absent for the next generated one. */
  sku?: string;
  /** A phone's camera batch: the server writes the listing in the background. */
  autoGenerateListing?: boolean;
  photos: Blob[];
  onProgress?: (progress: ProductUploadProgress) => void;
  signal?: AbortSignal;
}

export interface ProductUploadResult {
  item: Item;
  /** Photos the server refused, with its reason; the product keeps the others. */
  rejected: RejectedImage[];
}

const fileNameOf = (photo: Blob, index: number) => (photo instanceof File && photo.name ? photo.name : `photo-${index + 1}.jpg`);

/**
 * One product: create the draft item (SKU + batch number), compress its photos in workers 3 at a time, send them
 * in order in one request, and report per-photo progress throughout.
 */
export async function uploadProduct(request: ProductUploadRequest): Promise<ProductUploadResult> {
  const { sku, autoGenerateListing = false, photos, onProgress, signal } = request;
  if (photos.length === 0) throw new ProductUploadError('No images to upload', 'NO_IMAGES');

  const state: ProductUploadProgress = {
    phase: 'creating',
    item: null,
    photos: photos.map(() => ({ status: 'waiting', percent: 0 })),
    percent: 0,
    doneCount: 0,
  };
  const emit = () => {
    const total = state.photos.reduce((sum, p) => sum + p.percent, 0);
    state.percent = Math.round(total / photos.length);
    state.doneCount = state.photos.filter((p) => p.status === 'sent' || p.status === 'stored' || p.status === 'skipped').length;
    onProgress?.({ ...state, photos: [...state.photos] });
  };
  const setPhoto = (index: number, status: PhotoStatus, percent: number) => {
    const before = must(state.photos[index], 'progress reports index the photos being uploaded');
    state.photos[index] = { status, percent: Math.max(before.percent, Math.round(percent)) };
    emit();
  };
  emit();

  state.item = await createProductItem({ sku, autoGenerateListing, signal });
  state.phase = 'compressing';
  emit();

  const prepared: PreparedPhoto[] = await Promise.all(
    photos.map(async (photo, index) => {
      const fileName = fileNameOf(photo, index);
      const compressed = await compressPhoto(photo).finally(() => setPhoto(index, 'compressed', 50));
      if (signal?.aborted) throw new DOMException('Upload aborted', 'AbortError');
      return { blob: compressed.blob, fileName: compressed.keptOriginal ? fileName : fileName.replace(/\.[^.]+$/, '') + '.jpg' };
    }),
  );

  state.phase = 'uploading';
  emit();
  return uploadProductPhotos(state.item, prepared, autoGenerateListing, {
    signal,
    onProgress: (index, fraction) => {
      const { status, percent } = must(state.photos[index], 'progress reports index the photos being uploaded');
      if (fraction <= 0 || status === 'stored' || status === 'skipped') return;
      const next = 50 + Math.round(50 * fraction * 0.98);
      const nextStatus = fraction >= 1 ? 'sent' : 'uploading';
      if (next !== percent || nextStatus !== status) setPhoto(index, nextStatus, next);
    },
    onDone: (index, accepted) => setPhoto(index, accepted ? 'stored' : 'skipped', 100),
    onItem: (item) => {
      state.item = item;
      emit();
    },
  });
}
