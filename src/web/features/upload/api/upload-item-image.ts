import { itemsPaths, uploadImagesResponse, type UploadImagesResponse } from '../../../../shared/contracts/items';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';

/** POST /api/items/:id/images with one photo, reporting the bytes sent (the server accepts any file field name). */
export async function uploadItemImage(
  itemId: string,
  photo: Blob,
  fileName: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadImagesResponse> {
  const body = new FormData();
  body.append('file', photo, fileName);
  return uploadImagesResponse.parse(await uploadWithProgress<unknown>(itemsPaths.images(itemId), body, options));
}
