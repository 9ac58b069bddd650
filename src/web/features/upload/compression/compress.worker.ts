/**
 * Compression off the main thread: decode, scale down to the longest side allowed, encode JPEG. With 100 photos
 * queued the page keeps scrolling and typing, because all pixel work happens here.
 */
import { qualityForTarget } from './quality-for-target';
import { imageErrors } from '@/lib/image-errors';
import type { CompressRequest, CompressResponse } from './compression-messages';

/** The parts of DedicatedWorkerGlobalScope we use (the project compiles against the DOM lib, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage(message: CompressResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<CompressRequest>) => void answer(event.data);

/** Every request gets one response, a failure included (answer never rejects). */
async function answer(request: CompressRequest): Promise<void> {
  try {
    scope.postMessage(await handle(request));
  } catch (err) {
    const message =
      err instanceof Error && Object.values(imageErrors).includes(err.message as never) ? err.message : fallbackMessage(request);
    scope.postMessage({ id: request.id, ok: false, message } satisfies CompressResponse);
  }
}

function fallbackMessage(request: CompressRequest): string {
  return request.kind === 'preview' ? imageErrors.preview : imageErrors.compress;
}

async function handle(request: CompressRequest): Promise<CompressResponse> {
  const { id, file, maxDimension, quality } = request;
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(imageErrors.load);
  });
  const original = { width: bitmap.width, height: bitmap.height };
  const scale = Math.min(1, maxDimension / Math.max(original.width, original.height));
  const width = Math.max(1, Math.round(original.width * scale));
  const height = Math.max(1, Math.round(original.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error(imageErrors.noContext);
  // JPEG has no transparency: cut-out product shots (transparent PNG/WebP) go on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();

  const target = request.kind === 'compress' ? request.targetBytes : undefined;
  const chosenQuality = target ? await qualityForTarget(canvas, quality, request.minQuality ?? quality, target) : quality;
  const blob = await encode(canvas, chosenQuality);
  // Spec: the original is kept when the result would be larger (already small, well-compressed files).
  if (request.kind === 'compress' && blob.size >= file.size) {
    return { id, ok: true, blob: file, ...original, keptOriginal: true };
  }
  return { id, ok: true, blob, width, height, keptOriginal: false };
}

async function encode(canvas: OffscreenCanvas, quality: number): Promise<Blob> {
  try {
    return await canvas.convertToBlob({ type: 'image/jpeg', quality });
  } catch {
    throw new Error(imageErrors.compress);
  }
}
