import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelsPaths, type ChannelConnectionsResponse } from '@shared/contracts/channels';
import { ebayPaths } from '@shared/contracts/ebay';
import type { Channel } from '@shared/domain/channel-listing';
import { channelListings, jobs, sales } from '../../../db/schema';
import { itemSubject, listingSubject } from '../../../jobs/job-subject';
import { jobKinds } from '../../../jobs/job-kinds';
import { claimNextJob, enqueue } from '../../../jobs/queue';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { clientForFake } from '../../../test/fake-ebay-seller';
import { drain, silentLog } from '../../../test/listings';
import type { TestUser } from '../../../test/test-app';
import { challengeResponse } from '../account/account-deletion';
import { EbayApiError } from '../api/ebay-api-error';
import { createNotificationSubscriptions } from './subscriptions';

/**
 * Decision 076: eBay pushes a sale (ORDER_CONFIRMATION) to one endpoint; the app checks it, records it as the pull
 * would, and queues the ends of the item's other listings before anything else. Against the fake eBay, which pushes
 * signed messages to the destination the app set up.
 */
const VERIFICATION_TOKEN = 'verification_token-0123456789-abcdefghij';
const ALERT_EMAIL = 'alerts@resale.example';
const PUBLIC_URL = 'https://resale.example';
const ENDPOINT = `${PUBLIC_URL}${ebayPaths.notifications}`;
const setup = useFakeEbaySales('push', { EBAY_VERIFICATION_TOKEN: VERIFICATION_TOKEN, PUBLIC_URL, EBAY_ALERT_EMAIL: ALERT_EMAIL });
const db = () => setup.t.deps.database.db;

const salesOf = (userId: string) => db().select().from(sales).where(eq(sales.userId, userId));
const listingOf = async (itemId: string, channel: Channel) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0];
const endJobsOf = (itemId: string) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'end-sold-elsewhere'), eq(jobs.itemId, itemId)));

/** A seller connected (which subscribes them), with an item live on eBay and on Depop. */
async function sellerWithItemOnTwoChannels(): Promise<{ user: TestUser & { ebayUserId: string }; itemId: string; ebaySku: string }> {
  const user = await setup.connectedSeller();
  // Connecting subscribed the seller to ORDER_CONFIRMATION at the app's destination (in the background).
  await expect
    .poll(() => [...setup.fake.state.notifications.subscriptions.values()].filter((s) => s.userId === user.ebayUserId).map((s) => s.status))
    .toEqual(['ENABLED']);
  const { itemId, ebaySku } = await setup.publishedItem(user);
  const listed = await setup.t.app.inject({
    method: 'POST',
    url: assistedPaths.listed(itemId, 'depop'),
    headers: { cookie: user.cookie },
    payload: { url: `https://www.depop.com/products/${itemId}/` },
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return { user, itemId, ebaySku };
}

/** A buyer buys on the fake eBay: the messages it pushed (to an address this test delivers to the app by hand). */
async function sellAndCollectPushes({ user, ebaySku }: { user: { ebayUserId: string }; ebaySku: string }) {
  const before = setup.fake.state.notifications.pushes.length;
  const order = setup.fake.state.sell(ebaySku, { sellerUserId: user.ebayUserId });
  await setup.fake.state.notifications.settled();
  const pushes = setup.fake.state.notifications.pushes.slice(before);
  expect(pushes.map((p) => p.endpoint)).toEqual([ENDPOINT]);
  return { order, push: pushes[0]! };
}

const deliver = (body: string, signature: string | undefined) =>
  setup.t.app.inject({
    method: 'POST',
    url: ebayPaths.notifications,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-ebay-signature': signature } : {}) },
  });

describe('the notification endpoint', () => {
  it('answers eBay’s challenge with sha256(code + verification token + endpoint)', async () => {
    const res = await setup.t.app.inject({ method: 'GET', url: `${ebayPaths.notifications}?challenge_code=abc123` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ challengeResponse: challengeResponse('abc123', VERIFICATION_TOKEN, ENDPOINT) });
  });

  it('records a pushed sale, marks the eBay listing sold and queues the ends elsewhere, which run first', async () => {
    const seller = await sellerWithItemOnTwoChannels();
    const { user, itemId } = seller;
    const { order, push } = await sellAndCollectPushes(seller);
    expect(JSON.parse(push.body)).toMatchObject({
      metadata: { topic: 'ORDER_CONFIRMATION' },
      notification: { data: { orderId: order.orderId } },
    });

    const answer = await deliver(push.body, push.signature);
    expect(answer.statusCode, answer.body).toBe(204);
    const [sale, ...more] = await salesOf(user.id);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ itemId, channel: 'ebay', externalOrderId: order.orderId, cancelledAt: null });
    expect(await listingOf(itemId, 'ebay')).toMatchObject({ status: 'sold' });
    expect(await endJobsOf(itemId)).toHaveLength(1);

    await drain(setup.pool);
    expect(await endJobsOf(itemId)).toEqual([]);
    // The assisted channel's listing became a delist task at once.
    expect((await listingOf(itemId, 'depop'))?.delistTaskAt).not.toBeNull();
  });

  it('changes nothing for a bad signature, a replayed message, or an order of a listing not made by the seller', async () => {
    const seller = await sellerWithItemOnTwoChannels();
    const { user, itemId } = seller;
    // Another seller of the app on the same eBay account: the push names that account, the listing is the first's.
    const sharer = await setup.connectedSeller(user.ebayUserId);
    const { push } = await sellAndCollectPushes(seller);

    const forged = await deliver(
      push.body,
      Buffer.from(JSON.stringify({ alg: 'ECDSA', kid: 'nope', signature: 'AAAA' })).toString('base64'),
    );
    expect(forged.statusCode).toBe(412);
    expect(await deliver(push.body, undefined)).toMatchObject({ statusCode: 412 });
    const tampered = push.body.replace(/"orderId":"[^"]+"/, '"orderId":"99-99999-99999"');
    expect((await deliver(tampered, push.signature)).statusCode).toBe(412);
    expect(await salesOf(user.id)).toEqual([]);
    expect(await listingOf(itemId, 'ebay')).toMatchObject({ status: 'live' });

    expect((await deliver(push.body, push.signature)).statusCode).toBe(204);
    const recorded = await salesOf(user.id);
    expect(recorded).toHaveLength(1);
    // The sharer's connection made no listing of this order: nothing is theirs.
    expect(await salesOf(sharer.id)).toEqual([]);

    await drain(setup.pool);
    const replay = await deliver(push.body, push.signature);
    expect(replay.statusCode).toBe(204);
    expect(await salesOf(user.id)).toEqual(recorded);
    expect(await endJobsOf(itemId)).toEqual([]);
  });

  it(
    'counts one sale whether the push or the pull comes first',
    async () => {
      const first = await sellerWithItemOnTwoChannels();
      const pushed = await sellAndCollectPushes(first);
      expect((await deliver(pushed.push.body, pushed.push.signature)).statusCode).toBe(204);
      expect(await setup.services.sales.pullSalesOf(first.user.id, 'ebay')).toMatchObject({ newSales: 0 });
      expect(await salesOf(first.user.id)).toHaveLength(1);

      const second = await sellerWithItemOnTwoChannels();
      const pulledFirst = await sellAndCollectPushes(second);
      expect(await setup.services.sales.pullSalesOf(second.user.id, 'ebay')).toMatchObject({ newSales: 1, sold: [second.itemId] });
      expect((await deliver(pulledFirst.push.body, pulledFirst.push.signature)).statusCode).toBe(204);
      expect(await salesOf(second.user.id)).toHaveLength(1);
      // The pull already ended the others: the push queues nothing more.
      expect(await endJobsOf(second.itemId)).toEqual([]);
      await drain(setup.pool);
      // Two sellers listed on two channels, sold and drained: about 5 s alone, over 30 s on a loaded machine.
    },
    paced(90_000),
  );
});

describe('ends first', () => {
  it('claims a sold item’s ends before an older queued publish', async () => {
    const { user, itemId } = await sellerWithItemOnTwoChannels();
    const older = await setup.publishedItem(user);
    await db().delete(jobs);
    await enqueue(db(), 'publish-listing', {
      userId: user.id,
      subject: listingSubject(older.itemId, 'etsy'),
      runAfterMs: Date.now() - 120_000,
    });
    await enqueue(db(), 'end-sold-elsewhere', { userId: user.id, subject: itemSubject(itemId), runAfterMs: Date.now() - 60_000 });
    const claimed = await claimNextJob(db(), { kinds: jobKinds, nowMs: Date.now(), leaseMs: 60_000, owner: 'test' });
    expect(claimed).toMatchObject({ kind: 'end-sold-elsewhere', itemId });
    await db().delete(jobs);
  });
});

describe('subscription set-up', () => {
  const subscriptionsWith = (overrides: { verificationToken?: string; withoutConfig?: boolean; clock?: { now(): number } } = {}) => {
    const client = clientForFake(setup.fake);
    // The app as it once was: no updateConfig before the destination.
    if (overrides.withoutConfig) client.notification.updateConfig = async () => undefined;
    return createNotificationSubscriptions({
      db: db(),
      client,
      account: setup.services.channels.ebay.account,
      verificationToken: overrides.verificationToken ?? VERIFICATION_TOKEN,
      alertEmail: ALERT_EMAIL,
      endpoint: ENDPOINT,
      log: silentLog,
      clock: overrides.clock,
    });
  };
  const arrivalOnScreen = async (cookie: string) => {
    const res = await setup.t.app.inject({ method: 'GET', url: channelsPaths.all, headers: { cookie } });
    return (res.json() as ChannelConnectionsResponse).channels.find((c) => c.channel === 'ebay')?.salesArrive;
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: EbayApiError) => ({ status: err.httpStatus, errorId: err.errorId }),
    );

  it('sets the notification config first: without it eBay refuses the destination and the subscription (409 195003)', async () => {
    const user = await setup.connectedSeller();
    const state = setup.fake.state.notifications;
    // Connecting set the config (the alert e-mail), answered the challenge and subscribed the seller.
    await expect.poll(() => [...state.subscriptions.values()].filter((s) => s.userId === user.ebayUserId).length).toBe(1);
    expect(state.config).toEqual({ alertEmail: ALERT_EMAIL });
    expect(state.challenges).toEqual([{ endpoint: ENDPOINT, passed: true }]);
    expect(await subscriptionsWith().salesPushOf(user.id)).toEqual({ on: false, reason: 'eBay push is being set up.' });
    // The Marketplaces screen's answer: pushed (once the app's own set-up has returned).
    await expect.poll(() => arrivalOnScreen(user.cookie)).toEqual({ by: 'push' });

    // Without updateConfig: the fake refuses the destination...
    setup.fake.state.notifications.reset(); // eBay's Notification side only: the seller's tokens stay
    const withoutConfig = subscriptionsWith({ withoutConfig: true });
    expect(await refusal(withoutConfig.ensureSubscription(user.id))).toEqual({ status: 409, errorId: 195003 });
    expect(state.destinations.size).toBe(0);
    // ...and the seller is told why push is off; the adaptive pull checks them.
    expect(await withoutConfig.salesPushOf(user.id)).toEqual({
      on: false,
      reason: 'eBay refused push (error 195003): the app’s notification settings were missing.',
    });
    expect(await withoutConfig.pushedSellers([user.id])).toEqual(new Set());
    // ...and the subscription too, once a destination exists but the config is gone.
    const app = subscriptionsWith();
    expect(await app.ensureSubscription(user.id)).toBe('created');
    state.config = null;
    state.subscriptions.clear();
    expect(await refusal(withoutConfig.ensureSubscription(user.id))).toEqual({ status: 409, errorId: 195003 });
    // The app's own set-up puts the config back and subscribes.
    expect(await app.ensureSubscription(user.id)).toBe('created');
    expect(await app.salesPushOf(user.id)).toEqual({ on: true });
    expect(await app.pushedSellers([user.id])).toEqual(new Set([user.id]));
  });

  it('a challenge answered wrong is refused (409 195020), the reason in words', async () => {
    const user = await setup.connectedSeller();
    setup.fake.state.notifications.reset(); // eBay's Notification side only: the seller's tokens stay
    const wrongToken = subscriptionsWith({ verificationToken: 'another_token-0123456789-abcdefghijklm' });
    expect(await refusal(wrongToken.ensureSubscription(user.id))).toEqual({ status: 409, errorId: 195020 });
    expect(setup.fake.state.notifications.challenges).toEqual([{ endpoint: ENDPOINT, passed: false }]);
    expect(await wrongToken.salesPushOf(user.id)).toEqual({
      on: false,
      reason: 'eBay refused push (error 195020): eBay could not verify the app’s address (its challenge was not answered).',
    });
  });

  it(
    'checks a refused seller again ten minutes after the refusal, everyone else daily',
    async () => {
      const user = await setup.connectedSeller();
      setup.fake.state.notifications.reset(); // eBay's Notification side only: the seller's tokens stay
      const clock = { t: Date.now(), now: () => clock.t };
      const subscriptions = subscriptionsWith({ withoutConfig: true, clock });
      await subscriptions.sweepTask.run({ log: silentLog } as never); // the first sweep after a start: refused
      expect((await subscriptions.salesPushOf(user.id)).on).toBe(false);
      // eBay's config is set meanwhile (by the app's own set-up at another connect): the refused seller is due again.
      setup.fake.state.notifications.config = { alertEmail: ALERT_EMAIL };
      clock.t += 5 * 60_000;
      await subscriptions.sweepTask.run({ log: silentLog } as never);
      expect((await subscriptions.salesPushOf(user.id)).on).toBe(false);
      clock.t += 6 * 60_000;
      await subscriptions.sweepTask.run({ log: silentLog } as never);
      expect(await subscriptions.salesPushOf(user.id)).toEqual({ on: true });
    },
    paced(60_000),
  );

  it('is idempotent: the destination and the subscription once, a disabled subscription enabled again', async () => {
    const user = await setup.connectedSeller();
    const subscriptions = createNotificationSubscriptions({
      db: db(),
      client: clientForFake(setup.fake),
      account: setup.services.channels.ebay.account,
      verificationToken: VERIFICATION_TOKEN,
      alertEmail: ALERT_EMAIL,
      endpoint: ENDPOINT,
      log: silentLog,
    });
    const state = setup.fake.state.notifications;
    // Connecting already subscribed the seller (the app's own set-up): this one finds both as they are.
    await expect.poll(() => [...state.subscriptions.values()].filter((s) => s.userId === user.ebayUserId).length).toBe(1);
    expect(await subscriptions.ensureSubscription(user.id)).toBe('unchanged');
    expect(await subscriptions.ensureSubscription(user.id)).toBe('unchanged');
    expect([...state.destinations.values()]).toMatchObject([
      { endpoint: ENDPOINT, status: 'ENABLED', verificationToken: VERIFICATION_TOKEN },
    ]);
    const mine = [...state.subscriptions.values()].filter((s) => s.userId === user.ebayUserId);
    expect(mine).toMatchObject([{ topicId: 'ORDER_CONFIRMATION', status: 'ENABLED' }]);

    mine[0]!.status = 'DISABLED';
    expect(await subscriptions.ensureSubscription(user.id)).toBe('enabled');
    state.subscriptions.clear();
    expect(await subscriptions.subscribeConnectedSellers()).toBeGreaterThanOrEqual(1);
    expect([...state.subscriptions.values()].filter((s) => s.userId === user.ebayUserId)).toMatchObject([{ status: 'ENABLED' }]);
  });

  it('subscribes nothing without a public HTTPS address or a verification token', async () => {
    const user = await setup.connectedSeller();
    const calls = () => setup.fake.state.calls.filter((c) => c.path.includes('/commerce/notification/')).length;
    const before = calls();
    for (const [endpoint, verificationToken] of [
      ['http://192.168.1.23:3000/api/channels/ebay/notifications', VERIFICATION_TOKEN],
      [ENDPOINT, null],
    ] as const) {
      const subscriptions = createNotificationSubscriptions({
        db: db(),
        client: clientForFake(setup.fake),
        account: setup.services.channels.ebay.account,
        verificationToken,
        alertEmail: ALERT_EMAIL,
        endpoint,
        log: silentLog,
      });
      expect(subscriptions.active).toBe(false);
      expect(await subscriptions.ensureSubscription(user.id)).toBe('skipped');
      expect(await subscriptions.subscribeConnectedSellers()).toBe(0);
    }
    expect(calls()).toBe(before);
  });
});

describe('made-up signatures', () => {
  const signedWith = (kid: string) => Buffer.from(JSON.stringify({ alg: 'ECDSA', kid, signature: 'AAAA' })).toString('base64');
  const keyLookups = () => setup.fake.state.calls.filter((call) => call.operationId === 'getPublicKey').length;

  it('cost eBay one look-up per unknown key id, one for many at once, and at most ten new ones a minute; eBay’s own still verify', async () => {
    const seller = await sellerWithItemOnTwoChannels();
    const { push } = await sellAndCollectPushes(seller);
    expect((await deliver(push.body, push.signature)).statusCode).toBe(204);
    const before = keyLookups();

    // One made-up key id, again and again, and twenty times at once: one look-up, remembered as unknown.
    for (let i = 0; i < 20; i++) expect((await deliver(push.body, signedWith('made-up-key'))).statusCode).toBe(412);
    const together = await Promise.all(Array.from({ length: 20 }, () => deliver(push.body, signedWith('made-up-at-once'))));
    expect(together.map((answer) => answer.statusCode)).toEqual(Array<number>(20).fill(412));
    expect(keyLookups() - before).toBe(2);

    // A new key id in each of 200 messages: no more than ten look-ups in the minute; a key id no key has, none.
    for (let i = 0; i < 200; i++) expect((await deliver(push.body, signedWith(`made-up-${i}`))).statusCode).toBe(412);
    expect((await deliver(push.body, signedWith('../../oauth2/token'))).statusCode).toBe(412);
    // (This file's other messages this minute took some of the ten.)
    expect(keyLookups() - before).toBeGreaterThan(2);
    expect(keyLookups() - before).toBeLessThanOrEqual(10);
    const spent = keyLookups();

    // eBay's own key is still known: its messages verify (a replay here: nothing new is recorded).
    expect((await deliver(push.body, push.signature)).statusCode).toBe(204);
    expect(keyLookups()).toBe(spent);
  });
});
