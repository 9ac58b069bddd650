/**
 * Idle event streams: how many open GET /api/events streams (browser tabs showing nothing new) a real server
 * process holds under 5% CPU. The server runs as its own process (`node --import tsx src/server/main.ts`, the
 * flags of `npm start`); its CPU time is read from /proc/<pid>/stat, over BENCH_IDLE_SECONDS (10) of idle time
 * per level of open streams (BENCH_STREAM_LEVELS, default 0,10,50,200,500,1000), spread over users of 25 streams
 * each (the run raises the per-user cap to 25). "%" is of one core, as top shows it. On PostgreSQL the database backends' CPU of the
 * bench's own database is read the same way and shown beside it.
 *
 * Drivers: PGlite (streams poll once a second), and when a PostgreSQL server answers (BENCH_DATABASE_URL,
 * TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres) PostgreSQL with EVENTS_DELIVERY=poll
 * (the baseline: decision 007's poll per stream) and with LISTEN/NOTIFY (decision 016), both in a fresh database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const LEVELS = (process.env.BENCH_STREAM_LEVELS ?? '0,10,50,200,500,1000').split(',').map(Number);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
/** Streams per user, and the server's per-user cap for the run (sign-ups are slow: fewer users, same streams). */
const STREAMS_PER_USER = 25;
const TARGET_PERCENT = 5;
/** A driver already this busy is not tried with more streams (PGlite falls behind its polls, opens then stall). */
const GIVE_UP_PERCENT = 20;
const OPEN_TIMEOUT_MS = 60_000;
const ORIGIN = 'http://bench.local';
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** User + system CPU seconds of one process (all its threads) so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function request(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string; cookies: string[] }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: { origin: ORIGIN, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), cookies: res.headers['set-cookie'] ?? [] }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signIn(port: number, n: number): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email: `bench-events-${n}-${Date.now()}@example.com`, password: 'bench-password', name: 'bench' });
  const signUp = await request(port, 'POST', '/api/auth/sign-up/email', json, credentials);
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.body}`);
  const signedIn = await request(port, 'POST', '/api/auth/sign-in/email', json, credentials);
  const cookie = signedIn.cookies.find((c) => c.startsWith('resale.session_token='));
  if (!cookie) throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.body}`);
  return cookie.split(';')[0] ?? cookie;
}

/** Opens one stream; resolves once its `ready` event arrived. */
function openStream(port: number, cookie: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      let seen = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (seen !== null && (seen += chunk).includes('event: ready')) {
          seen = '';
          resolve(req);
        }
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const flags = process.execArgv.filter((f) => f.startsWith('--') && !f.startsWith('--import'));
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      PUBLIC_URL: ORIGIN,
      WORKERS: '0',
      AUTH_RATE_LIMIT: '100000',
      EVENTS_MAX_STREAMS_PER_USER: String(STREAMS_PER_USER),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a shared machine the first start (tsx, migrations) can take a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const health = await request(port, 'GET', '/api/health').catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Level {
  streams: number;
  serverPercent: number;
  databasePercent?: number;
}

/** Idle CPU of the server (and of the database's backends) at each level of open streams. */
async function measureDriver(name: string, env: Record<string, string>, databaseBackends?: () => Promise<number[]>): Promise<Level[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-events-'));
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  const pid = server.child.pid!;
  const levels: Level[] = [];
  try {
    const cookies: string[] = [];
    const users = Math.ceil(Math.max(...LEVELS) / STREAMS_PER_USER);
    for (let i = 0; i < users; i++) cookies.push(await signIn(server.port, i));
    for (const streams of LEVELS) {
      const last = levels.at(-1);
      if (last && last.serverPercent >= GIVE_UP_PERCENT) {
        console.log(
          `${name.padEnd(22)} ${String(streams).padStart(4)} idle streams: not tried (${last.serverPercent.toFixed(1)}% at ${last.streams})`,
        );
        continue;
      }
      const open: http.ClientRequest[] = [];
      const deadline = Date.now() + OPEN_TIMEOUT_MS;
      for (let i = 0; i < streams && Date.now() < deadline; i += 25) {
        const batch = Array.from({ length: Math.min(25, streams - i) }, (_, j) =>
          openStream(server.port, cookies[Math.floor((i + j) / STREAMS_PER_USER)]!),
        );
        open.push(...(await Promise.all(batch)));
      }
      if (open.length < streams) {
        console.log(
          `${name.padEnd(22)} ${String(streams).padStart(4)} idle streams: only ${open.length} opened in ${OPEN_TIMEOUT_MS / 1000} s`,
        );
        for (const req of open) req.destroy();
        break;
      }
      await new Promise((r) => setTimeout(r, 2000));
      const backends = (await databaseBackends?.()) ?? [];
      const startedAt = performance.now();
      const serverBefore = cpuSeconds(pid);
      const dbBefore = backends.map(safeCpu);
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      const seconds = (performance.now() - startedAt) / 1000;
      const level: Level = { streams, serverPercent: ((cpuSeconds(pid) - serverBefore) / seconds) * 100 };
      if (databaseBackends) {
        // Backends that lived through the whole window (the pool may close idle ones).
        const used = backends.reduce((sum, p, i) => sum + Math.max(0, (safeCpu(p) ?? 0) - (dbBefore[i] ?? Infinity)), 0);
        level.databasePercent = (used / seconds) * 100;
      }
      levels.push(level);
      console.log(
        `${name.padEnd(22)} ${String(streams).padStart(4)} idle streams: server ${level.serverPercent.toFixed(1).padStart(5)}% CPU` +
          (level.databasePercent === undefined ? '' : `, database backends ${level.databasePercent.toFixed(1).padStart(5)}%`),
      );
      for (const req of open) req.destroy();
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return levels;
}

function safeCpu(pid: number): number | undefined {
  try {
    return cpuSeconds(pid);
  } catch {
    return undefined;
  }
}

function summary(name: string, levels: Level[]) {
  const under = levels.filter((l) => l.serverPercent < TARGET_PERCENT).map((l) => l.streams);
  const over = levels.find((l) => l.serverPercent >= TARGET_PERCENT);
  console.log(
    `${name}: largest tested N under ${TARGET_PERCENT}% CPU: ${under.length ? Math.max(...under) : 'none'}` +
      (over ? ` (${over.streams} streams: ${over.serverPercent.toFixed(1)}%)` : ` (every level tested, up to ${levels.at(-1)!.streams})`),
  );
}

async function postgresAdminUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    await client.end().catch(() => {});
    return undefined;
  }
}

/** A fresh database on the admin URL's server for one driver run; dropped afterwards. */
async function withPostgresDatabase<T>(adminUrl: string, run: (url: string, backends: () => Promise<number[]>) => Promise<T>): Promise<T> {
  const name = `rs_bench_events_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const backends = async () =>
    (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r: { pid: number }) => r.pid);
  try {
    return await run(url.toString(), backends);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(`open idle streams, ${IDLE_SECONDS} s each; CPU in % of one core; target < ${TARGET_PERCENT}%`);
summary('PGlite (poll)', await measureDriver('PGlite (poll)', {}));
const adminUrl = await postgresAdminUrl();
if (!adminUrl) {
  console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL): skipped');
} else {
  const poll = await withPostgresDatabase(adminUrl, (url, backends) =>
    measureDriver('PostgreSQL (poll)', { DATABASE_URL: url, EVENTS_DELIVERY: 'poll' }, backends),
  );
  const notify = await withPostgresDatabase(adminUrl, (url, backends) =>
    measureDriver('PostgreSQL (NOTIFY)', { DATABASE_URL: url }, backends),
  );
  summary('PostgreSQL (poll, baseline)', poll);
  summary('PostgreSQL (LISTEN/NOTIFY)', notify);
  const top = (levels: Level[]) => levels.at(-1)!;
  const ratio = top(poll).serverPercent > 0 ? (top(notify).serverPercent / top(poll).serverPercent).toFixed(2) : 'n/a';
  console.log(
    `NOTIFY vs poll at ${top(notify).streams} idle streams: server CPU ${ratio}x (${top(notify).serverPercent.toFixed(1)}% vs ${top(poll).serverPercent.toFixed(1)}%),` +
      ` database backends ${(top(notify).databasePercent ?? 0).toFixed(1)}% vs ${(top(poll).databasePercent ?? 0).toFixed(1)}%`,
  );
}
