import { paced } from '@shared/testing/pace';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushPaths, pushWords, type PushMessage } from '@shared/contracts/push';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../../fakes/push/push-service';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { composeServices, type Services } from '../compose';
import { pushSubscriptions } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { drain, silentLog } from '../test/listings';
import type { TestUser } from '../test/test-app';

/**
 * Decision 084: a sale on eBay leaves a delist task on Depop, and the seller's phones get it by Web Push
 * through the fake push service (RFC 8030/8291/8292: it checks the VAPID signature and decrypts the message with the
 * keys its "browser" made), or by e-mail when there is no phone or every push fails.
 */
const setup = useFakeEbaySales('webpush', { PUSH_TEST_LOOPBACK: '1' });
let push: FakePushService;
let services: Services;
let pool: WorkerPool;

beforeAll(async () => {
  push = await startFakePushService();
  services = composeServices(
    { ...setup.t.deps, log: silentLog },
    { ebay: ebaySetupFrom(setup.t.deps.config), mailer: setup.t.deps.mailer, push: setup.t.deps.config.push },
  );
  pool = createWorkerPool({ db: setup.t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1 });
});
afterAll(async () => {
  await push?.close();
});

const inject = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  setup.t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

function mailsTo(to: string): { subject: string; text: string }[] {
  const config = setup.t.deps.config.mail;
  if (config.kind !== 'outbox' || !existsSync(config.dir)) return [];
  return readdirSync(config.dir)
    .map((file) => JSON.parse(readFileSync(path.join(config.dir, file), 'utf8')) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

/** A seller with an item live on eBay and on Depop (the URL they recorded there). */
async function sellerLiveOnEbayAndDepop() {
  const seller = await setup.connectedSeller();
  const { itemId, ebaySku } = await setup.publishedItem(seller);
  const depopUrl = `https://www.depop.com/products/${itemId.slice(0, 8)}`;
  await services.assisted.listed(seller.id, itemId, 'depop', depopUrl);
  return { seller, itemId, ebaySku, depopUrl };
}

async function subscribeDevice(user: TestUser): Promise<FakeSubscription> {
  const sub = push.subscribe();
  const answer = await inject(user, 'POST', pushPaths.subscriptions, sub);
  expect(answer.statusCode, answer.body).toBe(201);
  return sub;
}

/** The buyer orders on eBay; the pull records it, then the queued jobs (the push first) run. */
async function sellOnEbay(seller: TestUser, ebaySku: string) {
  setup.fake.state.sell(ebaySku);
  await services.sales.pullSalesOf(seller.id, 'ebay');
  await drain(pool);
}

const devicesOf = async (user: TestUser) => (await inject(user, 'GET', pushPaths.subscriptions)).json().devices as number;

describe('a delist task pushed to the seller’s phone', () => {
  it('a sale on eBay: the push reaches the phone, decrypted, with the title, the item and the link to delist', async () => {
    const { seller, itemId, ebaySku, depopUrl } = await sellerLiveOnEbayAndDepop();
    const phone = await subscribeDevice(seller);
    const key = (await inject(seller, 'GET', pushPaths.key)).json() as { publicKey: string };
    expect(Object.keys(key)).toEqual(['publicKey']);

    await sellOnEbay(seller, ebaySku);
    const [delivered] = await push.waitFor(phone.endpoint, 1, paced(5_000));
    expect(push.refused).toEqual([]);
    const message = JSON.parse(delivered!.text) as PushMessage;
    expect(message).toEqual({
      title: 'Sold on eBay: delist on Depop',
      body: expect.stringContaining("Levi's 501 Men's Jeans 32x30 Blue"),
      url: depopUrl,
      taskUrl: `/?delist=${itemId}&channel=depop`,
      tag: `delist-${itemId}-depop`,
    });
    expect(message.title).toBe(pushWords.notificationTitle('eBay', 'Depop'));
    // Signed with the key the browser subscribed with (RFC 8292), for this push service's origin, at high urgency.
    expect(delivered).toMatchObject({ vapidKey: key.publicKey, urgency: 'high', claims: { aud: push.url } });
    expect(delivered!.ttl).toBeGreaterThan(0);
    // Pushed, not e-mailed; the task stays until ticked.
    expect(mailsTo(seller.email)).toEqual([]);
    const tasks = (await inject(seller, 'GET', '/api/channels/delist-tasks')).json().tasks;
    expect(tasks).toEqual([expect.objectContaining({ itemId, channel: 'depop' })]);
    // The pull again (or the pushed sale's job) pushes nothing twice.
    await services.sales.pullSalesOf(seller.id, 'ebay');
    await drain(pool);
    expect(push.for(phone.endpoint)).toHaveLength(1);
  });

  it('a 410 from the push service deletes that subscription; the other phone still gets the push, no e-mail', async () => {
    const { seller, ebaySku } = await sellerLiveOnEbayAndDepop();
    const gone = await subscribeDevice(seller);
    const kept = await subscribeDevice(seller);
    expect(await devicesOf(seller)).toBe(2);
    push.expire(gone.endpoint);

    await sellOnEbay(seller, ebaySku);
    await push.waitFor(kept.endpoint, 1, paced(5_000));
    expect(push.for(gone.endpoint)).toEqual([]);
    expect(push.refused).toContainEqual({ status: 410, reason: 'subscription expired' });
    expect(await devicesOf(seller)).toBe(1);
    expect(mailsTo(seller.email)).toEqual([]);
  });

  it('when every push fails (the only phone is gone), the e-mail goes instead', async () => {
    const { seller, ebaySku } = await sellerLiveOnEbayAndDepop();
    const gone = await subscribeDevice(seller);
    push.expire(gone.endpoint);
    await sellOnEbay(seller, ebaySku);
    expect(await devicesOf(seller)).toBe(0);
    expect(mailsTo(seller.email)).toEqual([expect.objectContaining({ subject: 'Sold: 1 listing to take down' })]);
    expect(mailsTo(seller.email)[0]!.text).toContain('Delist from Depop');
  });

  it('with no subscription the delist task is e-mailed (in the outbox)', async () => {
    const { seller, ebaySku, depopUrl } = await sellerLiveOnEbayAndDepop();
    await sellOnEbay(seller, ebaySku);
    const mails = mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(depopUrl);
  });

  it('two sellers are isolated: a sale pushes to its seller’s phone only, and one cannot remove another’s device', async () => {
    const a = await sellerLiveOnEbayAndDepop();
    const b = await sellerLiveOnEbayAndDepop();
    const phoneA = await subscribeDevice(a.seller);
    const phoneB = await subscribeDevice(b.seller);
    const removed = await inject(b.seller, 'DELETE', pushPaths.subscriptions, { endpoint: phoneA.endpoint });
    expect(removed.json()).toEqual({ devices: 1 });
    expect(await devicesOf(a.seller)).toBe(1);

    await sellOnEbay(a.seller, a.ebaySku);
    await push.waitFor(phoneA.endpoint, 1, paced(5_000));
    expect(push.for(phoneB.endpoint)).toEqual([]);
    expect((await inject(b.seller, 'GET', '/api/channels/delist-tasks')).json().tasks).toEqual([]);

    // Turned off on that device by its own seller: gone.
    expect((await inject(a.seller, 'DELETE', pushPaths.subscriptions, { endpoint: phoneA.endpoint })).json()).toEqual({ devices: 0 });
  });

  it('a broken device (keys that encrypt nothing) is removed alone: the good phone gets the push once, no e-mail', async () => {
    const { seller, ebaySku } = await sellerLiveOnEbayAndDepop();
    const good = await subscribeDevice(seller);
    // Kept before subscriptions were checked: a key of three bytes.
    const broken = push.subscribe();
    await setup.t.deps.database.db
      .insert(pushSubscriptions)
      .values({ userId: seller.id, endpoint: broken.endpoint, p256dh: 'AAAA', auth: broken.keys.auth });
    expect(await devicesOf(seller)).toBe(2);

    await sellOnEbay(seller, ebaySku);
    await push.waitFor(good.endpoint, 1, paced(5_000));
    // The job ran once: no retry sent the good phone the same push again.
    await drain(pool);
    expect(push.for(good.endpoint)).toHaveLength(1);
    expect(push.for(broken.endpoint)).toEqual([]);
    expect(await devicesOf(seller)).toBe(1);
    expect(mailsTo(seller.email)).toEqual([]);
  });

  it('a seller whose only device is broken gets the e-mail', async () => {
    const { seller, ebaySku } = await sellerLiveOnEbayAndDepop();
    const broken = push.subscribe();
    await setup.t.deps.database.db
      .insert(pushSubscriptions)
      .values({ userId: seller.id, endpoint: broken.endpoint, p256dh: 'AAAA', auth: broken.keys.auth });
    await sellOnEbay(seller, ebaySku);
    expect(await devicesOf(seller)).toBe(0);
    expect(mailsTo(seller.email)).toEqual([expect.objectContaining({ subject: 'Sold: 1 listing to take down' })]);
  });

  it('a server that is not a test server removes a kept loopback endpoint unreached, and the e-mail goes', async () => {
    // Kept from before subscriptions were checked (such as http://127.0.0.1:3322/x).
    const other = await sellerLiveOnEbayAndDepop();
    const loopback = push.subscribe();
    await setup.t.deps.database.db
      .insert(pushSubscriptions)
      .values({ userId: other.seller.id, endpoint: loopback.endpoint, ...loopback.keys });
    const production = composeServices(
      { ...setup.t.deps, log: silentLog },
      {
        ebay: ebaySetupFrom(setup.t.deps.config),
        mailer: setup.t.deps.mailer,
        push: { ...setup.t.deps.config.push, loopbackForTests: false },
      },
    );
    const productionPool = createWorkerPool({ db: setup.t.deps.database.db, registry: production.jobs, log: silentLog, concurrency: 1 });
    const refusedBefore = push.refused.length;
    setup.fake.state.sell(other.ebaySku);
    await production.sales.pullSalesOf(other.seller.id, 'ebay');
    await drain(productionPool);
    expect(push.for(loopback.endpoint)).toEqual([]);
    expect(push.refused).toHaveLength(refusedBefore);
    expect(await devicesOf(other.seller)).toBe(0);
    expect(mailsTo(other.seller.email)).toEqual([expect.objectContaining({ subject: 'Sold: 1 listing to take down' })]);
  });

  it('signed-out: 401; a subscription that is not a PushSubscription: 400', async () => {
    expect((await setup.t.app.inject({ method: 'GET', url: pushPaths.key })).statusCode).toBe(401);
    const seller = await setup.t.makeUser();
    const bad = await inject(seller, 'POST', pushPaths.subscriptions, {
      endpoint: 'javascript:alert(1)',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the fake push service refuses what a real one refuses: another key’s signature, no TTL, a body it cannot decrypt', async () => {
    const sub = push.subscribe();
    const theirs = webpush.generateVAPIDKeys();
    const ours = webpush.generateVAPIDKeys();
    const details = webpush.generateRequestDetails(sub, 'hello', {
      vapidDetails: { subject: 'mailto:a@example.com', ...ours },
      contentEncoding: 'aes128gcm',
    });
    const send = (headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = new Uint8Array(details.body!)) =>
      fetch(sub.endpoint, { method: 'POST', headers, body }).then((answer) => answer.status);
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    delete headers['Content-Length'];
    const forged = headers.Authorization!.replace(/k=.*$/, `k=${theirs.publicKey}`);
    expect(await send({ ...headers, Authorization: forged })).toBe(403);
    const { TTL: _ttl, ...noTtl } = headers;
    expect(await send(noTtl)).toBe(400);
    const tampered = new Uint8Array(details.body!);
    tampered[tampered.length - 1]! ^= 1;
    expect(await send(headers, tampered)).toBe(400);
    expect(await send(headers)).toBe(201);
    expect(push.for(sub.endpoint).map((delivered) => delivered.text)).toEqual(['hello']);
  });

  it('the VAPID keys are made once and kept: another server on the database signs with the same public key', async () => {
    const again = composeServices({ ...setup.t.deps, log: silentLog }, { push: { keys: null, subject: 'mailto:a@example.com' } });
    expect(await again.push.publicKey()).toBe(await services.push.publicKey());
  });
});
