import { paced } from '@shared/testing/pace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depopPaths, depopPricingWords, type DepopPricing } from '@shared/contracts/depop';
import { money } from '@shared/domain/money';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { depopTestKit } from '../../../test/depop-seller';
import { silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * Depop's pricing inspiration for an item, against the simulated Depop (fakes/depop/fake-depop-pricing.ts: a typical
 * price per product type, less for a worse condition, the range 15% either side; two similar sold items).
 */
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  t = await createTestApp({ DEPOP_SIMULATION: 'auto' });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  expect(fake().contractViolations).toEqual([]);
});

const { fake, api, connectedSeller, readyItem } = depopTestKit(
  () => t,
  () => pool,
);
const pricingOf = async (user: TestUser, itemId: string) => {
  const answer = await api(user, 'GET', depopPaths.itemPricing.replace(':id', itemId));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DepopPricing;
};

describe('Depop’s pricing inspiration', () => {
  it('predicts a range for the item as it would be listed, with similar items sold on Depop, in the shop’s currency', async () => {
    const { user } = await connectedSeller();
    const item = await readyItem(user);
    await answer(user, item.id, 'shirts', 52, 5);
    // A shirt in good condition (used_good) on the fake: its typical $22.00, × 0.85, the range 15% either side.
    const pricing = await pricingOf(user, item.id);
    expect(pricing).toMatchObject({ low: money(1590), balanced: money(1870), high: money(2151) });
    expect(pricing.none).toBeNull();
    expect(pricing.simulated).toBe(true);
    expect(pricing.balanced?.currency).toBe('USD');
    expect(pricing.low!.amountMinor).toBeLessThan(pricing.balanced!.amountMinor);
    expect(pricing.high!.amountMinor).toBeGreaterThan(pricing.balanced!.amountMinor);
    expect(pricing.similarSold).toHaveLength(2);
    expect(pricing.similarSold[0]).toMatchObject({ brand: 'Levi’s', condition: 'used_good', soldPrice: { currency: 'USD' } });
  });

  it('says why there is none: not connected, no prediction for the type; another seller’s item is not found', async () => {
    const { user } = await connectedSeller();
    const item = await readyItem(user);
    const stranger = await t.makeUser();
    expect((await api(stranger, 'GET', depopPaths.itemPricing.replace(':id', item.id))).statusCode).toBe(404);
    await answer(user, item.id, 'hats', null, null);
    expect(await pricingOf(user, item.id)).toMatchObject({ none: depopPricingWords.noPrediction, balanced: null, similarSold: [] });
    const unconnected = await t.makeUser();
    const own = await readyItemOf(unconnected);
    expect((await pricingOf(unconnected, own)).none).toBe(depopPricingWords.notConnected);
  });
});

/** Depop's own fields for the item: its product type and size. */
async function answer(user: TestUser, itemId: string, productType: string, sizeSetId: number | null, sizeId: number | null) {
  const saved = await api(user, 'PUT', depopPaths.itemAnswers.replace(':id', itemId), {
    productType,
    sizeSetId,
    sizeId,
    nationalShipping: money(350),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** An item of a seller not connected to Depop. */
async function readyItemOf(user: TestUser): Promise<string> {
  const created = await api(user, 'POST', '/api/items', { sku: 'NOTCONN-1', category: 'Mens Tops', condition: 'good', brand: 'Levi’s' });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}
