import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { startFakeS3, type FakeS3 } from '../../../../fakes/s3/s3-server';
import { createFileUrlSigner } from './file-url-signer';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rs-storage-'));
  dirs.push(dir);
  return dir;
};

let fakeS3: FakeS3;
let s3: Storage;
let local: Storage;
let localDir: string;

beforeAll(async () => {
  fakeS3 = await startFakeS3({ buckets: ['product-images'] });
  s3 = createS3Storage({
    bucket: 'product-images',
    region: fakeS3.region,
    endpoint: fakeS3.url,
    accessKeyId: fakeS3.accessKeyId,
    secretAccessKey: fakeS3.secretAccessKey,
  });
  localDir = tempDir();
  local = createLocalStorage({ dir: localDir, signer: createFileUrlSigner('a-test-secret-of-at-least-32-characters!') });
});
afterAll(async () => {
  await fakeS3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  const storage = () => (kind === 'local' ? local : s3);

  it('puts, gets and deletes objects under user/item keys', async () => {
    const bytes = Buffer.from('fake jpeg bytes');
    await storage().put('user-1/item-1/1-0-abc.jpg', bytes, 'image/jpeg');
    await storage().put('user-1/item-1/1-0-abc.thumb.webp', Buffer.from('thumb'), 'image/webp');
    expect(await storage().get('user-1/item-1/1-0-abc.jpg')).toEqual(bytes);
    await storage().delete(['user-1/item-1/1-0-abc.jpg', 'user-1/item-1/1-0-abc.thumb.webp', 'user-1/item-1/never-there.jpg']);
    const missing = await storage()
      .get('user-1/item-1/1-0-abc.jpg')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).code).toBe('NOT_FOUND');
  });

  it('deletes many keys at once and tolerates an empty list', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `u/i/${i}.jpg`);
    await Promise.all(keys.map((key) => storage().put(key, Buffer.from(key), 'image/jpeg')));
    await storage().delete(keys);
    await storage().delete([]);
    for (const key of keys) await expect(storage().get(key)).rejects.toBeInstanceOf(AppError);
  });

  it('signs a URL that fetches the object', async () => {
    await storage().put('u/i/signed.jpg', Buffer.from('signed bytes'), 'image/jpeg');
    const url = await storage().signedUrl('u/i/signed.jpg', 3600);
    if (kind === 's3') {
      expect(url).toMatch(/X-Amz-Expires=3600/);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('signed bytes');
    } else {
      expect(url).toMatch(/^\/api\/files\/[\w-]+\.[\w-]+$/);
    }
  });

  it('refuses keys that could leave the bucket', async () => {
    for (const key of ['../etc/passwd', 'u/../../x.jpg', '/abs.jpg', 'u//x.jpg', '.hidden', '']) {
      await expect(storage().put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('local storage on disk', () => {
  it('writes under {dir}/product-images, never overwrites, and removes emptied folders', async () => {
    await local.put('owner/item/a.jpg', Buffer.from('a'), 'image/jpeg');
    expect(existsSync(path.join(localDir, 'product-images', 'owner', 'item', 'a.jpg'))).toBe(true);
    await expect(local.put('owner/item/a.jpg', Buffer.from('b'), 'image/jpeg')).rejects.toThrow();
    await local.delete(['owner/item/a.jpg']);
    expect(readdirSync(path.join(localDir, 'product-images'))).not.toContain('owner');
  });
});
