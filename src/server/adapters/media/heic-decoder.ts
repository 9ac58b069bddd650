import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface DecodedRgba {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Buffer;
}

type Reply = { id: number; error?: string };

interface Waiter {
  parts: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * sharp's prebuilt libvips cannot decode HEVC, so HEIC goes through libheif (WASM) in a pool of worker threads,
 * one per core (`threads`), started on first use and unref'd so an idle decoder never keeps the process alive.
 * Every photo is split across all of them by tiles (see heic-decode-worker.mjs), which write into one
 * SharedArrayBuffer: a 12 MP photo takes about 1/threads of one thread's time, photos queue behind each other.
 */
export function createHeicDecoder(options: { threads?: number } = {}) {
  const size = Math.max(1, options.threads ?? availableParallelism());
  let workers: Worker[] = [];
  let nextId = 1;
  const pending = new Map<number, Waiter>();

  function failAll(err: Error) {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
    for (const worker of workers) void worker.terminate();
    workers = [];
  }

  function onReply(reply: Reply) {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    if (reply.error !== undefined) {
      pending.delete(reply.id);
      waiter.reject(new Error(reply.error));
    } else if (--waiter.parts === 0) {
      pending.delete(reply.id);
      waiter.resolve();
    }
    if (pending.size === 0) for (const worker of workers) worker.unref();
  }

  function ensureWorkers(): Worker[] {
    if (workers.length > 0) return workers;
    workers = Array.from({ length: size }, () => {
      const started = new Worker(new URL('./heic-decode-worker.mjs', import.meta.url));
      started.unref();
      started.on('message', onReply);
      started.on('error', (err) => failAll(err));
      started.on('exit', (code) => failAll(new Error(`HEIC decoder stopped (exit ${code})`)));
      return started;
    });
    return workers;
  }

  return {
    /** Decodes the primary image; `width` and `height` come from its header and are checked against libheif's. */
    decode(bytes: Buffer, width: number, height: number): Promise<DecodedRgba> {
      const pool = ensureWorkers();
      const id = nextId++;
      const shared = new SharedArrayBuffer(width * height * 4);
      const input = new Uint8Array(bytes);
      return new Promise<DecodedRgba>((resolve, reject) => {
        pending.set(id, { parts: pool.length, resolve: () => resolve({ width, height, pixels: Buffer.from(shared) }), reject });
        pool.forEach((worker, part) => {
          // Keep the process alive while a decode is in flight.
          worker.ref();
          worker.postMessage({ id, bytes: input, shared, width, height, part, parts: pool.length });
        });
      });
    },
    async close() {
      const running = workers;
      workers = [];
      await Promise.all(running.map((worker) => worker.terminate()));
    },
  };
}

export type HeicDecoder = ReturnType<typeof createHeicDecoder>;
