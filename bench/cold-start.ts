/**
 * Cold start: milliseconds from spawning the server to the first 200 of /api/health, on the embedded PGlite, with
 * a fresh DATA_DIR (creates the database, runs the migrations, writes the secret) and with the one that run left
 * (reopens it). Measures the command `npm start` runs after its up-to-date check (the built bundle under plain
 * node), against the former start from TypeScript source through tsx as the baseline; rounds alternate, medians
 * count. Also times the up-to-date check itself when nothing changed.
 * Target: the bundle answers within 3 s in both cases.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 3000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `[exec] node <flags> dist/server/main.js`, as the start script runs it after `scripts/build.mjs --if-changed`. */
const startScript: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const startArgs = startScript
  .split('&&')
  .at(-1)!
  .trim()
  .replace(/^exec /, '')
  .split(/\s+/)
  .slice(1);
const flags = startArgs.filter((arg) => arg.startsWith('--'));
const commands = {
  bundle: startArgs,
  tsx: [...flags, '--import', 'tsx', 'src/server/main.ts'],
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CPU milliseconds a process has used so far (Linux /proc; NaN elsewhere): meaningful when other work shares the cores. */
function cpuMsOf(pid: number): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Start {
  ms: number;
  cpuMs: number;
}

/** Starts the server on `dataDir`, waits for /api/health to answer 200, stops it; returns the time to that 200. */
async function coldStart(args: string[], dataDir: string): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
      if (performance.now() - started > 300_000) throw new Error('no 200 from /api/health within 300 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN; // no rounds: NaN, and the bench fails
const medianOf = (starts: Start[], key: keyof Start) => median(starts.map((s) => s[key]));

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const checkStarted = performance.now();
spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: root, stdio: 'inherit' });
const checkMs = performance.now() - checkStarted;

const times = { bundle: { fresh: [] as Start[], existing: [] as Start[] }, tsx: { fresh: [] as Start[], existing: [] as Start[] } };
for (let round = 0; round < ROUNDS; round++) {
  for (const name of ['bundle', 'tsx'] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cold-start-'));
    try {
      times[name].fresh.push(await coldStart(commands[name], path.join(dataDir, 'data')));
      times[name].existing.push(await coldStart(commands[name], path.join(dataDir, 'data')));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`Cold start to the first 200 of /api/health, PGlite, ${ROUNDS} rounds, medians (node ${process.version})`);
console.log(`  up-to-date check of npm start (nothing changed): ${fmt(checkMs)}`);
for (const kind of ['fresh', 'existing'] as const) {
  const [bundle, tsx] = [medianOf(times.bundle[kind], 'ms'), medianOf(times.tsx[kind], 'ms')];
  const [bundleCpu, tsxCpu] = [medianOf(times.bundle[kind], 'cpuMs'), medianOf(times.tsx[kind], 'cpuMs')];
  console.log(`  ${kind} DATA_DIR: bundle ${fmt(bundle)} vs tsx ${fmt(tsx)} = ${(bundle / tsx).toFixed(2)}x (target < ${fmt(TARGET_MS)})`);
  console.log(`    CPU of the server process: bundle ${fmt(bundleCpu)} vs tsx ${fmt(tsxCpu)} = ${(bundleCpu / tsxCpu).toFixed(2)}x`);
}

/**
 * What a seller waits for after typing `npm start` with nothing changed since the last build: npm itself, the
 * up-to-date check and the server start, until the first page (GET /) answers 200. It took 21.5 s when
 * every start rebuilt the web app.
 */
async function npmStartToFirstPage(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  // Its own process group: npm, the shell and the server stop together.
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'ignore', 'ignore'], detached: true });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error('no first page within 300 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}
const startDir = mkdtempSync(path.join(tmpdir(), 'bench-npm-start-'));
try {
  await npmStartToFirstPage(path.join(startDir, 'data')); // creates the database: the next start is a restart
  const firstPage = await npmStartToFirstPage(path.join(startDir, 'data'));
  console.log(`  npm start with nothing changed, to the first page (GET /): ${fmt(firstPage)} (21.5 s before the delivery work)`);
} finally {
  rmSync(startDir, { recursive: true, force: true });
}

const ok = medianOf(times.bundle.fresh, 'ms') < TARGET_MS && medianOf(times.bundle.existing, 'ms') < TARGET_MS;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
