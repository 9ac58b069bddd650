/**
 * The weekly selling plan of a seller with 1,000 live listings spread over eBay, Etsy
 * and Shopify, worked out and applied against the fake marketplaces at their documented limits (eBay 20 calls a
 * second at 200 ms a call, Etsy 10 requests a second at 100 ms, Shopify's cost bucket of 2,000 points refilled at 100
 * a second at 100 ms; 429 or THROTTLED beyond).
 * - Set up (not timed): one item a marketplace written and listed through its publish (the fakes unlimited
 *   meanwhile), the rest copies of it written in bulk, in the database and in the fake (bench/support/listed-copies.ts:
 *   seconds for 1,000, where 1,000 publishes took 20 minutes on the loaded machine); then aged (when each went live
 *   moved back), costs entered (one item in ten without), the profit floor's settings, a rule of 10 % off after 14
 *   days and again after 28 and a relist after 60, and eBay's offer rule (10 % after 7 days) with watchers on a third
 *   of the eBay listings.
 * - The planner alone (`SellingPlanService.refresh`) against the same loop with one floor lookup a listing (the code
 *   before this bench), alternately in the same run: ratio baseline / now.
 * - The week's plan approved in full through the review gate and applied by the apply job, the revise jobs (4 workers,
 *   as `npm start` runs them... or BENCH_PLAN_WORKERS) and eBay's offer rule, in a second app on the same data folder
 *   with the marketplaces' clients paced as configured for them. The ideal is what the limits allow: per marketplace
 *   the API calls it answered (eBay, Etsy; not OAuth's token calls, which the limit does not count) ÷ its rate,
 *   Shopify's points spent beyond its full bucket ÷ 100 a second, the marketplaces side by side (the longest). The
 *   time runs from the workers' start to the last change settled (the approval before it is not timed). Target:
 *   measured / ideal <= 1.2. The app, its PGlite and the fakes share this process: the CPU it used while applying is
 *   printed beside it (on a loaded machine the ratio is set by the share of a core the process gets).
 * - Every price the fakes were sent while applying (eBay's offers created or updated and its offers to buyers, Etsy's
 *   inventory, Shopify's variants) is checked against the item's floor worked out here from the cost, the settings
 *   and the channel's published schedule: none may be under it (an item without a cost: none under its price).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ebayOffersRoutes } from '@shared/contracts/ebay-offers';
import { profitFloorPaths } from '@shared/contracts/profit-floor';
import { PLAN_DAYS, sellingPlanPaths, type SellingPlanResponse } from '@shared/contracts/selling-plan';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { FeeSchedule } from '@shared/domain/profit-floor';
import { startFakeEbay } from '../fakes/ebay/ebay-server';
import { startFakeEtsy } from '../fakes/etsy/etsy-server';
import { startFakeShopify } from '../fakes/shopify/shopify-server';
import { ebayPublishedFees } from '../src/server/channels/ebay/fee-schedule';
import { etsyPublishedFees } from '../src/server/channels/etsy/fee-schedule';
import { shopifyPublishedFees } from '../src/server/channels/shopify/fee-schedule';
import { assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import { channelPriceOf, liveListingPrice } from '../src/server/price-rules/channel-price';
import { channelListings, items, sellingPlanActions } from '../src/server/db/schema';
import { createWorkerPool } from '../src/server/jobs/worker-pool';
import { AppError } from '@shared/errors';
import { planListing, ruleFor } from '../src/server/selling-plan/planner';
import {
  actionsOfListings,
  dropStalePlanned,
  lastRelists,
  listingKey,
  liveListingsOf,
  upsertPlanned,
  type PlannedValues,
} from '../src/server/selling-plan/repo';
import { connectedSeller, crosslistedItems, fakesEnv, startApp, type RunningApp } from '../src/server/test/crosslisted-items';
import { copiesOfListedItem } from './support/listed-copies';

const LISTINGS = Number(process.env.BENCH_PLAN_LISTINGS ?? 1000);
const WORKERS = Number(process.env.BENCH_PLAN_WORKERS ?? 4);
const PLANNER_ROUNDS = Number(process.env.BENCH_PLAN_ROUNDS ?? 3);
const TARGET_RATIO = 1.2;
const channels: ApiChannel[] = ['ebay', 'etsy', 'shopify'];
const limits = {
  ebay: { latencyMs: 200, callsPerSecond: 20 },
  etsy: { latencyMs: 100, callsPerSecond: 10 },
  shopify: { latencyMs: 100, bucket: 2000, restorePerSecond: 100 },
};
const SHIPPING_MINOR = 500;
const MARGIN_MINOR = 200;
const DAY_MS = 86_400_000;
const schedules: Record<ApiChannel, FeeSchedule> = {
  ebay: ebayPublishedFees.schedule,
  etsy: etsyPublishedFees.schedule,
  shopify: shopifyPublishedFees.schedule,
  depop: assistedMarketplaces.depop.fees[0]!.schedule,
};
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const ebay = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
const etsy = await startFakeEtsy({ callsPerSecond: 0 });
const shopify = await startFakeShopify();
const fakes = { ebay, etsy, shopify };
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-plan-'));
const env = { ...fakesEnv(fakes), DATA_DIR: dataDir, PUBLIC_URL: 'https://resale.example' };

// ---- set up, not timed: the listings made through the app with the fakes unlimited ----
const setup = await startApp({ ...env, WORKERS: '8', EBAY_CALLS_PER_SECOND: '1000', ETSY_CALLS_PER_SECOND: '1000' });
const seller = await connectedSeller(setup, fakes);
const perChannel = channels.map((_, index) => Math.floor(LISTINGS / 3) + (index < LISTINGS % 3 ? 1 : 0));
const started = Date.now();
const listedOn = new Map<string, ApiChannel>();
const db = setup.deps.database.db;
console.log(`listing ${perChannel.join(', ')} items on ${channels.join(', ')} (one each published, the rest copies of it)...`);
const templates = await Promise.all(channels.map((channel) => crosslistedItems(setup, seller, 1, [channel])));
for (const [index, channel] of channels.entries()) {
  const template = templates[index]![0]!;
  const skus = Array.from({ length: perChannel[index]! - 1 }, (_, n) => `PLAN-${channel.toUpperCase()}-${n + 1}`);
  listedOn.set(template.itemId, channel);
  for (const itemId of await copiesOfListedItem(db, fakes, seller, { itemId: template.itemId, channel }, skus))
    listedOn.set(itemId, channel);
}
console.log(`  ${listedOn.size} listings live in ${((Date.now() - started) / 1000).toFixed(0)} s`);

/** Each listing's age, cost and watchers: a third of the eBay listings young (8-13 days) with two watchers each. */
const costs = new Map<string, number | null>();
const listedAt = new Map<string, Date>();
const watched = new Set<string>();
const now = Date.now();
for (const [i, [itemId, channel]] of [...listedOn].entries()) {
  const young = channel === 'ebay' && i % 3 === 0;
  const ageDays = young ? 8 + (i % 6) : 14 + ((i * 37) % 62);
  costs.set(itemId, i % 10 === 0 ? null : 400 + ((i * 53) % 1800));
  listedAt.set(itemId, new Date(now - ageDays * DAY_MS - 3_600_000));
  if (young) watched.add(itemId);
}
const rowsOf = [...listedOn.keys()];
for (let i = 0; i < rowsOf.length; i += 500) {
  const chunk = rowsOf.slice(i, i + 500);
  const values = (pick: (itemId: string) => SQL) =>
    sql.join(
      chunk.map((itemId) => sql`(${itemId}::uuid, ${pick(itemId)})`),
      sql`, `,
    );
  await db.execute(
    sql`update ${items} set cost_minor = v.cost from (values ${values((id) => sql`${costs.get(id)}::bigint`)}) as v(id, cost) where ${items.id} = v.id and ${items.userId} = ${seller.id}`,
  );
  await db.execute(
    sql`update ${channelListings} set listed_at = v.at from (values ${values((id) => sql`${listedAt.get(id)!.toISOString()}::timestamptz`)}) as v(id, at) where ${channelListings.itemId} = v.id and ${channelListings.userId} = ${seller.id}`,
  );
}
const api = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, app: RunningApp = setup) => {
  const answer = await app.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json() as unknown;
};
await api('PUT', profitFloorPaths.settings, {
  currency: 'USD',
  shippingCost: { amountMinor: SHIPPING_MINOR, currency: 'USD' },
  minimumMargin: { kind: 'amount', amount: { amountMinor: MARGIN_MINOR, currency: 'USD' } },
});
const rule = {
  scope: 'all',
  enabled: true,
  dropSteps: [
    { afterDays: 14, basisPoints: 1000 },
    { afterDays: 28, basisPoints: 1000 },
  ],
  relistAfterDays: 60,
  automatic: false,
};
await api('PUT', sellingPlanPaths.rules, { rules: [rule] });
await api('PUT', ebayOffersRoutes.rule, { enabled: true, percentOff: 10, afterDays: 7 });
const externalIds = await db
  .select({ itemId: channelListings.itemId, channel: channelListings.channel, externalId: channelListings.externalId })
  .from(channelListings)
  .where(and(eq(channelListings.userId, seller.id), isNotNull(channelListings.externalId)));
for (const row of externalIds)
  if (row.channel === 'ebay' && watched.has(row.itemId)) ebay.state.negotiation.watch(row.externalId!, ['buyer_a', 'buyer_b']);
await setup.close();

// ---- the measured app: the same data folder, the clients paced as the marketplaces' limits want ----
const running = await startApp({
  ...env,
  WORKERS: '0',
  // 5% (eBay) and 10% (Etsy) under the limits, as ebay-publish.ts and etsy-publish.ts run them (decision 050).
  EBAY_CALLS_PER_SECOND: String(limits.ebay.callsPerSecond * 0.95),
  ETSY_CALLS_PER_SECOND: String(limits.etsy.callsPerSecond * 0.9),
});
const appDb = running.deps.database.db;
const { sellingPlan, profitFloor } = running.deps.services;

/** The planner as it was before this bench: the floor's basis looked up once a listing, filters over every row. */
async function refreshOneLookupAListing(userId: string): Promise<void> {
  const at = new Date();
  const [ruleList, listings, recorded, relisted, channelRules] = await Promise.all([
    sellingPlan.rules(userId),
    liveListingsOf(appDb, userId),
    actionsOfListings(appDb, userId),
    lastRelists(appDb, userId),
    running.deps.services.priceRules.all(userId),
  ]);
  const planned: PlannedValues[] = [];
  for (const listing of listings) {
    const listingRule = ruleFor(ruleList, listing.itemId, listing.channel);
    if (!listingRule || !listing.listedAt) continue;
    const price = channelPriceOf(liveListingPrice(listing), listing, channelRules[listing.channel])?.price;
    if (!price) continue;
    const last = relisted.get(listingKey(listing.itemId, listing.channel));
    const periodStart = last && last > listing.listedAt ? last : listing.listedAt;
    const basis = await profitFloor.basisOn(userId, listing.itemId, listing.channel).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'CONFLICT') return { error: err.message };
      throw err;
    });
    const mine = recorded.filter(
      (row) => row.itemId === listing.itemId && row.channel === listing.channel && row.periodStart.getTime() === periodStart.getTime(),
    );
    planned.push(
      ...planListing({ listing, priceMinor: price.amountMinor, periodStart, rule: listingRule, basis, recorded: mine }, at, PLAN_DAYS)
        .planned,
    );
  }
  await upsertPlanned(appDb, userId, planned);
  const kept = (await actionsOfListings(appDb, userId)).filter((row) =>
    planned.some(
      (p) =>
        p.itemId === row.itemId &&
        p.channel === row.channel &&
        p.kind === row.kind &&
        p.step === row.step &&
        p.periodStart.getTime() === row.periodStart.getTime(),
    ),
  );
  await dropStalePlanned(
    appDb,
    seller.id,
    kept.map((row) => row.id),
  );
}

const timed = async (run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
await sellingPlan.refresh(seller.id); // the first plan records the rows; the rounds below plan over them
const before: number[] = [];
const after: number[] = [];
for (let round = 0; round < PLANNER_ROUNDS; round++) {
  before.push(await timed(() => refreshOneLookupAListing(seller.id)));
  after.push(await timed(() => sellingPlan.refresh(seller.id)));
}

const plannerLine = `  planner alone (refresh): ${median(after).toFixed(0)} ms (${after.map((ms) => ms.toFixed(0)).join(', ')}) vs one floor lookup a listing ${median(before).toFixed(0)} ms (${before.map((ms) => ms.toFixed(0)).join(', ')}): ${(median(before) / median(after)).toFixed(2)}x faster`;
console.log(plannerLine);

// ---- the week's plan, approved in full, applied against the limits ----
const plan = (await api('GET', sellingPlanPaths.plan, undefined, running)) as SellingPlanResponse;
const ids = plan.actions.flatMap((action) => (action.id ? [action.id] : []));
const dueNow = plan.actions.filter((action) => action.id && Date.parse(action.dueAt) <= Date.now());
const kinds = (list: typeof plan.actions) =>
  ['drop', 'relist', 'offer'].map((kind) => `${list.filter((a) => a.kind === kind).length} ${kind}s`).join(', ');
/** Each item's price on its channel before applying (an item without a cost must not go under it). */
const priceBefore = new Map<string, number>();
for (const listing of await liveListingsOf(appDb, seller.id)) {
  const price = channelPriceOf(
    liveListingPrice(listing),
    listing,
    (await running.deps.services.priceRules.all(seller.id))[listing.channel],
  )?.price;
  if (price) priceBefore.set(listing.itemId, price.amountMinor);
}
/** Marketplace ids to items: eBay's by SKU (a relist gives a new listing id), Etsy's listing and Shopify's product. */
const itemOfEbaySku = new Map<string, string>();
const itemOfEbayListing = new Map<string, string>();
for (const row of externalIds.filter((r) => r.channel === 'ebay')) {
  const listing = ebay.state.listings.get(row.externalId!);
  if (listing) itemOfEbaySku.set(listing.sku, row.itemId);
  itemOfEbayListing.set(row.externalId!, row.itemId);
}
const itemOfExternal = new Map(externalIds.map((row) => [`${row.channel}:${row.externalId}`, row.itemId]));

ebay.setLatency(limits.ebay.latencyMs);
ebay.state.callsPerSecond = limits.ebay.callsPerSecond;
etsy.configure({ latencyMs: limits.etsy.latencyMs, callsPerSecond: limits.etsy.callsPerSecond });
shopify.setLatency(limits.shopify.latencyMs);
const shop = shopify.shop(seller.shop!);
shop.bucket = {
  maximumAvailable: limits.shopify.bucket,
  currentlyAvailable: limits.shopify.bucket,
  restoreRate: limits.shopify.restorePerSecond,
  at: Date.now(),
};
let shopifyPoints = 0;
const spend = shop.spend.bind(shop);
shop.spend = (cost) => {
  const answer = spend(cost);
  if (answer.ok) shopifyPoints += cost;
  return answer;
};
const ebayCallsBefore = ebay.state.calls.length;
const ebayPricesBefore = ebay.state.pricesSent.length;
const ebayOffersBefore = ebay.state.negotiation.offers.length;
const etsyCallsBefore = Object.values(etsy.calls).reduce((sum, n) => sum + n, 0);
const etsyLimitedBefore = etsy.rateLimited;
const etsyPricesBefore = etsy.pricesSent.length;
const shopifyPricesBefore = shop.pricesSent.length;
const shopifyThrottledBefore = shopify.throttled;
const shopifyOperationsBefore = new Map([...shopify.pointsByOperation].map(([name, spent]) => [name, { ...spent }]));

// The seller approves the whole week (the gate takes up to 1,000 ids a request); the decision queues the apply job.
for (let i = 0; i < ids.length; i += 1000)
  await api('POST', sellingPlanPaths.decisions, { approve: ids.slice(i, i + 1000), reject: [] }, running);
const workers = createWorkerPool({ db: appDb, registry: running.deps.services.jobs, log, concurrency: WORKERS, pollMs: 50 });
const applyStarted = performance.now();
const cpuBefore = process.cpuUsage();
await workers.start();
// eBay's daily offer run, as its scheduled task runs it: an eBay out of reach fails the run (reported), not the bench.
const offersRun = running.deps.services.channels.ebay.offersToBuyers.runRule(seller.id).catch((err: unknown) => {
  console.log(`  the offer run failed: ${err instanceof Error ? err.message : String(err)}`);
  return [];
});
const settled = async () => {
  const [row] = await appDb
    .select({
      open: sql<number>`count(*) filter (where ${sellingPlanActions.state} in ('ending', 'relisting') or (${sellingPlanActions.state} = 'planned' and ${sellingPlanActions.dueAt} <= now()))::int`,
    })
    .from(sellingPlanActions)
    .where(eq(sellingPlanActions.userId, seller.id));
  const [pending] = await appDb
    .select({ n: sql<number>`count(*)::int` })
    .from(channelListings)
    .where(and(eq(channelListings.userId, seller.id), isNotNull(channelListings.pendingChange)));
  return Number(row!.open) + Number(pending!.n);
};
/** BENCH_PLAN_TIMELINE=1: each marketplace's calls (Shopify: points) in every second of the apply, to see which lane idles. */
const timeline: string[] = [];
const marks = { ebay: ebayCallsBefore, etsy: etsyCallsBefore, shopify: 0 };
const sampler = setInterval(() => {
  const etsyNow = Object.values(etsy.calls).reduce((sum, n) => sum + n, 0);
  timeline.push(`${ebay.state.calls.length - marks.ebay}/${etsyNow - marks.etsy}/${shopifyPoints - marks.shopify}`);
  Object.assign(marks, { ebay: ebay.state.calls.length, etsy: etsyNow, shopify: shopifyPoints });
}, 1000);
const offers = await offersRun;
const deadline = Date.now() + 30 * 60_000;
while ((await settled()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
const applySeconds = (performance.now() - applyStarted) / 1000;
// The counts at the moment the plan settled: the workers' other jobs after it (stock syncs, the stop's grace) spend
// calls and points the timed window did not have, and counting them would inflate the ideal.
const atSettle = {
  ebayCalls: ebay.state.calls.length,
  etsyCalls: Object.values(etsy.calls).reduce((sum, n) => sum + n, 0),
  etsyLimited: etsy.rateLimited,
  shopifyPoints,
  shopifyThrottled: shopify.throttled,
  shopifyOperations: [...shopify.pointsByOperation]
    .map(([name, { calls, points }]) => {
      const before = shopifyOperationsBefore.get(name) ?? { calls: 0, points: 0 };
      return { name, calls: calls - before.calls, points: points - before.points };
    })
    .filter((operation) => operation.calls > 0)
    .sort((a, b) => b.points - a.points),
};
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(sampler);
if (process.env.BENCH_PLAN_TIMELINE) {
  console.log(`  calls a second (eBay/Etsy/Shopify points): ${timeline.join(' ')}`);
  console.log(
    `  Shopify's points by operation: ${atSettle.shopifyOperations.map((o) => `${o.name} ${o.calls}x = ${o.points}`).join(', ')}`,
  );
}
await workers.stop(2000);

// ---- the ideal the limits allow, and every price sent checked against the floor ----
const ebayCalls = ebay.state.calls.slice(ebayCallsBefore, atSettle.ebayCalls);
// OAuth token calls are not API calls: eBay's limit (and the fake's) does not count them.
const ebayAnswered = ebayCalls.filter((call) => call.status !== 429 && call.operationId !== 'token').length;
const etsyCalls = atSettle.etsyCalls - etsyCallsBefore;
const etsyLimited = atSettle.etsyLimited - etsyLimitedBefore;
const pointsAfterSettle = shopifyPoints - atSettle.shopifyPoints;
const ideal = {
  ebay: ebayAnswered / limits.ebay.callsPerSecond,
  etsy: (etsyCalls - etsyLimited) / limits.etsy.callsPerSecond,
  shopify: Math.max(0, atSettle.shopifyPoints - limits.shopify.bucket) / limits.shopify.restorePerSecond,
};
const idealSeconds = Math.max(...Object.values(ideal));
const ratio = applySeconds / idealSeconds;

const cents = (decimal: string | number) => Math.round(Number(decimal) * 100);
/** The fees at a price from the published schedule: its tier's rate rounded half away from zero, plus its fixed part. */
function feesAt(schedule: FeeSchedule, priceMinor: number): number {
  const tier = [...schedule.tiers].reverse().find((t) => priceMinor >= t.fromMinor)!;
  const exact = (priceMinor * tier.ratePpm) / 1_000_000;
  return Math.sign(exact) * Math.round(Math.abs(exact)) + tier.fixedMinor;
}
const sent: { channel: ApiChannel; itemId: string | undefined; priceMinor: number; what: string }[] = [
  ...ebay.state.pricesSent
    .slice(ebayPricesBefore)
    .map((p) => ({ channel: 'ebay' as const, itemId: itemOfEbaySku.get(p.sku), priceMinor: cents(p.value), what: p.operationId })),
  ...ebay.state.negotiation.offers.slice(ebayOffersBefore).map((o) => ({
    channel: 'ebay' as const,
    itemId: itemOfEbayListing.get(o.listingId) ?? itemOfEbaySku.get(ebay.state.listings.get(o.listingId)?.sku ?? ''),
    priceMinor: cents(o.price.value),
    what: 'sendOfferToInterestedBuyers',
  })),
  ...etsy.pricesSent.slice(etsyPricesBefore).map((p) => ({
    channel: 'etsy' as const,
    itemId: itemOfExternal.get(`etsy:${p.listingId}`),
    priceMinor: cents(p.price),
    what: p.operationId,
  })),
  ...shop.pricesSent.slice(shopifyPricesBefore).map((p) => ({
    channel: 'shopify' as const,
    itemId: itemOfExternal.get(`shopify:${p.productId}`),
    priceMinor: cents(p.price),
    what: p.operation,
  })),
];
const under = sent.filter(({ channel, itemId, priceMinor }) => {
  if (!itemId) return true; // a price for a listing the seller's plan does not know: counted as a failure
  const cost = costs.get(itemId);
  if (cost === null || cost === undefined) return priceMinor < (priceBefore.get(itemId) ?? Infinity);
  const profit = priceMinor - feesAt(schedules[channel], priceMinor) - cost - SHIPPING_MINOR;
  return profit < MARGIN_MINOR;
});

const states = await appDb
  .select({ state: sellingPlanActions.state, kind: sellingPlanActions.kind, n: sql<number>`count(*)::int` })
  .from(sellingPlanActions)
  .where(
    and(
      eq(sellingPlanActions.userId, seller.id),
      inArray(sellingPlanActions.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']),
    ),
  )
  .groupBy(sellingPlanActions.state, sellingPlanActions.kind);
const failedActions = states.filter((s) => s.state === 'failed').reduce((sum, s) => sum + Number(s.n), 0);
const violations = [...ebay.contractViolations, ...etsy.contractViolations, ...shopify.contractViolations];
const offersSent = offers.filter((o) => o.status === 'sent').length;
const offerOutcomes = Object.entries(
  offers.reduce<Record<string, number>>((counts, o) => {
    const key = o.status === 'skipped' ? `skipped (${o.reason})` : o.status;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {}),
)
  .map(([key, n]) => `${key} ${n}`)
  .join(', ');

console.log(
  `Weekly selling plan: ${listedOn.size} live listings (eBay ${perChannel[0]}, Etsy ${perChannel[1]}, Shopify ${perChannel[2]}); load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(plannerLine);
console.log(`  plan: ${kinds(plan.actions)} in the ${PLAN_DAYS} days; due now ${kinds(dueNow)}; ${plan.flags.length} flagged`);
console.log(
  `  applied: ${states.map((s) => `${s.kind} ${s.state} ${s.n}`).join(', ')}; eBay's offer rule run: ${offersSent} sent of ${offers.length} (${offerOutcomes || 'none'})`,
);
console.log(
  `  eBay ${ebayAnswered} calls (${ebayCalls.length - ebayAnswered} answered 429) = ${ideal.ebay.toFixed(1)} s at ${limits.ebay.callsPerSecond}/s; ` +
    `Etsy ${etsyCalls - etsyLimited} requests (${etsyLimited} answered 429) = ${ideal.etsy.toFixed(1)} s at ${limits.etsy.callsPerSecond}/s; ` +
    `Shopify ${atSettle.shopifyPoints} points (${atSettle.shopifyThrottled - shopifyThrottledBefore} THROTTLED) = ${ideal.shopify.toFixed(1)} s beyond its ${limits.shopify.bucket} at ${limits.shopify.restorePerSecond}/s` +
    ` (after the plan settled, not counted: ${pointsAfterSettle} Shopify points)`,
);
console.log(
  `  applied in ${applySeconds.toFixed(1)} s vs ideal ${idealSeconds.toFixed(1)} s (the marketplaces side by side) = ${ratio.toFixed(3)}x (target <= ${TARGET_RATIO}x), ${WORKERS} workers`,
);
// The app, its PGlite and the fakes share this process: CPU it used, and the share of a core it got while applying.
console.log(
  `  the bench process used ${cpuSeconds.toFixed(1)} s of CPU while applying (${((100 * cpuSeconds) / applySeconds).toFixed(0)} % of a core; load average ${loadavg()[0]!.toFixed(1)})`,
);
console.log(
  `  prices sent ${sent.length} (eBay ${sent.filter((s) => s.channel === 'ebay').length}, Etsy ${sent.filter((s) => s.channel === 'etsy').length}, Shopify ${sent.filter((s) => s.channel === 'shopify').length}); under the floor ${under.length}; contract violations ${violations.length}; failed actions ${failedActions}`,
);
for (const bad of under.slice(0, 5))
  console.log(`    UNDER: ${bad.channel} ${bad.what} ${bad.priceMinor} for ${bad.itemId ?? 'an unknown listing'}`);
for (const v of violations.slice(0, 5)) console.log(`    CONTRACT: ${JSON.stringify(v).slice(0, 300)}`);

await running.close();
await Promise.all([ebay.close(), etsy.close(), shopify.close()]);
rmSync(dataDir, { recursive: true, force: true });
const ok = under.length === 0 && violations.length === 0 && sent.length > 0 && ratio <= TARGET_RATIO;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
