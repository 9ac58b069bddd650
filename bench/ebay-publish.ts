/**
 * Bulk publish to eBay: 100 ready items of 5 photos through the real route, job queue, workers, eBay client and
 * publisher against the fake eBay answering every call after 200 ms and allowing 20 calls a second (429 with
 * Retry-After beyond). All must publish, none fail, one offer and one listing per SKU, in at most 1.2x the ideal
 * the fake's limit allows (every call the publish needs, at 20 a second). Printed beside it: publishing one by one
 * (each call waiting for the one before it).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { startFakeEbay } from '../fakes/ebay/ebay-server';
import { loadConfig } from '../src/server/config';
import { closeDeps, composeDeps } from '../src/server/compose';
import { channelListings, itemImages, items, user } from '../src/server/db/schema';
import { createWorkerPool } from '../src/server/jobs/worker-pool';
import { must } from '@shared/must';
import { fakeEbayEnv } from '../src/server/test/fake-ebay-seller';

const ITEMS = Number(process.env.BENCH_EBAY_ITEMS ?? 100);
const PHOTOS = 5;
const LATENCY_MS = Number(process.env.BENCH_EBAY_LATENCY_MS ?? 200);
const CALLS_PER_SECOND = Number(process.env.BENCH_EBAY_CALLS_PER_SECOND ?? 20);
const CONCURRENCY = Number(process.env.BENCH_EBAY_WORKERS ?? 8);
const TARGET_RATIO = 1.2;
/** Media uploads, the inventory item, the offer lookup, its creation and the publish. */
const CALLS_PER_ITEM = PHOTOS + 4;

const fake = await startFakeEbay({
  latencyMs: LATENCY_MS,
  callsPerSecond: CALLS_PER_SECOND,
  callbackUrl: 'http://localhost:3000/ebay-callback',
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-ebay-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WORKERS: '0',
  ...fakeEbayEnv(fake),
  // A 5% margin under the limit: calls leave on time but reach eBay with jitter, and a 429 stalls every call for 1 s.
  EBAY_CALLS_PER_SECOND: String(CALLS_PER_SECOND * 0.95),
});
const deps = await composeDeps(config);
const db = deps.database.db;
const { jobs } = deps.services;
const { account: ebay, publish } = deps.services.channels.ebay;

// ---- a connected seller with policies and a location (setup calls are not timed) ----
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: 'bench', email: `bench-${userId}@example.com` });
fake.state.callsPerSecond = undefined;
fake.setLatency(0);
const callback = await answerFakeConsent(await ebay.startOAuth(userId));
await ebay.exchangeCode(
  userId,
  must(callback.get('code') ?? undefined, 'consent code'),
  must(callback.get('state') ?? undefined, 'consent state'),
);
await ebay.createPolicies(userId, {
  handlingTimeDays: 1,
  shippingServiceCode: 'USPSGroundAdvantage',
  shippingCost: '5.99',
  freeShipping: false,
  returnPeriodDays: 30,
});
await ebay.setDefaultLocation(userId, { name: 'Home', postalCode: '95125', country: 'US' });

// ---- ITEMS listed items of PHOTOS photos each ----
const photo = await sharp({
  create: { width: 1600, height: 1200, channels: 3, background: '#1e3a8a', noise: { type: 'gaussian', mean: 90, sigma: 20 } },
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
      sku: `BENCH-${String(i).padStart(3, '0')}`,
      uploadSessionId: sessionId,
      batchId: sessionId,
      batchNumber: i,
      photoCount: PHOTOS,
      aiTitle: `Levi's 501 Men's Jeans 32x30 Blue ${i}`,
      aiDescription: 'Classic straight-leg jeans in a mid-blue wash, lightly worn with no flaws.',
      aiSuggestedPriceMinor: 2499,
      aiGenerationStatus: 'completed',
      listingReady: true,
      extractedBrand: "Levi's",
      extractedDepartment: 'Men',
      extractedSize: '32',
      extractedSizeType: 'Regular',
      extractedColor: 'Blue',
    })
    .returning({ id: items.id });
  const row = must(inserted, 'an insert returns its row');
  await db
    .insert(channelListings)
    .values({ userId, itemId: row.id, channel: 'ebay', status: 'draft', data: { categoryId: '11483', conditionGrade: 'good' } });
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

// ---- run: the bulk request, then the workers until every item settled ----
fake.state.callsPerSecond = CALLS_PER_SECOND;
fake.setLatency(LATENCY_MS);
const callsBefore = fake.state.calls.length;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const started = performance.now();
const answer = await publish.requestBulkPublish(userId, itemIds);
const workers = createWorkerPool({ db, registry: jobs, log, concurrency: CONCURRENCY, pollMs: 50 });
await workers.start();
const counts = async () => {
  const [row] = await db
    .select({
      published: sql<number>`count(*) filter (where ${channelListings.status} = 'live')::int`,
      failed: sql<number>`count(*) filter (where ${channelListings.status} = 'failed')::int`,
    })
    .from(channelListings)
    .where(eq(channelListings.userId, userId));
  const { published, failed } = must(row, 'an aggregate query returns one row');
  return { published: Number(published), failed: Number(failed) };
};
let done = await counts();
const deadline = Date.now() + 600_000;
while (done.published + done.failed < ITEMS && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 100));
  done = await counts();
}
const seconds = (performance.now() - started) / 1000;
await workers.stop(2000);

const calls = fake.state.calls.slice(callsBefore);
const limited = calls.filter((c) => c.status === 429).length;
const needed = ITEMS * CALLS_PER_ITEM;
const ideal = needed / CALLS_PER_SECOND;
const oneByOne = (needed * LATENCY_MS) / 1000;
const offers = [...fake.state.offers.values()];
const listings = [...fake.state.listings.values()];
const duplicated = offers.length - new Set(offers.map((o) => o.sku)).size + (listings.length - new Set(listings.map((l) => l.sku)).size);
const ratio = seconds / ideal;
console.log(
  `eBay bulk publish: ${ITEMS} items x ${PHOTOS} photos, fake eBay ${LATENCY_MS} ms a call, ${CALLS_PER_SECOND} calls/s (429 beyond), ${CONCURRENCY} workers`,
);
console.log(`  queued ${answer.queued.length}; published ${done.published}, failed ${done.failed}, duplicated ${duplicated}`);
console.log(`  ${calls.length} calls (${needed} needed), ${limited} answered 429`);
console.log(`  time ${seconds.toFixed(1)} s vs ideal ${ideal.toFixed(1)} s = ${ratio.toFixed(3)}x (target <= ${TARGET_RATIO}x)`);
console.log(`  one by one (each call after the last): ${oneByOne.toFixed(0)} s = ${(oneByOne / seconds).toFixed(1)}x slower than measured`);

await closeDeps(deps);
await fake.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = done.published === ITEMS && done.failed === 0 && duplicated === 0 && ratio <= TARGET_RATIO;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
