import { paced } from '@shared/testing/pace';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@shared/contracts/items';
import { listingsPaths } from '@shared/contracts/listings';
import { ebayPublishPaths } from '@shared/contracts/ebay-publish';
import { ebayPaths } from '@shared/contracts/ebay';
import { channelsPaths } from '@shared/contracts/channels';
import { autopilotPaths, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { itemsPaths } from '@shared/contracts/items';
import { sellingPlanPaths, type PlanAction } from '@shared/contracts/selling-plan';
import { testControlPaths } from '@shared/contracts/test-controls';
import { answerFakeConsent } from '../../../fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import type { FakeAiServer } from '../../../fakes/fake-ai-support';
import { startFakeOpenAi } from '../../../fakes/openai-server';
import { createFileUrlSigner } from '../adapters/storage/file-url-signer';
import { createLocalStorage } from '../adapters/storage/local-storage';
import { openDatabase } from '../db/client';
import { items, jobs, sales } from '../db/schema';
import { createLeftoverSweep } from '../items/leftover-sweep';
// eslint-disable-next-line import-x/no-restricted-paths -- the test counts orphaned files as the items' sweep does
import { referencedStorageKeys } from '../items/leftover-repo';
import { fakeEbayEnv, testSellerLocation, testSellerPolicies } from './fake-ebay-seller';
import { makeJpeg } from './images';
import { buildServerBundle, startServerProcess, type ServerProcess } from './server-process';
import { createItemOn, signUpOn, waitUntil, type ServerSession } from './server-session';
import { photoForm } from './uploads';
import { createEmptyPostgresDatabase } from './test-database';

/**
 * The proof for background work: a server running jobs (WORKERS=4) is killed with SIGKILL in the middle of a
 * bulk generation (the fake AI answering slowly) and of a bulk publish (the fake eBay answering slowly), then
 * started again on the same database and storage. Every item ends completed or failed with a message, never
 * generating or publishing; no job is left waiting or running; eBay holds exactly one offer and one listing per
 * SKU; and storage holds no file that no row points to once the sweep ran.
 */
// 5 trials take about 150 s on PGlite: 2 by default keeps the file near a minute; `KILL_TRIALS=5` gives the README figures.
const TRIALS = Number(process.env.KILL_TRIALS ?? 2);
const ITEMS_PER_TRIAL = 8;
const WORKERS = 4;
const AI_LATENCY_MS = 1500;
const EBAY_LATENCY_MS = 250;
const SETTLE_MS = 60_000;
const APP_SECRET = 'kill-during-jobs-test-secret-0123456789';
const adminUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
let fakeAi: FakeAiServer;
let fakeEbay: FakeEbay;
let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;
let seller: ServerSession;
let photo: Buffer;
const trialItemIds: string[] = [];
/** Each item's SKU (what it writes on eBay: no SKU prefix is set here). */
const skuOf = new Map<string, string>();
let expectedSaleLines = 0;

beforeAll(async () => {
  [bundle, fakeAi, fakeEbay, photo] = await Promise.all([
    buildServerBundle(),
    startFakeOpenAi(),
    startFakeEbay({ callbackUrl: 'http://127.0.0.1/ebay-callback' }),
    makeJpeg(320, 240),
  ]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'rs-kill-jobs-'));
  postgres = adminUrl ? await createEmptyPostgresDatabase(adminUrl, 'rs_kill_jobs') : undefined;
  env = {
    DATA_DIR: dataDir,
    APP_SECRET,
    WORKERS: String(WORKERS),
    AI_PROVIDER: 'openai',
    AI_BASE_URL: fakeAi.url,
    AI_API_KEY: fakeAi.apiKey,
    AI_MODEL: 'gpt-fake',
    ...fakeEbayEnv(fakeEbay),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  server = await startServerProcess(bundle.main, env);
  seller = await signUpOn(server);
  await connectEbay();
}, paced(180_000));

afterAll(async () => {
  await server?.stop();
  await Promise.all([fakeAi?.close(), fakeEbay?.close()]);
  await postgres?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  bundle?.remove();
});

async function ok(response: Promise<Response>, status = 200): Promise<unknown> {
  const answer = await response;
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${answer.url}: ${answer.status} ${text}\n${server.output()}`);
  return text ? JSON.parse(text) : undefined;
}

async function connectEbay() {
  const start = (await ok(seller.call(server, 'POST', channelsPaths.connect('ebay')))) as { url: string };
  const callback = await answerFakeConsent(start.url);
  await ok(seller.call(server, 'POST', channelsPaths.connection('ebay'), { code: callback.get('code'), state: callback.get('state') }));
  await ok(seller.call(server, 'POST', ebayPaths.policies, testSellerPolicies));
  await ok(seller.call(server, 'PUT', ebayPaths.location, testSellerLocation));
}

async function newItems(): Promise<Item[]> {
  const made = await Promise.all(
    Array.from({ length: ITEMS_PER_TRIAL }, () =>
      createItemOn(server, seller, { category: 'Mens Jeans', condition: 'good', brand: "Levi's" }, [{ name: 'front.jpg', bytes: photo }]),
    ),
  );
  trialItemIds.push(...made.map((item) => item.id));
  for (const item of made) skuOf.set(item.id, item.sku);
  return made;
}

const readItems = (ids: string[]) => Promise.all(ids.map(async (id) => (await ok(seller.call(server, 'GET', `/api/items/${id}`))) as Item));

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

/** SIGKILL at a random moment within `windowMs`, the fakes fast again, the same server started again. */
async function killSomewhereIn(windowMs: number, snapshot: () => Promise<string[]>): Promise<Record<string, number>> {
  await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * windowMs));
  const atKill = await snapshot();
  await server.kill();
  fakeAi.setLatency(0);
  fakeEbay.setLatency(0);
  server = await startServerProcess(bundle.main, env);
  return tally(atKill);
}

describe('SIGKILL while the workers run jobs', () => {
  it(
    `in a bulk generation: every item ends completed or failed with a message, over ${TRIALS} trials`,
    { timeout: paced(60_000 + TRIALS * 45_000) },
    async () => {
      const totals = { items: 0, completed: 0, failed: 0, inFlightAtKill: 0 };
      for (let trial = 0; trial < TRIALS; trial++) {
        const trialItems = await newItems();
        const ids = trialItems.map((item) => item.id);
        fakeAi.setLatency(AI_LATENCY_MS);
        await ok(seller.call(server, 'POST', listingsPaths.generate, { itemIds: ids }), 202);
        const atKill = await killSomewhereIn((ITEMS_PER_TRIAL / WORKERS) * AI_LATENCY_MS, async () =>
          (await readItems(ids)).map((item) => item.aiGenerationStatus),
        );
        totals.inFlightAtKill += (atKill.generating ?? 0) + (atKill.pending ?? 0);

        const settled = await waitUntil(
          () => readItems(ids),
          (all) => all.every((item) => item.aiGenerationStatus === 'completed' || item.aiGenerationStatus === 'failed'),
          SETTLE_MS,
          'generations settled after the restart',
        );
        for (const item of settled) {
          if (item.aiGenerationStatus === 'completed') expect(item.aiTitle).toBeTruthy();
          else expect(item.aiGenerationError).toBeTruthy();
        }
        totals.items += settled.length;
        totals.completed += settled.filter((item) => item.aiGenerationStatus === 'completed').length;
        totals.failed += settled.filter((item) => item.aiGenerationStatus === 'failed').length;
      }
      console.log(
        `kill -9 during bulk generation, ${TRIALS} trials: ${totals.items} items, ${totals.inFlightAtKill} pending or generating at the kill; ` +
          `after the restart ${totals.completed} completed, ${totals.failed} failed, 0 left generating`,
      );
      // the fake AI is healthy after the restart: nothing had a reason to fail
      expect(totals.failed).toBe(0);
    },
  );

  it(
    `in a bulk publish: every item ends published, one offer and one listing per SKU, over ${TRIALS} trials`,
    { timeout: paced(60_000 + TRIALS * 45_000) },
    async () => {
      const totals = { items: 0, published: 0, failed: 0, inFlightAtKill: 0, offers: 0, listings: 0 };
      for (let trial = 0; trial < TRIALS; trial++) {
        const trialItems = await newItems();
        const ids = trialItems.map((item) => item.id);
        await ok(seller.call(server, 'POST', listingsPaths.generate, { itemIds: ids }), 202);
        await waitUntil(
          () => readItems(ids),
          (all) => all.every((item) => item.aiGenerationStatus === 'completed'),
          SETTLE_MS,
          'listings written',
        );

        fakeEbay.setLatency(EBAY_LATENCY_MS);
        const answer = (await ok(seller.call(server, 'POST', ebayPublishPaths.bulk, { itemIds: ids }), 202)) as { queued: string[] };
        expect(answer.queued).toHaveLength(ids.length);
        // a publish of one photo is five eBay calls
        const atKill = await killSomewhereIn((ITEMS_PER_TRIAL / WORKERS) * 5 * EBAY_LATENCY_MS, async () =>
          (await readItems(ids)).map((item) => ebayPublishStateOf(item)?.status ?? 'none'),
        );
        totals.inFlightAtKill += atKill.publishing ?? 0;

        const settled = await waitUntil(
          () => readItems(ids),
          (all) => all.every((item) => ebayPublishStateOf(item)?.status === 'published' || ebayPublishStateOf(item)?.status === 'failed'),
          SETTLE_MS,
          'publishes settled after the restart',
        );
        for (const item of settled) {
          expect(ebayPublishStateOf(item), item.sku).toMatchObject({ status: 'published', error: null });
          const offers = [...fakeEbay.state.offers.values()].filter((offer) => offer.sku === item.sku);
          const listings = [...fakeEbay.state.listings.values()].filter((listing) => listing.sku === item.sku);
          expect(offers, item.sku).toHaveLength(1);
          expect(listings, item.sku).toHaveLength(1);
          totals.offers += offers.length;
          totals.listings += listings.length;
        }
        totals.items += settled.length;
        totals.published += settled.filter((item) => ebayPublishStateOf(item)?.status === 'published').length;
      }
      expect(fakeEbay.contractViolations).toEqual([]);
      console.log(
        `kill -9 during bulk publish, ${TRIALS} trials: ${totals.items} items, ${totals.inFlightAtKill} publishing at the kill; ` +
          `after the restart ${totals.published} published, ${totals.items - totals.published} failed; ` +
          `${totals.offers} offers and ${totals.listings} listings on eBay (one each per SKU)`,
      );
    },
  );

  it(
    `in an autopilot run: every product live once, none stuck, over ${TRIALS} trials`,
    { timeout: paced(60_000 + TRIALS * 60_000) },
    async () => {
      const totals = { products: 0, resent: 0, movingAtKill: 0, offers: 0, listings: 0 };
      await ok(
        seller.call(server, 'PUT', autopilotPaths.settings, {
          enabled: true,
          channels: ['ebay'],
          priceBasis: 'ai',
          percent: 0,
          floor: null,
        }),
      );
      for (let trial = 0; trial < TRIALS; trial++) {
        fakeAi.setLatency(AI_LATENCY_MS);
        fakeEbay.setLatency(EBAY_LATENCY_MS);
        // The phone's queue: each product one request with its key; a request the kill cut is sent again after.
        const keys = Array.from({ length: ITEMS_PER_TRIAL }, () => crypto.randomUUID());
        const send = (uploadKey: string) =>
          seller
            .call(
              server,
              'POST',
              itemsPaths.productUpload({ uploadKey, category: 'Mens Jeans', condition: 'good', brand: "Levi's", photoTotal: 1 }),
              photoForm([{ name: 'front.jpg', bytes: photo }]),
            )
            .then(async (answer) => (answer.status === 200 ? ((await answer.json()) as { item: Item }).item : null))
            .catch(() => null);
        const sending = Promise.all(keys.map(send));
        const atKill = await killSomewhereIn(ITEMS_PER_TRIAL * 600, async () => {
          const answer = await seller.call(server, 'GET', autopilotPaths.run).catch(() => null);
          const run = answer?.ok ? ((await answer.json()) as AutopilotRunResponse).run : null;
          return Array<string>(run?.counts.moving ?? 0).fill('moving');
        });
        totals.movingAtKill += atKill.moving ?? 0;
        const first = await sending;
        const made: Item[] = [];
        for (const [i, item] of first.entries()) {
          if (item) made.push(item);
          else {
            totals.resent += 1;
            const again = await send(keys[i]!);
            if (!again) throw new Error(`the product upload sent again failed\n${server.output()}`);
            made.push(again);
          }
        }
        expect(new Set(made.map((item) => item.id)).size).toBe(ITEMS_PER_TRIAL);
        for (const item of made) {
          trialItemIds.push(item.id);
          skuOf.set(item.id, item.sku);
        }
        const ids = new Set(made.map((item) => item.id));
        const run = await waitUntil(
          async () => ((await ok(seller.call(server, 'GET', autopilotPaths.run))) as AutopilotRunResponse).run,
          (r) => r !== null && r.counts.moving === 0 && [...ids].every((id) => !r.moving.some((m) => m.itemId === id)),
          SETTLE_MS,
          'the autopilot run settled after the restart',
        );
        expect(run?.review.filter((r) => ids.has(r.itemId))).toEqual([]);
        expect(run?.failed.filter((r) => ids.has(r.itemId))).toEqual([]);
        for (const item of await readItems([...ids])) {
          expect(ebayPublishStateOf(item), item.sku).toMatchObject({ status: 'published', error: null });
          const offers = [...fakeEbay.state.offers.values()].filter((offer) => offer.sku === item.sku);
          const listings = [...fakeEbay.state.listings.values()].filter((listing) => listing.sku === item.sku);
          expect(offers, item.sku).toHaveLength(1);
          expect(listings, item.sku).toHaveLength(1);
          expect(listings[0]?.publishCount, item.sku).toBe(1);
          totals.offers += offers.length;
          totals.listings += listings.length;
        }
        totals.products += made.length;
      }
      await ok(
        seller.call(server, 'PUT', autopilotPaths.settings, {
          enabled: false,
          channels: ['ebay'],
          priceBasis: 'ai',
          percent: 0,
          floor: null,
        }),
      );
      expect(fakeEbay.contractViolations).toEqual([]);
      console.log(
        `kill -9 during an autopilot run, ${TRIALS} trials: ${totals.products} products (${totals.resent} uploads cut by the kill and sent ` +
          `again), ${totals.movingAtKill} moving at the kill; after the restart all live, ${totals.offers} offers and ` +
          `${totals.listings} listings on eBay (one each per SKU, each published once), none waiting or stuck`,
      );
    },
  );

  it(
    `in a planned relist and an approved offer: live again on eBay and the app saying so, each offer sent once, over ${TRIALS} trials`,
    { timeout: paced(60_000 + TRIALS * 45_000) },
    async () => {
      // A relist is end then publish, an offer is sent once; a kill in either is carried on after the restart.
      const PER_TRIAL = 2;
      const totals = { relists: 0, offers: 0, underWayAtKill: 0 };
      const used = new Set<string>();
      await ok(
        seller.call(server, 'PUT', sellingPlanPaths.rules, {
          rules: [{ scope: 'all', enabled: true, dropSteps: [], relistAfterDays: 30, automatic: false }],
        }),
      );
      await ok(seller.call(server, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0, askFirst: true }));
      const activeOf = (sku: string) =>
        [...fakeEbay.state.listings.values()].filter((listing) => listing.sku === sku && listing.status === 'ACTIVE');
      for (let trial = 0; trial < TRIALS; trial++) {
        const live = trialItemIds.filter((id) => !used.has(id) && activeOf(skuOf.get(id)!).length === 1);
        const relisted = live.slice(0, PER_TRIAL);
        const offered = live.slice(PER_TRIAL, 2 * PER_TRIAL);
        expect(offered.length, 'live listings left to relist and offer').toBe(PER_TRIAL);
        for (const id of [...relisted, ...offered]) used.add(id);
        for (const id of relisted) await ok(seller.call(server, 'POST', testControlPaths.listingAge(id, 'ebay'), { days: 40 }), 204);
        for (const id of offered) {
          await ok(seller.call(server, 'PATCH', `/api/items/${id}`, { cost: { amountMinor: 1, currency: 'USD' } }));
          fakeEbay.state.negotiation.watch(activeOf(skuOf.get(id)!)[0]!.listingId, [`watcher-${trial}-${id.slice(0, 8)}`]);
        }
        // A listing with a revise under way is not relisted: the cost's revise first.
        await waitUntil(
          () => readItems(offered),
          (all) => all.every((item) => ebayPublishStateOf(item)?.change === null),
          SETTLE_MS,
          'the cost saved',
        );
        const actions = ((await ok(seller.call(server, 'GET', sellingPlanPaths.plan))) as { actions: PlanAction[] }).actions;
        const mine = actions.filter(
          (a) => (a.kind === 'relist' && relisted.includes(a.itemId)) || (a.kind === 'offer' && offered.includes(a.itemId)),
        );
        expect(mine.map((a) => a.kind).sort()).toEqual([...offered.map(() => 'offer'), ...relisted.map(() => 'relist')].sort());
        const ids = new Set(mine.map((a) => a.id!));

        fakeEbay.setLatency(EBAY_LATENCY_MS);
        await ok(seller.call(server, 'POST', sellingPlanPaths.decisions, { approve: [...ids] }));
        // A relist is an end and a publish again (some seven eBay calls); an offer, two.
        const atKill = await killSomewhereIn(7 * EBAY_LATENCY_MS, async () => {
          const answer = await seller.call(server, 'GET', sellingPlanPaths.plan).catch(() => null);
          const plan = answer?.ok ? ((await answer.json()) as { actions: PlanAction[] }).actions : [];
          return plan.filter((a) => ids.has(a.id!)).map((a) => a.state);
        });
        totals.underWayAtKill += (atKill.ending ?? 0) + (atKill.relisting ?? 0) + (atKill.sending ?? 0);

        const settled = await waitUntil(
          async () => ((await ok(seller.call(server, 'GET', sellingPlanPaths.plan))) as { actions: PlanAction[] }).actions,
          (all) => all.filter((a) => ids.has(a.id!)).every((a) => a.state === 'applied' || a.state === 'failed'),
          SETTLE_MS,
          'the relists and offers settled after the restart',
        );
        expect(settled.filter((a) => ids.has(a.id!)).map((a) => [a.kind, a.state, a.message])).toEqual(
          mine.map((a) => [a.kind, 'applied', null]),
        );
        for (const item of await readItems(relisted)) {
          const active = activeOf(item.sku);
          expect(active, item.sku).toHaveLength(1);
          expect(ebayPublishStateOf(item), item.sku).toMatchObject({ status: 'published', error: null, change: null });
          expect(ebayPublishStateOf(item)?.listingUrl, item.sku).toContain(active[0]!.listingId);
        }
        for (const id of offered) {
          const listingId = activeOf(skuOf.get(id)!)[0]!.listingId;
          expect(
            fakeEbay.state.negotiation.offers.filter((o) => o.listingId === listingId),
            skuOf.get(id),
          ).toHaveLength(1);
        }
        totals.relists += relisted.length;
        totals.offers += offered.length;
      }
      await ok(seller.call(server, 'PUT', '/api/ebay/offer-rule', { enabled: false, percentOff: 10, afterDays: 0 }));
      await ok(seller.call(server, 'DELETE', sellingPlanPaths.rule('all')));
      expect(fakeEbay.contractViolations).toEqual([]);
      console.log(
        `kill -9 during planned relists and offers, ${TRIALS} trials: ${totals.relists} relists and ${totals.offers} offers, ` +
          `${totals.underWayAtKill} under way at the kill; after the restart every relist live once on eBay and in the app, every offer sent once`,
      );
    },
  );

  it(
    `in a sales pull: every order line counted once and every sold item Sold, over ${TRIALS} trials`,
    { timeout: paced(60_000 + TRIALS * 45_000) },
    async () => {
      const totals = { sold: 0, lines: 0, killedMidPull: 0 };
      for (let trial = 0; trial < TRIALS; trial++) {
        // Four of the live listings sell, among 400 orders of things listed outside the app (never recorded): a pull of
        // three pages.
        const live = [...fakeEbay.state.offers.values()].filter(
          (offer) => offer.status === 'PUBLISHED' && fakeEbay.state.listings.get(offer.listingId!)?.status === 'ACTIVE',
        );
        const selling = live.slice(0, 4);
        expect(selling.length, 'live listings left to sell').toBe(4);
        for (const offer of selling) fakeEbay.state.sell(offer.sku);
        for (let i = 0; i < 400; i++) fakeEbay.state.addOrder(fakeEbay.state.sellers[0]!.userId, [{ sku: `ELSEWHERE-${trial}-${i}` }]);
        totals.lines += 4;
        const soldIds = trialItemIds.filter((id) => selling.some((offer) => offer.sku === skuOf.get(id)));

        fakeEbay.setLatency(400);
        const check = seller.call(server, 'POST', '/api/channels/ebay/sales/check').then(
          (answer) => answer.status,
          () => 'cut',
        );
        await killSomewhereIn(1500, async () => []);
        if ((await check) === 'cut') totals.killedMidPull += 1;

        await ok(seller.call(server, 'POST', '/api/channels/ebay/sales/check'));
        const after = await readItems(soldIds);
        for (const item of after) {
          expect(ebayPublishStateOf(item)?.status, item.sku).toBe('sold');
          expect(item.sale, item.sku).toMatchObject({ quantity: 1, channel: 'ebay' });
        }
        totals.sold += after.length;
      }
      expectedSaleLines = totals.lines;
      console.log(
        `kill -9 during a sales pull, ${TRIALS} trials: ${totals.killedMidPull} checks cut by the kill; after the restart ` +
          `${totals.sold} items Sold, each counted once, ${totals.lines} order lines`,
      );
    },
  );

  it('leaves no job waiting or running and no orphaned file after the sweep', { timeout: paced(120_000) }, async () => {
    await server.stop();
    const database = await openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url, max: 2 } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    );
    try {
      const active = await database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.status} in ('pending', 'running')`);
      expect(active).toEqual([]);
      const storage = createLocalStorage({ dir: path.join(dataDir, 'storage'), signer: createFileUrlSigner(APP_SECRET) });
      const orphans = async () => {
        let found = 0;
        for await (const page of storage.list()) {
          const keys = page.map((file) => file.key);
          const referenced = await referencedStorageKeys(database.db, keys);
          found += keys.filter((key) => !referenced.has(key)).length;
        }
        return found;
      };
      const before = await orphans();
      await createLeftoverSweep({ db: database.db, storage, log: pino({ level: 'silent' }) }).sweep(Date.now() + 2 * 3600_000);
      expect(await orphans()).toBe(0);
      // Every order line of the sales pulls is one row, however often the pull was cut and run again.
      const saleRows = await database.db.select({ line: sales.externalLineId }).from(sales);
      expect(saleRows).toHaveLength(expectedSaleLines);
      expect(new Set(saleRows.map((row) => row.line)).size).toBe(expectedSaleLines);
      const kept = await database.db.select({ id: items.id }).from(items).where(inArray(items.id, trialItemIds));
      expect(kept).toHaveLength(trialItemIds.length);
      console.log(`kill -9 during jobs: ${before} orphaned files before the sweep, 0 after; all ${trialItemIds.length} items kept`);
    } finally {
      await database.close();
    }
  });
});
