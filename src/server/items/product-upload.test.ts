import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemImages, items } from '../db/schema';
import { makeJpeg, textPretendingToBeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { photoForm, storedFiles, uploadProduct, type UploadFile } from '../test/uploads';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await makeJpeg(640, 480);
});
afterAll(async () => {
  await t?.close();
});

const photos = (n: number): UploadFile[] => Array.from({ length: n }, (_, i) => ({ name: `p${i}.jpg`, bytes: jpeg }));
const itemsOf = async (user: TestUser) => t.deps.database.db.select().from(items).where(eq(items.userId, user.id));
const photoRows = async (itemId: string) =>
  (await t.deps.database.db.select({ n: count() }).from(itemImages).where(eq(itemImages.itemId, itemId)))[0]!.n;
const filesOf = (user: TestUser) => storedFiles(t.dataDir).filter((file) => file.startsWith(`product-images/${user.id}/`));

describe('POST /api/items/upload', () => {
  it('creates the item and its photos in one request, in order, with the typed SKU', async () => {
    const user = await t.makeUser();
    const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID(), sku: 'denim-1', brand: 'Levi' }, photos(3));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.item).toMatchObject({ sku: 'DENIM-1', brand: 'Levi', photoCount: 3, status: 'draft' });
    expect(body.added).toHaveLength(3);
    expect(body.item.images.map((image: { order: number }) => image.order)).toEqual([0, 1, 2]);
    expect(filesOf(user)).toHaveLength(6); // display image + thumbnail each
  });

  it('answers a resend with the same key with the same item, never a second item or duplicate photos', async () => {
    const user = await t.makeUser();
    const uploadKey = randomUUID();
    const first = await uploadProduct(t.app, user.cookie, { uploadKey }, photos(2));
    expect(first.statusCode).toBe(200);
    const again = await uploadProduct(t.app, user.cookie, { uploadKey }, photos(2));
    expect(again.statusCode).toBe(200);
    expect(again.json().item).toMatchObject({ id: first.json().item.id, sku: first.json().item.sku, photoCount: 2 });
    expect(await itemsOf(user)).toHaveLength(1);
    expect(await photoRows(first.json().item.id)).toBe(2);
    expect(filesOf(user)).toHaveLength(4);
    // the same key from a typed-SKU product: its SKU now exists, yet the resend is the product itself, not a conflict
    const typedKey = randomUUID();
    expect((await uploadProduct(t.app, user.cookie, { uploadKey: typedKey, sku: 'TYPED-9' }, photos(1))).statusCode).toBe(200);
    const typedAgain = await uploadProduct(t.app, user.cookie, { uploadKey: typedKey, sku: 'TYPED-9' }, photos(1));
    expect(typedAgain.statusCode).toBe(200);
    expect(typedAgain.json().item).toMatchObject({ sku: 'TYPED-9', photoCount: 1 });
    expect(await itemsOf(user)).toHaveLength(2);
  });

  it('never generates a SKU typed for another product still in the queue: a typed SKU is reserved first', async () => {
    const user = await t.makeUser();
    const skuOf = async (query: { sku?: string; reserved?: string }) => {
      const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID(), ...query }, photos(1));
      expect(response.statusCode, response.body).toBe(200);
      return response.json().item.sku as string;
    };
    expect(await skuOf({})).toBe('PSTFSH-001');
    // One batch: a photo without a SKU goes before the product the seller typed as PSTFSH-002 (and -004, lower case).
    expect(await skuOf({ reserved: 'PSTFSH-002,pstfsh-004' })).toBe('PSTFSH-003');
    expect(await skuOf({ reserved: 'PSTFSH-004' })).toBe('PSTFSH-005');
    expect(await skuOf({ sku: 'PSTFSH-002' })).toBe('PSTFSH-002');
    expect(await skuOf({ sku: 'PSTFSH-004' })).toBe('PSTFSH-004');
    expect(await skuOf({})).toBe('PSTFSH-006');
    // A reserved list that is not SKUs is refused, not half read.
    const bad = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID(), reserved: 'A B' }, photos(1));
    expect(bad.statusCode).toBe(400);
  });

  it('makes one item of two sends of the same product at once', async () => {
    const user = await t.makeUser();
    const uploadKey = randomUUID();
    const [a, b] = await Promise.all([
      uploadProduct(t.app, user.cookie, { uploadKey }, photos(3)),
      uploadProduct(t.app, user.cookie, { uploadKey }, photos(3)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().item.id).toBe(b.json().item.id);
    const rows = await itemsOf(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.photoCount).toBe(3);
    expect(await photoRows(rows[0]!.id)).toBe(3);
    expect(filesOf(user)).toHaveLength(6); // the loser's files are taken back
  });

  it('leaves no item and no file when the body breaks off mid-way', async () => {
    const user = await t.makeUser();
    const form = new Request('http://localhost/', { method: 'POST', body: photoForm(photos(2)) });
    const full = Buffer.from(await form.arrayBuffer());
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/items/upload?uploadKey=${randomUUID()}`,
      payload: full.subarray(0, Math.floor(full.length * 0.7)),
      headers: { cookie: user.cookie, 'content-type': form.headers.get('content-type')! },
    });
    expect(response.statusCode).toBe(400);
    expect(await itemsOf(user)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(filesOf(user)).toEqual([]);
  });

  it('creates no item when every photo is refused', async () => {
    const user = await t.makeUser();
    const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [
      { name: 'x.jpg', bytes: textPretendingToBeJpeg },
    ]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await itemsOf(user)).toEqual([]);
  });

  it('keeps the SKU conflict (409) and lets the seller resend the same photos under a new SKU with the same key', async () => {
    const user = await t.makeUser();
    expect((await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID(), sku: 'TAKEN-1' }, photos(1))).statusCode).toBe(200);
    const uploadKey = randomUUID();
    const conflict = await uploadProduct(t.app, user.cookie, { uploadKey, sku: 'taken-1' }, photos(2));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('SKU_CONFLICT');
    const renamed = await uploadProduct(t.app, user.cookie, { uploadKey, sku: 'TAKEN-2' }, photos(2));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().item).toMatchObject({ sku: 'TAKEN-2', photoCount: 2 });
    expect(await itemsOf(user)).toHaveLength(2);
  });

  it('adds later parts (photos 31+) once, in order, even when a part is sent twice', async () => {
    const user = await t.makeUser();
    const uploadKey = randomUUID();
    const first = await uploadProduct(t.app, user.cookie, { uploadKey }, photos(2));
    expect(first.statusCode).toBe(200);
    const second = await uploadProduct(t.app, user.cookie, { uploadKey, offset: 2 }, photos(2));
    expect(second.statusCode).toBe(200);
    expect(second.json().item).toMatchObject({ id: first.json().item.id, photoCount: 4 });
    const [again, twin] = await Promise.all([
      uploadProduct(t.app, user.cookie, { uploadKey, offset: 2 }, photos(2)),
      uploadProduct(t.app, user.cookie, { uploadKey, offset: 2 }, photos(2)),
    ]);
    expect([again.statusCode, twin.statusCode]).toEqual([200, 200]);
    expect(again.json().item.photoCount).toBe(4);
    expect(await photoRows(first.json().item.id)).toBe(4);
    // both at once for a new part: one is written
    const [c, d] = await Promise.all([
      uploadProduct(t.app, user.cookie, { uploadKey, offset: 4 }, photos(1)),
      uploadProduct(t.app, user.cookie, { uploadKey, offset: 4 }, photos(1)),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(await photoRows(first.json().item.id)).toBe(5);
    expect(filesOf(user)).toHaveLength(10);
    const gap = await uploadProduct(t.app, user.cookie, { uploadKey, offset: 9 }, photos(1));
    expect(gap.statusCode).toBe(409);
    const unknown = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID(), offset: 2 }, photos(1));
    expect(unknown.statusCode).toBe(404);
  });
});
