import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../fakes/s3/s3-server';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { createItemWithPhotos, storedFiles } from '../test/uploads';

let fakeS3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  fakeS3 = await startFakeS3({ buckets: ['product-images'] });
  t = await createTestApp({
    STORAGE: 's3',
    S3_REGION: fakeS3.region,
    S3_ENDPOINT: fakeS3.url,
    S3_ACCESS_KEY_ID: fakeS3.accessKeyId,
    S3_SECRET_ACCESS_KEY: fakeS3.secretAccessKey,
  });
});
afterAll(async () => {
  await t?.close();
  await fakeS3?.close();
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
    // S3 refused nothing the app sent: the one refusal is that last fetch of a deleted object.
    expect(fakeS3.refused.map((r) => r.code)).toEqual(['NoSuchKey']);
  });
});
