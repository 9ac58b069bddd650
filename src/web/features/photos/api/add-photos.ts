import { itemsPaths, uploadImagesResponse, type UploadImagesResponse } from '@shared/contracts/items';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/** POST /api/items/:id/images: photos appended, in order, to an existing product (bad files skipped and named). */
export async function addPhotos(itemId: string, files: readonly File[]): Promise<UploadImagesResponse> {
  const body = new FormData();
  for (const file of files) body.append('photos', file, file.name);
  return uploadImagesResponse.parse(await uploadWithProgress<unknown>(itemsPaths.images(itemId), body));
}
