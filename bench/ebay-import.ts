/**
 * Import from eBay: a seller with 300 live listings of 5 photos (250 made through the Inventory API, 50 on eBay's site
 * and migrated) imports them through the real service, job queue, worker, eBay client and photo ingest, against the
 * fake eBay answering every API call after 200 ms and allowing 20 calls a second (429 with Retry-After beyond); its
 * picture host serves the photos at once. All 300 must become items, none twice. The ideal is what the fake's limit
 * and our own photo ingest allow together: the API calls the import needs at 20 a second (migrations five a call,
 * inventory pages of 200, one offer read per SKU), or, if longer, the ingest of the 1,500 photos alone (measured in the
 * same run, as many at once as the import takes them); target at most 1.5x that.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { startFakeEbay } from '../fakes/ebay/ebay-server';
import { seedLiveListings } from '../fakes/ebay/fake-ebay-import';
import { loadConfig } from '../src/server/config';
import { closeDeps, composeDeps } from '../src/server/compose';
import { items, user } from '../src/server/db/schema';
import { createWorkerPool } from '../src/server/jobs/worker-pool';
import { must } from '@shared/must';
import { fakeEbayEnv } from '../src/server/test/fake-ebay-seller';

const INVENTORY = Number(process.env.BENCH_IMPORT_INVENTORY ?? 250);
const SITE_MADE = Number(process.env.BENCH_IMPORT_SITE_MADE ?? 50);
const LISTINGS = INVENTORY + SITE_MADE;
const PHOTOS = 5;
const LATENCY_MS = Number(process.env.BENCH_EBAY_LATENCY_MS ?? 200);
const CALLS_PER_SECOND = Number(process.env.BENCH_EBAY_CALLS_PER_SECOND ?? 20);
const TARGET_RATIO = 1.5;
/** As listing-import.ts takes them: listings at once, each with all its photos. */
const LISTINGS_AT_ONCE = 4;

const fake = await startFakeEbay({ latencyMs: 0, callbackUrl: 'http://localhost:3000/ebay-callback' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-import-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WORKERS: '0',
  ...fakeEbayEnv(fake),
  EBAY_CALLS_PER_SECOND: String(CALLS_PER_SECOND * 0.95),
});
const deps = await composeDeps(config);
const db = deps.database.db;
const { jobs, uploads } = deps.services;
const { account: ebay, import: ebayImport } = deps.services.channels.ebay;

// ---- a connected seller and their live listings (not timed) ----
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: 'bench', email: `bench-${userId}@example.com` });
const callback = await answerFakeConsent(await ebay.startOAuth(userId));
await ebay.exchangeCode(
  userId,
  must(callback.get('code') ?? undefined, 'consent code'),
  must(callback.get('state') ?? undefined, 'consent state'),
);
const seeded = seedLiveListings(fake.state, fake.url, { inventory: INVENTORY, siteMade: SITE_MADE, photos: PHOTOS });

// ---- baseline: the same photos through the photo ingest alone, as many at once as the import takes them ----
const pictures = await Promise.all(
  Array.from({ length: PHOTOS }, async (_, i) => Buffer.from(await (await fetch(`${fake.url}/images/bench/${i}.jpg`)).arrayBuffer())),
);
const ingestStarted = performance.now();
let nextListing = 0;
await Promise.all(
  Array.from({ length: LISTINGS_AT_ONCE }, async () => {
    while (nextListing++ < LISTINGS) {
      const photos = uploads.collect(userId, randomUUID());
      for (const [i, picture] of pictures.entries()) await photos.add(`${i}.jpg`, picture, false);
      await photos.settle();
      await photos.removeStored('bench baseline');
    }
  }),
);
const ingestSeconds = (performance.now() - ingestStarted) / 1000;

// ---- run: start the import, one worker until it is done ----
fake.state.callsPerSecond = CALLS_PER_SECOND;
fake.setLatency(LATENCY_MS);
const callsBefore = fake.state.calls.length;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const started = performance.now();
const run = await ebayImport.start(userId, seeded.siteListingIds.join('\n'));
const workers = createWorkerPool({ db, registry: jobs, log, concurrency: 1, pollMs: 50 });
await workers.start();
let state = await ebayImport.get(userId, run.id);
const deadline = Date.now() + 900_000;
while (state.status === 'running' && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 100));
  state = await ebayImport.get(userId, run.id);
}
const seconds = (performance.now() - started) / 1000;
await workers.stop(2000);

const calls = fake.state.calls.slice(callsBefore);
const apiCalls = calls.filter((c) => !c.path.startsWith('/images/') && c.operationId !== 'token');
const limited = apiCalls.filter((c) => c.status === 429).length;
const needed = Math.ceil(SITE_MADE / 5) + Math.ceil(LISTINGS / 200) + LISTINGS;
const callsIdeal = needed / CALLS_PER_SECOND;
const ideal = Math.max(callsIdeal, ingestSeconds);
const [row] = await db
  .select({ count: sql<number>`count(*)::int`, skus: sql<number>`count(distinct ${items.sku})::int` })
  .from(items)
  .where(eq(items.userId, userId));
const made = Number(row?.count ?? 0);
const duplicated = made - Number(row?.skus ?? 0);
const oneByOne = (needed * LATENCY_MS) / 1000 + ingestSeconds * LISTINGS_AT_ONCE;
const ratio = seconds / ideal;
console.log(
  `eBay import: ${LISTINGS} live listings x ${PHOTOS} photos (${SITE_MADE} migrated), fake eBay ${LATENCY_MS} ms a call, ${CALLS_PER_SECOND} calls/s (429 beyond)`,
);
console.log(
  `  ${state.status}: ${state.imported} of ${state.total} imported, ${made} items, duplicated ${duplicated}, ${state.refusals.length} refused`,
);
console.log(`  ${apiCalls.length} API calls (${needed} needed), ${limited} answered 429`);
console.log(
  `  ideal ${ideal.toFixed(1)} s = max(calls at the limit ${callsIdeal.toFixed(1)} s, photo ingest alone ${ingestSeconds.toFixed(1)} s)`,
);
console.log(`  time ${seconds.toFixed(1)} s vs ideal ${ideal.toFixed(1)} s = ${ratio.toFixed(3)}x (target <= ${TARGET_RATIO}x)`);
console.log(`  one by one (each call after the last, one photo at a time): ~${oneByOne.toFixed(0)} s`);

await closeDeps(deps);
await fake.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = state.status === 'done' && state.imported === LISTINGS && made === LISTINGS && duplicated === 0 && ratio <= TARGET_RATIO;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
