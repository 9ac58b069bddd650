import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../adapters/storage/file-url-signer';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

let t: TestApp;
let url: string;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.makeUser();
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(64, 64) }]);
  url = item.images[0]!.url;
  const token = url.split('/').pop()!;
  const check = createFileUrlSigner(t.config.appSecret).verify(token);
  if (!check.ok) throw new Error('fresh token does not verify');
  key = check.key;
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string) => t.app.inject({ method: 'GET', url: path });

describe('GET /api/files/:token', () => {
  it('serves the bytes without a session, privately cached until the link expires', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1]);
    expect(response.headers['cache-control']).toMatch(/^private,/);
    expect(maxAge).toBeGreaterThan(3000);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it('answers 404 for a tampered token', async () => {
    const token = url.split('/').pop()!;
    const [payload, mac] = token.split('.') as [string, string]; // a file token is payload.mac
    const otherKey = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/\.jpg$/, '.thumb.webp'),
    ).toString('base64url');
    const flipped = mac.slice(0, -2) + (mac.at(-2) === 'A' ? 'B' : 'A') + mac.at(-1);
    for (const bad of [`${otherKey}.${mac}`, `${payload}.${flipped}`, payload, 'x.y.z', 'nonsense']) {
      const response = await get(`/api/files/${bad}`);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 410 for an expired token, even one that was validly signed', async () => {
    const signer = createFileUrlSigner(t.config.appSecret);
    const expired = signer.sign(key, 3600, Date.now() - 2 * 3600 * 1000);
    const response = await get(`/api/files/${expired}`);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('GONE');
  });

  it('answers 404 for a token signed with another secret or naming a missing file', async () => {
    const foreign = createFileUrlSigner('another-secret-another-secret-12345').sign(key, 3600);
    expect((await get(`/api/files/${foreign}`)).statusCode).toBe(404);
    const missing = createFileUrlSigner(t.config.appSecret).sign('nobody/nothing/none.jpg', 3600);
    expect((await get(`/api/files/${missing}`)).statusCode).toBe(404);
  });

  it('answers 404 for a validly signed token whose key storage would refuse', async () => {
    const signer = createFileUrlSigner(t.config.appSecret);
    for (const badKey of ['../../etc/passwd', '/absolute.jpg', 'a//b.jpg', '.hidden/x.jpg', 'a\u0000b.jpg']) {
      const response = await get(`/api/files/${signer.sign(badKey, 3600)}`);
      expect(response.statusCode, badKey).toBe(404);
    }
  });

  it('serves a token in one spelling only: inserted characters do not answer 200', async () => {
    const token = url.split('/').pop()!;
    const [payload, mac] = token.split('.') as [string, string]; // a file token is payload.mac
    for (const spelling of [
      `${payload.slice(0, 4)}%00${payload.slice(4)}.${mac}`,
      `${payload.slice(0, 4)}%20${payload.slice(4)}.${mac}`,
      `${payload}%00.${mac}`,
    ]) {
      const response = await get(`/api/files/${spelling}`);
      expect(response.statusCode, spelling).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, spelling).toBeLessThan(500);
    }
  });
});
