import { Worker } from 'node:worker_threads';

export interface DecodedRgba {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Buffer;
}

type Reply = { id: number; width: number; height: number; pixels: Uint8Array } | { id: number; error: string };

/**
 * sharp's prebuilt libvips cannot decode HEVC, so HEIC goes through heic-decode in one worker thread,
 * started on first use and unref'd so an idle decoder never keeps the process alive.
 */
export function createHeicDecoder() {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: DecodedRgba) => void; reject: (err: Error) => void }>();

  function failAll(err: Error) {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
    worker = null;
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = new Worker(new URL('./heic-decode-worker.mjs', import.meta.url));
    started.unref();
    started.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve({ width: reply.width, height: reply.height, pixels: Buffer.from(reply.pixels.buffer, reply.pixels.byteOffset, reply.pixels.byteLength) });
    });
    started.on('error', (err) => failAll(err));
    started.on('exit', (code) => failAll(new Error(`HEIC decoder stopped (exit ${code})`)));
    worker = started;
    return started;
  }

  return {
    decode(bytes: Buffer): Promise<DecodedRgba> {
      const target = ensureWorker();
      const id = nextId++;
      // Keep the process alive while a decode is in flight.
      target.ref();
      return new Promise<DecodedRgba>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.postMessage({ id, bytes: new Uint8Array(bytes) });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}

export type HeicDecoder = ReturnType<typeof createHeicDecoder>;
