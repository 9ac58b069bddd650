import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import { composeServices, type Services } from '../compose';
import { loadConfig } from '../config';
import { items } from '../db/schema';
import { createWorkerPool } from '../jobs/worker-pool';
import { fakeEtsyEnv, etsyShopSetup } from '../test/fake-etsy-seller';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { drain, silentLog } from '../test/listings';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { etsySetupFrom } from '../channels/etsy/setup';

/**
 * The adaptive pull's measurement (decision 078; docs/benchmarks.md), run by hand: ADAPTIVE_PULL_LATENCY=1 npx vitest run
 * <this file>. 20 items live on eBay and Etsy sell on Etsy at random moments over a minute; with the app's own
 * intervals (15 s fast, 300 s normal) and the running workers, each sale's time to its eBay listing ended: median and
 * worst, beside the 300 s the normal pull alone leaves.
 */
const SALES = 20;
const setup = useFakeEbaySales('adaptive-latency');
let etsyFake: FakeEtsy;
let services: Services;

beforeAll(async () => {
  etsyFake = await startFakeEtsy({ callsPerSecond: 0 });
  const config = loadConfig({ ...fakeEtsyEnv(etsyFake), PUBLIC_URL: 'http://localhost:3000', DATA_DIR: setup.t.deps.config.dataDir });
  services = composeServices(
    { ...setup.t.deps, log: silentLog },
    { ebay: ebaySetupFrom(setup.t.deps.config), etsy: etsySetupFrom(config), salesPullIntervalMs: 300_000 },
  );
});
afterAll(async () => {
  await etsyFake?.close();
});

async function connectEtsy(userId: string) {
  const consent = new URL(await services.channels.etsy.account.startOAuth(userId));
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consent.searchParams.get(name) ?? '');
  const back = new URL(
    (await fetch(`${etsyFake.url}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location')!,
  );
  await services.channels.etsy.account.completeOAuth(userId, back.searchParams.get('code')!, back.searchParams.get('state')!);
  await services.channels.etsy.account.setUpShop(userId, etsyShopSetup);
}

describe.skipIf(!process.env.ADAPTIVE_PULL_LATENCY)('sale on Etsy to eBay listing ended, adaptive pull', () => {
  it(
    `measures ${SALES} sales`,
    async () => {
      const db = setup.t.deps.database.db;
      const user = await setup.connectedSeller();
      await connectEtsy(user.id);
      const listed: { sku: string; ebaySku: string }[] = [];
      for (let i = 0; i < SALES; i++) {
        const { itemId, ebaySku } = await setup.publishedItem(user);
        await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, itemId));
        await services.channels.etsy.marketplace.saveWhenMade(user.id, itemId, '1990s');
        await services.channels.etsy.marketplace.publish(user.id, itemId);
        const [item] = await db.select().from(items).where(eq(items.id, itemId));
        listed.push({ sku: item!.sku, ebaySku });
      }
      await services.sales.pullSalesOf(user.id, 'etsy');
      await services.sales.pullSalesOf(user.id, 'ebay');
      await drain(setup.pool);

      const pool = createWorkerPool({ db, registry: services.jobs, log: silentLog, concurrency: 2 });
      await pool.start();
      const latencies: number[] = [];
      try {
        const start = Date.now();
        const offsets = listed.map(() => Math.random() * 60_000).sort((a, b) => a - b);
        const soldAt = new Map<string, number>();
        const pending = new Set(listed.map((l) => l.ebaySku));
        let next = 0;
        await expect
          .poll(
            () => {
              while (next < listed.length && Date.now() - start >= offsets[next]!) {
                etsyFake.seedReceipt({ sku: listed[next]!.sku, price: 30, shipping: 5 });
                soldAt.set(listed[next]!.ebaySku, Date.now());
                next += 1;
              }
              for (const listing of setup.fake.state.listings.values()) {
                if (pending.has(listing.sku) && soldAt.has(listing.sku) && listing.status === 'ENDED') {
                  latencies.push(Date.now() - soldAt.get(listing.sku)!);
                  pending.delete(listing.sku);
                }
              }
              return pending.size;
            },
            { timeout: paced(180_000), interval: 100 },
          )
          .toBe(0);
      } finally {
        await pool.stop();
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const median = (sorted[9]! + sorted[10]!) / 2;
      console.log(
        `adaptive pull, ${SALES} sales on Etsy: eBay listing ended after median ${(median / 1000).toFixed(1)} s, worst ${(sorted.at(-1)! / 1000).toFixed(1)} s (normal pull alone: up to 300 s)`,
      );
      expect(sorted.at(-1)!).toBeLessThan(30_000);
    },
    paced(600_000),
  );
});
