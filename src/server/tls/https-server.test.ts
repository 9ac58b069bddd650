import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { composeDeps, type AppDeps } from '../compose';
import { loadConfig } from '../config';
import { buildApp } from '../http/app';
import { openTestDatabase } from '../test/test-database';
import { authorityCertFile, loadTlsCredentials } from './tls-credentials';
import { authorityCertPath } from './routes';
import { allowConsoleError } from '@shared/testing/fail-on-console-error';

const lan: NetworkInterfaceInfo = {
  address: '192.168.1.23',
  netmask: '255.255.255.0',
  family: 'IPv4',
  mac: '00:00:00:00:00:01',
  internal: false,
  cidr: '192.168.1.23/24',
};

let app: FastifyInstance;
let deps: AppDeps;
let port: number;
let ca: Buffer;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-https-'));

/** The seller's laptop (NODE_ENV development: Better Auth checks origins): HTTPS=1, no PUBLIC_URL, one LAN address, and a host name it was told about. */
beforeAll(async () => {
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WORKERS: '0',
      AUTH_RATE_LIMIT: '1000',
      HTTPS: '1',
      ALLOWED_HOSTS: 'studio.local',
    },
    { eth0: [lan] },
  );
  deps = await composeDeps(config, { database: await openTestDatabase() });
  app = await buildApp(deps, { https: await loadTlsCredentials(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  ca = readFileSync(authorityCertFile(config.tls.kind === 'self-signed' ? config.tls.dir : ''));
});
afterAll(async () => {
  await app?.close();
  await deps?.media.close();
  await deps?.database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An HTTPS request that trusts only the server's local authority, as a phone that installed it. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: object) {
  return new Promise<{ status: number; body: string; type?: string }>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      { host: '127.0.0.1', port, method, path, ca, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), type: res.headers['content-type'] }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const signUp = (origin: string, email: string) =>
  send('POST', '/api/auth/sign-up/email', { origin, host: new URL(origin).host }, { email, password: 'correct-horse', name: 'Seller' });

describe('HTTPS=1', () => {
  it('answers /api/health over HTTPS with a certificate from its own authority', async () => {
    const res = await send('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', database: 'ok' });
  });

  it('accepts a sign-up from the phone at the LAN address and from an allowed host', async () => {
    expect((await signUp('https://192.168.1.23:3000', 'phone@example.com')).status).toBe(200);
    expect((await signUp('https://studio.local:3000', 'named@example.com')).status).toBe(200);
  });

  it('refuses a sign-up from an address it was not told about, or over plain http', async () => {
    // Better Auth reports each refused origin on console.error.
    allowConsoleError(/Invalid origin/);
    expect((await signUp('https://192.168.1.99:3000', 'other@example.com')).status).toBe(403);
    expect((await signUp('http://192.168.1.23:3000', 'plain@example.com')).status).toBe(403);
  });

  it('offers the authority certificate for the phone to trust', async () => {
    const res = await send('GET', authorityCertPath);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/x-x509-ca-cert');
    expect(res.body).toBe(ca.toString());
  });
});
