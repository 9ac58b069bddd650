import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
/**
 * From photos to live listings, end to end. PRODUCTS (50) products x 5 phone photos
 * (12 MP JPEGs made from the repository's real iPhone photo, bench/support/phone-photos.ts) are picked in the Upload
 * Files dialog on the phone profile (Pixel 7 at 390x844, touch, as e2e's 'phone' project) over DevTools' "Fast 4G"
 * (CDP Network.emulateNetworkConditions, bench/support/network-presets.ts: 168,750 B/s up, 165 ms), grouped by shot
 * time into products, compressed by the browser as the app does and sent by its upload queue to the built server
 * (`npm start`'s bundle and flags, its default 4 workers, PGlite). The AI is the fake OpenAI-compatible provider
 * allowing 600 requests a minute (429 beyond); eBay is the fake answering every call after 200 ms and allowing 20
 * calls a second (429 beyond), with a seller connected, policies and a location set; its Browse API answers the
 * comparables (keywords and the primary photo) the price rule takes the median of.
 *
 * Two runs, each on a fresh server, fakes and seller:
 * - autopilot: "Publish when ready" turned on (PUT /api/autopilot/settings: eBay, the price rule) before the upload;
 *   each product goes on by itself.
 * - three screens: autopilot off; upload all, then generate all (POST /api/listings/generate, the Generate screen's
 *   bulk call), then publish all (POST /api/ebay/publish, bulk publish), each once the one before has finished.
 *
 * The figure: wall time from the first byte sent (the first upload request's start in the browser) to the last
 * listing live (eBay's answer to the PRODUCTS-th publishOffer, recorded by the fake).
 * The bound: the slowest stage alone, none overlapping it:
 * - upload: the bytes the browser sent (upload requests' bodies and headers) ÷ Fast 4G's upload bandwidth;
 * - generation: PRODUCTS requests at the provider's limit, PRODUCTS ÷ (600 / 60) s;
 * - publish: the eBay calls of the run (comparables included), counted on the fake, ÷ the rate eBay allows: its
 *   limit of 20 a second, or fewer if the server cannot send that many: its 4 workers each wait 200 ms for a call,
 *   4 ÷ 0.2 s = 20 a second.
 * Target: autopilot <= 1.15x the bound. Printed beside it: the three-screen time.
 *
 * AUTOPILOT_BENCH_LABEL_READING (on, as installed); AUTOPILOT_BENCH_PRODUCTS (50); AUTOPILOT_BENCH_MODES (autopilot,sequential); AUTOPILOT_BENCH_PRICE_BASIS
 * (comparables, or ai).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type APIRequestContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { connectFakeEbaySeller } from '../e2e/support/ebay-seller';
import { startFakeEbay, type FakeEbay } from '../fakes/ebay/ebay-server';
import { startFakeOpenAi } from '../fakes/openai-server';
import { autopilotPaths, type AutopilotRunResponse, type AutopilotSettingsBody } from '@shared/contracts/autopilot';
import type { ListItemsResponse } from '@shared/contracts/items';
import { listingsPaths } from '@shared/contracts/listings';
import { ebayPublishPaths } from '@shared/contracts/ebay-publish';
import { fakeEbayEnv } from '../src/server/test/fake-ebay-seller';
import { startServerProcess } from '../src/server/test/server-process';
import { fast4g } from './support/network-presets';
import { phonePhotos } from './support/phone-photos';
import { idleBetweenRequests, uploadByShotTime, watchUploads } from './support/phone-upload';

type Mode = 'autopilot' | 'sequential';
const PRODUCTS = Number(process.env.AUTOPILOT_BENCH_PRODUCTS ?? 50);
const PHOTOS = 5;
const MODES = (process.env.AUTOPILOT_BENCH_MODES ?? 'autopilot,sequential').split(',') as Mode[];
const PRICE_BASIS = (process.env.AUTOPILOT_BENCH_PRICE_BASIS ?? 'comparables') as AutopilotSettingsBody['priceBasis'];
const AI_RPM = 600;
const AI_LATENCY_MS = 150;
const EBAY_LATENCY_MS = 200;
const EBAY_CALLS_PER_SECOND = 20;
const WORKERS = 4;
const TARGET_RATIO = 1.15;
/** The calls a second eBay takes from this seller: its limit, or what 4 workers waiting 200 ms a call can send. */
const EBAY_RATE = Math.min(EBAY_CALLS_PER_SECOND, WORKERS / (EBAY_LATENCY_MS / 1000));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ModeResult {
  mode: Mode;
  /** Seconds from the first byte sent to the last listing live; null when not every product went live. */
  wall: number | null;
  /** Seconds from the first byte to: the last upload answered, the last listing written, the last live. */
  marks: { uploaded: number; written: number | null; live: number | null };
  bounds: { upload: number; generation: number; publish: number };
  bytesSent: number;
  /** Seconds the uplink carried nothing between upload requests (the next product not ready), and inside them
   * beyond their bytes' time (latency, the server's answer). */
  uploadIdle: { between: number; inside: number };
  ebayCalls: number;
  limited: number;
  live: number;
  /** Autopilot runs seen on GET /api/autopilot while the products went through. */
  runs: number;
  note: string;
}

const executablePath = chromiumPath();
if (!executablePath) {
  console.log('autopilot-run skipped: no Chromium found (set CHROMIUM_PATH)');
  process.exit(0);
}
if (spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
// `npm run bench` starts this file with `npm start`'s Node flags; the server gets the same.
const nodeFlags = process.execArgv.filter((flag) => flag.startsWith('--') && !flag.startsWith('--import') && flag !== 'tsx');
const photos = await phonePhotos(PRODUCTS, PHOTOS);
console.log(
  `Autopilot end to end: ${PRODUCTS} products x ${PHOTOS} photos (12 MP JPEGs, ${(photos.bytes / PRODUCTS / PHOTOS / 1e6).toFixed(1)} MB each) ` +
    `from a phone on Fast 4G (${fast4g.uploadThroughput} B/s up, ${fast4g.latency} ms); fake AI ${AI_RPM}/min, ` +
    `fake eBay ${EBAY_LATENCY_MS} ms a call and ${EBAY_CALLS_PER_SECOND} calls/s; ${WORKERS} workers; load average ${loadavg()[0]!.toFixed(1)}`,
);

const seconds = (ms: number) => ms / 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it answers true or `timeoutMs` passed; answers whether it did. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}

/** The seller's products as the dashboard lists them (every page). */
async function listedProducts(request: APIRequestContext) {
  const items: ListItemsResponse['items'] = [];
  let cursor: string | null = null;
  do {
    const answer = await request.get(`/api/items?view=batches&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!answer.ok()) throw new Error(`GET /api/items answered ${answer.status()}: ${await answer.text()}`);
    const page = (await answer.json()) as ListItemsResponse;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Wall-clock ms (epoch) of eBay's answers to successful publishOffer calls, in order. */
const publishedAt = (ebay: FakeEbay, from: number) =>
  ebay.state.calls
    .slice(from)
    .filter((call) => call.operationId === 'publishOffer' && call.status === 200)
    .map((call) => call.at);

/** A call from the phone (throttled like the upload), as the screens make it. */
async function postFromPhone(page: Page, url: string, body: unknown) {
  const answer = await page.evaluate(
    async ([url, body]) => {
      const response = await fetch(url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    [url, body] as const,
  );
  if (answer.status >= 300) throw new Error(`POST ${url} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as unknown;
}

async function runMode(mode: Mode): Promise<ModeResult> {
  const ai = await startFakeOpenAi({ rateLimitPerMinute: AI_RPM, latencyMs: AI_LATENCY_MS });
  const ebay = await startFakeEbay({ latencyMs: 0 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-autopilot-'));
  const server = await startServerProcess(
    path.join(root, 'dist/server/main.js'),
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WORKERS: String(WORKERS),
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: ai.url,
      AI_API_KEY: ai.apiKey,
      AI_MODEL: 'gpt-fake',
      EBAY_ENV: 'sandbox',
      ...fakeEbayEnv(ebay),
      // As bench/ebay-publish.ts: 5% under the limit, since calls leave on time but reach eBay with jitter.
      EBAY_CALLS_PER_SECOND: String(EBAY_CALLS_PER_SECOND * 0.95),
      // The labels read as on the default install (decision 165): every photo through the OCR to check the AI's answer.
      LABEL_READING: process.env.AUTOPILOT_BENCH_LABEL_READING ?? 'on',
    },
    { nodeFlags },
  );
  ebay.setCallbackUrl(`${server.url}/ebay-callback`);
  const browser = await chromium.launch({ executablePath, args: chromiumArgs() });
  const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']!;
  const context = await browser.newContext({
    ...pixel7,
    viewport: { width: 390, height: 844 },
    baseURL: server.url,
    serviceWorkers: 'block',
  });
  const errors: string[] = [];
  try {
    // ---- not timed: the seller's account, eBay connected with policies, autopilot on or off ----
    const credentials = { email: `bench-autopilot-${Date.now()}@example.com`, password: 'bench-password' };
    const signUp = await context.request.post('/api/auth/sign-up/email', { data: { ...credentials, name: 'bench' } });
    if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
    const signIn = await context.request.post('/api/auth/sign-in/email', { data: credentials });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
    await connectFakeEbaySeller(context.request);
    const settings: AutopilotSettingsBody = { enabled: true, channels: ['ebay'], priceBasis: PRICE_BASIS, percent: 0, floor: null };
    if (mode === 'autopilot') {
      const put = await context.request.put(autopilotPaths.settings, { data: settings });
      if (!put.ok()) throw new Error(`PUT ${autopilotPaths.settings} answered ${put.status()}: ${await put.text()}`);
    }
    ebay.setLatency(EBAY_LATENCY_MS);
    ebay.state.callsPerSecond = EBAY_CALLS_PER_SECOND;
    const callsBefore = ebay.state.calls.length;

    const page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', fast4g);
    const traffic = watchUploads(page);

    // ---- timed from the first upload request's start ----
    await uploadByShotTime(page, photos.paths, PRODUCTS);
    const timeout = 1_800_000;
    const allUploaded = () => traffic.finished >= PRODUCTS;
    let written: number | null = null;
    /** The autopilot runs the seller's phone saw (a run ends when none of its products is moving). */
    const runs = new Set<string>();
    let note = '';
    if (mode === 'autopilot') {
      let polled = 0;
      await until(async () => {
        if (publishedAt(ebay, callsBefore).length >= PRODUCTS) return true;
        if (Date.now() - polled < 2000) return false;
        // What the seller's phone shows, every 2 s: the run's summary (a run ends when nothing of it is moving).
        polled = Date.now();
        const run = ((await (await context.request.get(autopilotPaths.run)).json()) as AutopilotRunResponse).run;
        if (run) runs.add(run.runId);
        // Everything uploaded and settled, some waiting or failed: stop and say why.
        if (!allUploaded() || !run?.finished || run.counts.waiting + run.counts.failed === 0) return false;
        note = `${run.counts.waiting} waiting, ${run.counts.failed} failed: ${[...run.review, ...run.failed]
          .slice(0, 3)
          .map((item) => `${item.sku}: ${item.error ?? item.reasons.map((r) => r.message).join('; ')}`)
          .join(' | ')}`;
        return true;
      }, timeout);
    } else {
      await until(allUploaded, timeout);
      const ids = (await listedProducts(context.request)).map((item) => item.id);
      await postFromPhone(page, listingsPaths.generate, { itemIds: ids });
      await until(async () => {
        const items = await listedProducts(context.request);
        return items.every((item) => item.aiGenerationStatus === 'completed' || item.aiGenerationStatus === 'failed');
      }, timeout);
      written = Date.now();
      const publish = (await postFromPhone(page, ebayPublishPaths.bulk, { itemIds: ids })) as {
        refused: Array<{ sku: string; message: string }>;
      };
      if (publish.refused.length)
        note = `bulk publish refused ${publish.refused.length}: ${publish.refused[0]!.sku}: ${publish.refused[0]!.message}`;
      await until(() => publishedAt(ebay, callsBefore).length >= PRODUCTS - publish.refused.length, timeout);
    }
    const first = traffic.firstStart() ?? Number.NaN;
    const publishes = publishedAt(ebay, callsBefore);
    const lastLive = publishes.length >= PRODUCTS ? publishes[PRODUCTS - 1]! : null;
    const calls = ebay.state.calls.slice(callsBefore);
    // The calls eBay's limit counts: API calls it answered (not the token endpoint, not those refused with 429).
    const paced = calls.filter((call) => call.operationId !== 'token' && call.status !== 429).length;
    const items = await listedProducts(context.request);
    if (mode === 'autopilot') {
      const writtenAt = items.map((item) => (item.aiGeneratedAt ? Date.parse(item.aiGeneratedAt) : Number.NaN));
      written = writtenAt.some(Number.isNaN) ? null : Math.max(...writtenAt);
    }
    return {
      mode,
      wall: lastLive === null ? null : seconds(lastLive - first),
      marks: {
        uploaded: seconds(traffic.lastAnswer - first),
        written: written === null ? null : seconds(written - first),
        live: lastLive === null ? null : seconds(lastLive - first),
      },
      bounds: {
        upload: traffic.bytesSent / fast4g.uploadThroughput,
        generation: PRODUCTS / (AI_RPM / 60),
        publish: paced / EBAY_RATE,
      },
      bytesSent: traffic.bytesSent,
      uploadIdle: {
        between: seconds(idleBetweenRequests(traffic.spans)),
        inside: traffic.spans.reduce((sum, span) => sum + seconds(span.end - span.start) - span.bytes / fast4g.uploadThroughput, 0),
      },
      ebayCalls: paced,
      limited: calls.filter((call) => call.status === 429).length,
      live: items.filter((item) => ebayPublishStateOf(item)?.status === 'published').length,
      runs: runs.size,
      note: [note, errors.length ? `page errors: ${errors.slice(0, 3).join(' | ')}` : ''].filter(Boolean).join('; '),
    };
  } finally {
    await browser.close();
    await server.stop();
    await ai.close();
    await ebay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: ModeResult[] = [];
try {
  for (const mode of MODES) {
    const result = await runMode(mode);
    results.push(result);
    const { bounds, marks } = result;
    const bound = Math.max(bounds.upload, bounds.generation, bounds.publish);
    const fmt = (s: number | null) => (s === null ? '-' : `${s.toFixed(1)} s`);
    console.log(`  ${mode === 'autopilot' ? `autopilot (price: ${PRICE_BASIS})` : 'three screens, one after another'}:`);
    console.log(
      `    stages alone: upload ${(result.bytesSent / 1e6).toFixed(1)} MB ÷ ${fast4g.uploadThroughput} B/s = ${bounds.upload.toFixed(1)} s; ` +
        `generation ${PRODUCTS} ÷ ${AI_RPM / 60}/s = ${bounds.generation.toFixed(1)} s; publish ${result.ebayCalls} eBay calls ÷ ${EBAY_RATE}/s = ${bounds.publish.toFixed(1)} s ` +
        `(${result.limited} answered 429)`,
    );
    console.log(
      `    from the first byte: last upload answered ${fmt(marks.uploaded)}, last listing written ${fmt(marks.written)}, last live ${fmt(marks.live)}; ${result.live} of ${PRODUCTS} live${mode === 'autopilot' ? ` (in ${result.runs} autopilot run${result.runs === 1 ? '' : 's'})` : ''}`,
    );
    console.log(
      `    upload over its bytes' time: ${result.uploadIdle.inside.toFixed(1)} s inside the ${PRODUCTS} requests (latency, the server's answer), ` +
        `${result.uploadIdle.between.toFixed(1)} s between them (the next product not ready)`,
    );
    if (result.wall !== null)
      console.log(
        `    wall ${result.wall.toFixed(1)} s vs bound ${bound.toFixed(1)} s = ${(result.wall / bound).toFixed(3)}x${mode === 'autopilot' ? ` (target <= ${TARGET_RATIO}x)` : ''}`,
      );
    if (result.note) console.log(`    ${result.note}`);
  }
} finally {
  photos.remove();
}
const autopilot = results.find((r) => r.mode === 'autopilot');
const sequential = results.find((r) => r.mode === 'sequential');
if (autopilot?.wall && sequential?.wall)
  console.log(
    `  three screens ${sequential.wall.toFixed(1)} s vs autopilot ${autopilot.wall.toFixed(1)} s = ${(sequential.wall / autopilot.wall).toFixed(2)}x`,
  );
const ok =
  results.every((r) => r.wall !== null && r.live === PRODUCTS) &&
  (!autopilot ||
    (autopilot.wall ?? Infinity) <=
      TARGET_RATIO * Math.max(autopilot.bounds.upload, autopilot.bounds.generation, autopilot.bounds.publish));
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
