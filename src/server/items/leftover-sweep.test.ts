import { utimesSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_BUCKET } from '../adapters/storage/local-storage';
import { items } from '../db/schema';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { createItem, createItemWithPhotos, storedFiles } from '../test/uploads';
import { createLeftoverSweep } from './leftover-sweep';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const twoHoursAgo = () => new Date(Date.now() - 2 * 3600_000);

/** Makes a stored file look as if it was written two hours ago. */
function age(key: string) {
  const file = path.join(t.dataDir, 'storage', LOCAL_BUCKET, key);
  utimesSync(file, twoHoursAgo(), twoHoursAgo());
}

describe('leftover sweep', () => {
  it('removes files no photo row points at and items without photos, once they are older than an hour', async () => {
    const user = await t.makeUser();
    const db = t.deps.database.db;
    const kept = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(64, 64) }]);
    await db.update(items).set({ createdAt: twoHoursAgo() }).where(eq(items.id, kept.item.id));
    const keptFiles = storedFiles(t.dataDir);
    expect(keptFiles).toHaveLength(2);
    for (const file of keptFiles) age(file.replace(`${LOCAL_BUCKET}${path.sep}`, '').split(path.sep).join('/'));

    // what a kill -9 mid-upload leaves: an item without photos and files stored before the rows were written
    const killedDraft = await createItem(t.app, user.cookie);
    await db.update(items).set({ createdAt: twoHoursAgo() }).where(eq(items.id, killedDraft.id));
    const oldOrphans = [`${user.id}/${killedDraft.id}/1-0-aa.jpg`, `${user.id}/${kept.item.id}/2-1-bb.jpg`, `${user.id}/not-an-item/3.jpg`];
    for (const key of oldOrphans) {
      await t.deps.storage.put(key, Buffer.from('x'), 'image/jpeg');
      age(key);
    }
    // an upload in flight right now: young files, a young item without photos yet
    const inFlight = await createItem(t.app, user.cookie);
    const youngOrphan = `${user.id}/${inFlight.id}/4-0-cc.jpg`;
    await t.deps.storage.put(youngOrphan, Buffer.from('x'), 'image/jpeg');

    const result = await createLeftoverSweep({ db, storage: t.deps.storage, log: t.app.log }).sweep();
    expect(result).toEqual({ emptyDrafts: 1, orphanedFiles: 3 });

    const left = storedFiles(t.dataDir).sort();
    expect(left).toEqual([...keptFiles, path.join(LOCAL_BUCKET, ...youngOrphan.split('/'))].sort());
    const status = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/items/${id}`, headers: { cookie: user.cookie } })).statusCode;
    expect(await status(killedDraft.id)).toBe(404);
    expect(await status(kept.item.id)).toBe(200);
    expect(await status(inFlight.id)).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: kept.item.images[0]!.url });
    expect(image.statusCode).toBe(200);
  });

  it("keeps an evidence crop the item's listing names, and sweeps one it no longer names (decision 171)", async () => {
    const user = await t.makeUser();
    const db = t.deps.database.db;
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(64, 64) }]);
    const named = `${user.id}/${item.id}/evidence-brand-1-aa.webp`;
    const older = `${user.id}/${item.id}/evidence-brand-0-bb.webp`;
    for (const key of [named, older]) {
      await t.deps.storage.put(key, Buffer.from('x'), 'image/webp');
      age(key);
    }
    await db
      .update(items)
      .set({ aiEvidence: { brand: { source: 'photo', photo: 0, crop: named } } })
      .where(eq(items.id, item.id));

    const result = await createLeftoverSweep({ db, storage: t.deps.storage, log: t.app.log }).sweep();
    expect(result.orphanedFiles).toBe(1);
    const left = storedFiles(t.dataDir).map((file) => file.split(path.sep).join('/'));
    expect(left).toContain(`${LOCAL_BUCKET}/${named}`);
    expect(left).not.toContain(`${LOCAL_BUCKET}/${older}`);
  });
});
