/**
 * Browser compression: our worker (src/web/features/upload/compression/compress.worker.ts, bundled by Vite as the
 * app bundles it) against the bare createImageBitmap + OffscreenCanvas.convertToBlob of the same 4032x3024 JPEG,
 * both in one Chromium run, alternating, medians compared. Target: worker <= 1.3x bare.
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { must } from '@shared/must';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const TARGET_RATIO = 1.3;

const executablePath = chromiumPath();
if (!executablePath) {
  console.log('browser-compression skipped: no Chromium found (set CHROMIUM_PATH)');
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-compress-'));
try {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: dir,
      emptyOutDir: false,
      minify: true,
      lib: {
        entry: path.join(root, 'src/web/features/upload/compression/compress.worker.ts'),
        formats: ['es'],
        fileName: () => 'compress-worker.js',
      },
    },
  });
  writeFileSync(path.join(dir, 'photo.jpg'), await photoLikeJpeg());
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>bench</title>');

  const server = createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? '/') || 'index.html');
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.jpg') ? 'image/jpeg' : 'text/html';
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const browser = await chromium.launch({ executablePath, args: chromiumArgs() });
  const page = await browser.newPage();
  // tsx compiles with keepNames, which wraps functions in __name(...): give the page that helper.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  const result = await page.evaluate(runInPage, ROUNDS);
  await browser.close();
  server.close();

  const ratio = result.worker / result.bare;
  console.log(
    `photo 4032x3024, ${(result.inputBytes / 1024).toFixed(0)} KB -> worker ${result.outWidth}x${result.outHeight}, ${(result.outputBytes / 1024).toFixed(0)} KB`,
  );
  console.log(
    `bare createImageBitmap + convertToBlob (1920 px, q0.85, ${(result.bareBytes / 1024).toFixed(0)} KB): median ${result.bare.toFixed(0)} ms`,
  );
  console.log(`our compress.worker (same, plus the 500 KB target and keep-original check): median ${result.worker.toFixed(0)} ms`);
  console.log(
    `ratio worker/bare: ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? 'OK' : 'SLOWER THAN TARGET'}`,
  );
  if (ratio > TARGET_RATIO) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** A camera-like photo: smooth light falloff and shapes with sensor noise on top (sharp, no fixture files). */
async function photoLikeJpeg(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const base = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const fold = Math.sin(x / 180) * Math.cos(y / 240);
      base[i] = 120 + 60 * fold + (x / width) * 50;
      base[i + 1] = 90 + 40 * fold + (y / height) * 60;
      base[i + 2] = 140 - 50 * fold;
    }
  }
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .raw()
    .toBuffer();
  for (const [i, value] of base.entries())
    base[i] = Math.max(0, Math.min(255, value + must(noise[i], 'the noise image has the same size') - 128));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Runs inside Chromium; must not reference anything from this module's scope. */
async function runInPage(rounds: number) {
  const photo = await (await fetch('/photo.jpg')).blob();
  const worker = new Worker('/compress-worker.js', { type: 'module' });
  let id = 0;
  let last: { blob: Blob; width: number; height: number } | undefined;
  const viaWorker = () =>
    new Promise<void>((resolve, reject) => {
      const requestId = ++id;
      worker.onmessage = (event) => {
        if (event.data.id !== requestId) return;
        if (!event.data.ok) reject(new Error(event.data.message));
        last = event.data;
        resolve();
      };
      worker.postMessage({
        id: requestId,
        kind: 'compress',
        file: photo,
        maxDimension: 1920,
        quality: 0.85,
        targetBytes: 500 * 1024,
        minQuality: 0.6,
      });
    });
  let bareBytes = 0;
  const bare = async () => {
    const bitmap = await createImageBitmap(photo);
    const scale = 1920 / Math.max(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    bareBytes = (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })).size;
  };
  const time = async (fn: () => Promise<void>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  await viaWorker();
  await bare();
  const workerTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    workerTimes.push(await time(viaWorker));
    bareTimes.push(await time(bare));
  }
  worker.terminate();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN; // no rounds: NaN, and the bench fails
  return {
    worker: median(workerTimes),
    bare: median(bareTimes),
    inputBytes: photo.size,
    bareBytes,
    outputBytes: last!.blob.size,
    outWidth: last!.width,
    outHeight: last!.height,
  };
}
