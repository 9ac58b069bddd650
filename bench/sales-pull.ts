/**
 * Pulling sales: a seller's 1,000 orders (one line each, 40 of them our items) pulled from the fake eBay answering
 * every call after 200 ms, through the real service, eBay client and Fulfillment API paging (200 orders a page).
 * Compared with the ideal the paging allows: the first page says how many there are, so the other four pages can be
 * asked for together: two round trips. Printed beside it: the pages one after another (five round trips). Every line
 * must be recorded once; a second pull (the overlap reads all of them again) records none.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { startFakeEbay } from '../fakes/ebay/ebay-server';
import { loadConfig } from '../src/server/config';
import { closeDeps, composeDeps } from '../src/server/compose';
import { sales, user } from '../src/server/db/schema';
import { ORDERS_PAGE_LIMIT_MAX } from '../src/server/channels/ebay/api/fulfillment-api';
import { must } from '@shared/must';
import { fakeEbayEnv } from '../src/server/test/fake-ebay-seller';

const ORDERS = Number(process.env.BENCH_SALES_ORDERS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_EBAY_LATENCY_MS ?? 200);
const RUNS = Number(process.env.BENCH_SALES_RUNS ?? 5);
const TARGET_RATIO = 1.5;

const fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-sales-'));
const deps = await composeDeps(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: '0', ...fakeEbayEnv(fake) }));
const db = deps.database.db;
const { sales: salesService } = deps.services;
const { account: ebay } = deps.services.channels.ebay;

const pages = Math.ceil(ORDERS / ORDERS_PAGE_LIMIT_MAX);
const ideal = ((pages > 1 ? 2 : 1) * LATENCY_MS) / 1000;
const oneByOne = (pages * LATENCY_MS) / 1000;
const times: number[] = [];
let recorded = 0;
let again = 0;
for (let run = 0; run < RUNS; run++) {
  // A seller of their own each run, so every run pulls the same 1,000 orders from its first-pull horizon.
  const userId = randomUUID();
  const ebayUserId = `benchsales${run}`;
  fake.state.sellers.push({ userId: ebayUserId, username: `bench_sales_${run}` });
  await db.insert(user).values({ id: userId, name: 'bench', email: `bench-${userId}@example.com` });
  fake.setLatency(0);
  const callback = await answerFakeConsent(await ebay.startOAuth(userId), 'agree', ebayUserId);
  await ebay.exchangeCode(userId, must(callback.get('code') ?? undefined, 'code'), must(callback.get('state') ?? undefined, 'state'));
  const at = Date.now() - 3_600_000;
  for (let i = 0; i < ORDERS; i++) fake.state.addOrder(ebayUserId, [{ sku: `SOLD-${run}-${i}`, price: '19.99' }], { at: at + i });

  fake.setLatency(LATENCY_MS);
  const started = performance.now();
  const pull = await salesService.pullSalesOf(userId, 'ebay');
  times.push((performance.now() - started) / 1000);
  recorded += pull.newSales;
  again += (await salesService.pullSalesOf(userId, 'ebay')).newSales;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sales)
    .where(eq(sales.userId, userId));
  if (Number(row?.n) !== ORDERS) throw new Error(`run ${run}: ${row?.n} sales recorded, ${ORDERS} expected`);
}

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const ratio = median / ideal;
console.log(
  `eBay sales pull: ${ORDERS} orders, ${pages} pages of ${ORDERS_PAGE_LIMIT_MAX}, fake eBay ${LATENCY_MS} ms a call, ${RUNS} runs`,
);
console.log(`  recorded ${recorded} (${ORDERS * RUNS} expected); a second pull recorded ${again} (0 expected)`);
console.log(
  `  median ${median.toFixed(2)} s (spread ${times[0]!.toFixed(2)}-${times.at(-1)!.toFixed(2)} s) vs ideal ${ideal.toFixed(2)} s = ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x)`,
);
console.log(`  pages one after another: ${oneByOne.toFixed(2)} s = ${(oneByOne / median).toFixed(1)}x the measured time`);

await closeDeps(deps);
await fake.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = recorded === ORDERS * RUNS && again === 0 && ratio <= TARGET_RATIO;
console.log(ok ? '  PASS' : '  FAIL');
process.exit(ok ? 0 : 1);
