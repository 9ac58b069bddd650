import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, storedFiles } from '../test/uploads';
import { createPhotoUploads } from './photo-upload';
import { createItemService } from './service';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
});
afterAll(async () => {
  await t?.close();
});

/** The real database, except that every call of `method` (transaction, execute...) fails with `error`. */
function dbFailing(method: 'transaction' | 'execute', error: unknown): { db: Db; attempts: () => number } {
  let attempts = 0;
  const real = t.deps.database.db;
  const db = new Proxy(real, {
    get(target, property) {
      if (property === method) {
        return async () => {
          attempts += 1;
          throw error;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, attempts: () => attempts };
}

describe('when the database fails', () => {
  it('removes the stored files of an upload whose rows could not be written', async () => {
    const item = await createItem(t.app, user.cookie);
    const before = storedFiles(t.dataDir);
    const { db } = dbFailing('execute', new Error('connection lost'));
    const uploads = createPhotoUploads({ db, storage: t.deps.storage, media: t.deps.media, log: t.app.log });
    const upload = await uploads.begin(user.id, item.id);
    const jpeg = await makeJpeg(200, 150);
    await upload.add('a.jpg', jpeg, false);
    await upload.add('b.jpg', jpeg, false);
    await expect(upload.finish()).rejects.toThrow('connection lost');
    expect(storedFiles(t.dataDir)).toEqual(before);
    const after = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}`, headers: { cookie: user.cookie } });
    expect(after.json()).toMatchObject({ photoCount: 0, images: [] });
  });

  it('gives up after 6 attempts with the agreed message when generated SKUs keep colliding', async () => {
    const uniqueViolation = Object.assign(new Error('duplicate key value violates unique constraint'), { cause: { code: '23505' } });
    const { db, attempts } = dbFailing('transaction', uniqueViolation);
    const service = createItemService({ db, storage: t.deps.storage, log: t.app.log, marketplaces: t.deps.services.marketplaces });
    const failure = await service.createDraftItem(user.id, {}).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'SKU_CONFLICT', message: 'Failed to create item after 6 attempts due to SKU conflicts' });
    expect(attempts()).toBe(6);
  });

  it('answers 409 at once for a typed SKU that hits the unique index', async () => {
    const uniqueViolation = Object.assign(new Error('duplicate'), { cause: { code: '23505' } });
    const { db, attempts } = dbFailing('transaction', uniqueViolation);
    const service = createItemService({ db, storage: t.deps.storage, log: t.app.log, marketplaces: t.deps.services.marketplaces });
    const failure = await service.createDraftItem(user.id, { sku: 'RACE-1' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'SKU_CONFLICT', message: 'SKU already exists' });
    expect(attempts()).toBe(1);
  });
});
