import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsPaths } from '@shared/contracts/items';
import { itemImages, items } from '../db/schema';
import {
  makeAnimated,
  makeJpeg,
  makeJpegBombHeader,
  makeJpegWithBrokenExif,
  makeJpegWithOrientation,
  makePngBombHeader,
  makeTwelveBitJpeg,
  makeZip,
} from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos, storedFiles, uploadPhotos, uploadProduct, type UploadFile } from '../test/uploads';

/**
 * Broken and hostile files through both real upload routes (a new product, and photos added to an existing one):
 * each gets its own clear answer, a refused file leaves no row and no stored file, and the server keeps serving.
 */
let t: TestApp;
let user: TestUser;
let kept: { id: string; photoId: string };
let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  jpeg = await makeJpeg(320, 240);
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const upload = await createItemWithPhotos(t.app, user.cookie, [{ name: 'kept.jpg', bytes: jpeg }]);
  kept = { id: upload.item.id, photoId: upload.item.images[0]!.id };
});
afterAll(async () => {
  await t?.close();
});

const itemRows = () => t.deps.database.db.select().from(items).where(eq(items.userId, user.id));
const photoRows = (itemId: string) => t.deps.database.db.select().from(itemImages).where(eq(itemImages.itemId, itemId));
const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;

interface Refusal {
  what: string;
  file: () => Promise<UploadFile>;
  status: number;
  message: string;
}

const notAnImage = (name: string) => `${name} is not a supported image (JPEG, PNG, WebP or HEIC)`;
const damaged = (name: string) => `${name} could not be read: the image is damaged or incomplete`;

const refusals: Refusal[] = [
  {
    what: 'an empty file (0 bytes)',
    file: async () => ({ name: 'empty.jpg', bytes: Buffer.alloc(0) }),
    status: 422,
    message: 'empty.jpg is empty (0 bytes)',
  },
  {
    what: 'a zip archive renamed .jpg',
    file: async () => ({ name: 'photos.jpg', bytes: makeZip('inside.jpg', jpeg) }),
    status: 415,
    message: notAnImage('photos.jpg'),
  },
  {
    what: 'a PNG with a broken signature (wrong magic bytes)',
    file: async () => ({ name: 'magic.png', bytes: Buffer.concat([Buffer.from('GIF89a'), png.subarray(6)]), type: 'image/png' }),
    status: 415,
    message: notAnImage('magic.png'),
  },
  {
    what: 'an animated GIF',
    file: async () => ({ name: 'spin.gif', bytes: await makeAnimated('gif'), type: 'image/gif' }),
    status: 415,
    message: notAnImage('spin.gif'),
  },
  {
    what: 'a truncated JPEG',
    file: async () => ({ name: 'cut.jpg', bytes: jpeg.subarray(0, jpeg.length >> 1) }),
    status: 422,
    message: damaged('cut.jpg'),
  },
  {
    what: 'a truncated PNG',
    file: async () => ({ name: 'cut.png', bytes: png.subarray(0, png.length - 20), type: 'image/png' }),
    status: 422,
    message: damaged('cut.png'),
  },
  {
    what: 'JPEG magic bytes followed by noise',
    file: async () => ({ name: 'noise.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x5a)]) }),
    status: 422,
    message: damaged('noise.jpg'),
  },
  {
    what: 'a HEIC header with nothing behind it',
    file: async () => ({
      name: 'phone.heic',
      bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(512)]),
    }),
    status: 422,
    message: damaged('phone.heic'),
  },
  {
    what: 'a 50000x50000 PNG (a decompression bomb)',
    file: async () => ({ name: 'bomb.png', bytes: makePngBombHeader(50_000, 50_000), type: 'image/png' }),
    status: 422,
    message: 'bomb.png is too large (max 50 megapixels)',
  },
  {
    what: 'a 60000x60000 JPEG (a decompression bomb)',
    file: async () => ({ name: 'bomb.jpg', bytes: await makeJpegBombHeader(60_000, 60_000) }),
    status: 422,
    message: 'bomb.jpg is too large (max 50 megapixels)',
  },
  {
    what: 'a 12-bit JPEG (valid, but not a format we can read)',
    file: async () => ({ name: 'scan.jpg', bytes: await makeTwelveBitJpeg() }),
    status: 415,
    message: 'scan.jpg is not a format we can read: save it as an ordinary JPEG, PNG or WebP and upload that',
  },
];

describe('a corpus of broken and hostile files', () => {
  for (const refusal of refusals) {
    it(`refuses ${refusal.what} on both upload routes with its own message, leaving nothing behind`, async () => {
      const file = await refusal.file();
      const itemsBefore = await itemRows();
      const filesBefore = storedFiles(t.dataDir);

      const product = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [file]);
      expect({ status: product.statusCode, body: product.json() }).toEqual({
        status: refusal.status,
        body: { error: { code: expect.any(String), message: refusal.message } },
      });
      const added = await uploadPhotos(t.app, user.cookie, kept.id, [file]);
      expect({ status: added.statusCode, message: added.json().error?.message }).toEqual({
        status: refusal.status,
        message: refusal.message,
      });

      expect(await itemRows()).toEqual(itemsBefore);
      expect((await photoRows(kept.id)).map((row) => row.id)).toEqual([kept.photoId]);
      expect(storedFiles(t.dataDir)).toEqual(filesBefore);
      expect(await health()).toBe(200);
    });
  }

  it('skips every bad file of a product sent with a good one, naming each, and stores only the good one', async () => {
    const files = [{ name: 'good.jpg', bytes: jpeg }, ...(await Promise.all(refusals.map((r) => r.file())))];
    const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, files);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rejected).toEqual(refusals.map((r, i) => ({ index: i + 1, fileName: files[i + 1]!.name, message: r.message })));
    expect(body.item.photoCount).toBe(1);
    expect(storedFiles(t.dataDir).filter((file) => file.includes(body.item.id))).toHaveLength(2);
  });

  const storedDisplay = async (itemId: string) => {
    const [row] = await photoRows(itemId);
    const bytes = readFileSync(path.join(t.dataDir, 'storage', 'product-images', row!.storagePath));
    return { bytes, metadata: await sharp(bytes).metadata() };
  };

  it('keeps the first frame of an animated WebP', async () => {
    const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [
      { name: 'spin.webp', bytes: await makeAnimated('webp'), type: 'image/webp' },
    ]);
    expect(response.statusCode).toBe(200);
    const { bytes, metadata } = await storedDisplay(response.json().item.id);
    expect([metadata.format, metadata.width, metadata.height, metadata.pages ?? 1]).toEqual(['jpeg', 40, 30, 1]);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].map((channel) => Math.round(channel / 64))).toEqual([4, 0, 0]); // red, the first frame
  });

  it('reads photos with odd EXIF (offsets pointing nowhere, an undefined orientation) and stores them without it', async () => {
    for (const file of [
      { name: 'broken-exif.jpg', bytes: await makeJpegWithBrokenExif() },
      { name: 'orientation-9.jpg', bytes: await makeJpegWithOrientation(9) },
      { name: 'really-a-jpeg.png', bytes: await makeJpeg(64, 48), type: 'image/png' },
    ]) {
      const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [file]);
      expect({ name: file.name, status: response.statusCode }).toEqual({ name: file.name, status: 200 });
      const { metadata } = await storedDisplay(response.json().item.id);
      expect([metadata.width, metadata.height, metadata.exif, metadata.orientation]).toEqual([64, 48, undefined, undefined]);
    }
  });

  /** A multipart body with one file part of `size` bytes (a JPEG start, then zeros), generated as it is read. */
  function streamedUpload(name: string, size: number) {
    const boundary = `----corpus${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="photos"; filename="${name}"\r\ncontent-type: image/jpeg\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024);
    const progress = { fileBytesRead: 0, ended: false };
    async function* body() {
      yield head;
      yield jpeg;
      progress.fileBytesRead = jpeg.length;
      while (progress.fileBytesRead < size) {
        const next = chunk.subarray(0, Math.min(chunk.length, size - progress.fileBytesRead));
        yield next;
        progress.fileBytesRead += next.length;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
      progress.ended = true;
    }
    const request = {
      payload: Readable.from(body()),
      headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
    return { request, progress };
  }

  it('refuses a 100 MB file on both routes (read through, never held whole) and keeps serving', async () => {
    const filesBefore = storedFiles(t.dataDir);
    const itemsBefore = await itemRows();
    const message = 'huge.jpg is too large (max 25 MB)';
    const size = 100 * 1024 * 1024;
    for (const url of [itemsPaths.productUpload({ uploadKey: randomUUID() }), itemsPaths.images(kept.id)]) {
      const { request, progress } = streamedUpload('huge.jpg', size);
      const response = await t.app.inject({ method: 'POST', url, ...request });
      expect({ url, status: response.statusCode, message: response.json().error?.message }).toEqual({ url, status: 413, message });
      expect(progress).toEqual({ fileBytesRead: size, ended: true }); // the whole body went through the server
    }
    expect(await itemRows()).toEqual(itemsBefore);
    expect(storedFiles(t.dataDir)).toEqual(filesBefore);
    expect(await health()).toBe(200);
  });
});
