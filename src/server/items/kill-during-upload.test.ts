import { paced } from '@shared/testing/pace';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../adapters/storage/file-url-signer';
import { createLocalStorage } from '../adapters/storage/local-storage';
import type { Storage } from '../adapters/storage/storage';
import { openDatabase, type Database } from '../db/client';
import { itemImages, items } from '../db/schema';
import { makeJpeg } from '../test/images';
import { buildServerBundle, startServerProcess, type ServerProcess } from '../test/server-process';
import { tempDirs } from '../test/temp-dirs';
import { createEmptyPostgresDatabase } from '../test/test-database';
import { photoForm, type UploadFile } from '../test/uploads';
import { createLeftoverSweep } from './leftover-sweep';
import { referencedStorageKeys } from './leftover-repo';

/**
 * A server killed with SIGKILL in the middle of product uploads (a 20-photo one among them) loses
 * nothing it acknowledged and leaves no item without its photos (a product's item and photos commit together); the
 * files it stored before the kill, which no row points at, are all swept once they are an hour old.
 */
const TRIALS = Number(process.env.KILL_TRIALS ?? 5);
const APP_SECRET = 'kill-during-upload-test-secret-0123456789';
const CHUNK_BYTES = 32 * 1024;
const CHUNK_EVERY_MS = 15;
const adminUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const makeDir = tempDirs('rs-kill-');
let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
beforeAll(async () => {
  bundle = await buildServerBundle();
});
afterAll(() => bundle?.remove());

interface Acknowledged {
  itemId: string;
  photos: number;
}

async function api(server: ServerProcess, method: string, url: string, cookie: string, body?: unknown) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: { origin: server.url, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function signUp(server: ServerProcess): Promise<string> {
  const email = `killed-${Date.now()}@example.com`;
  const password = 'correct-horse';
  const up = await api(server, 'POST', '/api/auth/sign-up/email', '', { email, password, name: 'killed' });
  expect(up.status).toBe(200);
  const signIn = await api(server, 'POST', '/api/auth/sign-in/email', '', { email, password });
  expect(signIn.status).toBe(200);
  const session = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('resale.session_token='));
  return session!.split(';')[0]!;
}

/**
 * POSTs a product (its item and photos in one request, POST /api/items/upload) as a browser would, but slowly (32 KB
 * every 15 ms), so a kill lands mid-body; answers the status and the created item's id.
 */
async function slowUpload(
  server: ServerProcess,
  cookie: string,
  files: UploadFile[],
  onSent?: () => void,
): Promise<{ status: number | 'cut'; itemId?: string }> {
  const form = new Request('http://localhost/', { method: 'POST', body: photoForm(files) });
  const body = Buffer.from(await form.arrayBuffer());
  return new Promise((resolve) => {
    const request = httpRequest(`${server.url}/api/items/upload?uploadKey=${randomUUID()}`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': form.headers.get('content-type')!, 'content-length': body.length },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode!;
        const itemId = status < 300 ? (JSON.parse(Buffer.concat(chunks).toString()) as { item: { id: string } }).item.id : undefined;
        resolve({ status, itemId });
      });
      // a kill cuts the answer off: 'error' or only 'close', depending on when it lands
      response.on('error', () => resolve({ status: 'cut' }));
      response.on('close', () => resolve({ status: 'cut' }));
    });
    request.on('error', () => resolve({ status: 'cut' }));
    request.on('close', () => resolve({ status: 'cut' }));
    let offset = 0;
    const next = () => {
      if (request.destroyed) return;
      if (offset >= body.length) {
        onSent?.();
        return void request.end();
      }
      request.write(body.subarray(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
      setTimeout(next, CHUNK_EVERY_MS);
    };
    next();
  });
}

/** Seconds between marks, for a trial's line in the output (so a slow run shows where its time went). */
function phaseClock() {
  let last = Date.now();
  const parts: string[] = [];
  return {
    mark(name: string) {
      const now = Date.now();
      parts.push(`${name} ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    },
    summary: () => parts.join(', '),
  };
}

/** Items without a photo and stored files no photo row points at. */
async function leftovers(database: Database, storage: Storage): Promise<{ emptyDrafts: number; orphanedFiles: number }> {
  const [empty] = await database.db
    .select({ n: count() })
    .from(items)
    .where(sql`not exists (select 1 from ${itemImages} where ${itemImages.itemId} = ${items.id})`);
  let orphanedFiles = 0;
  for await (const page of storage.list()) {
    const keys = page.map((file) => file.key);
    const referenced = await referencedStorageKeys(database.db, keys);
    orphanedFiles += keys.filter((key) => !referenced.has(key)).length;
  }
  return { emptyDrafts: empty!.n, orphanedFiles };
}

describe('SIGKILL during product uploads', () => {
  it(
    `leaves every acknowledged upload whole and nothing after the sweep, over ${TRIALS} trials`,
    // a trial takes 10-20 s alone and up to a minute or more on a busy 2-core CI machine; each prints its phases
    { timeout: paced(60_000 + TRIALS * 120_000) },
    async () => {
      const photos = await Promise.all([0, 1, 2].map(() => makeJpeg(1600, 1200)));
      // the 20-photo product in smaller photos, so that some trials' kills land after its answer
      const smallPhotos = await Promise.all([0, 1, 2].map(() => makeJpeg(800, 600)));
      const totals = { acknowledged: 0, cut: 0, emptyDrafts: 0, orphanedFiles: 0, filesBefore: 0, twentyAcknowledged: 0 };
      for (let trial = 0; trial < TRIALS; trial++) {
        const dataDir = makeDir();
        const phases = phaseClock();
        const postgres = adminUrl ? await createEmptyPostgresDatabase(adminUrl, 'rs_kill') : undefined;
        const env = { DATA_DIR: dataDir, APP_SECRET, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
        try {
          const first = await startServerProcess(bundle.main, env);
          const cookie = await signUp(first);
          phases.mark('start');
          let twentySent = () => {};
          const twentyBodySent = new Promise<void>((resolve) => (twentySent = resolve));
          // four products at once: 1, 3 and 5 photos (about 0.4 to 2 MB each) and 20 photos (about 1.5 MB)
          const uploads = [1, 3, 5, 20].map(async (count) => {
            const pool = count === 20 ? smallPhotos : photos;
            const files = Array.from({ length: count }, (_, i) => ({ name: `p${i}.jpg`, bytes: pool[i % pool.length]! }));
            return { photos: count, ...(await slowUpload(first, cookie, files, count === 20 ? twentySent : undefined)) };
          });
          // odd trials kill within 0.3 to 3.3 s, even ones within 1.5 s of the 20-photo body's end (while the
          // server stores its photos, or just after its answer)
          await (trial % 2 === 1
            ? Promise.resolve()
            : Promise.race([twentyBodySent, new Promise((resolve) => setTimeout(resolve, 30_000))]));
          await new Promise((resolve) => setTimeout(resolve, trial % 2 === 1 ? 300 + Math.random() * 3000 : Math.random() * 1500));
          await first.kill();
          phases.mark('upload and kill');
          const outcomes = await Promise.all(uploads);
          phases.mark('cut answers');
          const acknowledged: Acknowledged[] = outcomes.flatMap((o) =>
            typeof o.status === 'number' && o.status < 300 && o.itemId ? [{ itemId: o.itemId, photos: o.photos }] : [],
          );
          totals.acknowledged += acknowledged.length;
          totals.twentyAcknowledged += acknowledged.filter((upload) => upload.photos === 20).length;
          totals.cut += outcomes.length - acknowledged.length;

          const second = await startServerProcess(bundle.main, env);
          try {
            for (const upload of acknowledged) {
              const response = await api(second, 'GET', `/api/items/${upload.itemId}`, cookie);
              expect(response.status).toBe(200);
              const item = (await response.json()) as { images: { url: string; thumbnailUrl: string }[] };
              expect(item.images).toHaveLength(upload.photos);
              for (const image of item.images) {
                for (const url of [image.url, image.thumbnailUrl]) {
                  const file = await fetch(`${second.url}${url}`);
                  expect(file.status).toBe(200);
                  expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
                }
              }
            }
            phases.mark('restart and read');
          } finally {
            await second.stop();
          }

          const database = await openDatabase(
            postgres ? { kind: 'postgres', url: postgres.url, max: 2 } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
          );
          try {
            const storage = createLocalStorage({ dir: path.join(dataDir, 'storage'), signer: createFileUrlSigner(APP_SECRET) });
            const before = await leftovers(database, storage);
            // a product's item and photos commit together: a killed upload leaves no item, even before the sweep
            expect(before.emptyDrafts).toBe(0);
            totals.emptyDrafts += before.emptyDrafts;
            totals.orphanedFiles += before.orphanedFiles;
            for await (const page of storage.list()) totals.filesBefore += page.length;
            await createLeftoverSweep({ db: database.db, storage, log: pino({ level: 'silent' }) }).sweep(Date.now() + 2 * 3600_000);
            expect(await leftovers(database, storage)).toEqual({ emptyDrafts: 0, orphanedFiles: 0 });
            // the sweep kept every acknowledged product (and any the kill cut off from its answer after the commit)
            const kept = (await database.db.select({ id: items.id }).from(items)).map((row) => row.id);
            expect(kept).toEqual(expect.arrayContaining(acknowledged.map((upload) => upload.itemId)));
            phases.mark('stop, open and sweep');
            console.log(`trial ${trial + 1}: ${phases.summary()}`);
          } finally {
            await database.close();
          }
        } finally {
          await postgres?.drop();
        }
      }
      console.log(
        `kill -9 during uploads, ${TRIALS} trials: ${totals.acknowledged} uploads acknowledged (all whole after restart; ` +
          `${totals.twentyAcknowledged} of them 20-photo ones), ${totals.cut} cut; ` +
          `before the sweep ${totals.emptyDrafts} empty drafts and ${totals.orphanedFiles} orphaned files (of ${totals.filesBefore}); after it 0 and 0`,
      );
    },
  );
});
