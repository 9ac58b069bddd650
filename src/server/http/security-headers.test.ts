import { paced } from '@shared/testing/pace';
import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { makeJpeg } from '../test/images';
import { expectBareError } from '../test/ownership';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { tempDirs } from '../test/temp-dirs';
import { createItemWithPhotos } from '../test/uploads';
import { miniWebApp } from '../test/web-app';
import { ebayPictureOrigins } from '../channels/ebay/picture-origins';
import { contentSecurityDirectives, photoOrigins } from './content-security-policy';

const dirs = tempDirs('rs-csp-');
let t: TestApp;
let webDir: string;
let user: TestUser;
beforeAll(async () => {
  webDir = miniWebApp();
  t = await createTestApp({}, { webDir });
  user = await t.makeUser();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

function setCookies(response: LightMyRequestResponse): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** Signs up and in on `app`; answers the session cookie's Set-Cookie line. */
async function sessionSetCookie(app: TestApp['app']): Promise<string> {
  const email = `cookie-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'correct-horse';
  expect((await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: 'c' } })).statusCode).toBe(
    200,
  );
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  expect(signIn.statusCode).toBe(200);
  const session = setCookies(signIn).find((c) => /^(__Secure-)?resale\.session_token=[^;]/.test(c));
  expect(session).toBeDefined();
  return session!;
}

const attributes = (setCookie: string) => setCookie.split(';').map((part) => part.trim().toLowerCase());

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax and Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
    try {
      const cookie = await sessionSetCookie(https.app);
      expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
      expect(cookie.startsWith('__Secure-')).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('are HttpOnly and SameSite=Lax but not Secure on plain http://localhost, so a laptop can sign in', async () => {
    const cookie = await sessionSetCookie(t.app);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(attributes(cookie)).not.toContain('secure');
  });
});

describe('cross-origin requests', () => {
  it('refuses every state-changing route of the route table from another site with 403 in the one error shape', async () => {
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(32, 32) }]);
    const changing = [...new Set(t.routes.filter((r) => !['GET', 'HEAD'].includes(r.method)).map((r) => `${r.method} ${r.url}`))];
    // The auth routes, the eBay routes and the item routes are all in the table.
    expect(changing).toEqual(expect.arrayContaining(['POST /api/auth/*', 'POST /api/account/reset-password', 'DELETE /api/items/:id']));
    const concrete = (url: string) =>
      url.replace('/api/auth/*', '/api/auth/sign-in/email').replace(':id', item.id).replace(':imageId', item.images[0]!.id);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
      for (const route of [
        ...changing,
        'POST /api/auth/sign-up/email',
        'POST /api/auth/request-password-reset',
        'POST /api/auth/sign-out',
      ]) {
        const [method, url] = route.split(' ') as ['POST', string];
        const what = `${route} with ${JSON.stringify(headers)}`;
        const response = await t.app.inject({
          method,
          url: concrete(url),
          payload: { email: user.email, password: user.password },
          headers: { ...headers, cookie: user.cookie },
        });
        expect(response.statusCode, what).toBe(403);
        expectBareError(response.body, 'CROSS_SITE_REQUEST', what);
      }
    }
    // Nothing was changed, and the same requests from the app's own origin pass the guard.
    const own = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}`, headers: { cookie: user.cookie } });
    expect(own.statusCode).toBe(200);
    const sameSite = await t.app.inject({
      method: 'PATCH',
      url: `/api/items/${item.id}`,
      payload: { brand: 'Same origin' },
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', cookie: user.cookie },
    });
    expect(sameSite.statusCode).toBe(200);
  });
});

/** The policy as directive name -> sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, response.raw.req.url).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectStrict(policy: Map<string, string[]>, what: string) {
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'self'"]);
  expect(policy.get('script-src-attr'), what).toEqual(["'none'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, what).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  for (const [name, sources] of policy) {
    for (const source of sources) {
      // No wildcard host, no bare scheme that admits every host (data: and blob: are this page's own bytes).
      expect(source.includes('*'), `${what}: ${name} ${source}`).toBe(false);
      expect(/^[a-z][a-z0-9+.-]*:$/.test(source) && !['data:', 'blob:'].includes(source), `${what}: ${name} ${source}`).toBe(false);
      expect(
        ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'"].includes(source) && name.startsWith('script'),
        `${what}: ${name}`,
      ).toBe(false);
    }
  }
}

describe('Content-Security-Policy', () => {
  it('is strict on the web app’s pages, the diagnostics pages and the API', async () => {
    for (const url of ['/', '/env-check', '/test-ebay-config', '/ebay-callback?code=a&state=b', '/api/health', '/api/items', '/api/docs']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      expect(response.statusCode, url).toBeLessThan(400);
      expectStrict(policyOf(response), url);
    }
  });

  it('lets photos load from the S3 bucket’s own host only, and from nowhere else with local storage', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dirs(), APP_SECRET: 'x'.repeat(32), ...env });
    expect(photoOrigins(config({}).storage)).toEqual([]);
    expect(photoOrigins(config({ STORAGE: 's3', S3_ENDPOINT: 'http://minio.lan:9000/' }).storage)).toEqual(['http://minio.lan:9000']);
    const aws = config({ STORAGE: 's3', S3_BUCKET: 'photos', S3_REGION: 'eu-west-2' });
    expect(contentSecurityDirectives(aws).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://photos.s3.eu-west-2.amazonaws.com',
      'https://s3.eu-west-2.amazonaws.com',
      'https://i.ebayimg.com',
      'https://i.ebayimg.sandbox.ebay.com',
    ]);
  });

  it("lets the comparables' photos load from eBay's picture hosts, and from the fake eBay when the API host is overridden", () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dirs(), APP_SECRET: 'x'.repeat(32), ...env });
    expect(ebayPictureOrigins(config({}).ebay)).toEqual(['https://i.ebayimg.com', 'https://i.ebayimg.sandbox.ebay.com']);
    expect(ebayPictureOrigins(config({ EBAY_API_BASE: 'http://127.0.0.1:4793/' }).ebay)).toContain('http://127.0.0.1:4793');
  });
});
