/**
 * The service worker answered the simulated Etsy's and Shopify's pages with the app
 * shell ("Page not found"), because its navigation fallback skipped a hand-kept list of the server's pages. Here the
 * service worker is built with the options the web build uses (scripts/service-worker-options.ts), run on Workbox's
 * own runtime, and sent a navigation to every page route Fastify registers (its route table, simulations on and off):
 * it must answer none of them, and still answer every page of the app (offline).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { generateSW } from 'workbox-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnderPrefix, serverAnsweredWebPaths, serverPagePrefixes, webAppPaths } from '@shared/contracts/web-paths';
import { workboxOptions } from '../../../scripts/service-worker-options';
import { createTestApp } from '../test/test-app';

const origin = 'http://app.test';

/** The service worker as the browser runs it: `navigates(path)` says whether it answers that navigation itself. */
async function builtServiceWorker(dir: string): Promise<{ navigates(pathAndQuery: string): boolean }> {
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Resale Studio</title>');
  await generateSW({ ...workboxOptions, globDirectory: dir, swDest: path.join(dir, 'sw.js'), mode: 'production' });

  const fetchListeners: ((event: unknown) => void)[] = [];
  const modules = new Map<string, Record<string, unknown>>();
  const context = vm.createContext({
    URL,
    Headers,
    Request,
    Response,
    console,
    setTimeout,
    clearTimeout,
    location: new URL(`${origin}/sw.js`),
    registration: { scope: `${origin}/` },
    // /push-sw.js: the push handlers, not a route.
    importScripts: () => undefined,
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'fetch') fetchListeners.push(listener);
    },
  });
  context.self = context;
  // The AMD loader Workbox's sw.js expects (it brings its own for a browser): each module read from the folder.
  let loading = '';
  context.define = (deps: string[], factory: (...args: unknown[]) => void) => {
    const name = loading;
    const exports: Record<string, unknown> = {};
    const resolved = deps.map((dep) => {
      if (dep === 'exports') return exports;
      const file = `${dep.replace(/^\.\//, '')}.js`;
      if (!modules.has(file)) {
        loading = file;
        vm.runInContext(readFileSync(path.join(dir, file), 'utf8'), context, { filename: file });
      }
      return modules.get(file);
    });
    factory(...resolved);
    modules.set(name, exports);
  };
  loading = 'sw.js';
  vm.runInContext(readFileSync(path.join(dir, 'sw.js'), 'utf8'), context, { filename: 'sw.js' });
  expect(fetchListeners.length, 'the service worker listens to fetch').toBeGreaterThan(0);

  return {
    navigates(pathAndQuery) {
      let answered = false;
      const request = { url: `${origin}${pathAndQuery}`, mode: 'navigate', method: 'GET', destination: 'document', headers: new Headers() };
      const event = {
        request,
        respondWith: (response: Promise<unknown>) => {
          answered = true;
          // There is no Cache Storage here: which route took it is all this asks.
          void Promise.resolve(response).catch(() => undefined);
        },
        waitUntil: (promise: Promise<unknown>) => void Promise.resolve(promise).catch(() => undefined),
      };
      for (const listener of fetchListeners) listener(event);
      return answered;
    },
  };
}

/**
 * Every GET route of a server with the simulations on (no keys), and of one with every marketplace's keys, but the
 * web app's: its files (one route each) and the catch-all that answers its pages (static-web.ts).
 */
async function serverRoutes(webDir: string): Promise<string[]> {
  const simulated = { EBAY_SIMULATION: 'auto', ETSY_SIMULATION: 'auto', SHOPIFY_SIMULATION: 'auto' };
  const keyed = {
    EBAY_CLIENT_ID: 'client',
    EBAY_CLIENT_SECRET: 'secret',
    EBAY_RU_NAME: 'ru-name',
    ETSY_KEYSTRING: 'keystring',
    ETSY_SHARED_SECRET: 'secret',
    SHOPIFY_API_KEY: 'key',
    SHOPIFY_API_SECRET: 'secret',
  };
  const urls = new Set<string>();
  for (const env of [simulated, keyed]) {
    const t = await createTestApp(env, { webDir });
    try {
      for (const route of t.routes)
        if (route.method === 'GET' && route.url !== '/*' && !existsSync(path.join(webDir, route.url))) urls.add(route.url);
    } finally {
      await t.close();
    }
  }
  return [...urls].sort();
}

/** Addresses a route answers: its parameters and wildcard filled in, bare and with a query (a consent's answer). */
function addressesOf(route: string): string[] {
  const filled = route.replace(/:[^/]+/g, 'sample').replace(/\*$/, 'sample/page');
  return [filled, `${filled}?code=abc&state=def`];
}

let dir: string;
let sw: Awaited<ReturnType<typeof builtServiceWorker>>;
let routes: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rs-server-pages-'));
  sw = await builtServiceWorker(dir);
  routes = await serverRoutes(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the pages the server answers outside the app', () => {
  it('are all left to the server by the service worker: every GET route Fastify registers, API and simulations', () => {
    expect(routes).toEqual(expect.arrayContaining(['/simulated-ebay/*', '/simulated-etsy/*', '/api/docs']));
    const answeredByTheShell = routes.flatMap(addressesOf).filter((address) => sw.navigates(address));
    expect(answeredByTheShell).toEqual([]);
  });

  it('include the consent and callback pages, the OpenAPI page and the pages the server answers in the app’s place', () => {
    for (const address of [
      '/simulated-ebay/oauth2/authorize?client_id=a&state=b',
      '/simulated-etsy/oauth/connect?client_id=a&state=b',
      '/simulated-shopify/shop.myshopify.com/admin/oauth/authorize?client_id=a',
      '/simulated-ebay/itm/123',
      '/api/shopify/oauth/callback?code=a&state=b',
      '/api/docs',
      '/api/docs/',
      ...serverAnsweredWebPaths.flatMap((page) => [page, `${page}?code=a&state=b`]),
    ])
      expect(sw.navigates(address), address).toBe(false);
  });

  it('are each under a prefix the development server forwards to the API (web-paths.ts serverPagePrefixes)', () => {
    const unforwarded = routes.filter((route) => !isUnderPrefix(route, serverPagePrefixes));
    expect(unforwarded).toEqual([]);
  });
});

describe('the app’s own pages', () => {
  it('are answered by the service worker’s shell (the app opens offline), with a trailing slash or a query too', () => {
    const pages = webAppPaths.filter((page) => !serverAnsweredWebPaths.includes(page));
    const unanswered = pages
      .flatMap((page) => [page, page === '/' ? '/?tab=done' : `${page}/`, `${page}?tab=done`])
      .filter((address) => !sw.navigates(address));
    expect(unanswered).toEqual([]);
  });

  it('are none of them a route the server registers for a page of its own', () => {
    expect(routes.filter((route) => webAppPaths.includes(route))).toEqual([]);
  });
});
