import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import type { ItemProfitResponse, ProfitResponse } from '@shared/contracts/profit';
import { profitCsvSaleColumns } from '@shared/contracts/profit';
import type { SellingPlanResponse } from '@shared/contracts/selling-plan';
import { money } from '@shared/domain/money';
import { enqueue } from '../jobs/queue';
import { connectionSubject } from '../jobs/job-subject';
import { items } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { makeJpeg } from '../test/images';
import { drain, silentLog } from '../test/listings';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from '../test/fake-etsy-seller';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

/**
 * Decision 127: one profit for the plan and the sale. A drop to $28.00 on Etsy planned with
 * its profit, approved, bought at that price on the fake Etsy: before Etsy's fees are read the sold item's profit is
 * the plan's to the cent (the same published fees and usual shipping, both named estimates); after the next pull,
 * Etsy's own fees from its payment account replace the estimate, which stays beside them, and the profit view's month
 * and the CSV say the same number. All through the routes, the jobs and the real Etsy client.
 */
let fake: FakeEtsy;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
  t = await createTestApp(fakeEtsyEnv(fake));
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const usd = (amountMinor: number) => money(amountMinor, 'USD');
const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const db = () => t.deps.database.db;

/** A seller with an Etsy shop, a usual shipping cost of $5.00 and one item (cost $15.00) live there at $35.00. */
async function sellerWithItemOnEtsy() {
  const user = await t.makeUser();
  expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
  await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
  const settings = { currency: 'USD', shippingCost: usd(500), minimumMargin: { kind: 'amount', amount: usd(0) } };
  expect((await api(user, 'PUT', '/api/profit-floor/settings', settings)).statusCode).toBe(200);
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await db()
    .update(items)
    .set({
      aiTitle: "Vintage Levi's 501 Jeans 32x30",
      aiDescription: 'Straight-leg jeans in a faded medium wash, made in the USA in the 1990s.',
      aiTags: ['levis', 'vintage denim'],
      aiSuggestedPriceMinor: 3500,
      costMinor: 1500,
      category: 'Mens Jeans',
    })
    .where(eq(items.id, item.id));
  await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' });
  expect((await api(user, 'POST', '/api/etsy/publish', { itemIds: [item.id] })).statusCode).toBe(200);
  await drain(pool);
  return { user, item };
}

const itemProfit = async (user: TestUser, itemId: string) =>
  (await api(user, 'GET', `/api/items/${itemId}/profit`)).json() as ItemProfitResponse;

describe('one profit', () => {
  it('the plan’s profit at $28.00 is the sold item’s, estimates named; Etsy’s fees arrive within one pull', async () => {
    const { user, item } = await sellerWithItemOnEtsy();
    const rule = { scope: 'all', enabled: true, dropSteps: [{ afterDays: 0, basisPoints: 2000 }], relistAfterDays: null, automatic: false };
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule] })).statusCode).toBe(200);
    const [drop] = ((await api(user, 'GET', '/api/selling-plan')).json() as SellingPlanResponse).actions;
    expect(drop).toMatchObject({ kind: 'drop', channel: 'etsy', price: usd(2800) });
    const planProfit = drop!.profit!.amountMinor;
    expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop!.id] })).statusCode).toBe(200);
    await drain(pool);

    // A buyer pays the $28.00 the plan set (no shipping charged, as the plan counts it); the sales pull records it.
    fake.seedReceipt({ sku: item.sku, price: 28 });
    await t.deps.services.sales.pullSalesOf(user.id, 'etsy');
    const before = (await itemProfit(user, item.id)).sales[0]!;
    // The plan's fees: what the plan's profit left after the price, the cost and the usual shipping.
    const planFees = 2800 - 1500 - 500 - planProfit;
    expect(before).toMatchObject({
      fees: null,
      feesEstimate: usd(planFees),
      feesEstimateBasis: 'published',
      feesEstimated: true,
      shippingCost: null,
      shippingCostEstimate: usd(500),
      shippingCostEstimated: true,
      profit: usd(planProfit),
      profitEstimated: true,
    });

    // The next pull (the pull-sales job: sales, then fees) reads Etsy's fees from its payment account.
    await enqueue(db(), 'pull-sales', { userId: user.id, subject: connectionSubject('etsy') });
    await drain(pool);
    // The fake Etsy's charges: the transaction fee, 6.5% of $28.00 (1.82), and the processing fee, 3% + 0.25 (1.09).
    const etsyFees = 182 + 109;
    const after = (await itemProfit(user, item.id)).sales[0]!;
    expect(after).toMatchObject({
      fees: usd(etsyFees),
      feesEstimate: usd(planFees),
      feesEstimated: false,
      shippingCostEstimate: usd(500),
      shippingCostEstimated: true,
      // The plan's profit, Etsy's fees in place of the estimate.
      profit: usd(planProfit + planFees - etsyFees),
      profitEstimated: true,
    });

    // The profit view's month and the CSV: the same figures.
    const [month] = ((await api(user, 'GET', '/api/profit?tz=UTC')).json() as ProfitResponse).months;
    expect(month).toMatchObject({
      profit: after.profit,
      fees: usd(etsyFees),
      shippingCost: usd(500),
      feesEstimated: 0,
      profitEstimated: 1,
    });
    const csv = (await api(user, 'GET', '/api/profit.csv?tz=UTC')).body.split('\r\n');
    const header = csv.indexOf(profitCsvSaleColumns.join(','));
    const cells = csv[header + 1]!.split(',');
    const cell = (name: (typeof profitCsvSaleColumns)[number]) => cells[profitCsvSaleColumns.indexOf(name)];
    expect([cell('Fees'), cell('Shipping cost'), cell('Profit'), cell('Estimated')]).toEqual([
      (etsyFees / 100).toFixed(2),
      '5.00',
      (after.profit!.amountMinor / 100).toFixed(2),
      'shipping cost',
    ]);
  });
});
