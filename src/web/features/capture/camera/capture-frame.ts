import { imageErrors } from '@/lib/image-errors';
import { adjustmentMatrix, applyColorMatrix, isIdentity } from '../image-adjustments/color-matrix';
import type { LiveFilters } from '../image-adjustments/photo-adjustments';
import { canvasToJpeg } from '../image-adjustments/render-adjusted';
import { cropToAspect, type AspectRatio } from './aspect-ratio';

/** Captured photo JPEG quality. */
const CAPTURE_QUALITY = 0.9;

export interface CapturedFrame {
  blob: Blob;
  width: number;
  height: number;
}

/** The current video frame, cropped to the chosen ratio, with the live filters applied to its pixels. */
export async function captureFrame(video: HTMLVideoElement, ratio: AspectRatio, filters: LiveFilters): Promise<CapturedFrame> {
  const { sx, sy, sw, sh } = cropToAspect(video.videoWidth, video.videoHeight, ratio);
  const canvas = document.createElement('canvas');
  canvas.width = sw;
  canvas.height = sh;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error(imageErrors.noContext);
  context.drawImage(video, sx, sy, sw, sh, 0, 0, sw, sh);
  const matrix = adjustmentMatrix({ ...filters, saturation: 0, exposure: 0, warmth: 0 });
  if (!isIdentity(matrix)) {
    const image = context.getImageData(0, 0, sw, sh);
    applyColorMatrix(image.data, matrix);
    context.putImageData(image, 0, 0);
  }
  return { blob: await canvasToJpeg(canvas, CAPTURE_QUALITY), width: sw, height: sh };
}
