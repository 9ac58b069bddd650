/**
 * Mixed load: one real server process (the `npm start` bundle and flags, 4 workers) on a fresh PostgreSQL
 * database, driven on loopback for BENCH_LOAD_SECONDS (60) by BENCH_LOAD_CONNECTIONS (50) connections that mix the
 * four kinds of request a busy shop sends, spread over BENCH_LOAD_SELLERS (5) sellers of 200 items each:
 * - dashboard reads: GET /api/items (first page of 50, signed photo URLs), autocannon;
 * - item creations with a photo: POST /api/items/upload, one product of one JPEG per request (a fresh upload key
 *   each, as the browser sends them), autocannon;
 * - status polling: GET /api/items/summary (what the header polls while a generation runs), autocannon;
 * - event streams: GET /api/events opened, held BENCH_LOAD_STREAM_HOLD_MS (2000) while creations notify it, closed,
 *   again (latency: until the stream's `ready` event).
 * Printed: requests/s, errors (and non-2xx) and p99 latency per kind; rows counted after the run against the
 * creations the server acknowledged (no lost writes); the load average (the machine may be shared).
 * Targets: no errors, no non-2xx, rows = acknowledged. The idle cost of 500 open streams is event-streams.ts's
 * figure (its 500 level on PostgreSQL with LISTEN/NOTIFY), not measured twice.
 *
 * PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres (skipped when
 * none answers).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { startServerProcess } from '../src/server/test/server-process';
import { createEmptyPostgresDatabase } from '../src/server/test/test-database';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const SELLERS = Number(process.env.BENCH_LOAD_SELLERS ?? 5);
const SEEDED_ITEMS = 200;
const STREAM_HOLD_MS = Number(process.env.BENCH_LOAD_STREAM_HOLD_MS ?? 2000);
/** Shares of the connections: reads, creations, polling, streams. */
const SHARES = { reads: 0.4, creations: 0.2, polling: 0.3, streams: 0.1 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOUNDARY = '----resale-bench-boundary';

interface KindResult {
  kind: string;
  connections: number;
  requests: number;
  errors: number;
  non2xx: number;
  p99: number;
}

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

async function signIn(base: string, n: number): Promise<{ id: string; cookie: string }> {
  const credentials = { email: `bench-load-${n}-${Date.now()}@example.com`, password: 'bench-password' };
  const headers = { 'content-type': 'application/json', origin: base };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...credentials, name: 'bench' }),
  });
  if (!up.ok) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
  const answer = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(credentials) });
  const cookie = answer.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in: ${answer.status}`);
  return { id: ((await answer.json()) as { user: { id: string } }).user.id, cookie };
}

/** SEEDED_ITEMS items of one photo row each for a seller, in two statements (the dashboard reads full pages). */
async function seed(db: pg.Client, userId: string) {
  await db.query(
    `insert into items (user_id, sku, status, upload_session_id, batch_id, batch_number, sku_assigned, photo_count, brand)
     select $1, 'SEED-' || lpad(s.g::text, 4, '0'), 'draft', s.sid, s.sid, s.g, true, 1, 'Levis'
     from (select g, gen_random_uuid() as sid from generate_series(1, $2::int) g) s`,
    [userId, SEEDED_ITEMS],
  );
  await db.query(
    `insert into item_images (item_id, user_id, storage_path, thumb_path, width, height, bytes, "order", is_primary)
     select i.id, i.user_id, i.user_id || '/' || i.id || '/1700000000000-0-abcdef.jpg',
            i.user_id || '/' || i.id || '/1700000000000-0-abcdef.thumb.webp', 1280, 960, 200000, 0, true
     from items i where i.user_id = $1`,
    [userId],
  );
  // Seeded SKUs are typed ones; generated SKUs of the run start at PSTFSH-001.
}

function multipartPhoto(photo: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** One autocannon run of `connections` connections for SECONDS; `request` builds each request (cookie chosen per request). */
async function cannon(
  kind: string,
  base: string,
  connections: number,
  request: (n: number) => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: Buffer },
  onOk?: (body: string) => void,
): Promise<KindResult> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...request(n++) }),
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) onOk?.(body);
        },
      },
    ],
  });
  return {
    kind,
    connections,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p99: result.latency.p99,
  };
}

/** Streams opened, held and closed in turn on `connections` sockets for SECONDS; latency until `ready`. */
async function streamLoop(port: number, cookies: string[], connections: number): Promise<KindResult> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const end = Date.now() + SECONDS * 1000;
  const one = (cookie: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) {
          non2xx += 1;
          res.resume();
          return resolve();
        }
        let seen = '';
        let ready = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (ready || !(seen += chunk).includes('event: ready')) return;
          ready = true;
          latencies.push(performance.now() - started);
          setTimeout(() => {
            req.destroy();
            resolve();
          }, STREAM_HOLD_MS);
        });
        res.on('error', () => {});
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      while (Date.now() < end) await one(cookies[c % cookies.length]!);
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? Number.NaN;
  return { kind: 'event streams', connections, requests: latencies.length + non2xx + errors, errors, non2xx, p99: Math.round(p99) };
}

const adminUrl = await postgresAdminUrl();
if (!adminUrl) {
  console.log('Mixed load: no PostgreSQL answered (set BENCH_DATABASE_URL): skipped');
  process.exit(0);
}
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const startScript: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const nodeFlags = /node ((?:--[\w-]+=\S+ )*)dist\/server\/main\.js/.exec(startScript)?.[1]?.trim().split(' ').filter(Boolean) ?? [];

const target = await createEmptyPostgresDatabase(adminUrl, 'rs_bench_load');
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-load-'));
const server = await startServerProcess(
  path.join(root, 'dist/server/main.js'),
  { NODE_ENV: 'production', DATABASE_URL: target.url, DATA_DIR: dataDir, WORKERS: '4', LOG_LEVEL: 'error', AUTH_RATE_LIMIT: '100000' },
  { nodeFlags },
);
const db = new pg.Client({ connectionString: target.url });
await db.connect();
const count = async (query: string) => Number((await db.query<{ n: string }>(query)).rows[0]?.n);
let failed = false;
try {
  const sellers: { id: string; cookie: string }[] = [];
  for (let n = 0; n < SELLERS; n++) sellers.push(await signIn(server.url, n));
  for (const seller of sellers) await seed(db, seller.id);
  await db.query('analyze');
  const photo = await sharp({
    create: { width: 1280, height: 960, channels: 3, background: '#1e3a8a', noise: { type: 'gaussian', mean: 90, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const body = multipartPhoto(photo);
  const share = (part: number) => Math.max(1, Math.round(CONNECTIONS * part));
  const cookieOf = (n: number) => sellers[n % sellers.length]!.cookie;
  const itemsBefore = await count('select count(*) as n from items');
  const acknowledged: string[] = [];
  const port = Number(new URL(server.url).port);
  const loadBefore = loadavg()[0]!;
  console.log(
    `Mixed load: ${CONNECTIONS} connections for ${SECONDS} s on loopback, PostgreSQL, one server process (4 workers), ` +
      `${SELLERS} sellers x ${SEEDED_ITEMS} items; photo ${Math.round(photo.length / 1024)} KB; load average before ${loadBefore.toFixed(2)}`,
  );
  const results = await Promise.all([
    cannon('dashboard reads', server.url, share(SHARES.reads), (n) => ({
      method: 'GET',
      path: '/api/items?limit=50',
      headers: { cookie: cookieOf(n) },
    })),
    cannon(
      'creations + photo',
      server.url,
      share(SHARES.creations),
      (n) => ({
        method: 'POST',
        path: `/api/items/upload?uploadKey=${randomUUID()}`,
        headers: { cookie: cookieOf(n), origin: server.url, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      }),
      (answer) => acknowledged.push((JSON.parse(answer) as { item: { id: string } }).item.id),
    ),
    cannon('status polling', server.url, share(SHARES.polling), (n) => ({
      method: 'GET',
      path: '/api/items/summary',
      headers: { cookie: cookieOf(n) },
    })),
    streamLoop(
      port,
      sellers.map((s) => s.cookie),
      share(SHARES.streams),
    ),
  ]);
  const loadAfter = loadavg()[0]!;
  const created = (await count('select count(*) as n from items')) - itemsBefore;
  // Every acknowledged creation is a row with its photo; requests in flight when the run stopped may add more.
  const kept = Number(
    (
      await db.query<{ n: string }>(
        'select count(*) as n from items i where i.id = any($1::uuid[]) and exists (select 1 from item_images p where p.item_id = i.id)',
        [acknowledged],
      )
    ).rows[0]?.n,
  );
  for (const r of results) {
    console.log(
      `  ${r.kind.padEnd(18)} ${String(r.connections).padStart(2)} conns: ${(r.requests / SECONDS).toFixed(0).padStart(5)} requests/s, ` +
        `p99 ${String(r.p99).padStart(5)} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
    if (r.errors > 0 || r.non2xx > 0) failed = true;
  }
  const total = results.reduce((sum, r) => sum + r.requests, 0);
  console.log(`  all kinds: ${(total / SECONDS).toFixed(0)} requests/s`);
  console.log(
    `  creations acknowledged ${acknowledged.length}; counted after: ${kept} of them with their photo (lost writes: ${acknowledged.length - kept}); ` +
      `${created} new items in all (${created - acknowledged.length} more from requests still in flight when the run stopped)`,
  );
  console.log(`  load average (1 min) before ${loadBefore.toFixed(2)}, after ${loadAfter.toFixed(2)} (2 cores; the machine may be shared)`);
  console.log('  500 open event streams, idle CPU: event-streams.ts, level 500 on PostgreSQL (LISTEN/NOTIFY)');
  if (kept !== acknowledged.length || created < acknowledged.length) failed = true;
} finally {
  await db.end();
  await server.stop();
  await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? '  FAIL' : '  PASS');
process.exit(failed ? 1 : 0);
