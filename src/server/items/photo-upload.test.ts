import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { itemImages, items } from '../db/schema';
import {
  exifHasGps,
  makeJpeg,
  makeJpegWithGpsAndOrientation,
  makePngBombHeader,
  makeTwelveBitJpeg,
  svgImage,
  textPretendingToBeJpeg,
} from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, storedFiles, uploadPhotos, type UploadFile } from '../test/uploads';

let t: TestApp;
let user: TestUser;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  jpeg = await makeJpeg(640, 480);
});
afterAll(async () => {
  await t?.close();
});

const storageRoot = () => path.join(t.dataDir, 'storage');
const rowsOf = (itemId: string) =>
  t.deps.database.db.select().from(itemImages).where(eq(itemImages.itemId, itemId)).orderBy(itemImages.order);
const itemRow = async (itemId: string) => (await t.deps.database.db.select().from(items).where(eq(items.id, itemId)))[0];

describe('POST /api/items/:id/images', () => {
  it('stores each photo with its thumbnail, in order, the first one primary', async () => {
    const item = await createItem(t.app, user.cookie);
    const response = await uploadPhotos(t.app, user.cookie, item.id, [
      { name: 'a.jpg', bytes: await makeJpeg(2400, 1800) },
      {
        name: 'b.png',
        bytes: await sharp({ create: { width: 300, height: 500, channels: 3, background: '#abc' } })
          .png()
          .toBuffer(),
        type: 'image/png',
      },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rejected).toEqual([]);
    expect(body.item).toMatchObject({ photoCount: 2 });
    expect(body.item.images.map((i: { order: number; isPrimary: boolean }) => [i.order, i.isPrimary])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(body.added[0]).toMatchObject({ width: 1920, height: 1440 });
    expect(body.added[1]).toMatchObject({ width: 300, height: 500 });
    expect(body.item.thumbnailUrl).toBe(body.item.images[0].thumbnailUrl);

    const rows = await rowsOf(item.id);
    expect(rows[0]!.storagePath).toMatch(new RegExp(`^${user.id}/${item.id}/\\d+-0-[0-9a-f]{12}\\.jpg$`));
    expect(rows[0]!.thumbPath).toBe(rows[0]!.storagePath.replace(/\.jpg$/, '.thumb.webp'));
    expect(rows[0]!.bytes).toBeGreaterThan(0);
    const files = storedFiles(t.dataDir);
    for (const row of rows) {
      expect(files).toContain(path.join('product-images', row.storagePath));
      expect(files).toContain(path.join('product-images', row.thumbPath));
    }
    const thumb = await sharp(readFileSync(path.join(storageRoot(), 'product-images', rows[0]!.thumbPath))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 300]);

    // signed URLs serve the stored bytes without a session
    const image = await t.app.inject({ method: 'GET', url: body.item.images[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect(image.rawPayload.equals(readFileSync(path.join(storageRoot(), 'product-images', rows[0]!.storagePath)))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: body.item.thumbnailUrl })).headers['content-type']).toBe('image/webp');
  });

  it('continues the order after existing photos', async () => {
    const item = await createItem(t.app, user.cookie);
    await uploadPhotos(t.app, user.cookie, item.id, [{ name: '1.jpg', bytes: jpeg }]);
    const second = await uploadPhotos(t.app, user.cookie, item.id, [
      { name: '2.jpg', bytes: jpeg },
      { name: '3.jpg', bytes: jpeg },
    ]);
    expect(second.json().added.map((i: { order: number }) => i.order)).toEqual([1, 2]);
    expect(second.json().item.photoCount).toBe(3);
    expect((await rowsOf(item.id)).map((r) => [r.order, r.isPrimary])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
  });

  it('gives concurrent uploads to one item distinct positions, one primary', async () => {
    const item = await createItem(t.app, user.cookie);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => uploadPhotos(t.app, user.cookie, item.id, [{ name: `${i}.jpg`, bytes: jpeg }])),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await rowsOf(item.id);
    expect(rows.map((r) => r.order)).toEqual([0, 1, 2, 3, 4]);
    expect(rows.filter((r) => r.isPrimary).map((r) => r.order)).toEqual([0]);
    expect((await itemRow(item.id))?.photoCount).toBe(5);
  });

  it('removes GPS and all EXIF from stored files and applies the EXIF orientation', async () => {
    const item = await createItem(t.app, user.cookie);
    const response = await uploadPhotos(t.app, user.cookie, item.id, [{ name: 'phone.jpg', bytes: await makeJpegWithGpsAndOrientation() }]);
    expect(response.statusCode).toBe(200);
    const row = (await rowsOf(item.id))[0]!;
    expect([row.width, row.height]).toEqual([100, 200]);
    for (const key of [row.storagePath, row.thumbPath]) {
      const stored = readFileSync(path.join(storageRoot(), 'product-images', key));
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(exifHasGps(metadata.exif)).toBe(false);
      expect(stored.includes(Buffer.from('Exif\0'))).toBe(false);
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('skips a bad file among good ones and reports it', async () => {
    const item = await createItem(t.app, user.cookie);
    const response = await uploadPhotos(t.app, user.cookie, item.id, [
      { name: 'good-1.jpg', bytes: jpeg },
      { name: 'notes.jpg', bytes: textPretendingToBeJpeg },
      { name: 'good-2.jpg', bytes: jpeg },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().rejected).toEqual([
      { index: 1, fileName: 'notes.jpg', message: 'notes.jpg is not a supported image (JPEG, PNG, WebP or HEIC)' },
    ]);
    expect(response.json().item.photoCount).toBe(2);
    expect((await rowsOf(item.id)).map((r) => r.order)).toEqual([0, 1]);
  });

  const badFiles: Array<[string, () => Promise<UploadFile>, number, RegExp]> = [
    [
      'a text file renamed .jpg',
      async () => ({ name: 'photo.jpg', bytes: textPretendingToBeJpeg }),
      415,
      /^photo\.jpg is not a supported image \(JPEG, PNG, WebP or HEIC\)$/,
    ],
    ['an SVG', async () => ({ name: 'logo.svg', bytes: svgImage, type: 'image/svg+xml' }), 415, /^logo\.svg is not a supported image/],
    [
      'a truncated JPEG',
      async () => ({ name: 'cut.jpg', bytes: jpeg.subarray(0, jpeg.length >> 1) }),
      422,
      /^cut\.jpg could not be read: the image is damaged or incomplete$/,
    ],
    [
      'a 12-bit JPEG (valid, but not a format we can read)',
      async () => ({ name: 'scan.jpg', bytes: await makeTwelveBitJpeg() }),
      415,
      /^scan\.jpg is not a format we can read: /,
    ],
    [
      'a 20000x20000 PNG',
      async () => ({ name: 'huge.png', bytes: makePngBombHeader(), type: 'image/png' }),
      422,
      /^huge\.png is too large \(max 50 megapixels\)$/,
    ],
  ];

  for (const [what, file, status, message] of badFiles) {
    it(`refuses ${what} clearly, deletes the new empty item and leaves no file`, async () => {
      const before = storedFiles(t.dataDir);
      const item = await createItem(t.app, user.cookie);
      const response = await uploadPhotos(t.app, user.cookie, item.id, [await file()]);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toMatch(message);
      expect(await itemRow(item.id)).toBeUndefined();
      expect(await rowsOf(item.id)).toEqual([]);
      expect(storedFiles(t.dataDir)).toEqual(before);
    });
  }

  it('keeps an item that already had photos when every new one fails', async () => {
    const item = await createItem(t.app, user.cookie);
    await uploadPhotos(t.app, user.cookie, item.id, [{ name: 'ok.jpg', bytes: jpeg }]);
    const response = await uploadPhotos(t.app, user.cookie, item.id, [
      { name: 'x.jpg', bytes: textPretendingToBeJpeg },
      { name: 'y.png', bytes: makePngBombHeader() },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      'x.jpg is not a supported image (JPEG, PNG, WebP or HEIC); y.png is too large (max 50 megapixels)',
    );
    expect((await itemRow(item.id))?.photoCount).toBe(1);
  });

  it('skips a file over 25 MB (cut short by the multipart limit) and keeps reading the next ones', async () => {
    const item = await createItem(t.app, user.cookie);
    const oversize = Buffer.concat([jpeg, Buffer.alloc(25 * 1024 * 1024 + 1)]);
    const response = await uploadPhotos(t.app, user.cookie, item.id, [
      { name: 'huge.jpg', bytes: oversize },
      { name: 'fine.jpg', bytes: jpeg },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().rejected).toEqual([{ index: 0, fileName: 'huge.jpg', message: 'huge.jpg is too large (max 25 MB)' }]);
    expect(response.json().item.photoCount).toBe(1);
  });

  it("answers 'No images to upload' for an upload without files", async () => {
    const item = await createItem(t.app, user.cookie);
    const form = new FormData();
    form.append('note', 'no files here');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/images`,
      payload: form,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('No images to upload');
  });

  it('refuses more than 30 files at once and keeps none of them', async () => {
    const before = storedFiles(t.dataDir);
    const item = await createItem(t.app, user.cookie);
    const tiny = await makeJpeg(16, 16);
    const response = await uploadPhotos(
      t.app,
      user.cookie,
      item.id,
      Array.from({ length: 31 }, (_, i) => ({ name: `${i}.jpg`, bytes: tiny })),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('At most 30 photos can be uploaded at once');
    expect(await rowsOf(item.id)).toEqual([]);
    expect(storedFiles(t.dataDir)).toEqual(before);
  });
});
