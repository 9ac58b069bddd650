import { compressionSettings, previewSettings } from './compression-settings';
import { imageErrors } from '@/lib/image-errors';
import type { CompressRequest, CompressResponse } from './compression-messages';

export interface CompressedPhoto {
  blob: Blob;
  width: number;
  height: number;
  /** True when the file is sent as it came (smaller than our result, or a HEIC the server converts). */
  keptOriginal: boolean;
}

type Job = Omit<CompressRequest, 'id'> & { resolve: (r: CompressResponse) => void };

const IDLE_SHUTDOWN_MS = 30_000;

/**
 * Up to three workers (spec: compression 3 images at a time), started on first use and stopped after 30 s idle.
 * Jobs wait in one FIFO queue, so 100 queued photos cost the page nothing but this array.
 */
class CompressionPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private shutdownTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly size: number) {}

  run(request: Omit<CompressRequest, 'id'>): Promise<CompressResponse> {
    return new Promise((resolve) => {
      this.waiting.push({ ...request, resolve });
      this.pump();
    });
  }

  private pump() {
    clearTimeout(this.shutdownTimer);
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.waiting.shift()!;
      this.busy.set(worker, job);
      const { resolve: _resolve, ...message } = job;
      worker.postMessage({ ...message, id: this.nextId++ } satisfies CompressRequest);
    }
    if (this.busy.size === 0) this.shutdownTimer = setTimeout(() => this.shutdown(), IDLE_SHUTDOWN_MS);
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CompressResponse>) => this.finish(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      worker.terminate();
      job?.resolve({ id: 0, ok: false, message: job.kind === 'preview' ? imageErrors.preview : imageErrors.compress });
      this.pump();
    };
    return worker;
  }

  private finish(worker: Worker, response: CompressResponse) {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle.push(worker);
    job?.resolve(response);
    this.pump();
  }

  private shutdown() {
    for (const worker of this.idle.splice(0)) worker.terminate();
  }
}

let pool: CompressionPool | undefined;
const workersAvailable = () => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';

/**
 * Spec: 3 at a time. A device with fewer than 4 cores gets one worker fewer than it has cores, so the page itself
 * always keeps a core for scrolling and typing (3 CPU-bound workers on 2 cores would starve it).
 */
export function workerCount(cores = typeof navigator === 'undefined' ? 0 : navigator.hardwareConcurrency || 0): number {
  if (cores === 0) return compressionSettings.parallel;
  return Math.max(1, Math.min(compressionSettings.parallel, cores - 1));
}

function sharedPool(): CompressionPool {
  pool ??= new CompressionPool(workerCount());
  return pool;
}

/**
 * Spec: max 1920x1920, JPEG 0.85, target 500 KB, the original kept when the result is larger. Whatever this
 * browser cannot decode (HEIC outside Safari, a damaged file) is sent as it is: the server converts HEIC and has
 * the final word on every file. Safari decodes HEIC itself, so iPhone photos get compressed there.
 */
export async function compressPhoto(file: Blob): Promise<CompressedPhoto> {
  const original: CompressedPhoto = { blob: file, width: 0, height: 0, keptOriginal: true };
  if (!workersAvailable()) return original;
  const response = await sharedPool().run({
    kind: 'compress',
    file,
    maxDimension: compressionSettings.maxDimension,
    quality: compressionSettings.quality,
    targetBytes: compressionSettings.targetBytes,
    minQuality: compressionSettings.minQuality,
  });
  if (!response.ok) return original;
  return { blob: response.blob, width: response.width, height: response.height, keptOriginal: response.keptOriginal };
}

/**
 * A 400 px JPEG for the thumbnail grid, made in a worker; rejects with 'Failed to create preview' when this
 * browser cannot decode the file (HEIC outside Safari). Without workers (old browsers) the file itself is shown
 * if it can be displayed; the check runs off-screen, so no broken image reaches the grid.
 */
export async function createPreview(file: Blob): Promise<Blob> {
  if (!workersAvailable()) return displayableAsIs(file);
  const response = await sharedPool().run({
    kind: 'preview',
    file,
    maxDimension: previewSettings.maxDimension,
    quality: previewSettings.quality,
  });
  if (!response.ok) throw new Error(imageErrors.preview);
  return response.blob;
}

async function displayableAsIs(file: Blob): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return file;
  } catch {
    throw new Error(imageErrors.preview);
  } finally {
    URL.revokeObjectURL(url);
  }
}
