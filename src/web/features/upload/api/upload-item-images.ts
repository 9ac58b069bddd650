import { itemsPaths, uploadImagesResponse, type UploadImagesResponse } from '@shared/contracts/items';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';

/** POST /api/items/:id/images with photos in order, reporting the bytes of the body sent (any file field name). */
export async function uploadItemImages(
  itemId: string,
  photos: ReadonlyArray<{ blob: Blob; fileName: string }>,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadImagesResponse> {
  const body = new FormData();
  for (const photo of photos) body.append('photos', photo.blob, photo.fileName);
  return uploadImagesResponse.parse(await uploadWithProgress<unknown>(itemsPaths.images(itemId), body, options));
}
