import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPaths, type PushMessage } from '@shared/contracts/push';
import { offersWaitingMessages, type PlanAction } from '@shared/contracts/selling-plan';
import { startFakePushService, type FakePushService } from '../../../fakes/push/push-service';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { composeServices } from '../compose';
import { ebayListingRow } from '../test/ebay-listings';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { silentLog } from '../test/listings';
import type { TestUser } from '../test/test-app';

/**
 * Decision 112: offers that wait for the seller's approval (eBay's offer rule with "ask me first", decision 108) are
 * told once: a Web Push to the seller's phones through the fake push service, else an e-mail in the outbox, naming how
 * many wait and the one with the most profit, with a link to the plan. Never twice for the same offers (recomputed,
 * or worked out by a second server at once); again when another offer starts waiting; never for another seller's
 * plan, nor for offers the rule sends by itself.
 */
const setup = useFakeEbaySales('offernotice', { PUSH_TEST_LOOPBACK: '1' });
const db = () => setup.t.deps.database.db;
let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(async () => {
  await push?.close();
});

const api = (user: TestUser, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  setup.t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/** A seller's item live on the fake eBay at $30.00 with this cost, watched by these buyers. */
async function watchedItem(user: TestUser, costMinor: number, buyers: string[]) {
  const { itemId } = await setup.publishedItem(user);
  expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: usd(costMinor) })).statusCode).toBe(200);
  const listingId = (await ebayListingRow(db(), itemId))!.listingId!;
  if (buyers.length) setup.fake.state.negotiation.watch(listingId, buyers);
  return { itemId, listingId };
}

const askFirst = (user: TestUser, on = true) =>
  api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0, askFirst: on }).then((answer) =>
    expect(answer.statusCode, answer.body).toBe(200),
  );

/** The plan as the seller's screen reads it (each read works it out again). */
const offersInPlan = async (user: TestUser) =>
  ((await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[]).filter((a) => a.kind === 'offer');

function mailsTo(to: string): { subject: string; text: string; links: string[] }[] {
  const config = setup.t.deps.config.mail;
  if (config.kind !== 'outbox' || !existsSync(config.dir)) return [];
  return readdirSync(config.dir)
    .sort()
    .map(
      (file) =>
        JSON.parse(readFileSync(path.join(config.dir, file), 'utf8')) as { to: string; subject: string; text: string; links: string[] },
    )
    .filter((mail) => mail.to === to);
}

async function subscribedPhone(user: TestUser) {
  const phone = push.subscribe();
  expect((await api(user, 'POST', pushPaths.subscriptions, phone)).statusCode).toBe(201);
  return phone;
}
const pushesTo = (endpoint: string) => push.for(endpoint).map((delivered) => JSON.parse(delivered.text) as PushMessage);

describe('offers waiting for approval, told once (decision 112)', () => {
  it('three new waiting offers: one e-mail (no phone) naming three and the best one, linking to the plan; a recompute sends none', async () => {
    const seller = await setup.connectedSeller();
    await watchedItem(seller, 800, ['ann_waits']);
    await watchedItem(seller, 800, ['bob_waits']);
    const best = await watchedItem(seller, 500, ['cy_waits']);
    await askFirst(seller);

    const offers = await offersInPlan(seller);
    expect(offers).toHaveLength(3);
    expect(offers.every((offer) => offer.decision === 'pending' && !offer.automatic)).toBe(true);
    const mails = mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('3 offers wait for your approval');
    expect(mails[0]!.subject).toBe(offersWaitingMessages.title(3));
    // $27.00 − eBay's 13.25 % ($3.58) − $0.40 − $5.00 cost = $18.02: the best of the three, listed first.
    const bestSku = offers.find((offer) => offer.itemId === best.itemId)!.sku;
    expect(mails[0]!.text.split('\n')[2]).toBe(`- ${bestSku} Levi's 501 Men's Jeans 32x30 Blue: $27.00 on eBay, profit $18.02`);
    expect(mails[0]!.text).toContain('$27.00 on eBay, profit $15.02');
    expect(mails[0]!.links).toEqual([`${setup.t.deps.config.publicUrl}/selling-plan`]);

    // Worked out again, by the screen and by the hourly run: nothing more.
    await offersInPlan(seller);
    await setup.t.deps.services.sellingPlan.refresh(seller.id);
    expect(mailsTo(seller.email)).toHaveLength(1);
  });

  it('with a phone: pushed, not mailed; a new offer waiting pushes again, counting every one waiting; the same ones never', async () => {
    const seller = await setup.connectedSeller();
    const phone = await subscribedPhone(seller);
    await watchedItem(seller, 800, ['ann_waits']);
    const best = await watchedItem(seller, 300, ['bob_waits']);
    const later = await watchedItem(seller, 800, []);
    await askFirst(seller);

    const offers = await offersInPlan(seller);
    expect(offers).toHaveLength(2);
    const bestSku = offers.find((offer) => offer.itemId === best.itemId)!.sku;
    // $27.00 − $3.58 − $0.40 − $3.00 = $20.02.
    expect(pushesTo(phone.endpoint)).toEqual([
      {
        title: '2 offers wait for your approval',
        body: `Best: $27.00 for ${bestSku} on eBay, profit $20.02. Not sent until you approve it.`,
        url: '/selling-plan',
        taskUrl: '/selling-plan',
        tag: 'offers-waiting',
      },
    ]);
    expect(push.refused).toEqual([]);
    // Worked out again by the screen, the hourly run and a second server on the same database, all at once: no push.
    const secondServer = composeServices(
      { ...setup.t.deps, log: silentLog },
      {
        ebay: ebaySetupFrom(setup.t.deps.config),
        mailer: setup.t.deps.mailer,
        publicUrl: setup.t.deps.config.publicUrl,
        push: setup.t.deps.config.push,
      },
    );
    await Promise.all([
      offersInPlan(seller),
      setup.t.deps.services.sellingPlan.refresh(seller.id),
      secondServer.sellingPlan.refresh(seller.id),
    ]);
    expect(pushesTo(phone.endpoint)).toHaveLength(1);

    // A buyer starts watching the third item: its offer waits too, and the seller hears of it once.
    setup.fake.state.negotiation.watch(later.listingId, ['cy_waits']);
    expect(await offersInPlan(seller)).toHaveLength(3);
    await setup.t.deps.services.sellingPlan.refresh(seller.id);
    expect(pushesTo(phone.endpoint).map((message) => message.title)).toEqual([
      '2 offers wait for your approval',
      '3 offers wait for your approval',
    ]);
    expect(mailsTo(seller.email)).toEqual([]);
  });

  it('another seller’s plan tells neither seller anything', async () => {
    const seller = await setup.connectedSeller();
    await watchedItem(seller, 800, ['ann_waits']);
    await askFirst(seller);
    expect(await offersInPlan(seller)).toHaveLength(1);
    expect(mailsTo(seller.email)).toHaveLength(1);

    const other = await setup.connectedSeller();
    await askFirst(other);
    await watchedItem(other, 800, []);
    expect(await offersInPlan(other)).toEqual([]);
    await setup.t.deps.services.sellingPlan.refresh(other.id);
    expect(mailsTo(other.email)).toEqual([]);
    expect(mailsTo(seller.email)).toHaveLength(1);
  });

  it('ask me first off: the rule sends its offers by itself, and nothing is told; switched on, the offer waiting is', async () => {
    const seller = await setup.connectedSeller();
    const phone = await subscribedPhone(seller);
    await watchedItem(seller, 800, ['ann_waits']);
    await askFirst(seller, false);
    const [offer] = await offersInPlan(seller);
    expect(offer).toMatchObject({ automatic: true, decision: 'pending' });
    await setup.t.deps.services.sellingPlan.refresh(seller.id);
    expect(push.for(phone.endpoint)).toEqual([]);
    expect(mailsTo(seller.email)).toEqual([]);

    await askFirst(seller);
    expect(await offersInPlan(seller)).toEqual([expect.objectContaining({ id: offer!.id, automatic: false })]);
    expect(pushesTo(phone.endpoint).map((message) => message.title)).toEqual(['1 offer waits for your approval']);
  });
});
