import { paced } from '@shared/testing/pace';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { depopPaths, type DepopLikesOfItem } from '@shared/contracts/depop';
import type { SellingPlanResponse } from '@shared/contracts/selling-plan';
import { money } from '@shared/domain/money';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { depopTestKit } from '../../../test/depop-seller';
import { drain, silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { depopWebhookSignature } from '../webhooks/verify-signature';

/**
 * Offers to the buyers who liked a Depop product, against the simulated Depop in-process: likes arrive by the signed
 * webhook (an unlike takes the like back), the seller's rule prices the offer off the listing price above the floor;
 * asking first, it waits in the week's plan and, approved, goes to every buyer waiting through Depop's offer endpoint
 * once; not asking, the product carries it as Depop's automatic offer.
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

const { fake, api, connectedSeller, readyItem, liveOnDepop, productOf } = depopTestKit(
  () => t,
  () => pool,
);
const likeRoute = (itemId: string) => depopPaths.simulatedLike.replace(':itemId', itemId);
const likesOf = async (user: TestUser, itemId: string) =>
  (await api(user, 'GET', depopPaths.itemLikes.replace(':id', itemId))).json() as DepopLikesOfItem;

/** A seller with a $60.00 item live on Depop, its cost $20.00 and a floor of no loss with $3.50 shipping. */
async function liveLikedSeller() {
  const { user, depopSellerId } = await connectedSeller();
  const item = await readyItem(user);
  expect((await api(user, 'PATCH' as 'POST', `/api/items/${item.id}`, { cost: money(2000) })).statusCode).toBe(200);
  const settings = { currency: 'USD', shippingCost: money(350), minimumMargin: { kind: 'amount', amount: money(0) } };
  expect((await api(user, 'PUT', '/api/profit-floor/settings', settings)).statusCode).toBe(200);
  const row = await liveOnDepop(user, item.id);
  return { user, depopSellerId, item, row };
}

const plan = async (user: TestUser) => (await api(user, 'GET', '/api/selling-plan')).json() as SellingPlanResponse;

describe('likes on Depop', () => {
  it('are recorded from the signed webhook, once a buyer; an unlike takes one back; another seller sees none', async () => {
    const { user, depopSellerId, item } = await liveLikedSeller();
    const liked = await api(user, 'POST', likeRoute(item.id));
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toEqual({ likes: 1, offered: 0, lastOffer: null });
    expect((await api(user, 'POST', likeRoute(item.id))).json()).toMatchObject({ likes: 2 });
    const likers = fake()
      .snapshot()
      .products.find((p) => p.sku === item.sku && p.sellerId === depopSellerId)!.likers;
    expect(likers).toHaveLength(2);
    fake().like(depopSellerId, item.sku, likers[0]!, false);
    await fake().webhooksSettled();
    expect(await likesOf(user, item.id)).toMatchObject({ likes: 1 });

    const other = await t.makeUser();
    expect((await api(other, 'GET', depopPaths.itemLikes.replace(':id', item.id))).statusCode).toBe(404);
    expect((await api(other, 'POST', likeRoute(item.id))).statusCode).toBe(404);
  });

  it('a like delivery not signed by Depop changes nothing', async () => {
    const { user, depopSellerId, item, row } = await liveLikedSeller();
    const body = JSON.stringify({
      id: 'x',
      event_type: 'v1:product.like',
      created_at: new Date().toISOString(),
      data: { seller_id: depopSellerId, product_id: Number(row.externalId), slug: 's', liker_id: 42 },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const forged = await t.app.inject({
      method: 'POST',
      url: depopPaths.webhooks,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-depop-timestamp': String(timestamp),
        'x-depop-signature': depopWebhookSignature('not-the-secret', timestamp, body),
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(await likesOf(user, item.id)).toMatchObject({ likes: 0 });
  });
});

describe('the offer rule', () => {
  it('is each seller’s own, 5 to 90 percent', async () => {
    const { user } = await connectedSeller();
    expect((await api(user, 'GET', depopPaths.offerRule)).json()).toEqual({ enabled: false, percentOff: 10, askFirst: true });
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 4, askFirst: true })).statusCode).toBe(400);
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 15, askFirst: false })).statusCode).toBe(200);
    expect((await api(user, 'GET', depopPaths.offerRule)).json()).toEqual({ enabled: true, percentOff: 15, askFirst: false });
    const other = await t.makeUser();
    expect((await api(other, 'GET', depopPaths.offerRule)).json()).toMatchObject({ enabled: false });
  });

  it('asking first: the plan holds one offer for the liked product; approved, each waiting buyer gets it once', async () => {
    const { user, item, row } = await liveLikedSeller();
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true })).statusCode).toBe(200);
    expect((await plan(user)).actions.filter((a) => a.kind === 'offer')).toEqual([]);
    await api(user, 'POST', likeRoute(item.id));
    await api(user, 'POST', likeRoute(item.id));
    const offers = (await plan(user)).actions.filter((a) => a.kind === 'offer');
    expect(offers).toHaveLength(1);
    const offer = offers[0]!;
    const listed = row.sentPriceMinor ?? row.priceMinor!;
    expect(offer).toMatchObject({
      channel: 'depop',
      itemId: item.id,
      from: money(listed),
      price: money(Math.round(listed * 0.9)),
      decision: 'pending',
    });
    // Nothing goes before the seller approves.
    expect(productOf(row)!.activeOffers).toEqual([]);
    expect((await api(user, 'POST', '/api/selling-plan/decisions', { approve: [offer.id] })).json()).toEqual({ approved: 1, rejected: 0 });
    await drain(pool);
    const sent = productOf(row)!.activeOffers;
    expect(sent).toHaveLength(2);
    expect(sent.map((o) => o.value)).toEqual([offer.price, offer.price]);
    expect(await likesOf(user, item.id)).toMatchObject({ likes: 2, offered: 2, lastOffer: { price: offer.price } });
    // Applied again (a restart): no second offer; a new like makes a new round.
    await t.deps.services.sellingPlan.apply(user.id);
    await drain(pool);
    expect(productOf(row)!.activeOffers).toHaveLength(2);
    expect((await plan(user)).actions.filter((a) => a.kind === 'offer' && a.state === 'planned')).toEqual([]);
  });

  it('approved for 50 likers and cut by a stop after 12 offers: after the restart each of the 50 has one offer', async () => {
    const { user, item, row } = await liveLikedSeller();
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true })).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) expect((await api(user, 'POST', likeRoute(item.id))).statusCode).toBe(200);
    const [offer] = (await plan(user)).actions.filter((a) => a.kind === 'offer');
    expect(offer).toBeDefined();
    // The process dies once Depop has taken the 12th offer, before its answer is read: nothing after runs.
    const { client } = await t.deps.services.channels.depop.account.session(user.id);
    const real = client.sendOfferBySku.bind(client);
    let calls = 0;
    const cut = vi.spyOn(client, 'sendOfferBySku').mockImplementation(async (...args) => {
      await real(...args);
      if (++calls === 12) throw new Error('the server was killed');
    });
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [offer!.id] });
    await expect(t.deps.services.sellingPlan.apply(user.id)).rejects.toThrow('the server was killed');
    cut.mockRestore();
    expect(productOf(row)!.activeOffers).toHaveLength(12);
    // Not every buyer has an outcome: the plan does not say it went.
    expect((await plan(user)).actions.find((a) => a.id === offer!.id)).toMatchObject({ state: 'sending' });

    // The restarted server's run (its queued job, then the hourly one again).
    await drain(pool);
    await t.deps.services.sellingPlan.apply(user.id);
    const likers = productOf(row)!.likers;
    const offersTo = productOf(row)!.activeOffers.map((o) => o.recipientId);
    expect(likers).toHaveLength(50);
    expect([...offersTo].sort()).toEqual([...likers].sort());
    expect(new Set(offersTo).size).toBe(50);
    // The 12th buyer's offer went, but Depop's answer was lost with the process: counted as sent, never sent twice, and said.
    expect((await plan(user)).actions.find((a) => a.id === offer!.id)).toMatchObject({
      state: 'applied',
      message: '1 of 50 buyers not confirmed: the app stopped while sending theirs',
    });
    expect(await likesOf(user, item.id)).toMatchObject({ likes: 50, offered: 50 });
  });

  it('a like on an item with no cost plans no offer, and the plan says why under Left out', async () => {
    const { user, item } = await liveLikedSeller();
    expect((await api(user, 'PATCH' as 'POST', `/api/items/${item.id}`, { cost: null })).statusCode).toBe(200);
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true })).statusCode).toBe(200);
    expect((await plan(user)).flags).toEqual([]);
    await api(user, 'POST', likeRoute(item.id));
    const after = await plan(user);
    expect(after.actions.filter((a) => a.kind === 'offer')).toEqual([]);
    expect(after.flags).toEqual([
      { itemId: item.id, sku: item.sku, channel: 'depop', reason: 'no-cost', message: 'No cost entered: no offer below its price' },
    ]);
  });

  it('never offers under the floor: a cost that leaves no offer 5% under the price plans none', async () => {
    const { user, item } = await liveLikedSeller();
    expect((await api(user, 'PATCH' as 'POST', `/api/items/${item.id}`, { cost: money(5900) })).statusCode).toBe(200);
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true })).statusCode).toBe(200);
    await api(user, 'POST', likeRoute(item.id));
    expect((await plan(user)).actions.filter((a) => a.kind === 'offer')).toEqual([]);
  });

  it('not asking: the product carries the rule’s price as Depop’s automatic offer to likers, raised to the floor', async () => {
    const { user, item, row } = await liveLikedSeller();
    expect(productOf(row)!.autoSendOffer).toBeNull();
    // Turned on, not asking: each live product is rewritten with its automatic offer.
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: false })).statusCode).toBe(200);
    await drain(pool);
    const listed = row.sentPriceMinor ?? row.priceMinor!;
    expect(productOf(row)!.autoSendOffer).toEqual(money(Math.round(listed * 0.9)));
    // 80% off would sell at a loss: raised to the least price that clears the floor.
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 80, askFirst: false })).statusCode).toBe(200);
    await drain(pool);
    const auto = productOf(row)!.autoSendOffer!;

    expect(auto.amountMinor).toBeGreaterThan(Math.round(listed * 0.2));
    expect(auto.amountMinor).toBeLessThanOrEqual(Math.floor(listed * 0.95));
    // A higher cost moves the floor: the product is revised, its automatic offer raised to the new floor or taken off.
    const before = productOf(row)!.autoSendOffer!;
    expect((await api(user, 'PATCH' as 'POST', `/api/items/${item.id}`, { cost: money(3500) })).statusCode).toBe(200);
    await drain(pool);
    const raised = productOf(row)!.autoSendOffer;
    if (raised) expect(raised.amountMinor).toBeGreaterThan(before.amountMinor);
    expect((await api(user, 'PATCH' as 'POST', `/api/items/${item.id}`, { cost: money(5900) })).statusCode).toBe(200);
    await drain(pool);
    expect(productOf(row)!.autoSendOffer).toBeNull();
    expect((await api(user, 'PATCH' as 'POST', `/api/items/${item.id}`, { cost: money(2000) })).statusCode).toBe(200);
    await drain(pool);
    expect(productOf(row)!.autoSendOffer).toEqual(before);
    // So do the seller's floor settings: a $50 margin leaves no offer; back to none, the offer is back.
    const margin = (amountMinor: number) => ({
      currency: 'USD',
      shippingCost: money(350),
      minimumMargin: { kind: 'amount', amount: money(amountMinor) },
    });
    expect((await api(user, 'PUT', '/api/profit-floor/settings', margin(5000))).statusCode).toBe(200);
    await drain(pool);
    expect(productOf(row)!.autoSendOffer).toBeNull();
    expect((await api(user, 'PUT', '/api/profit-floor/settings', margin(0))).statusCode).toBe(200);
    await drain(pool);
    expect(productOf(row)!.autoSendOffer).toEqual(before);
    // Depop sends those itself: the plan shows the liked product's offer as the rule's, not waiting for approval.
    await api(user, 'POST', likeRoute(item.id));
    const [offer] = (await plan(user)).actions.filter((a) => a.kind === 'offer');
    expect(offer).toMatchObject({ channel: 'depop', automatic: true, price: auto });
  });

  it('turned to asking first, the products lose their automatic offer: nothing goes to likers unapproved', async () => {
    const { user, row } = await liveLikedSeller();
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: false })).statusCode).toBe(200);
    await drain(pool);
    expect(productOf(row)!.autoSendOffer).not.toBeNull();
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true })).statusCode).toBe(200);
    await drain(pool);
    expect(productOf(row)!.autoSendOffer).toBeNull();
  });

  it('floor settings in another currency than the shop’s: no offer, and the plan still reads', async () => {
    const { user, item } = await liveLikedSeller();
    const pounds = { currency: 'GBP', shippingCost: money(300, 'GBP'), minimumMargin: { kind: 'amount', amount: money(0, 'GBP') } };
    expect((await api(user, 'PUT', '/api/profit-floor/settings', pounds)).statusCode).toBe(200);
    expect((await api(user, 'PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true })).statusCode).toBe(200);
    await api(user, 'POST', likeRoute(item.id));
    const answer = await api(user, 'GET', '/api/selling-plan');
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as SellingPlanResponse).actions.filter((a) => a.kind === 'offer')).toEqual([]);
  });
});
