import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { loadConfig, type Config } from '../config';
import { closeChannelSetups, composeDeps, type AppDeps } from '../compose';
import { registeredChannels } from '../channels/registry';
import { buildApp } from '../http/app';
import { openTestDatabase } from './test-database';
import type { Database } from '../db/client';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  dataDir: string;
  /** Every route Fastify registered (`HEAD` twins and routes hidden from the OpenAPI page included). */
  routes: Array<{ method: string; url: string }>;
  /** Creates an account through the real auth routes and signs it in. */
  makeUser(overrides?: { email?: string; password?: string }): Promise<TestUser>;
  close(): Promise<void>;
}

let counter = 0;

/** The real app on a migrated test database, with local storage and the outbox in a temp folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webDir?: string;
    /** Receives every log line (JSON) the app writes, at the LOG_LEVEL the test sets. */
    logLines?: string[];
    /**
     * The server's DATA_DIR, kept on close (a test restarting a server on it): only then do its simulations keep their
     * state (in DATA_DIR/simulations); by default a temp folder, removed on close, and simulations in memory.
     */
    dataDir?: string;
    /** The database to run on, left open on close (a test restarting a server on it); by default one of its own. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rs-test-'));
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT: '1000',
    WORKERS: '0',
    // The label reader's models load in a process of their own (decision 165): only the tests of reading labels
    // turn it on, so the rest of the suite neither waits for them nor holds their memory.
    LABEL_READING: 'off',
    // Tests without a channel's keys test a server without it; a simulation's own tests turn it back on. Every
    // registered channel names its simulation's variable (decision 082), so a new one needs no line here.
    ...Object.fromEntries(registeredChannels.map((channel) => [channel.config.simulationEnv, 'off'])),
    ...env,
  });
  const config: Config = { ...loaded, simulationsDir: options.dataDir ? loaded.simulationsDir : null };
  const database = options.database ?? (await openTestDatabase());
  const deps = await composeDeps(config, { database, webDir: options.webDir, logLines: options.logLines });
  const routes: TestApp['routes'] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const app = await buildApp(deps, { onRoute });
  await app.ready();

  async function makeUser(overrides: { email?: string; password?: string } = {}): Promise<TestUser> {
    counter += 1;
    const email = overrides.email ?? `seller${counter}-${Date.now()}@example.com`;
    const password = overrides.password ?? 'correct-horse';
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password, name: email.split('@')[0] },
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    return { id: signIn.json().user.id, email, password, cookie: sessionCookie(signIn) };
  }

  return {
    app,
    deps,
    config,
    dataDir,
    routes,
    makeUser,
    async close() {
      await app.close();
      await closeChannelSetups(deps.channelSetups);
      await deps.listingGenerator.close?.();
      await deps.mailer.close?.();
      await deps.media.close();
      if (!options.database) await database.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pair of the session cookie a response sets. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw : raw ? [raw] : [];
  // Behind an https PUBLIC_URL the cookie is a secure one, with its __Secure- prefix.
  const session = cookies.find((c) => /^(__Secure-)?resale\.session_token=/.test(c));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0]!;
}
