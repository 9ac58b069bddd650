import { paced } from '@shared/testing/pace';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depopPaths } from '@shared/contracts/depop';
import { sellingPlanPaths, type PlanAction } from '@shared/contracts/selling-plan';
import { startFakeDepop } from '../../../fakes/depop/depop-server';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { connectedSeller, crosslistedItems, fakesEnv, startApp, type ListedItem, type Seller } from '../test/crosslisted-items';
import { buildServerBundle, startServerProcess, type ServerProcess } from '../test/server-process';
import { waitUntil } from '../test/server-session';
import { createEmptyPostgresDatabase } from '../test/test-database';

/**
 * The proof for the fan-outs: the real server (the production bundle, WORKERS=2) is killed with SIGKILL while it sends
 * an approved plan (an offer to 50 buyers who liked a Depop product, offers to the watchers of eBay listings, price
 * drops on eBay and Depop) and while it ends the other listings of items sold on eBay, then started again on the same
 * database. After the restart every buyer has exactly one offer, every listing its one drop, every sold item's Depop
 * listing ended, and the plan says applied only once all of that is so. The sellers, items and likes are made first by
 * the app in this process on the same data folder.
 */
// CI runs one trial (the file stays near two minutes); `KILL_TRIALS=3` gives the figures of decision 158.
const TRIALS = Number(process.env.KILL_TRIALS ?? 1);
const LIKERS = 50;
const WATCHED = 3;
const DROPPED = 2;
const SOLD = 3;
const EBAY_LATENCY_MS = 150;
const DEPOP_LATENCY_MS = 60;
const SETTLE_MS = 90_000;
const PUBLIC_URL = 'https://resale.example';
const adminUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

interface Trial {
  liked: ListedItem;
  watched: ListedItem[];
  dropped: ListedItem[];
  sold: ListedItem[];
}

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
let ebay: FakeEbay;
let depop: Awaited<ReturnType<typeof startFakeDepop>>;
let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess | undefined;
let seller: Seller;
const trials: Trial[] = [];

beforeAll(async () => {
  [bundle, ebay, depop] = await Promise.all([
    buildServerBundle(),
    startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' }),
    startFakeDepop({ redirectUris: [`${PUBLIC_URL}/channels`], webhookSecret: 'kill_fan_out_depop_webhook_secret' }),
  ]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'rs-kill-fan-out-'));
  postgres = adminUrl ? await createEmptyPostgresDatabase(adminUrl, 'rs_kill_fan_out') : undefined;
  env = {
    ...fakesEnv({ ebay, depop }),
    DATA_DIR: dataDir,
    APP_SECRET: 'kill-during-fan-out-test-secret-0123456789',
    PUBLIC_URL,
    WORKERS: '2',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  // The app in this process makes the seller, the items live on eBay and Depop, and the likes; then it closes.
  const running = await startApp(env);
  try {
    depop.configure({ webhookUrl: `${running.url}${depopPaths.webhooks}` });
    seller = await connectedSeller(running, { ebay, depop });
    const listed = await crosslistedItems(running, seller, TRIALS * (1 + WATCHED + DROPPED + SOLD), ['ebay', 'depop']);
    for (let trial = 0; trial < TRIALS; trial++) {
      const take = (n: number) => listed.splice(0, n);
      trials.push({ liked: take(1)[0]!, watched: take(WATCHED), dropped: take(DROPPED), sold: take(SOLD) });
    }
    const inject = async (method: 'PUT' | 'PATCH', url: string, payload: object) => {
      const answer = await running.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    };
    const floor = {
      currency: 'USD',
      shippingCost: { amountMinor: 350, currency: 'USD' },
      minimumMargin: { kind: 'amount', amount: usd(0) },
    };
    await inject('PUT', '/api/profit-floor/settings', floor);
    for (const trial of trials)
      for (const item of [trial.liked, ...trial.watched, ...trial.dropped])
        await inject('PATCH', `/api/items/${item.itemId}`, { cost: usd(800) });
    await inject('PUT', depopPaths.offerRule, { enabled: true, percentOff: 10, askFirst: true });
    await inject('PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0, askFirst: true });
    for (const trial of trials) {
      for (let liker = 1; liker <= LIKERS; liker++) depop.like(seller.depopSellerId!, trial.liked.sku, 700_000 + liker);
      for (const item of trial.watched) ebay.state.negotiation.watch(ebayListingOf(item).listingId, [`watcher-${item.sku}`]);
    }
    await depop.webhooksSettled();
    // Every like recorded by the app: a buyer it never heard of is no buyer of the fan-out.
    for (const trial of trials) {
      const likes = await running.app.inject({
        method: 'GET',
        url: depopPaths.itemLikes.replace(':id', trial.liked.itemId),
        headers: { cookie: seller.cookie },
      });
      expect(likes.json()).toMatchObject({ likes: LIKERS, offered: 0 });
    }
    // The cost's revises and the likes recorded before the app closes.
    await waitUntil(
      () => running.app.inject({ method: 'GET', url: '/api/selling-plan', headers: { cookie: seller.cookie } }),
      (answer) =>
        trials.every((trial) =>
          (answer.json() as { actions: PlanAction[] }).actions.some((a) => a.kind === 'offer' && a.itemId === trial.liked.itemId),
        ),
      SETTLE_MS,
      'the likes in the plan',
    );
  } finally {
    await running.close();
  }
  server = await startServer();
}, paced(600_000));

afterAll(async () => {
  await server?.stop();
  await Promise.all([ebay?.close(), depop?.close()]);
  await postgres?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  bundle?.remove();
});

function usd(amountMinor: number) {
  return { amountMinor, currency: 'USD' };
}

const ebayListingOf = (item: ListedItem) =>
  [...ebay.state.listings.values()].find((listing) => listing.sku === item.sku && listing.status === 'ACTIVE')!;
const depopProductOf = (item: ListedItem) =>
  depop.snapshot().products.find((product) => product.sellerId === seller.depopSellerId && product.sku === item.sku)!;
const ebayPriceOf = (item: ListedItem) =>
  (
    [...ebay.state.offers.values()].find((offer) => offer.sku === item.sku)?.details as
      { pricingSummary?: { price?: { value?: string } } } | undefined
  )?.pricingSummary?.price?.value;

/** The server process on the data folder, Depop's webhooks sent to it (Depop's webhook URL is the app's). */
async function startServer(): Promise<ServerProcess> {
  const started = await startServerProcess(bundle.main, env);
  depop.configure({ webhookUrl: `${started.url}${depopPaths.webhooks}` });
  return started;
}

async function call(method: string, url: string, body?: unknown): Promise<unknown> {
  const answer = await fetch(`${server!.url}${url}`, {
    method,
    headers: { cookie: seller.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${text}\n${server!.output()}`);
  return text ? JSON.parse(text) : undefined;
}

const planActions = async () => ((await call('GET', sellingPlanPaths.plan)) as { actions: PlanAction[] }).actions;

/** SIGKILL at a random moment within `windowMs`, the fakes fast again, the same server started again. */
async function killSomewhereIn(windowMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * windowMs));
  await server!.kill();
  ebay.setLatency(0);
  depop.setLatency(0);
  server = await startServer();
}

const tally = {
  liked: { buyers: 0, lost: 0, twice: 0, unconfirmed: 0 },
  watched: { buyers: 0, lost: 0, twice: 0 },
  drops: { listings: 0, lost: 0, twice: 0 },
};
const ends = { listings: 0, lost: 0, endCalls: 0 };

describe('SIGKILL during a fan-out', () => {
  it(
    `in an approved plan (offers to ${LIKERS} Depop likers and to eBay watchers, drops on both): none twice, none lost but a buyer the plan names as not confirmed, over ${TRIALS} trials`,
    { timeout: paced(TRIALS * 120_000) },
    async () => {
      for (const [index, trial] of trials.entries()) {
        const dropIds = new Set(trial.dropped.map((item) => item.itemId));
        const rules = trial.dropped.map((item) => ({
          scope: `item:${item.itemId}`,
          enabled: true,
          dropSteps: [{ afterDays: 0, basisPoints: 1000 }],
          relistAfterDays: null,
          automatic: false,
        }));
        await call('PUT', sellingPlanPaths.rules, { rules });
        const offerIds = new Set([trial.liked.itemId, ...trial.watched.map((item) => item.itemId)]);
        const mine = (await planActions()).filter(
          (a) => a.state === 'planned' && ((a.kind === 'offer' && offerIds.has(a.itemId)) || (a.kind === 'drop' && dropIds.has(a.itemId))),
        );
        expect(mine.filter((a) => a.kind === 'offer')).toHaveLength(1 + WATCHED);
        expect(mine.filter((a) => a.kind === 'drop')).toHaveLength(2 * DROPPED);
        const pricesBefore = new Map(
          trial.dropped.map((item) => [item.sku, { ebay: ebayPriceOf(item), depop: depopProductOf(item).price }]),
        );

        ebay.setLatency(EBAY_LATENCY_MS);
        depop.setLatency(DEPOP_LATENCY_MS);
        await call('POST', sellingPlanPaths.decisions, { approve: mine.map((a) => a.id) });
        // Once the offers to likers are under way, the kill falls at a random moment of the next 40 (some 70 ms each
        // at Depop's latency): mid-send, anywhere in a send's round trip, as a real kill does.
        await waitUntil(
          async () => depopProductOf(trial.liked).activeOffers.length,
          (offered) => offered >= 3,
          SETTLE_MS,
          'the offers to likers under way',
        );
        await killSomewhereIn(40 * (DEPOP_LATENCY_MS + 10));
        const offeredAtKill = depopProductOf(trial.liked).activeOffers.length;

        const ids = new Set(mine.map((a) => a.id));
        const settled = await waitUntil(
          planActions,
          (all) => all.filter((a) => ids.has(a.id)).every((a) => a.state === 'applied' || a.state === 'failed'),
          SETTLE_MS,
          'the plan settled after the restart',
        );
        // Every action applied; the only words are the Depop offer's, naming a buyer whose send the kill cut (if any).
        const after = settled.filter((a) => ids.has(a.id));
        expect(after.map((a) => [a.kind, a.itemId, a.state])).toEqual(mine.map((a) => [a.kind, a.itemId, 'applied']));
        const likersOffer = after.find((a) => a.kind === 'offer' && a.itemId === trial.liked.itemId)!;
        expect(after.filter((a) => a !== likersOffer).map((a) => a.message)).toEqual(after.slice(1).map(() => null));
        expect([null, `1 of ${LIKERS} buyers not confirmed: the app stopped while sending theirs`]).toContain(likersOffer.message);
        tally.liked.unconfirmed += likersOffer.message ? 1 : 0;
        const likers = depopProductOf(trial.liked).likers;
        const offered = depopProductOf(trial.liked).activeOffers.map((offer) => offer.recipientId);
        expect(likers).toHaveLength(LIKERS);
        tally.liked.buyers += LIKERS;
        tally.liked.lost += likers.filter((liker) => !offered.includes(liker)).length;
        tally.liked.twice += offered.length - new Set(offered).size;
        for (const item of trial.watched) {
          const sent = ebay.state.negotiation.offers.filter((offer) => offer.listingId === ebayListingOf(item).listingId);
          tally.watched.buyers += 1;
          if (!sent.length) tally.watched.lost += 1;
          tally.watched.twice += Math.max(0, sent.length - 1);
        }
        // Each drop is 10 %: $30.00 to $27.00, once (a second would leave $24.30).
        const cents = (value: string | undefined) => Math.round(Number(value) * 100);
        await waitUntil(
          async () => trial.dropped.flatMap((item) => [cents(ebayPriceOf(item)), depopProductOf(item).price.amountMinor]),
          (prices) => prices.every((price) => price !== 3000),
          SETTLE_MS,
          'the drops reached the marketplaces',
        );
        for (const item of trial.dropped) {
          const before = pricesBefore.get(item.sku)!;
          expect(before.ebay).toBe('30.00');
          expect(before.depop.amountMinor).toBe(3000);
          for (const now of [cents(ebayPriceOf(item)), depopProductOf(item).price.amountMinor]) {
            tally.drops.listings += 1;
            if (now === 3000) tally.drops.lost += 1;
            else if (now < 2700) tally.drops.twice += 1;
          }
        }
        console.log(`trial ${index + 1}: ${offeredAtKill} of ${LIKERS} likers offered at the kill`);
      }
      expect(ebay.contractViolations).toEqual([]);
      expect(depop.contractViolations).toEqual([]);
      console.log(
        `kill -9 during approved plans, ${TRIALS} trials (${postgres ? 'PostgreSQL' : 'PGlite'}): Depop likers ${tally.liked.buyers}, ` +
          `lost ${tally.liked.lost}, twice ${tally.liked.twice}, not confirmed ${tally.liked.unconfirmed}; eBay watched listings ${tally.watched.buyers}, lost ${tally.watched.lost}, ` +
          `twice ${tally.watched.twice}; drops ${tally.drops.listings}, lost ${tally.drops.lost}, twice ${tally.drops.twice}`,
      );
      // Depop cannot be asked whether an offer went, nor sent one twice as once: a kill between a buyer's send recorded
      // under way and the request leaving loses that buyer's offer, and the plan names it (decision 158). None twice.
      expect(tally.liked.lost).toBeLessThanOrEqual(tally.liked.unconfirmed);
      expect(tally).toEqual({
        liked: { buyers: TRIALS * LIKERS, lost: tally.liked.lost, twice: 0, unconfirmed: tally.liked.unconfirmed },
        watched: { buyers: TRIALS * WATCHED, lost: 0, twice: 0 },
        drops: { listings: TRIALS * DROPPED * 2, lost: 0, twice: 0 },
      });
    },
  );

  it(
    `in the ends after sales on eBay: every Depop listing of a sold item ended, over ${TRIALS} trials`,
    { timeout: paced(TRIALS * 90_000) },
    async () => {
      for (const trial of trials) {
        for (const item of trial.sold) ebay.state.sell(item.sku, { sellerUserId: seller.ebayUserId });
        const endCallsBefore = depopEndCalls();
        depop.setLatency(400);
        const check = call('POST', '/api/channels/ebay/sales/check').catch(() => 'cut');
        await killSomewhereIn(150 + 1200);
        await check;
        // The next check (the seller's, or the schedule's) carries the ends on.
        await call('POST', '/api/channels/ebay/sales/check');
        const settled = await waitUntil(
          async () => trial.sold.map((item) => depopProductOf(item).status),
          (statuses) => statuses.every((status) => status !== 'STATUS_ONSALE'),
          SETTLE_MS,
          'the sold items ended on Depop',
        );
        ends.listings += trial.sold.length;
        ends.lost += settled.filter((status) => status === 'STATUS_ONSALE').length;
        ends.endCalls += depopEndCalls() - endCallsBefore;
      }
      console.log(
        `kill -9 during ends after sales, ${TRIALS} trials (${postgres ? 'PostgreSQL' : 'PGlite'}): ${ends.listings} Depop listings to end, ` +
          `lost ${ends.lost}, ${ends.endCalls} end calls to Depop (its end is idempotent)`,
      );
      expect(ends.lost).toBe(0);
      expect(depop.contractViolations).toEqual([]);
    },
  );
});

/** Depop's calls that end a product (mark as sold, delete), by any of their paths. */
function depopEndCalls(): number {
  return Object.entries(depop.calls)
    .filter(([operation]) => /markProductAsSold|markAsSold|deleteProduct/i.test(operation))
    .reduce((sum, [, count]) => sum + count, 0);
}
