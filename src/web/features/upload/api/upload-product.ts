import { itemsPaths, uploadImagesResponse, type ProductUploadQueryInput, type UploadImagesResponse } from '@shared/contracts/items';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';

/**
 * POST /api/items/upload: a product's item and photos (or, with `offset`, a later part of its photos) in one
 * request, reporting the bytes of the body sent. The upload key makes a resend answer the same item.
 */
export async function uploadProductRequest(
  query: ProductUploadQueryInput,
  photos: ReadonlyArray<{ blob: Blob; fileName: string }>,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadImagesResponse> {
  const body = new FormData();
  for (const photo of photos) body.append('photos', photo.blob, photo.fileName);
  return uploadImagesResponse.parse(await uploadWithProgress<unknown>(itemsPaths.productUpload(query), body, options));
}
