import { paced } from '@shared/testing/pace';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsPaths } from '@shared/contracts/channels';
import { ebayImportPaths, type EbayImport } from '@shared/contracts/ebay-import';
import type { Item, ListItemsResponse } from '@shared/contracts/items';
import { answerFakeConsent } from '../../../fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { seedLiveListings } from '../../../fakes/ebay/fake-ebay-import';
import { fakeEbayEnv } from './fake-ebay-seller';
import { buildServerBundle, startServerProcess, type ServerProcess } from './server-process';
import { signUpOn, waitUntil, type ServerSession } from './server-session';
import { createEmptyPostgresDatabase } from './test-database';

/**
 * The proof for the import: a server importing 30 live eBay listings (24 made through the Inventory API, 6 on
 * eBay's site and migrated) is killed with SIGKILL part-way, then started again on the same database and storage.
 * The import finishes on its own: 30 items, one per eBay SKU, each with all its photos and a live listing; a second
 * import adds none.
 */
const LISTINGS = { inventory: 24, siteMade: 6 };
const PHOTOS = 3;
const EBAY_LATENCY_MS = 120;
const SETTLE_MS = 90_000;
const adminUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
let fake: FakeEbay;
let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;
let seller: ServerSession;

beforeAll(async () => {
  [bundle, fake] = await Promise.all([buildServerBundle(), startFakeEbay({ callbackUrl: 'http://127.0.0.1/ebay-callback' })]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'rs-kill-import-'));
  postgres = adminUrl ? await createEmptyPostgresDatabase(adminUrl, 'rs_kill_import') : undefined;
  env = {
    DATA_DIR: dataDir,
    APP_SECRET: 'kill-during-import-test-secret-0123456789',
    WORKERS: '2',
    ...fakeEbayEnv(fake),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  server = await startServerProcess(bundle.main, env);
  seller = await signUpOn(server);
  const start = (await ok(seller.call(server, 'POST', channelsPaths.connect('ebay')))) as { url: string };
  const callback = await answerFakeConsent(start.url);
  await ok(seller.call(server, 'POST', channelsPaths.connection('ebay'), { code: callback.get('code'), state: callback.get('state') }));
}, paced(180_000));

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await postgres?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  bundle?.remove();
});

async function ok(response: Promise<Response>, status = 200): Promise<unknown> {
  const answer = await response;
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${answer.url}: ${answer.status} ${text}\n${server.output()}`);
  return text ? JSON.parse(text) : undefined;
}

const readImport = async (id: string) => ((await ok(seller.call(server, 'GET', ebayImportPaths.one(id)))) as { import: EbayImport }).import;

describe('SIGKILL during an import from eBay', () => {
  it('loses nothing and doubles nothing: every live listing becomes one item with its photos', { timeout: paced(240_000) }, async () => {
    const seeded = seedLiveListings(fake.state, fake.url, { ...LISTINGS, photos: PHOTOS });
    fake.setLatency(EBAY_LATENCY_MS);
    const started = (await ok(
      seller.call(server, 'POST', ebayImportPaths.imports, { listingIds: seeded.siteListingIds.join(' ') }),
      202,
    )) as {
      import: EbayImport;
    };
    const id = started.import.id;
    const atKill = await waitUntil(
      () => readImport(id),
      (run) => run.done >= 5,
      SETTLE_MS,
      'part of the import done',
    );
    await server.kill();
    fake.setLatency(0);
    server = await startServerProcess(bundle.main, env);

    const total = LISTINGS.inventory + LISTINGS.siteMade;
    const finished = await waitUntil(
      () => readImport(id),
      (run) => run.status !== 'running',
      SETTLE_MS,
      'the import finished after the restart',
    );
    expect(finished).toMatchObject({ status: 'done', total, done: total, imported: total, refusals: [], error: null });
    const list = (await ok(seller.call(server, 'GET', '/api/items?limit=100'))) as ListItemsResponse;
    expect(list.items).toHaveLength(total);
    expect(new Set(list.items.map((item) => item.sku)).size).toBe(total);
    const full = await Promise.all(list.items.map(async (item) => (await ok(seller.call(server, 'GET', `/api/items/${item.id}`))) as Item));
    for (const item of full) {
      expect(item.images, item.sku).toHaveLength(PHOTOS);
      expect(ebayPublishStateOf(item), item.sku).toMatchObject({ status: 'published' });
    }
    console.log(
      `kill -9 during an import of ${total} listings: ${atKill.done} handled at the kill; after the restart ${finished.imported} items, none twice`,
    );

    const again = (await ok(seller.call(server, 'POST', ebayImportPaths.imports, {}), 202)) as { import: EbayImport };
    const second = await waitUntil(
      () => readImport(again.import.id),
      (run) => run.status !== 'running',
      SETTLE_MS,
      'the second import finished',
    );
    expect(second).toMatchObject({ status: 'done', total, imported: 0 });
    expect(((await ok(seller.call(server, 'GET', '/api/items?limit=100'))) as ListItemsResponse).items).toHaveLength(total);
    expect(fake.contractViolations).toEqual([]);
  });
});
