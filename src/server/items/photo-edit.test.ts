import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Item, ItemImage } from '@shared/contracts/items';
import { itemImages } from '../db/schema';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos, storedFiles } from '../test/uploads';

let t: TestApp;
let wide: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  wide = await makeJpeg(640, 480);
});
afterAll(async () => {
  await t?.close();
});

const post = (cookie: string | undefined, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const cropUrl = (item: Item, image: ItemImage) => `/api/items/${item.id}/images/${image.id}/crop`;
const rotateUrl = (item: Item, image: ItemImage) => `/api/items/${item.id}/images/${image.id}/rotate`;

async function rowOf(imageId: string) {
  const [row] = await t.deps.database.db.select().from(itemImages).where(eq(itemImages.id, imageId));
  if (!row) throw new Error('no such image row');
  return row;
}
const isStored = (key: string) => storedFiles(t.dataDir).some((file) => file.endsWith(key));
async function storedSize(key: string) {
  const { width, height } = await sharp(await t.deps.storage.get(key)).metadata();
  return { width, height };
}

async function productOf(user: TestUser, count = 2) {
  const { item } = await createItemWithPhotos(
    t.app,
    user.cookie,
    Array.from({ length: count }, (_, i) => ({ name: `p${i}.jpg`, bytes: wide })),
  );
  return { item, first: item.images[0]!, second: item.images[1]! };
}

describe('POST /api/items/:id/images/:imageId/crop', () => {
  it('stores a 1:1 crop under a new key with a new thumbnail, then removes the old files', async () => {
    const user = await t.makeUser();
    const { item, second } = await productOf(user);
    const before = await rowOf(second.id);

    const response = await post(user.cookie, cropUrl(item, second), { x: 100, y: 40, width: 300, height: 300 });
    expect(response.statusCode).toBe(200);
    const image = (response.json() as Item).images[1]!;
    expect([image.id, image.width, image.height, image.order, image.isPrimary]).toEqual([second.id, 300, 300, 1, false]);

    const after = await rowOf(second.id);
    expect(after.storagePath).toMatch(new RegExp(`^${user.id}/${item.id}/\\d+-[0-9a-f]+-cropped\\.jpg$`));
    expect(after.storagePath).not.toBe(before.storagePath);
    expect(await storedSize(after.storagePath)).toEqual({ width: 300, height: 300 });
    expect(await storedSize(after.thumbPath)).toEqual({ width: 300, height: 300 });
    expect(isStored(after.thumbPath)).toBe(true);
    expect(isStored(before.storagePath)).toBe(false);
    expect(isStored(before.thumbPath)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: image.thumbnailUrl })).statusCode).toBe(200);
  });

  it('refuses a region outside the image with a clear 400 and changes nothing', async () => {
    const user = await t.makeUser();
    const { item, first } = await productOf(user, 1);
    const before = await rowOf(first.id);
    const filesBefore = storedFiles(t.dataDir)
      .filter((f) => f.includes(item.id))
      .sort();

    const outside = await post(user.cookie, cropUrl(item, first), { x: 400, y: 0, width: 300, height: 100 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toEqual({ code: 'BAD_REQUEST', message: 'The crop region lies outside the image (640 x 480 pixels)' });
    const tooSmall = await post(user.cookie, cropUrl(item, first), { x: 0, y: 0, width: 49, height: 100 });
    expect(tooSmall.statusCode).toBe(400);
    expect(await rowOf(first.id)).toEqual(before);
    expect(
      storedFiles(t.dataDir)
        .filter((f) => f.includes(item.id))
        .sort(),
    ).toEqual(filesBefore);
  });

  it('refuses a signed-out crop with "User not authenticated" and another user\'s photo with 404', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const { item, first } = await productOf(owner, 1);
    const region = { x: 0, y: 0, width: 100, height: 100 };

    const signedOut = await post(undefined, cropUrl(item, first), region);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
    expect((await post(other.cookie, cropUrl(item, first), region)).statusCode).toBe(404);
    expect((await post(other.cookie, rotateUrl(item, first), { degrees: 90 })).statusCode).toBe(404);
    const { first: otherPhoto } = await productOf(other, 1);
    // The owner's item with a photo id of another item: 404 too.
    expect((await post(owner.cookie, cropUrl(item, otherPhoto), region)).statusCode).toBe(404);
    expect((await rowOf(first.id)).width).toBe(640);
  });
});

describe('POST /api/items/:id/images/:imageId/rotate', () => {
  it('turns the photo a quarter: width and height swap, new files, old ones gone; the primary keeps its place', async () => {
    const user = await t.makeUser();
    const { item, first } = await productOf(user);
    const before = await rowOf(first.id);

    const response = await post(user.cookie, rotateUrl(item, first), { degrees: 90 });
    expect(response.statusCode).toBe(200);
    const turned = response.json() as Item;
    expect(turned.images.map((i) => [i.id, i.order, i.isPrimary])).toEqual([
      [first.id, 0, true],
      [item.images[1]!.id, 1, false],
    ]);
    expect([turned.images[0]!.width, turned.images[0]!.height]).toEqual([480, 640]);
    expect(turned.thumbnailUrl).toBe(turned.images[0]!.thumbnailUrl);

    const after = await rowOf(first.id);
    expect(after.storagePath).toMatch(/-rotated\.jpg$/);
    expect(await storedSize(after.storagePath)).toEqual({ width: 480, height: 640 });
    expect(await storedSize(after.thumbPath)).toEqual({ width: 300, height: 400 });
    expect(isStored(before.storagePath)).toBe(false);
    expect(isStored(before.thumbPath)).toBe(false);
  });

  it('accepts only quarter turns', async () => {
    const user = await t.makeUser();
    const { item, first } = await productOf(user, 1);
    expect((await post(user.cookie, rotateUrl(item, first), { degrees: 45 })).statusCode).toBe(400);
  });
});
