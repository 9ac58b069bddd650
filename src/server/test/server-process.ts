import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPgliteTemplate, buildServer } from '../../../scripts/build.mjs';
import { migrationsKey } from './pglite-snapshot';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Builds the production server bundle (plain node, no TypeScript loader: it starts in seconds on a busy machine)
 * into a folder of its own under dist/, for one test file; answers its main.js and a remover.
 *
 * The bundle looks for the PGlite template two folders up, as `dist/server/main.js` finds `dist/pglite-template`
 * (decision 029); one is built there per set of migrations (their hash names the folder), so a server the test
 * starts on a new data folder copies it as `npm start` does, instead of running initdb and every migration (decision 088).
 */
export async function buildServerBundle(): Promise<{ main: string; remove: () => void }> {
  const shared = path.join(root, 'dist', 'test-servers', migrationsKey());
  const outdir = path.join(shared, randomBytes(6).toString('hex'), 'server');
  await Promise.all([buildServer(outdir), ensurePgliteTemplate(path.join(shared, 'dist', 'pglite-template'))]);
  return { main: path.join(outdir, 'main.js'), remove: () => rmSync(path.dirname(outdir), { recursive: true, force: true }) };
}

/** Builds the template under a name of its own and renames it into place: two test files building it at once keep one. */
async function ensurePgliteTemplate(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const own = `${dir}-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(path.dirname(dir), { recursive: true });
  await buildPgliteTemplate(own);
  try {
    renameSync(own, dir);
  } catch (err) {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw err;
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr, for a failure message. */
  output(): string;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), resolved once the process is gone. */
  stop(): Promise<void>;
}

/** How long a clean shutdown (SIGTERM) may take before stop() kills the process and fails. */
const STOP_WITHIN_MS = 30_000;

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * The real server (`main`, a bundle from buildServerBundle) as a child process on a free port, answered once
 * /api/health says 200. `env` adds to a quiet test environment (DATA_DIR, DATABASE_URL, ...); `nodeFlags` go before
 * `main` (a bench passes those of `npm start`).
 */
export async function startServerProcess(
  main: string,
  env: Record<string, string>,
  options: { readyWithinMs?: number; nodeFlags?: string[] } = {},
): Promise<ServerProcess> {
  // The free port is free when asked, not when the child listens: another test process (vitest runs two) can take it
  // in between, and the child then exits with EADDRINUSE. Another port then, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(main, env, options);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof PortTakenError)) throw err;
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePort(
  main: string,
  env: Record<string, string>,
  options: { readyWithinMs?: number; nodeFlags?: string[] },
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      WORKERS: '0',
      // The label reader's models stay unloaded unless a test turns them on (decision 165), as in createTestApp.
      LABEL_READING: 'off',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const gone = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    if (signal === 'SIGKILL') return void (await exited);
    // a clean shutdown that hangs fails here, with the server's output, instead of running out the test's time
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), STOP_WITHIN_MS)));
    const outcome = await Promise.race([exited, hung]);
    clearTimeout(timer);
    if (outcome !== 'hung') return;
    child.kill('SIGKILL');
    await exited;
    throw new Error(`server did not exit within ${STOP_WITHIN_MS / 1000} s of ${signal}:\n${output}`);
  };
  const server: ServerProcess = { url, child, output: () => output, kill: () => gone('SIGKILL'), stop: () => gone('SIGTERM') };

  const deadline = Date.now() + (options.readyWithinMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const words = `server exited (${child.exitCode ?? child.signalCode}):\n${output}`;
      throw /EADDRINUSE/.test(output) ? new PortTakenError(words) : new Error(words);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`server not healthy within the time limit:\n${output}`);
}
