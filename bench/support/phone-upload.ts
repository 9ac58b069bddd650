/**
 * The phone's upload, as a seller does it: Upload Files on the capture screen, every photo picked at once, Upload,
 * and "Group by shot time" with a 60 s gap (one product per garment, bench/support/phone-photos.ts). Watches the
 * upload requests the browser sends: when the first started and the bytes they carried.
 */
import type { Page, Request } from 'playwright-core';

export interface UploadTraffic {
  /** Wall-clock ms (epoch) when the first upload request started in the browser; null before it. */
  firstStart(): number | null;
  /** Upload requests answered, and their body and header bytes (what went up the throttled link). */
  finished: number;
  bytesSent: number;
  /** Wall-clock ms (epoch) when the last answered upload request got its answer. */
  lastAnswer: number;
  /** Each answered request: when it started and got its answer (epoch ms), and the bytes it sent. */
  spans: Array<{ start: number; end: number; bytes: number }>;
}

/** Milliseconds the link carried no upload between the first request's start and the last one's answer. */
export function idleBetweenRequests(spans: UploadTraffic['spans']): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  return sorted.slice(1).reduce((idle, span, i) => idle + Math.max(0, span.start - sorted[i]!.end), 0);
}

const isUpload = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/items/upload';

export function watchUploads(page: Page): UploadTraffic {
  let first: number | null = null;
  const traffic: UploadTraffic = { firstStart: () => first, finished: 0, bytesSent: 0, lastAnswer: 0, spans: [] };
  // The request event comes as Chromium starts the request; its own timing (same clock) is read when it ends.
  page.on('request', (request) => {
    if (isUpload(request) && first === null) first = Date.now();
  });
  page.on('requestfinished', (request) => {
    if (!isUpload(request)) return;
    // Chromium reports no body size for a FormData of files: its Content-Length is the body sent.
    void Promise.all([request.sizes(), request.headerValue('content-length')]).then(([sizes, contentLength]) => {
      const { startTime, responseEnd } = request.timing();
      if (startTime > 0) first = Math.min(first ?? startTime, startTime);
      traffic.finished += 1;
      const bytes = Number(contentLength ?? 0) + sizes.requestHeadersSize;
      traffic.bytesSent += bytes;
      traffic.lastAnswer = Math.max(traffic.lastAnswer, startTime + responseEnd);
      traffic.spans.push({ start: startTime, end: startTime + responseEnd, bytes });
    });
  });
  return traffic;
}

/** Picks `files` in the Upload Files dialog, taps Upload and groups them by shot time into `products` products. */
export async function uploadByShotTime(page: Page, files: string[], products: number) {
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.waitFor();
  await dialog.getByTestId('upload-file-input').setInputFiles(files);
  await waitForCount(dialog.getByTestId('upload-tile'), files.length, 600_000);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).tap();
  const question = dialog.getByTestId('no-sku-question');
  await question.getByRole('spinbutton', { name: 'Seconds between products' }).fill('60');
  await question.getByRole('button', { name: new RegExp(`^Group by shot time: ${products} products?$`) }).tap();
  return dialog;
}

async function waitForCount(locator: ReturnType<Page['locator']>, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await locator.count()) < count) {
    if (Date.now() > deadline) throw new Error(`only ${await locator.count()} of ${count} photos shown in the upload dialog`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
