import { paced } from '@shared/testing/pace';
import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBareError } from './ownership';
import { createTestApp, type TestApp } from './test-app';
import { miniWebApp } from './web-app';

/**
 * A request without a session is answered 401 before anything of it is read: a bad body, bad params or a
 * bad query must not tell a stranger what the route expects (400) first. Walks Fastify's route table, so a new
 * route is checked as soon as it is registered; the public ones are named here, each with why.
 */
let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = miniWebApp();
  t = await createTestApp({}, { webDir });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Routes anyone may call (registered before the signed-in scope of http/app.ts), `METHOD url`. */
const publicRoutes: Record<string, string> = {
  'GET /api/health': 'liveness',
  'GET /api/env-check': 'diagnostics of the server',
  'GET /api/ebay/config-check': 'diagnostics of the keyset',
  'GET /api/docs': 'the OpenAPI page',
  'GET /api/docs/json': 'the OpenAPI document',
  'GET /api/docs/yaml': 'the OpenAPI document',
  'GET /api/docs/static/index.html': "the OpenAPI page's files",
  'GET /api/docs/static/swagger-initializer.js': "the OpenAPI page's files",
  'GET /api/docs/static/*': "the OpenAPI page's files",
  'GET /api/auth/*': 'Better Auth: signing in is how a session starts',
  'POST /api/auth/*': 'Better Auth: signing in is how a session starts',
  'POST /api/account/reset-password': 'a reset token is the credential',
  'GET /api/files/:token': 'a signed token is the credential',
  'GET /api/ebay/account-deletion': "eBay's challenge",
  'POST /api/ebay/account-deletion': "eBay's signed notification",
  'GET /api/channels/ebay/notifications': "eBay's challenge",
  'POST /api/channels/ebay/notifications': "eBay's signed notification",
  'POST /api/shopify/webhooks': "Shopify's HMAC-signed order webhook",
  'POST /api/depop/webhooks': "Depop's signed order webhook (X-Depop-Signature)",
  'GET /index.html': "the web app's page",
  'GET /*': "the web app's files and pages",
};

/** Every way of being wrong at once: params that are no ids, a query and a body of the wrong shape. */
function hostileRequests(method: string, url: string): InjectOptions[] {
  const path = url.replace(/:\w+/g, 'not-an-id%00').replace(/\*/g, 'x');
  const query = '?tz=Mars%2FOlympus&limit=-1&cursor=%25&view=nope&sku=';
  const asMethod = method as InjectOptions['method'];
  return [
    { method: asMethod, url: `${path}${query}`, payload: { itemIds: 'x', ids: [null], price: -1, rule: 5, nope: true } },
    { method: asMethod, url: path, payload: '{"itemIds": [', headers: { 'content-type': 'application/json' } },
    { method: asMethod, url: path, payload: 'x', headers: { 'content-type': 'application/x-unknown' } },
  ];
}

describe('signed out', () => {
  it('every route but the public ones answers 401 first, whatever is wrong with the request', async () => {
    const routes = [...new Set(t.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
    // The stream never ends once open: it is checked signed out too, like the rest (401 answers at once).
    const guarded = routes.filter((route) => !(route in publicRoutes));
    expect(guarded.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of guarded) {
      const [method, url] = route.split(' ') as [string, string];
      for (const request of hostileRequests(method, url)) {
        const answer = await t.app.inject(request);
        if (answer.statusCode !== 401)
          wrong.push(`${route} (${String(request.headers?.['content-type'] ?? 'json')}): ${answer.statusCode}`);
        else expectBareError(answer.body, 'UNAUTHENTICATED', route);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names only routes that exist and do answer without a session', async () => {
    const routes = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(publicRoutes).filter((route) => !routes.includes(route))).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
