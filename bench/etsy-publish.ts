/**
 * Listing 100 items on Etsy: ready items of 3 photos through Etsy's Marketplace (requestPublish), the job
 * queue, workers, the paced Etsy client and the idempotent publish, against the fake Etsy answering every request
 * after 100 ms and allowing 10 requests a second (Etsy's default rate; 429 with Retry-After beyond). All must go
 * live, none fail, one listing per SKU, in at most 1.2x the ideal: the requests the publish needs ÷ the allowed rate.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { startFakeEtsy } from '../fakes/etsy/etsy-server';
import { loadConfig } from '../src/server/config';
import { closeDeps, composeDeps } from '../src/server/compose';
import { channelListings, itemImages, items, user } from '../src/server/db/schema';
import { createWorkerPool } from '../src/server/jobs/worker-pool';
import { must } from '@shared/must';
import { fakeEtsyEnv } from '../src/server/test/fake-etsy-seller';

const ITEMS = Number(process.env.BENCH_ETSY_ITEMS ?? 100);
const PHOTOS = 3;
const LATENCY_MS = Number(process.env.BENCH_ETSY_LATENCY_MS ?? 100);
const CALLS_PER_SECOND = Number(process.env.BENCH_ETSY_CALLS_PER_SECOND ?? 10);
const CONCURRENCY = Number(process.env.BENCH_ETSY_WORKERS ?? 8);
const TARGET_RATIO = 1.2;
/** The draft, its inventory (SKU, price), the images Etsy has, each photo's upload and the activation. */
const CALLS_PER_ITEM = PHOTOS + 4;

const fake = await startFakeEtsy({ callsPerSecond: 0 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-etsy-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WORKERS: '0',
  PUBLIC_URL: 'http://localhost:3000',
  ...fakeEtsyEnv(fake),
  // A 10% margin under the limit: requests leave on time but reach Etsy with jitter, and each 429 holds every
  // request for its whole Retry-After (a second).
  ETSY_CALLS_PER_SECOND: String(CALLS_PER_SECOND * 0.9),
});
const deps = await composeDeps(config);
const db = deps.database.db;
const { jobs } = deps.services;
const { account: etsy, marketplace: etsyMarketplace } = deps.services.channels.etsy;

// ---- a connected seller with the shop set up (not timed) ----
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: 'bench', email: `bench-${userId}@example.com` });
const consent = new URL(await etsy.startOAuth(userId));
const form = new URLSearchParams({ decision: 'allow' });
for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consent.searchParams.get(name) ?? '');
const back = new URL(
  must(
    (await fetch(`${fake.url}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location') ?? undefined,
    'consent redirect',
  ),
);
await etsy.completeOAuth(
  userId,
  must(back.searchParams.get('code') ?? undefined, 'code'),
  must(back.searchParams.get('state') ?? undefined, 'state'),
);
await etsy.setUpShop(userId, {
  shipping: {
    originPostalCode: '95125',
    originCountry: 'US',
    price: { amountMinor: 500, currency: 'USD' },
    processingDaysMin: 1,
    processingDaysMax: 3,
  },
  returns: { acceptsReturns: true, days: 30 },
});

// ---- ITEMS ready items of PHOTOS photos each, answered "1990s" for Etsy ----
const photo = await sharp({
  create: { width: 1600, height: 1200, channels: 3, background: '#a34a1f', noise: { type: 'gaussian', mean: 90, sigma: 20 } },
})
  .jpeg({ quality: 85 })
  .toBuffer();
const itemIds: string[] = [];
for (let i = 1; i <= ITEMS; i++) {
  const sessionId = randomUUID();
  const [inserted] = await db
    .insert(items)
    .values({
      userId,
      sku: `ETSY-${String(i).padStart(3, '0')}`,
      uploadSessionId: sessionId,
      batchId: sessionId,
      batchNumber: i,
      photoCount: PHOTOS,
      category: 'Mens Jeans',
      aiTitle: `Vintage Levi's 501 Jeans 32x30 ${i}`,
      aiDescription: 'Straight-leg jeans in a faded mid-blue wash from the 1990s, lightly worn with no flaws.',
      aiTags: ['levis', 'vintage denim', '90s jeans'],
      aiSuggestedPriceMinor: 3999,
      aiGenerationStatus: 'completed',
      listingReady: true,
    })
    .returning({ id: items.id });
  const row = must(inserted, 'an insert returns its row');
  await db.insert(channelListings).values({ userId, itemId: row.id, channel: 'etsy', status: 'draft', data: { whenMade: '1990s' } });
  for (let p = 0; p < PHOTOS; p++) {
    const key = `${userId}/${row.id}/${p}-0-bench.jpg`;
    await deps.storage.put(key, photo, 'image/jpeg');
    await db.insert(itemImages).values({
      itemId: row.id,
      userId,
      storagePath: key,
      thumbPath: key,
      width: 1600,
      height: 1200,
      bytes: photo.length,
      order: p,
      isPrimary: p === 0,
    });
  }
  itemIds.push(row.id);
}

// ---- run: requestPublish, then the workers until every item settled ----
fake.configure({ callsPerSecond: CALLS_PER_SECOND, latencyMs: LATENCY_MS });
const callsOf = () => Object.values(fake.calls).reduce((sum, n) => sum + n, 0);
const callsBefore = callsOf();
const limitedBefore = fake.rateLimited;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const started = performance.now();
const answer = await etsyMarketplace.requestPublish(userId, itemIds);
const workers = createWorkerPool({ db, registry: jobs, log, concurrency: CONCURRENCY, pollMs: 50 });
await workers.start();
const counts = async () => {
  const [row] = await db
    .select({
      live: sql<number>`count(*) filter (where ${channelListings.status} = 'live')::int`,
      failed: sql<number>`count(*) filter (where ${channelListings.status} = 'failed')::int`,
    })
    .from(channelListings)
    .where(eq(channelListings.userId, userId));
  const { live, failed } = must(row, 'an aggregate query returns one row');
  return { live: Number(live), failed: Number(failed) };
};
let done = await counts();
const deadline = Date.now() + 900_000;
while (done.live + done.failed < ITEMS && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 100));
  done = await counts();
}
const seconds = (performance.now() - started) / 1000;
await workers.stop(2000);

const calls = callsOf() - callsBefore;
const limited = fake.rateLimited - limitedBefore;
const needed = ITEMS * CALLS_PER_ITEM;
const ideal = needed / CALLS_PER_SECOND;
const listings = fake.snapshot().listings;
const duplicated = listings.length - new Set(listings.map((l) => l.sku)).size;
const ratio = seconds / ideal;
console.log(
  `Etsy publish: ${ITEMS} items x ${PHOTOS} photos, fake Etsy ${LATENCY_MS} ms a request, ${CALLS_PER_SECOND} requests/s (429 beyond), ${CONCURRENCY} workers`,
);
console.log(
  `  queued ${answer.queued.length}, refused ${answer.refused.length}; live ${done.live}, failed ${done.failed}, duplicated ${duplicated}`,
);
console.log(`  ${calls} requests (${needed} needed), ${limited} answered 429, contract violations ${fake.contractViolations.length}`);
console.log(
  `  time ${seconds.toFixed(1)} s vs ideal ${ideal.toFixed(1)} s (requests ÷ allowed rate) = ${ratio.toFixed(3)}x (target <= ${TARGET_RATIO}x)`,
);

await closeDeps(deps);
await fake.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = done.live === ITEMS && done.failed === 0 && duplicated === 0 && fake.contractViolations.length === 0 && ratio <= TARGET_RATIO;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
