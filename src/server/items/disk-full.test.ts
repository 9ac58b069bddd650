import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../adapters/storage/file-url-signer';
import { createLocalStorage } from '../adapters/storage/local-storage';
import { storageFullMessage } from '../adapters/storage/storage';
import { itemImages, items } from '../db/schema';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, createItemWithPhotos, storedFiles, uploadPhotos, uploadProduct } from '../test/uploads';

const freeBytes = (dir: string) => {
  const info = statfsSync(dir);
  return info.bavail * info.bsize;
};

/** Whether this process may mount a tmpfs (root on Linux): then the disk really fills up, ENOSPC and all. */
function canMountTmpfs(): boolean {
  const probe = mkdtempSync(path.join(tmpdir(), 'rs-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const itemsOf = (t: TestApp, user: TestUser) => t.deps.database.db.select().from(items).where(eq(items.userId, user.id));
const photoRowsOf = (t: TestApp, itemId: string) => t.deps.database.db.select().from(itemImages).where(eq(itemImages.itemId, itemId));
const health = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;

describe('with less free disk than MIN_FREE_DISK_MB', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    // Whatever this machine has free, plus a gigabyte: every upload finds too little room.
    const minFreeMb = Math.ceil(freeBytes(tmpdir()) / 1024 / 1024) + 1024;
    t = await createTestApp({ MIN_FREE_DISK_MB: String(minFreeMb) });
    user = await t.makeUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a product upload with 507 before reading it: no item, no file', async () => {
    const response = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [
      { name: 'a.jpg', bytes: await makeJpeg(64, 64) },
    ]);
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: storageFullMessage } });
    expect(await itemsOf(t, user)).toEqual([]);
    expect(storedFiles(t.dataDir)).toEqual([]);
  });

  it('refuses photos added to an item with 507 and keeps the item as it was', async () => {
    const item = await createItem(t.app, user.cookie);
    const response = await uploadPhotos(t.app, user.cookie, item.id, [{ name: 'b.jpg', bytes: await makeJpeg(64, 64) }]);
    expect(response.statusCode).toBe(507);
    expect(response.json().error.message).toBe(storageFullMessage);
    expect(await photoRowsOf(t, item.id)).toEqual([]);
    expect(storedFiles(t.dataDir)).toEqual([]);
    expect(await health(t)).toBe(200);
  });
});

describe.runIf(canMountTmpfs())('on a disk that is really full (a 2 MB tmpfs as the storage folder)', () => {
  let t: TestApp;
  let user: TestUser;
  let mount: string;
  const filler = () => path.join(mount, 'filler');
  /** Fills the disk until `leave` bytes are free. */
  const fillLeaving = (leave: number) => writeFileSync(filler(), Buffer.alloc(Math.max(0, freeBytes(mount) - leave)));
  const photoFiles = () => storedFiles(t.dataDir).filter((file) => file.startsWith('product-images/'));

  beforeAll(async () => {
    t = await createTestApp({ MIN_FREE_DISK_MB: '0' });
    user = await t.makeUser();
    mount = path.join(t.dataDir, 'storage');
    mkdirSync(mount, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount]);
  });
  afterAll(async () => {
    if (mount) execFileSync('umount', [mount]);
    await t?.close();
  });

  it('leaves no half-written file when a write runs out of room (ENOSPC)', async () => {
    const storage = createLocalStorage({ dir: mount, signer: createFileUrlSigner('a-test-secret-of-at-least-32-characters!') });
    await storage.put('u/i/fits.jpg', Buffer.alloc(1000), 'image/jpeg');
    fillLeaving(16 * 1024);
    try {
      const failure = await storage.put('u/i/too-big.jpg', Buffer.alloc(200 * 1024, 1), 'image/jpeg').catch((err: unknown) => err);
      expect(failure).toMatchObject({ code: 'INSUFFICIENT_STORAGE', message: storageFullMessage });
      expect(existsSync(path.join(mount, 'product-images/u/i/too-big.jpg'))).toBe(false);
      // a new item's folder made for the failed file goes too
      await expect(storage.put('u/new/too-big.jpg', Buffer.alloc(200 * 1024, 1), 'image/jpeg')).rejects.toThrow(storageFullMessage);
      expect(existsSync(path.join(mount, 'product-images/u/new'))).toBe(false);
    } finally {
      rmSync(filler(), { force: true });
      await storage.delete(['u/i/fits.jpg']);
    }
  });

  it('refuses uploads, adding photos and crops with 507, keeps no trace of them, and serves again once room is freed', async () => {
    const jpeg = await makeJpeg(640, 480);
    const kept = await createItemWithPhotos(t.app, user.cookie, [{ name: 'first.jpg', bytes: jpeg }]);
    const filesBefore = photoFiles();
    expect(filesBefore).toHaveLength(2);
    fillLeaving(8 * 1024);
    try {
      const uploadKey = randomUUID();
      const product = await uploadProduct(t.app, user.cookie, { uploadKey }, [
        { name: 'a.jpg', bytes: jpeg },
        { name: 'b.jpg', bytes: jpeg },
      ]);
      expect(product.statusCode).toBe(507);
      expect(product.json()).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: storageFullMessage } });

      const added = await uploadPhotos(t.app, user.cookie, kept.item.id, [{ name: 'c.jpg', bytes: jpeg }]);
      expect(added.statusCode).toBe(507);
      expect(added.json().error.message).toBe(storageFullMessage);

      const crop = await t.app.inject({
        method: 'POST',
        url: `/api/items/${kept.item.id}/images/${kept.item.images[0]!.id}/crop`,
        payload: { x: 0, y: 0, width: 300, height: 300 },
        headers: { cookie: user.cookie },
      });
      expect(crop.statusCode).toBe(507);
      expect(crop.json().error.message).toBe(storageFullMessage);

      expect((await itemsOf(t, user)).map((row) => [row.id, row.photoCount])).toEqual([[kept.item.id, 1]]);
      expect(await photoRowsOf(t, kept.item.id)).toHaveLength(1);
      expect(photoFiles()).toEqual(filesBefore);
      expect(await health(t)).toBe(200);

      rmSync(filler());
      const again = await uploadProduct(t.app, user.cookie, { uploadKey }, [
        { name: 'a.jpg', bytes: jpeg },
        { name: 'b.jpg', bytes: jpeg },
      ]);
      expect(again.statusCode).toBe(200);
      expect(again.json().item.photoCount).toBe(2);
    } finally {
      rmSync(filler(), { force: true });
    }
  });
});
