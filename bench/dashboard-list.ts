/**
 * The dashboard list at scale. 10 sellers with 10,000 items of 5 photos each (100,000 items, 500,000
 * photo rows, seeded with INSERT ... SELECT generate_series); the first seller's list is measured three ways:
 *
 * 1. The first page of GET /api/items (in-process HTTP through app.inject: session, query, signed URLs, JSON)
 *    against the bare SQL that returns the same rows (the page of items and their photos) through the same
 *    driver, on PGlite and on PostgreSQL. Target: the API within 2x.
 * 2. Requests per second of that page on loopback with autocannon (its own process, 10 connections), PostgreSQL:
 *    on the server as it runs (list pages kept while current, decision record 030), target at least 2,000; and,
 *    for comparison, on a server that keeps none (LIST_CACHE_MB=0), which also serves the ratio of 1.
 * 3. The built dashboard in Chromium with 4x CPU throttling, scrolled for BENCH_SCROLL_SECONDS (20) at about
 *    3,000 px/s (a fling) while infinite scroll loads pages: frames a second (target 60) and long tasks over 50 ms
 *    (target none); then again at 1,000 px/s (reading as it goes), where the cards are built as they come. Each
 *    speed twice: moved by script in every frame (the main thread's frame rate is the scroll's), then by wheel
 *    events (BENCH_SCROLL_INPUTS, decision record 031, step 035), where the compositor scrolls and the frames presented are
 *    counted from the trace.
 *
 * PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres (skipped when
 * none answers). BENCH_ITEMS (10000) items per seller, BENCH_USERS (10) sellers, BENCH_ROUNDS (200) timed requests,
 * BENCH_RPS_SECONDS (10), BENCH_SCROLL_SECONDS (20; 0 skips the scroll); BENCH_DRIVERS=postgres (or pglite) runs one database only;
 * BENCH_PROFILE_DIR=dir writes the browser's CPU profile of the scroll there (scroll-<script|wheel>-<px/s>.cpuprofile, for DevTools) and
 * the server's during the requests-per-second run (server.cpuprofile);
 * BENCH_TRACE_DIR=dir writes a Chromium performance trace of the scroll there (scroll-<script|wheel>-<px/s>.trace.json, devtools.timeline
 * categories, and any of BENCH_TRACE_CATEGORIES, e.g. disabled-by-default-devtools.timeline.invalidationTracking, which names the
 * nodes each layout and style recalculation was for; for DevTools' Performance panel or a script) and a screenshot half-way (scroll-<script|wheel>-<px/s>-midway.png); BENCH_SCROLL_SPEEDS
 * (3000,1000) the scrolls' speeds in px/s; BENCH_SCROLL_VIEWPORTS (desktop; desktop,phone adds a phone's 390x844 screen); BENCH_SCROLL_ROUNDS (1) how
 * many times each scroll runs; BENCH_WEB_DIRS=name=dir,name=dir scrolls those web builds in turns (an A/B); BENCH_SCROLL_STEP=px scrolls that many pixels a frame instead (the same distance per frame in every run, for comparing changes); BENCH_EXPLAIN=1 prints the first page's query plan.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { presentedFrames, type TraceEvent } from './support/presented-frames';
import { loadConfig } from '../src/server/config';
import { composeDeps } from '../src/server/compose';
import { openDatabase, type Database } from '../src/server/db/client';
import type { Storage } from '../src/server/adapters/storage/storage';
import { buildApp } from '../src/server/http/app';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 10);
const PHOTOS = 5;
const PAGE = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const RPS_SECONDS = Number(process.env.BENCH_RPS_SECONDS ?? 10);
const SCROLL_SECONDS = Number(process.env.BENCH_SCROLL_SECONDS ?? 20);
/** Pixels a frame instead of 3,000 px/s (the same distance per frame in every run, for comparing changes). */
const STEP_PX = Number(process.env.BENCH_SCROLL_STEP ?? 0);
const SCROLL_SPEEDS = (process.env.BENCH_SCROLL_SPEEDS ?? '3000,1000').split(',').map(Number);
/**
 * How the scroll is driven: 'script' (window.scrollBy in every frame: the main thread moves the page, so a late main
 * frame is a frame the page stands still) and 'wheel' (wheel events as a trackpad sends them, which the compositor
 * scrolls as a seller's wheel or finger does: the page moves in every presented frame, and a late main frame leaves
 * cards missing instead). Both by default.
 */
const SCROLL_INPUTS = (process.env.BENCH_SCROLL_INPUTS ?? 'script,wheel').split(',') as Array<'script' | 'wheel'>;
/** The screens scrolled: a desktop's (1280x800) and a phone's (390x844). */
const SCROLL_SCREENS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type ScrollScreen = keyof typeof SCROLL_SCREENS;
const SCROLL_VIEWPORTS = (process.env.BENCH_SCROLL_VIEWPORTS ?? 'desktop').split(',') as ScrollScreen[];
/** Each scroll this many times, the web builds of BENCH_WEB_DIRS taking turns (A/B interleaved on a shared machine). */
const SCROLL_ROUNDS = Number(process.env.BENCH_SCROLL_ROUNDS ?? 1);
/**
 * BENCH_WEB_DIRS=name=dir,name=dir scrolls other builds of the web app (e.g. the code before a change) against the
 * same database, each from its own server, in turns: the comparison shares the machine's load. dist/web by default.
 */
const WEB_DIRS = (process.env.BENCH_WEB_DIRS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [name = '', dir = ''] = entry.split('=');
    return { name, dir: path.resolve(dir) };
  });
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const BENCH_SECRET = randomBytes(32).toString('hex');
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
/**
 * What DevTools' Performance panel records: tasks, script, style, layout, paint, image decode, GC. Each list starts
 * with '-*': a list of only disabled-by-default categories leaves every default one on too (sql, mojo, the thread
 * pools: 360 MB and 1.9 million events for a 20 s scroll, a quarter of a core in Chromium's tracing service on a
 * 2-core machine, and long tasks that were the recording's, decision record 031, step 038).
 */
const traceCategories = [
  '-*',
  ...(process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? []),
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'latencyInfo',
];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results: string[] = [];
let failed = false;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function postgresAdminUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

async function freshPostgres(adminUrl: string) {
  const name = `rs_bench_list_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function startApp(database: Database, webDir?: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-list-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    AUTH_RATE_LIMIT: '100000',
    WORKERS: '0',
    // One secret for every server of the run: a session signed in on one is valid on the others.
    APP_SECRET: BENCH_SECRET,
    ...env,
  });
  const deps = await composeDeps(config, { database, webDir });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    dataDir,
    async close() {
      await app.close();
      await deps.mailer.close?.();
      await deps.media.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type App = Awaited<ReturnType<typeof startApp>>['app'];

async function signUp(app: App, n: number): Promise<{ id: string; cookie: string; email: string; password: string }> {
  const email = `bench-list-${n}-${Date.now()}@example.com`;
  const password = 'bench-password';
  const up = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: 'bench' } });
  if (up.statusCode !== 200) throw new Error(`sign-up: ${up.statusCode} ${up.body}`);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const raw = signIn.headers['set-cookie'];
  const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).find((c) => c.startsWith('resale.session_token='))?.split(';')[0];
  if (!cookie) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
  return { id: signIn.json().user.id, cookie, email, password };
}

/** 10,000 items of 5 photos for one seller, in two statements; created_at one second apart, newest first. */
async function seed(database: Database, userId: string) {
  await database.db.execute(sql`
    insert into items (user_id, sku, status, upload_session_id, batch_id, batch_number, sku_assigned, photo_count,
                       created_at, updated_at, ai_title, brand)
    select ${userId}, 'BENCH-' || lpad(s.g::text, 6, '0'), 'draft', s.sid, s.sid, s.g, true, ${PHOTOS}::int,
           now() - make_interval(secs => s.g), now() - make_interval(secs => s.g), 'Bench jacket ' || s.g, 'Levis'
    from (select g, gen_random_uuid() as sid from generate_series(1, ${ITEMS}::int) g) s`);
  await database.db.execute(sql`
    insert into item_images (item_id, user_id, storage_path, thumb_path, width, height, bytes, "order", is_primary)
    select i.id, i.user_id, i.user_id || '/' || i.id || '/1700000000000-' || p || '-abcdef.jpg',
           i.user_id || '/' || i.id || '/1700000000000-' || p || '-abcdef.thumb.webp', 1920, 1440, 350000, p, p = 0
    from items i cross join generate_series(0, ${PHOTOS - 1}::int) p where i.user_id = ${userId}`);
}

/**
 * The same rows the first page answers, by the bare SQL the list runs: the page of items with their eBay listing's
 * columns and the first photo's thumbnail key, one statement.
 */
const firstPageSql = (userId: string) => sql`
    select items.*, to_char(items.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_text,
           (select ii.thumb_path from item_images ii where ii.item_id = items.id and ii.user_id = items.user_id
            order by ii."order", ii.created_at limit 1) as thumb_path,
           l.id as listing_id, l.status, l.url, l.error, l.price, l.quantity, l.data
    from items left join channel_listings l on l.item_id = items.id and l.user_id = items.user_id and l.channel = 'ebay'
    where items.user_id = ${userId} and items.sku_assigned = true
    order by items.created_at desc, items.id desc limit ${PAGE + 1}`;

async function bareFirstPage(database: Database, userId: string): Promise<number> {
  const page = (await database.db.execute(firstPageSql(userId))) as unknown as { rows: Array<{ thumb_path: string | null }> };
  return page.rows.slice(0, PAGE).filter((row) => row.thumb_path).length;
}

/** BENCH_EXPLAIN=1 prints the first page's plan (EXPLAIN ANALYZE). */
async function explainFirstPage(database: Database, userId: string) {
  const plan = (await database.db.execute(sql`explain (analyze, costs off) ${firstPageSql(userId)}`)) as unknown as {
    rows: Array<{ 'QUERY PLAN': string }>;
  };
  for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
}

async function measureRatio(label: string, database: Database, app: App, user: { id: string; cookie: string }) {
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  const callApi = async () => {
    const response = await app.inject({ method: 'GET', url: `/api/items?limit=${PAGE}`, headers: { cookie: user.cookie } });
    if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response;
  };
  const firstResponse = await callApi();
  const pageKb = (firstResponse.rawPayload.length / 1024).toFixed(0);
  const first = firstResponse.json() as { items: Array<{ photoCount: number; thumbnailUrl: string | null }> };
  if (first.items.length !== PAGE || first.items.some((item) => item.photoCount !== PHOTOS || !item.thumbnailUrl)) {
    throw new Error('unexpected first page');
  }
  for (let i = 0; i < 20; i++) {
    await callApi();
    await bareFirstPage(database, user.id);
  }
  for (let i = 0; i < ROUNDS; i++) {
    let started = performance.now();
    await callApi();
    apiTimes.push(performance.now() - started);
    started = performance.now();
    if ((await bareFirstPage(database, user.id)) !== PAGE) throw new Error('bare query found other rows');
    sqlTimes.push(performance.now() - started);
  }
  const [api, bare] = [median(apiTimes), median(sqlTimes)];
  const ratio = api / bare;
  const line = `${label}: first page (${PAGE} items of ${PHOTOS} photos, first thumbnails, ${pageKb} KB of JSON) API ${api.toFixed(2)} ms vs bare SQL ${bare.toFixed(2)} ms = ${ratio.toFixed(2)}x (target <= 2x), medians of ${ROUNDS}`;
  console.log(`  ${line}`);
  results.push(line);
  if (ratio > 2) failed = true;
}

async function measureRps(app: App, cookie: string, label: string) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const profiler = PROFILE_DIR ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const bin = path.join(root, 'node_modules/autocannon/autocannon.js');
  const child = spawn(
    process.execPath,
    [bin, '-c', '10', '-d', String(RPS_SECONDS), '-j', '-H', `cookie=${cookie}`, `${address}/api/items?limit=${PAGE}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve) => child.on('exit', () => resolve()));
  if (profiler && PROFILE_DIR) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR, 'server.cpuprofile'), JSON.stringify(profile));
    profiler.disconnect();
  }
  const report = JSON.parse(out) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    latency: { p99: number };
  };
  const line = `PostgreSQL: GET /api/items (first page${label}) on loopback, autocannon 10 connections ${RPS_SECONDS} s: ${Math.round(report.requests.average)} requests/s, p99 ${report.latency.p99} ms, non-2xx ${report.non2xx}, errors ${report.errors} (target >= 2,000)`;
  console.log(`  ${line}`);
  results.push(line);
  return report;
}

/**
 * The scrolled seller's first thumbnails as real files (one 240x180 WebP, stored through the server's storage under
 * each key), so the dashboard draws images as
 * a seller's does, not the browser's broken-image fallback for 10,000 missing files.
 */
async function storeThumbnails(database: Database, storage: Storage, userId: string) {
  const webp = await sharp({ create: { width: 240, height: 180, channels: 3, background: { r: 70, g: 90, b: 140 } } })
    .webp()
    .toBuffer();
  const result = (await database.db.execute(
    sql`select thumb_path from item_images where user_id = ${userId} and "order" = 0`,
  )) as unknown as { rows: Array<{ thumb_path: string }> };
  const keys = result.rows.map((row) => row.thumb_path);
  for (let at = 0; at < keys.length; at += 50) {
    await Promise.all(keys.slice(at, at + 50).map((key) => storage.put(key, webp, 'image/webp')));
  }
}

async function measureScroll(
  address: string,
  user: { email: string; password: string },
  pxPerSecond: number,
  input: 'script' | 'wheel',
  screen: ScrollScreen = 'desktop',
  build = '',
) {
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log('  no Chromium: scroll test skipped');
    return;
  }
  const browser = await chromium.launch({ executablePath, args: chromiumArgs() });
  try {
    const viewport = SCROLL_SCREENS[screen];
    const context = await browser.newContext({ baseURL: address, viewport });
    const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } });
    if (!signIn.ok()) throw new Error(`browser sign-in: ${signIn.status()}`);
    const first = (await (await context.request.get('/api/items')).json()) as { items: Array<{ thumbnailUrl: string | null }> };
    const thumbnail = first.items[0]?.thumbnailUrl;
    const thumbnailStatus = thumbnail ? (await context.request.get(thumbnail)).status() : 0;
    if (thumbnailStatus !== 200) console.log(`  the first thumbnail answers ${thumbnailStatus}: ${thumbnail}`);
    const page = await context.newPage();
    await page.addInitScript(`window.__longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.__longTasks.push([entry.startTime, entry.duration]))).observe({ type: 'longtask' });`);
    await page.goto('/');
    await page.getByTestId('product-card').first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate('window.__longTasks = []');
    if (PROFILE_DIR) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const traceName = `scroll-${build ? `${build}-` : ''}${screen}-${input}-${pxPerSecond}`;
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    // A wheel scroll's frames are the compositor's: counted from the trace's frame reports.
    if (TRACE_DIR || input === 'wheel')
      await browser.startTracing(page, {
        path: TRACE_DIR ? path.join(TRACE_DIR, `${traceName}.trace.json`) : undefined,
        categories: TRACE_DIR ? traceCategories : ['-*', 'disabled-by-default-devtools.timeline.frame'],
      });
    // What the seller sees half-way (BENCH_TRACE_DIR): the screen while the cards are being built.
    const midway = TRACE_DIR
      ? new Promise((resolve) => setTimeout(resolve, (SCROLL_SECONDS * 1000) / 2)).then(() =>
          page.screenshot({ path: path.join(TRACE_DIR, `${traceName}-midway.png`) }),
        )
      : null;
    // A string, not a function: tsx's transform would name the inner arrow functions with a helper the page lacks.
    page.on('console', (message) => message.type() === 'error' && console.log(`  page: ${message.text()}`));
    const stalled = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error('the scroll did not finish: the page stopped drawing frames')),
        SCROLL_SECONDS * 1000 + 60_000,
      ).unref(),
    );
    // The wheel's gesture runs a little longer than the frames are counted, so every counted frame scrolls.
    const gesture =
      input === 'wheel'
        ? cdp
            .send('Input.synthesizeScrollGesture', {
              x: Math.round(viewport.width / 2),
              y: 500,
              yDistance: -pxPerSecond * (SCROLL_SECONDS + 0.5),
              speed: pxPerSecond,
              gestureSourceType: 'mouse',
              preventFling: true,
            })
            // Read after the frames are counted: a gesture Chromium refused fails the run there, not as an unhandled rejection.
            .then(
              () => null,
              (error: unknown) => error,
            )
        : null;
    const scrolled = (await Promise.race([
      stalled,
      page.evaluate(`new Promise((resolve) => {
      const start = performance.now();
      const end = start + ${SCROLL_SECONDS * 1000};
      let frames = 0;
      let last = performance.now();
      let sampled = 0;
      let missing = 0;
      // Every 5th frame, as the seller sees it: the share of the screen below the list's top that cards should cover
      // and do not yet (rows or cards still to be built), against a full row's share.
      const missingShare = () => {
        const list = document.querySelector('[data-virtualised]');
        if (!list) return 0;
        const box = list.getBoundingClientRect();
        const top = Math.max(box.top, 64);
        const bottom = Math.min(innerHeight, box.bottom);
        if (bottom <= top) return 0;
        const rows = [...list.querySelectorAll(':scope > [data-index]')];
        if (!rows.length) return 1;
        const columns = getComputedStyle(rows[0].querySelector('ul')).gridTemplateColumns.split(' ').length;
        const full = rows.find((row) => row.querySelectorAll('[data-testid=product-card]').length === columns);
        if (!full) return 1;
        const cardArea = (card) => {
          const rect = card.getBoundingClientRect();
          return Math.max(0, Math.min(bottom, rect.bottom) - Math.max(top, rect.top)) * rect.width;
        };
        const fullShare = [...full.querySelectorAll('[data-testid=product-card]')].reduce((sum, card) => {
          const rect = card.getBoundingClientRect();
          return sum + rect.width * rect.height;
        }, 0) / (box.width * full.getBoundingClientRect().height);
        const covered = [...list.querySelectorAll('[data-testid=product-card]')].reduce((sum, card) => sum + cardArea(card), 0);
        return Math.max(0, 1 - covered / (fullShare * box.width * (bottom - top)));
      };
      let waiting = 0;
      const step = (now) => {
        if (window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2) waiting += 1;
        ${input === 'script' ? `window.scrollBy(0, ${STEP_PX ? STEP_PX : `((now - last) / 1000) * ${pxPerSecond}`});` : ''}
        last = now;
        frames += 1;
        if (frames % 5 === 0) {
          sampled += 1;
          try {
            missing += missingShare();
          } catch (error) {
            console.error('bench: measuring the screen failed', error);
          }
        }
        if (now < end) requestAnimationFrame(step);
        else resolve({ frames, y: window.scrollY, missing: missing / sampled, waiting: waiting / frames, start, end: now });
      };
      requestAnimationFrame(step);
    })`),
    ])) as { frames: number; y: number; missing: number; waiting: number; start: number; end: number };
    if (PROFILE_DIR) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(path.join(PROFILE_DIR, `${traceName}.cpuprofile`), JSON.stringify(profile));
    }
    const gestureError = await gesture;
    if (gestureError) throw gestureError;
    const trace = TRACE_DIR || input === 'wheel' ? await browser.stopTracing() : null;
    const presented = trace ? presentedFrames((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents) : null;
    await midway;
    // Only those during the counted frames: not tasks while tracing starts or stops, or as the gesture ends after
    // them (decision record 031, step 037).
    const allLongTasks = (await page.evaluate('window.__longTasks')) as Array<[number, number]>;
    const longTasks = allLongTasks
      .filter(([at, duration]) => at + duration >= scrolled.start && at <= scrolled.end)
      .map(([, duration]) => duration);
    const outside = allLongTasks.length - longTasks.length;
    const loaded = await page.getByTestId('batch-count').textContent();
    const cardsInDom = await page.getByTestId('product-card').count();
    const virtualised = (await page.locator('[data-virtualised="true"]').count()) > 0;
    const rowHeights = (await page.evaluate(
      `[...document.querySelectorAll('[data-virtualised] > [data-index]')].map((row) => row.getBoundingClientRect().height)`,
    )) as number[];
    const fps = scrolled.frames / SCROLL_SECONDS;
    const frameRates =
      input === 'wheel' && presented
        ? `${presented.perSecond.toFixed(0)} frames/s presented (${Math.round(100 * presented.partial)}% before the main thread drew its part, ${presented.dropped} dropped), the main thread at ${fps.toFixed(0)} frames/s`
        : `${fps.toFixed(0)} frames/s`;
    const line = `${build ? `[${build}] ` : ''}${screen} (load ${loadBefore}): Chromium 4x CPU throttling, dashboard of ${ITEMS} items scrolled ${SCROLL_SECONDS} s ${input === 'wheel' ? 'by wheel' : 'by script'} at ${STEP_PX && input === 'script' ? `${STEP_PX} px a frame` : `${pxPerSecond} px/s`} (${Math.round(scrolled.y)} px, header count ${loaded}, ${cardsInDom} cards in the DOM, virtualised ${virtualised}, rows of ${median(rowHeights)} px): ${frameRates}, cards missing from ${Math.round(100 * scrolled.missing)}% of the screen on average (still being built), at the end of the loaded list in ${Math.round(100 * scrolled.waiting)}% of frames, long tasks over 50 ms: ${longTasks.length}${longTasks.length ? ` (longest ${Math.round(Math.max(...longTasks))} ms)` : ''}${outside ? ` (and ${outside} before or after the scroll, not counted)` : ''} (target 60 frames/s, no long task)`;
    console.log(`  ${line}`);
    results.push(line);
    if (longTasks.length > 0) failed = true;
  } finally {
    await browser.close();
  }
}

async function run(driver: 'pglite' | 'postgres', adminUrl: string | null) {
  const pgDb = driver === 'postgres' && adminUrl ? await freshPostgres(adminUrl) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-list-db-'));
  const database =
    driver === 'postgres' && pgDb
      ? await openDatabase({ kind: 'postgres', url: pgDb.url, max: 20 })
      : await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  await database.migrate();
  const webDir = driver === 'postgres' ? path.join(root, 'dist/web') : undefined;
  const server = await startApp(database, webDir);
  try {
    const seedStarted = performance.now();
    const users = [];
    for (let n = 0; n < USERS; n++) {
      const user = await signUp(server.app, n);
      await seed(database, user.id);
      users.push(user);
    }
    await database.db.execute(sql`analyze`);
    const label = driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(
      `  ${label}: seeded ${USERS * ITEMS} items, ${USERS * ITEMS * PHOTOS} photos in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const [owner] = users;
    if (!owner) throw new Error('no users');
    if (process.env.BENCH_EXPLAIN === '1') await explainFirstPage(database, owner.id);
    // The ratio is the list's own work: a server that keeps no pages (PostgreSQL's default server keeps them,
    // decision record 030, and would answer the repeated page without reading it).
    const reading = await startApp(database, undefined, { LIST_CACHE_MB: '0' });
    try {
      await measureRatio(label, database, reading.app, owner);
      if (driver === 'postgres') await measureRps(reading.app, owner.cookie, ', every request read from the database');
    } finally {
      await reading.close();
    }
    if (driver === 'postgres') {
      const hitsBefore = server.deps.listCache.hits;
      const report = await measureRps(server.app, owner.cookie, ', pages kept while current');
      const hitRate = (server.deps.listCache.hits - hitsBefore) / Math.max(1, report.requests.total);
      console.log(`  (${(hitRate * 100).toFixed(1)}% of them answered from kept pages)`);
      if (report.requests.average < 2000 || report.non2xx > 0) failed = true;
      const portOf = (app: App) => {
        const address = app.server.address();
        return typeof address === 'object' && address ? address.port : 0;
      };
      if (SCROLL_SECONDS > 0) {
        await storeThumbnails(database, server.deps.storage, owner.id);
        // Each other build from its own server, on the same database and the same stored thumbnails.
        const builds: Array<{ name: string; address: string; close?: () => Promise<void> }> = [];
        for (const { name, dir } of WEB_DIRS) {
          const other = await startApp(database, dir, { DATA_DIR: server.dataDir });
          await other.app.listen({ port: 0, host: '127.0.0.1' });
          builds.push({ name, address: `http://127.0.0.1:${portOf(other.app)}`, close: () => other.close() });
        }
        if (!builds.length) builds.push({ name: '', address: `http://127.0.0.1:${portOf(server.app)}` });
        try {
          for (let round = 0; round < SCROLL_ROUNDS; round += 1) {
            for (const screen of SCROLL_VIEWPORTS) {
              for (const input of SCROLL_INPUTS) {
                for (const speed of SCROLL_SPEEDS) {
                  // The builds take turns, starting with a different one each round.
                  for (let turn = 0; turn < builds.length; turn += 1) {
                    const build = builds[(turn + round) % builds.length]!;
                    await measureScroll(build.address, owner, speed, input, screen, build.name);
                  }
                }
              }
            }
          }
        } finally {
          for (const build of builds) await build.close?.();
        }
      }
    }
  } finally {
    await server.close();
    await database.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
console.log(`Dashboard list: ${USERS} sellers x ${ITEMS} items x ${PHOTOS} photos (node ${process.version})`);
if (DRIVERS.includes('pglite')) await run('pglite', null);
const adminUrl = DRIVERS.includes('postgres') ? await postgresAdminUrl() : null;
if (adminUrl) await run('postgres', adminUrl);
else if (DRIVERS.includes('postgres')) console.log('  no PostgreSQL answered: PostgreSQL ratio, requests per second and scroll skipped');
console.log(failed ? '  FAIL' : '  PASS');
process.exit(failed ? 1 : 0);
