import { imageErrors } from '@/lib/image-errors';
import { adjustmentMatrix, applyColorMatrix, isIdentity } from './color-matrix';
import type { PhotoAdjustments } from './photo-adjustments';
import { sharpen } from './sharpen';

/** Draws `source` scaled to the canvas and applies the adjustments to its pixels. */
export function drawAdjusted(canvas: HTMLCanvasElement, source: CanvasImageSource, adjustments: PhotoAdjustments): void {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error(imageErrors.noContext);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const matrix = adjustmentMatrix(adjustments);
  if (isIdentity(matrix) && adjustments.sharpness === 0) return;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  if (!isIdentity(matrix)) applyColorMatrix(image.data, matrix);
  sharpen(image, adjustments.sharpness);
  context.putImageData(image, 0, 0);
}

export function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(imageErrors.compress))), 'image/jpeg', quality),
  );
}

export async function loadBitmap(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob);
  } catch {
    throw new Error(imageErrors.load);
  }
}
