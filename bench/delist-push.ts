/**
 * Sale → delist push sent (decision 084): 20 items live on the fake eBay (answering every call after
 * 200 ms) and on Depop, sold on eBay one after another. Each sale arrives as eBay pushes it (the app's
 * ORDER_CONFIRMATION handling: the order fetched from eBay, recorded as the pull records it); the running workers (4,
 * as `npm start` runs them, 500 ms poll) then take the end-sold-elsewhere job and the delist-push job from the front
 * of the queue, and the Web Push goes, encrypted and VAPID-signed, to the fake push service, which checks and
 * decrypts it. Timed from the order's placement on eBay to the push's arrival; eBay's own delay in sending its
 * notification is not in it. Target: worst <= 5 s. Beside it, the oversell window today's 300 s pull alone leaves.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { startFakeEbay } from '../fakes/ebay/ebay-server';
import { startFakePushService } from '../fakes/push/push-service';
import { loadConfig } from '../src/server/config';
import { closeDeps, composeDeps } from '../src/server/compose';
import { channelListings, itemImages, items, user } from '../src/server/db/schema';
import { createWorkerPool } from '../src/server/jobs/worker-pool';
import { must } from '@shared/must';
import { fakeEbayEnv } from '../src/server/test/fake-ebay-seller';

const SALES = Number(process.env.BENCH_PUSH_SALES ?? 20);
const LATENCY_MS = Number(process.env.BENCH_EBAY_LATENCY_MS ?? 200);
const WORKERS = 4;
const TARGET_WORST_S = 5;
const OLD_PULL_S = 300;

const fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
const push = await startFakePushService();
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-push-'));
const deps = await composeDeps(
  loadConfig({ NODE_ENV: 'test', PUSH_TEST_LOOPBACK: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: '0', ...fakeEbayEnv(fake) }),
);
const db = deps.database.db;
const { jobs } = deps.services;
const { account: ebay, publish, notifications } = deps.services.channels.ebay;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

// ---- a connected seller, SALES items live on eBay and on Depop, one phone subscribed (not timed) ----
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: 'bench', email: `bench-${userId}@example.com` });
fake.setLatency(0);
const callback = await answerFakeConsent(await ebay.startOAuth(userId));
await ebay.exchangeCode(userId, must(callback.get('code') ?? undefined, 'code'), must(callback.get('state') ?? undefined, 'state'));
await ebay.createPolicies(userId, {
  handlingTimeDays: 1,
  shippingServiceCode: 'USPSGroundAdvantage',
  shippingCost: '5.99',
  freeShipping: false,
  returnPeriodDays: 30,
});
await ebay.setDefaultLocation(userId, { name: 'Home', postalCode: '95125', country: 'US' });
const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1e3a8a' } })
  .jpeg()
  .toBuffer();
const itemIds: string[] = [];
for (let i = 1; i <= SALES; i++) {
  const sessionId = randomUUID();
  const [inserted] = await db
    .insert(items)
    .values({
      userId,
      sku: `PUSH-${String(i).padStart(3, '0')}`,
      uploadSessionId: sessionId,
      batchId: sessionId,
      batchNumber: i,
      photoCount: 1,
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
  const itemId = must(inserted, 'an insert returns its row').id;
  await db
    .insert(channelListings)
    .values({ userId, itemId, channel: 'ebay', status: 'draft', data: { categoryId: '11483', conditionGrade: 'good' } });
  const key = `${userId}/${itemId}/0-0-bench.jpg`;
  await deps.storage.put(key, photo, 'image/jpeg');
  await db
    .insert(itemImages)
    .values({ itemId, userId, storagePath: key, thumbPath: key, width: 800, height: 600, bytes: photo.length, order: 0, isPrimary: true });
  await deps.services.assisted.listed(userId, itemId, 'depop', `https://www.depop.com/products/bench-push-${i}/`);
  itemIds.push(itemId);
}
await publish.requestBulkPublish(userId, itemIds);
const setupPool = createWorkerPool({ db, registry: jobs, log, concurrency: WORKERS, pollMs: 50 });
await setupPool.start();
const live = async () =>
  (
    await db
      .select({ id: channelListings.id })
      .from(channelListings)
      .where(and(eq(channelListings.userId, userId), eq(channelListings.channel, 'ebay'), eq(channelListings.status, 'live')))
  ).length;
const setupDeadline = Date.now() + 300_000;
while ((await live()) < SALES && Date.now() < setupDeadline) await new Promise((r) => setTimeout(r, 100));
await setupPool.stop(2000);
if ((await live()) < SALES) throw new Error(`only ${await live()} of ${SALES} items went live on the fake eBay`);
const phone = push.subscribe();
await deps.services.push.subscribe(userId, phone);

// ---- run: each sale placed on eBay, pushed to the app, and the workers as the server runs them ----
fake.setLatency(LATENCY_MS);
const workers = createWorkerPool({ db, registry: jobs, log, concurrency: WORKERS });
await workers.start();
const times: number[] = [];
const skus = [...fake.state.listings.values()].filter((l) => l.status === 'ACTIVE').map((l) => l.sku);
for (const [index, ebaySku] of skus.slice(0, SALES).entries()) {
  const soldAt = Date.now();
  const order = fake.state.sell(ebaySku);
  await notifications.confirmOrder({ orderId: order.orderId, sellerId: order.sellerUserId });
  const delivered = await push.waitFor(phone.endpoint, index + 1, 60_000);
  times.push((must(delivered[index], 'the push of this sale').receivedAt - soldAt) / 1000);
}
await workers.stop(2000);

const titles = push.delivered.map((d) => (JSON.parse(d.text) as { title: string }).title);
const right = titles.filter((title) => title === 'Sold on eBay: delist on Depop').length;
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
const worst = sorted.at(-1)!;
console.log(
  `Sale -> delist push sent: ${SALES} sales on the fake eBay (${LATENCY_MS} ms a call), ${WORKERS} workers, the fake push service`,
);
console.log(
  `  pushes ${push.delivered.length} (${SALES} expected), titled "Sold on eBay: delist on Depop": ${right}; refused ${push.refused.length}`,
);
console.log(
  `  median ${median.toFixed(2)} s, worst ${worst.toFixed(2)} s (best ${sorted[0]!.toFixed(2)} s; target worst <= ${TARGET_WORST_S} s)`,
);
console.log(
  `  today's ${OLD_PULL_S} s pull alone: a sale waits up to ${OLD_PULL_S} s (${(OLD_PULL_S / 2).toFixed(0)} s on average) before anything is told`,
);

await closeDeps(deps);
await fake.close();
await push.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = push.delivered.length === SALES && right === SALES && push.refused.length === 0 && worst <= TARGET_WORST_S;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
