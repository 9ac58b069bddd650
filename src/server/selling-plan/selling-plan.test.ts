import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import type { DelistTasksResponse } from '@shared/contracts/channels';
import { sellingPlanMessages, type PlanAction, type SellingPlanResponse } from '@shared/contracts/selling-plan';
import { channelListings, items, jobs, sellingPlanActions } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { makeJpeg } from '../test/images';
import { drain, silentLog } from '../test/listings';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from '../test/fake-etsy-seller';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

/**
 * The selling plan (decision 090) over the routes, the jobs and the real Etsy client against the fake Etsy: a drop
 * priced against the floor and approved reaches Etsy once (however often the plan runs), none without a cost, a
 * Poshmark drop becomes a task with its likers' note, a relist ends and renews with Etsy's fee shown, and another
 * seller's plan and ids are out of reach.
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

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const db = () => t.deps.database.db;
const plan = async (user: TestUser) => (await api(user, 'GET', '/api/selling-plan')).json() as SellingPlanResponse;
const rule = (over: object = {}) => ({
  scope: 'all',
  enabled: true,
  dropSteps: [{ afterDays: 0, basisPoints: 1000 }],
  relistAfterDays: null,
  automatic: false,
  ...over,
});

/** A seller with an Etsy shop and one item live there at $45.00, cost $10.00 unless said. */
async function liveOnEtsy(costMinor: number | null = 1000) {
  const user = await t.makeUser();
  expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
  await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
  return { user, itemId: await anotherOnEtsy(user, costMinor) };
}

/** One more item of the seller's live on Etsy at $45.00. */
async function anotherOnEtsy(user: TestUser, costMinor: number | null = 1000) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await db()
    .update(items)
    .set({
      aiTitle: "Vintage Levi's 501 Jeans 32x30",
      aiDescription: 'Straight-leg jeans in a faded medium wash, made in the USA in the 1990s.',
      aiTags: ['levis', 'vintage denim'],
      aiSuggestedPriceMinor: 4500,
      costMinor,
      category: 'Mens Jeans',
    })
    .where(eq(items.id, item.id));
  await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' });
  expect((await api(user, 'POST', '/api/etsy/publish', { itemIds: [item.id] })).statusCode).toBe(200);
  await drain(pool);
  return item.id;
}
const etsyListing = async (itemId: string) => {
  const [row] = await db()
    .select()
    .from(channelListings)
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'etsy')));
  return fake.snapshot().listings.find((l) => String(l.listing_id) === row!.externalId)!;
};

describe('price drops', () => {
  it('plans 10% off with its floor and profit; approved, it reaches Etsy once, however often the plan runs', async () => {
    const { user, itemId } = await liveOnEtsy();
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule()] })).statusCode).toBe(200);
    const { actions, flags } = await plan(user);
    expect(flags).toEqual([]);
    expect(actions).toHaveLength(1);
    const drop = actions[0]!;
    // $40.50 − round(9.5% × 4050 = 384.75) − 45 − $10.00 = $26.20; the floor: the least price leaving $0 after a $10 cost.
    expect(drop).toMatchObject({
      kind: 'drop',
      channel: 'etsy',
      from: { amountMinor: 4500, currency: 'USD' },
      price: { amountMinor: 4050, currency: 'USD' },
      profit: { amountMinor: 2620, currency: 'USD' },
      floor: { amountMinor: 1155, currency: 'USD' },
      decision: 'pending',
      state: 'planned',
    });

    // Another seller sees none of it and decides nothing of it.
    const other = await t.makeUser();
    expect((await plan(other)).actions).toEqual([]);
    expect((await api(other, 'POST', '/api/selling-plan/decisions', { approve: [drop.id] })).json()).toEqual({ approved: 0, rejected: 0 });

    expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop.id] })).json()).toEqual({ approved: 1, rejected: 0 });
    await drain(pool);
    expect((await etsyListing(itemId)).price).toBe(40.5);
    const after = await plan(user);
    expect(after.actions).toEqual([expect.objectContaining({ id: drop.id, state: 'applied' })]);

    // Planned and applied again (a restart, a second server): no second drop.
    await t.deps.services.sellingPlan.apply(user.id);
    await t.deps.services.sellingPlan.refresh(user.id);
    await t.deps.services.sellingPlan.apply(user.id);
    await drain(pool);
    expect((await etsyListing(itemId)).price).toBe(40.5);
    const rows = await db().select().from(sellingPlanActions).where(eq(sellingPlanActions.userId, user.id));
    expect(rows.filter((row) => row.kind === 'drop')).toHaveLength(1);
  });

  it('an approved drop whose rule changes is planned again: not sent at the old approval, waiting for the seller, said why', async () => {
    const { user, itemId } = await liveOnEtsy();
    const later = rule({ dropSteps: [{ afterDays: 3, basisPoints: 1000 }] });
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [later] })).statusCode).toBe(200);
    const [drop] = (await plan(user)).actions;
    expect(drop).toMatchObject({ kind: 'drop', price: { amountMinor: 4050 }, decision: 'pending' });
    expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop!.id] })).json()).toEqual({ approved: 1, rejected: 0 });
    await drain(pool);
    expect((await plan(user)).actions[0]).toMatchObject({ id: drop!.id, decision: 'approved', state: 'planned' });

    // The rule changes: 5% off, due at once. The approval was for $40.50 in three days, not this.
    const now = rule({ dropSteps: [{ afterDays: 0, basisPoints: 500 }] });
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [now] })).statusCode).toBe(200);
    const [replanned] = (await plan(user)).actions;
    expect(replanned).toMatchObject({ id: drop!.id, price: { amountMinor: 4275 }, decision: 'pending', state: 'planned' });
    expect(replanned!.notes).toContain(sellingPlanMessages.replanned);
    await t.deps.services.sellingPlan.apply(user.id);
    await drain(pool);
    expect((await etsyListing(itemId)).price).toBe(45);

    // Approved again, it goes out at the new price.
    expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop!.id] })).json()).toEqual({ approved: 1, rejected: 0 });
    await drain(pool);
    expect((await etsyListing(itemId)).price).toBe(42.75);
  });

  it('a drop approved while the apply job runs is carried out by that run, not an hour later', async () => {
    const { user, itemId: first } = await liveOnEtsy();
    const second = await anotherOnEtsy(user);
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule()] })).statusCode).toBe(200);
    const { actions } = await plan(user);
    const dropOf = (itemId: string) => actions.find((a) => a.itemId === itemId)!;
    const applyJobs = (status: 'pending' | 'running') =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.userId, user.id), eq(jobs.kind, 'apply-selling-plan'), eq(jobs.status, status)));
    // Etsy answers slowly: the first drop's revise is still on its way when the seller approves the second.
    fake.configure({ latencyMs: 300 });
    try {
      expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [dropOf(first).id] })).json()).toMatchObject({
        approved: 1,
      });
      const running = pool.runNext();
      await expect.poll(async () => (await applyJobs('running')).length).toBe(1);
      expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [dropOf(second).id] })).json()).toMatchObject({
        approved: 1,
      });
      // One run a seller at a time: no second job was queued behind the running one.
      expect(await applyJobs('pending')).toHaveLength(0);
      expect(await running).toBe(true);
    } finally {
      fake.configure({ latencyMs: 0 });
    }
    expect((await etsyListing(first)).price).toBe(40.5);
    expect((await etsyListing(second)).price).toBe(40.5);
    expect((await plan(user)).actions.map((a) => a.state)).toEqual(['applied', 'applied']);
    // Queued again while it ran, the job runs once more (decision 119), finds nothing due and ends.
    expect(await applyJobs('pending')).toHaveLength(1);
    expect(await pool.runNext()).toBe(true);
    expect(await applyJobs('pending')).toHaveLength(0);
  });

  it('a drop approved after the apply run’s last look, before its job ends, is carried out by the next run at once (decision 119)', async () => {
    const { user, itemId: first } = await liveOnEtsy();
    const second = await anotherOnEtsy(user);
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule()] })).statusCode).toBe(200);
    const { actions } = await plan(user);
    const dropOf = (itemId: string) => actions.find((a) => a.itemId === itemId)!;
    const service = t.deps.services.sellingPlan;
    const apply = service.apply.bind(service);
    // The seller approves the second drop in the instant between the run's last look and its job marked done.
    const approved: number[] = [];
    const spy = vi.spyOn(service, 'apply').mockImplementationOnce(async (userId, runJobNow) => {
      await apply(userId, runJobNow);
      approved.push((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [dropOf(second).id] })).json().approved);
    });
    try {
      await api(user, 'POST', '/api/selling-plan/decisions', { approve: [dropOf(first).id] });
      expect(await pool.runNext()).toBe(true);
      expect(approved).toEqual([1]);
      expect((await etsyListing(second)).price).toBe(45);
      // Not left for the hourly run: the job runs again now.
      expect(await pool.runNext()).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect((await etsyListing(first)).price).toBe(40.5);
    expect((await etsyListing(second)).price).toBe(40.5);
    expect((await plan(user)).actions.map((a) => a.state)).toEqual(['applied', 'applied']);
    expect(await pool.runNext()).toBe(false);
  });

  it('sends a listing’s due drops in one revise, run by the apply job itself, with no read of the listing first (decision 109)', async () => {
    const { user, itemId } = await liveOnEtsy();
    await db()
      .update(channelListings)
      .set({ listedAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'etsy')));
    const steps = [
      { afterDays: 14, basisPoints: 1000 },
      { afterDays: 28, basisPoints: 1000 },
    ];
    await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule({ dropSteps: steps })] });
    const { actions } = await plan(user);
    expect(actions.map((a) => a.kind)).toEqual(['drop', 'drop']);
    const last = actions[1]!;
    expect(last.price.amountMinor).toBeLessThan(actions[0]!.price.amountMinor);
    const sent = fake.pricesSent.length;
    const inventoryReads = fake.calls.getListingsInventory ?? 0;
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: actions.map((a) => a.id) });
    expect(await pool.runNext()).toBe(true); // the apply job, whose Etsy lane ran the revise at once
    expect(fake.pricesSent.slice(sent).map((p) => Math.round(p.price * 100))).toEqual([last.price.amountMinor]);
    expect(fake.calls.getListingsInventory ?? 0).toBe(inventoryReads); // named the shop's profile from its draft
    expect(await pool.runNext()).toBe(false); // no revise left for a worker
    expect(Math.round((await etsyListing(itemId)).price * 100)).toBe(last.price.amountMinor);
  });

  it('a rejected drop is never applied; an item with no cost gets no drop, flagged', async () => {
    const { user, itemId } = await liveOnEtsy();
    await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule({ automatic: true })] });
    const [drop] = (await plan(user)).actions;
    expect(drop).toMatchObject({ automatic: true });
    await api(user, 'POST', '/api/selling-plan/decisions', { reject: [drop!.id] });
    await t.deps.services.sellingPlan.apply(user.id);
    await drain(pool);
    expect((await etsyListing(itemId)).price).toBe(45);

    const noCost = await liveOnEtsy(null);
    await api(noCost.user, 'PUT', '/api/selling-plan/rules', { rules: [rule()] });
    const answer = await plan(noCost.user);
    expect(answer.actions).toEqual([]);
    expect(answer.flags).toEqual([
      expect.objectContaining({ itemId: noCost.itemId, reason: 'no-cost', message: 'No cost entered: no drop below its price' }),
    ]);
  });

  it('an approved drop is checked against the floor again when it is sent: a cost raised or cleared since, it is not sent', async () => {
    const { user, itemId } = await liveOnEtsy();
    const second = await anotherOnEtsy(user);
    expect(
      (await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule({ dropSteps: [{ afterDays: 6, basisPoints: 1000 }] })] }))
        .statusCode,
    ).toBe(200);
    const drops = (await plan(user)).actions;
    expect(drops.map((d) => d.price)).toEqual([
      { amountMinor: 4050, currency: 'USD' },
      { amountMinor: 4050, currency: 'USD' },
    ]);
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: drops.map((d) => d.id) });
    // After the approval: one item's cost raised over the drop's price ($54.28: its floor on Etsy is far above $40.50),
    // the other's cleared.
    const raised = await api(user, 'PATCH', `/api/items/${itemId}`, { cost: { amountMinor: 5428, currency: 'USD' } });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await api(user, 'PATCH', `/api/items/${second}`, { cost: null })).statusCode).toBe(200);
    // Six days later.
    await db()
      .update(sellingPlanActions)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(sellingPlanActions.userId, user.id));
    await t.deps.services.sellingPlan.apply(user.id);
    await drain(pool);

    expect((await etsyListing(itemId)).price).toBe(45);
    expect((await etsyListing(second)).price).toBe(45);
    const rows = await db().select().from(sellingPlanActions).where(eq(sellingPlanActions.userId, user.id));
    const stateOf = (id: string) => rows.find((row) => row.itemId === id);
    expect(stateOf(itemId)).toMatchObject({ state: 'failed', message: 'The price is now under your floor: not sent' });
    expect(stateOf(second)).toMatchObject({ state: 'failed', message: 'No cost entered: no drop below its price' });
  });

  it('stops at the floor and says so', async () => {
    const { user } = await liveOnEtsy(3500);
    await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule({ dropSteps: [{ afterDays: 0, basisPoints: 3000 }] })] });
    const [drop] = (await plan(user)).actions;
    expect(drop!.price).toEqual(drop!.floor);
    expect(drop!.notes).toContain(`Stopped at your floor of $${(drop!.floor!.amountMinor / 100).toFixed(2)}`);
  });

  it('on Poshmark, a task with the likers’ note; ticked, the listing’s price there is the new one', async () => {
    const { user, itemId } = await liveOnEtsy();
    await db().insert(channelListings).values({
      userId: user.id,
      itemId,
      channel: 'poshmark',
      status: 'live',
      listedAt: new Date(),
      url: 'https://poshmark.com/listing/x',
    });
    await api(user, 'PUT', '/api/selling-plan/rules', {
      rules: [rule({ scope: 'etsy', enabled: false }), rule({ scope: 'poshmark', dropSteps: [{ afterDays: 0, basisPoints: 500 }] })],
    });
    const [drop] = (await plan(user)).actions as PlanAction[];
    expect(drop).toMatchObject({ channel: 'poshmark', price: { amountMinor: 4275 } });
    expect(drop!.notes).toContain('Poshmark tells likers only of a drop of 10% or more: $40.50 would reach them');
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop!.id] });
    await drain(pool);
    const { tasks } = await plan(user);
    expect(tasks).toEqual([expect.objectContaining({ id: drop!.id, state: 'task', message: 'Drop to $42.75 on Poshmark' })]);
    const other = await t.makeUser();
    expect((await api(other, 'POST', `/api/selling-plan/tasks/${drop!.id}/done`)).statusCode).toBe(404);
    expect((await api(user, 'POST', `/api/selling-plan/tasks/${drop!.id}/done`)).statusCode).toBe(204);
    const [row] = await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'poshmark')));
    expect(row!.priceMinor).toBe(4275);
    expect((await plan(user)).tasks).toEqual([]);
  });

  it('the dashboard’s task list carries the drop task beside the delist tasks, with its note; Done from there (decision 098)', async () => {
    const { user, itemId } = await liveOnEtsy();
    await db().insert(channelListings).values({
      userId: user.id,
      itemId,
      channel: 'poshmark',
      status: 'live',
      listedAt: new Date(),
      url: 'https://poshmark.com/listing/y',
    });
    await api(user, 'PUT', '/api/selling-plan/rules', {
      rules: [rule({ scope: 'etsy', enabled: false }), rule({ scope: 'poshmark', dropSteps: [{ afterDays: 0, basisPoints: 1500 }] })],
    });
    const tasksOf = async (who: TestUser) => (await api(who, 'GET', '/api/channels/delist-tasks')).json() as DelistTasksResponse;
    expect(await tasksOf(user)).toEqual({ tasks: [], dropTasks: [] });
    const [drop] = (await plan(user)).actions as PlanAction[];
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop!.id] });
    await drain(pool);
    // $45.00 less 15 %: $38.25, a drop Poshmark's likers hear of.
    const list = await tasksOf(user);
    expect(list.tasks).toEqual([]);
    expect(list.dropTasks).toEqual([
      expect.objectContaining({
        id: drop!.id,
        itemId,
        channel: 'poshmark',
        url: 'https://poshmark.com/listing/y',
        words: 'Drop to $38.25 on Poshmark',
        from: { amountMinor: 4500, currency: 'USD' },
        price: { amountMinor: 3825, currency: 'USD' },
        notes: ['Poshmark tells likers of a drop of 10% or more: this one reaches them'],
      }),
    ]);
    expect(list.dropTasks[0]!.profit).toEqual(drop!.profit);
    expect(list.dropTasks[0]!.floor!.amountMinor).toBeLessThanOrEqual(3825);
    // Another seller's list shows none of it.
    expect((await tasksOf(await t.makeUser())).dropTasks).toEqual([]);
    expect((await api(user, 'POST', `/api/selling-plan/tasks/${drop!.id}/done`)).statusCode).toBe(204);
    expect(await tasksOf(user)).toEqual({ tasks: [], dropTasks: [] });
  });
});

describe('rules per channel and per item (decision 108)', () => {
  it('the item’s rule over the channel’s over the one for every listing; each action names its rule; a rule removed, the next applies', async () => {
    const { user, itemId: own } = await liveOnEtsy();
    const byChannel = await anotherOnEtsy(user);
    const none = await anotherOnEtsy(user);
    await db().insert(channelListings).values({
      userId: user.id,
      itemId: byChannel,
      channel: 'poshmark',
      status: 'live',
      listedAt: new Date(),
      url: 'https://poshmark.com/listing/rules',
    });
    const step = (basisPoints: number) => [{ afterDays: 0, basisPoints }];
    const saved = await api(user, 'PUT', '/api/selling-plan/rules', {
      rules: [
        rule({ dropSteps: step(1000) }),
        rule({ scope: 'etsy', dropSteps: step(2000), relistAfterDays: 30 }),
        rule({ scope: `item:${own}`, dropSteps: step(500) }),
        rule({ scope: `item:${none}`, enabled: false, dropSteps: [] }),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const skus = new Map((await db().select({ id: items.id, sku: items.sku }).from(items)).map((row) => [row.id, row.sku]));
    expect(saved.json().rules).toContainEqual(expect.objectContaining({ scope: `item:${own}`, sku: skus.get(own) }));
    const dropOf = (actions: PlanAction[], itemId: string, channel: string) =>
      actions.find((a) => a.kind === 'drop' && a.itemId === itemId && a.channel === channel);
    const { actions } = await plan(user);
    expect(dropOf(actions, own, 'etsy')).toMatchObject({
      price: { amountMinor: 4275 },
      rule: { kind: 'item', words: 'This item’s own rule', summary: '5% off after 0 days' },
    });
    expect(dropOf(actions, byChannel, 'etsy')).toMatchObject({
      price: { amountMinor: 3600 },
      rule: { kind: 'channel', words: 'Your Etsy rule', summary: '20% off after 0 days · relist after 30 days' },
    });
    expect(dropOf(actions, byChannel, 'poshmark')).toMatchObject({
      price: { amountMinor: 4050 },
      rule: { kind: 'all', words: 'Your rule for every listing', summary: '10% off after 0 days' },
    });
    expect(actions.filter((a) => a.itemId === none)).toEqual([]);
    for (const action of actions) expect(action.profit!.amountMinor).toBeGreaterThan(0);

    // Another seller cannot remove (or learn of) this seller's item rule; removed by its owner, the Etsy rule applies.
    const other = await t.makeUser();
    expect((await api(other, 'DELETE', `/api/selling-plan/rules?scope=item:${own}`)).statusCode).toBe(404);
    const removed = await api(user, 'DELETE', `/api/selling-plan/rules?scope=item:${own}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().rules.map((r: { scope: string }) => r.scope)).not.toContain(`item:${own}`);
    expect(dropOf((await plan(user)).actions, own, 'etsy')).toMatchObject({ price: { amountMinor: 3600 }, rule: { kind: 'channel' } });
    // The Etsy rule removed: the rule for every listing reaches Etsy.
    await api(user, 'DELETE', '/api/selling-plan/rules?scope=etsy');
    expect(dropOf((await plan(user)).actions, own, 'etsy')).toMatchObject({ price: { amountMinor: 4050 }, rule: { kind: 'all' } });
  });
});

describe('relists', () => {
  it('after N days: Etsy renews the listing (its $0.20 fee shown), the old listing id kept in the history', async () => {
    const { user, itemId } = await liveOnEtsy();
    await db()
      .update(channelListings)
      .set({ listedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(channelListings.itemId, itemId));
    await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule({ dropSteps: [], relistAfterDays: 30 })] });
    const [relist] = (await plan(user)).actions;
    expect(relist).toMatchObject({ kind: 'relist', price: { amountMinor: 4500 }, fee: { amountMinor: 20, currency: 'USD' } });
    expect(relist!.notes).toContain('Etsy charges its listing fee of $0.20 to renew');
    const before = await etsyListing(itemId);
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [relist!.id] });
    await drain(pool);
    expect((await etsyListing(itemId)).state).toBe('active');
    const [row] = await db().select().from(sellingPlanActions).where(eq(sellingPlanActions.id, relist!.id!));
    expect(row).toMatchObject({ state: 'applied', listingBefore: String(before.listing_id), listingAfter: String(before.listing_id) });
    // The listing's period starts again: nothing more is due this week.
    expect((await plan(user)).actions.filter((a) => a.state === 'planned')).toEqual([]);
  });
});
