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
 * The adaptive pull (decision 078), through the running job workers: an item live on eBay and Etsy sells on Etsy, which pushes
 * nothing; the schedule's fast pull (1 s here, 15 s in the app) finds the sale and ends the eBay listing long before
 * the normal 300 s pull would have.
 */
const setup = useFakeEbaySales('adaptive-ends');
let etsyFake: FakeEtsy;
let services: Services;

beforeAll(async () => {
  etsyFake = await startFakeEtsy({ callsPerSecond: 0 });
  const config = loadConfig({ ...fakeEtsyEnv(etsyFake), PUBLIC_URL: 'http://localhost:3000', DATA_DIR: setup.t.deps.config.dataDir });
  services = composeServices(
    { ...setup.t.deps, log: silentLog },
    { ebay: ebaySetupFrom(setup.t.deps.config), etsy: etsySetupFrom(config), salesPullIntervalMs: 300_000, fastSalesPullMs: 1_000 },
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

describe('the adaptive pull with the job workers running', () => {
  it(
    'a sale on Etsy ends the eBay listing within seconds',
    async () => {
      const db = setup.t.deps.database.db;
      const user = await setup.connectedSeller();
      const { itemId, ebaySku } = await setup.publishedItem(user);
      await connectEtsy(user.id);
      await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, itemId));
      await services.channels.etsy.marketplace.saveWhenMade(user.id, itemId, '1990s');
      await services.channels.etsy.marketplace.publish(user.id, itemId);
      await services.sales.pullSalesOf(user.id, 'etsy');
      await services.sales.pullSalesOf(user.id, 'ebay');
      await drain(setup.pool);
      const [item] = await db.select().from(items).where(eq(items.id, itemId));

      const pool = createWorkerPool({ db, registry: services.jobs, log: silentLog, concurrency: 1, pollMs: 100 });
      await pool.start();
      try {
        const soldAt = Date.now();
        etsyFake.seedReceipt({ sku: item!.sku, price: 30, shipping: 5 });
        await expect
          .poll(() => [...setup.fake.state.listings.values()].find((l) => l.sku === ebaySku)?.status, {
            timeout: paced(30_000),
            interval: 200,
          })
          .toBe('ENDED');
        expect(Date.now() - soldAt).toBeLessThan(30_000);
      } finally {
        await pool.stop();
      }
      expect(etsyFake.contractViolations).toEqual([]);
    },
    paced(120_000),
  );
});
