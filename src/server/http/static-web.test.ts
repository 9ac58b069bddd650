import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveSourceMaps, precompress } from '../../../scripts/build.mjs';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

/** A built web app in miniature, through the same build steps as dist/web (hidden maps moved out, precompressed). */
let dir: string;
let t: TestApp;
const script = `export function app(){return ${JSON.stringify('resale studio '.repeat(400))}}\n`;
const html = `<!doctype html><html><head><title>Resale Studio</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rs-static-web-'));
  const webDir = path.join(dir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), html);
  writeFileSync(path.join(webDir, 'assets/index-B9x2kQ1a.js'), script);
  writeFileSync(path.join(webDir, 'assets/index-B9x2kQ1a.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  writeFileSync(path.join(webDir, 'sw.js'), `self.addEventListener('install',()=>{});${' '.repeat(1000)}`);
  writeFileSync(path.join(webDir, 'tiny.txt'), 'tiny');
  moveSourceMaps(webDir, path.join(dir, 'maps'));
  // A map left behind by some other tool is still refused.
  writeFileSync(path.join(webDir, 'assets/stray-C1d2e3f4.js.map'), '{"version":3}');
  precompress(webDir);
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the build output', () => {
  it('moves source maps out of the served folder and writes brotli and gzip beside compressible files', () => {
    const served = readdirSync(path.join(dir, 'web'), { recursive: true }).map(String).sort();
    expect(served).toContain('assets/index-B9x2kQ1a.js.br');
    expect(served).toContain('assets/index-B9x2kQ1a.js.gz');
    expect(served).toContain('index.html.br');
    expect(served).not.toContain('assets/index-B9x2kQ1a.js.map');
    expect(served).not.toContain('tiny.txt.br'); // too small to gain anything
    expect(readdirSync(path.join(dir, 'maps/assets'))).toEqual(['index-B9x2kQ1a.js.map']);
  });
});

describe('static web app delivery', () => {
  it('sends a hashed asset precompressed as brotli, cached for a year as immutable', async () => {
    const response = await get('/assets/index-B9x2kQ1a.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-B9x2kQ1a.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-B9x2kQ1a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);
  });

  it('answers index.html, compressed and never cached without revalidation, at / and at every app route', async () => {
    for (const url of ['/', '/capture', '/listings?tab=done', '/index.html']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
  });

  it('answers 404 with the app (its not-found page) for a path that is none of its pages; an unknown API path stays JSON', async () => {
    for (const url of ['/nope', '/listings/nope', '/capture-photos?x=1', '/%E2%9C%93']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toBe(html);
    }
    for (const url of ['/listings/', '/ebay-callback?code=x&state=y', '/reset-password?token=t']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toMatchObject({ error: expect.anything() });
  });

  it('keeps the service worker script revalidated on every check (not immutable)', async () => {
    const response = await get('/sw.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('never serves a source map', async () => {
    for (const url of ['/assets/index-B9x2kQ1a.js.map', '/assets/stray-C1d2e3f4.js.map']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('version');
    }
  });
});

describe('API compression', () => {
  it('compresses API JSON of 1 KB and more, and leaves a small answer as it is', async () => {
    const big = await get('/api/docs/json', 'gzip, deflate, br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const small = await get('/api/health', 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });

  it('sends photo files as their bytes, uncompressed', async () => {
    const user = await t.makeUser();
    const jpeg = await makeJpeg(64, 64);
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: jpeg }]);
    const response = await get(item.images[0]!.url, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('leaves the event stream uncompressed and flowing', async () => {
    const user = await t.makeUser();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const response = await fetch(`${address}/api/events`, {
        headers: { cookie: user.cookie, 'accept-encoding': 'br, gzip' },
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
      expect(text).toMatch(/^retry: 3000/);
    } finally {
      abort.abort();
    }
  });
});
