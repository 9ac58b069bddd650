import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import type { DaysToSaleResponse } from '@shared/contracts/days-to-sale';
import type { SellingPlanResponse } from '@shared/contracts/selling-plan';
import { eq } from 'drizzle-orm';
import { channelListings } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { makeJpeg } from '../test/images';
import { drain, silentLog } from '../test/listings';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from '../test/fake-etsy-seller';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { items } from '../db/schema';

/**
 * Decision 152 over the routes: a seller whose past Etsy sales of Mens Jeans are in (imported, as a seller does) times
 * their rule to the prediction; the Etsy listing's first drop is planned on the day it passes its predicted days to
 * sale there, with the note saying so, priced against the floor as any drop.
 */
let fake: FakeEtsy;
let t: TestApp;
let pool: WorkerPool;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
  t = await createTestApp(fakeEtsyEnv(fake));
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

const header = 'Sold date,Listed date,Marketplace,Title,Brand,Category,Size,Source,Cost,Price,Shipping charged,Fees,Shipping cost';
const day = (offset: number) => new Date(Date.UTC(2026, 5, 1) + offset * DAY_MS).toISOString().slice(0, 10);
const sheet = [
  header,
  ...[3, 5, 6, 8, 9, 11, 12, 14, 15, 18, 21, 25].map(
    (days, n) => `${day(n * 3 + days)},${day(n * 3)},Etsy,Levi's 501 jeans ${n},Levi's,Mens Jeans,32,Goodwill,4.00,35.00,0.00,4.00,5.00`,
  ),
].join('\n');

async function sellerWithHistory() {
  const user = await t.makeUser();
  const imported = await api(user, 'POST', '/api/what-sells/past-sales', { csv: sheet, locale: 'en-US' });
  expect(imported.statusCode, imported.body).toBe(200);
  expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
  await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({
      aiTitle: "Vintage Levi's 501 Jeans 32x30",
      aiDescription: 'Straight-leg jeans in a faded medium wash, made in the USA in the 1990s.',
      aiTags: ['levis', 'vintage denim'],
      aiSuggestedPriceMinor: 4500,
      costMinor: 1000,
      category: 'Mens Jeans',
      brand: "Levi's",
    })
    .where(eq(items.id, item.id));
  await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' });
  expect((await api(user, 'POST', '/api/etsy/publish', { itemIds: [item.id] })).statusCode).toBe(200);
  await drain(pool);
  return { user, itemId: item.id };
}

const rule = (dropTiming: 'fixed' | 'predicted') => ({
  rules: [
    { scope: 'all', enabled: true, dropSteps: [{ afterDays: 0, basisPoints: 1000 }], relistAfterDays: null, automatic: false, dropTiming },
  ],
});

describe('drops timed to the predicted days to sale (decision 152)', () => {
  it('plans the first drop on the day the listing passes its prediction, says so, and above the floor', async () => {
    const { user, itemId } = await sellerWithHistory();
    const etsyPrediction = async () =>
      ((await api(user, 'GET', `/api/items/${itemId}/days-to-sale`)).json() as DaysToSaleResponse).marketplaces.find(
        (m) => m.channel === 'etsy',
      )!;
    const before = await etsyPrediction();
    expect(before).toMatchObject({ basis: 'your-sales', scope: 'brand-and-category' });
    // Live two days short of its predicted day. Its own listing counts among the seller's (censored while unsold), so
    // the prediction is read again once it has aged.
    expect(await t.deps.services.ageLiveListing(user.id, itemId, 'etsy', before.medianDays! - 2)).toBe(true);
    const median = (await etsyPrediction()).medianDays!;
    const [listing] = await t.deps.database.db.select().from(channelListings).where(eq(channelListings.itemId, itemId));
    const listedAt = listing!.listedAt!.getTime();

    expect((await api(user, 'PUT', '/api/selling-plan/rules', rule('fixed'))).statusCode).toBe(200);
    const fixed = (await api(user, 'GET', '/api/selling-plan')).json() as SellingPlanResponse;
    expect(fixed.actions.map((a) => [a.kind, Math.round((Date.parse(a.dueAt) - listedAt) / DAY_MS)])).toEqual([['drop', 0]]);

    const saved = await api(user, 'PUT', '/api/selling-plan/rules', rule('predicted'));
    expect(saved.json().rules[0].dropTiming).toBe('predicted');
    const timed = (await api(user, 'GET', '/api/selling-plan')).json() as SellingPlanResponse;
    expect(timed.flags).toEqual([]);
    expect(timed.actions).toHaveLength(1);
    const drop = timed.actions[0]!;
    expect(Math.round((Date.parse(drop.dueAt) - listedAt) / DAY_MS)).toBe(median);
    expect(drop.notes).toContain(`Timed to its predicted ${median} days to sell on Etsy`);
    expect(drop.price.amountMinor).toBeGreaterThanOrEqual(drop.floor!.amountMinor);
    expect(drop.rule?.summary).toBe('10% off after 0 days, moved to its predicted days to sale');
  });
  // With no prediction, the fixed days and the flag: predicted-timing.test.ts (the planner itself).
});
