import type { Item, RejectedImage } from '@shared/contracts/items';
import { compressPhoto } from './compression/compression-pool';
import { ProductUploadError } from './product-upload-error';
import { uploadProductPhotos, type PreparedPhoto, type ProductToSend } from './upload-product-photos';
import { must } from '@shared/must';

export type ProductUploadPhase = 'compressing' | 'uploading';
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

export interface ProductUploadResult {
  item: Item;
  /** Photos the server refused, with its reason; the product keeps the others. */
  rejected: RejectedImage[];
}

export const fileNameOf = (photo: Blob, index: number) => (photo instanceof File && photo.name ? photo.name : `photo-${index + 1}.jpg`);

/** Per-photo progress of one product, folded into the product's figures on every change. */
export function productProgress(photoCount: number, onProgress: (progress: ProductUploadProgress) => void, compressed = false) {
  const state: ProductUploadProgress = {
    phase: compressed ? 'uploading' : 'compressing',
    item: null,
    photos: Array.from({ length: photoCount }, () =>
      compressed ? { status: 'compressed', percent: 50 } : { status: 'waiting', percent: 0 },
    ),
    percent: compressed ? 50 : 0,
    doneCount: 0,
  };
  const emit = () => {
    const total = state.photos.reduce((sum, p) => sum + p.percent, 0);
    state.percent = Math.round(total / Math.max(1, photoCount));
    state.doneCount = state.photos.filter((p) => p.status === 'sent' || p.status === 'stored' || p.status === 'skipped').length;
    onProgress({ ...state, photos: [...state.photos] });
  };
  const setPhoto = (index: number, status: PhotoStatus, percent: number) => {
    const before = must(state.photos[index], 'progress reports index the photos being uploaded');
    state.photos[index] = { status, percent: Math.max(before.percent, Math.round(percent)) };
    emit();
  };
  return {
    emit,
    compressed: (index: number) => setPhoto(index, 'compressed', 50),
    uploading(item: Item | null = null) {
      state.phase = 'uploading';
      if (item) state.item = item;
      emit();
    },
    callbacks: {
      onProgress: (index: number, fraction: number) => {
        const { status, percent } = must(state.photos[index], 'progress reports index the photos being uploaded');
        if (fraction <= 0 || status === 'stored' || status === 'skipped') return;
        const next = 50 + Math.round(50 * fraction * 0.98);
        const nextStatus = fraction >= 1 ? 'sent' : 'uploading';
        if (next !== percent || nextStatus !== status) setPhoto(index, nextStatus, next);
      },
      onDone: (index: number, accepted: boolean) => setPhoto(index, accepted ? 'stored' : 'skipped', 100),
      onItem: (item: Item) => {
        state.item = item;
        emit();
      },
    },
  };
}

/** Compresses a product's photos in the workers (3 at a time), keeping their order and file names. */
export async function compressProductPhotos(photos: Blob[], onCompressed: (index: number) => void, signal?: AbortSignal) {
  if (photos.length === 0) throw new ProductUploadError('No images to upload', 'NO_IMAGES');
  return Promise.all(
    photos.map(async (photo, index): Promise<PreparedPhoto> => {
      const fileName = fileNameOf(photo, index);
      const compressed = await compressPhoto(photo).finally(() => onCompressed(index));
      if (signal?.aborted) throw new DOMException('Upload aborted', 'AbortError');
      return { blob: compressed.blob, fileName: compressed.keptOriginal ? fileName : fileName.replace(/\.[^.]+$/, '') + '.jpg' };
    }),
  );
}

/** Sends compressed photos as one product (see uploadProductPhotos), reporting per-photo progress. */
export async function sendProduct(request: {
  product: ProductToSend;
  photos: PreparedPhoto[];
  progress: ReturnType<typeof productProgress>;
  signal?: AbortSignal;
}): Promise<ProductUploadResult> {
  const { product, photos, progress, signal } = request;
  if (photos.length === 0) throw new ProductUploadError('No images to upload', 'NO_IMAGES');
  progress.uploading();
  return uploadProductPhotos(product, photos, { ...progress.callbacks, signal });
}
