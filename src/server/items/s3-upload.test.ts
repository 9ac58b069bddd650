import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { createItemWithPhotos, storedFiles } from '../test/uploads';

let s3rver: S3rver;
let s3Dir: string;
let t: TestApp;
beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'rs-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'product-images' }] });
  const { port } = await s3rver.run();
  t = await createTestApp({
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await t?.close();
  await s3rver?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('items on S3 storage', () => {
  it('stores photos in the bucket, answers presigned URLs and deletes the objects with the item', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(320, 240) }]);
    expect(storedFiles(t.dataDir)).toEqual([]); // nothing on local disk
    const url = item.images[0]!.url;
    expect(url).toMatch(new RegExp(`/product-images/${user.id}/${item.id}/.+\\.jpg\\?.*X-Amz-Signature=`));
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await fetch(item.thumbnailUrl!)).status).toBe(200);

    // the local file route is not served when storage is S3
    expect((await t.app.inject({ method: 'GET', url: '/api/files/abc.def' })).statusCode).toBe(404);

    await t.app.inject({ method: 'DELETE', url: `/api/items/${item.id}`, headers: { cookie: user.cookie } });
    expect((await fetch(url)).status).toBe(404);
  });
});
