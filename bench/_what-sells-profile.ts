/**
 * Where the "What sells" screen's time goes for a large seller (decision 149): each step the service takes, timed on
 * its own, beside the whole screen through the app; median of BENCH_ROUNDS. PGlite, or TEST_DB_DRIVER=postgres.
 * Not run by `npm run bench` (leading _): `node --import tsx bench/_what-sells-profile.ts`.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { generateHistory, writeHistory } from '../src/server/test/generated-sales-history';
import { createTestApp } from '../src/server/test/test-app';
import { groupSums, pendingLines } from '../src/server/what-sells/repo';
import { sellerTimeOf } from '../src/server/what-sells/seller-time';

const SOLD = Number(process.env.BENCH_WHAT_SELLS_ITEMS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const by = (process.env.BENCH_BY ?? 'brand') as 'brand';
const t = await createTestApp();
const db = t.deps.database.db;
const seller = await t.makeUser();
await writeHistory(db, seller.id, generateHistory(Math.ceil(SOLD / 0.7), { seed: 50 }));
await db.execute(sql`analyze`);
const steps: Record<string, () => Promise<unknown>> = {
  'group sums': () => groupSums(db, seller.id, by),
  'pending lines': () => pendingLines(db, seller.id),
  'seller time': () => sellerTimeOf(db, seller.id),
  'fee estimates': () => t.deps.services.profitFloor.saleEstimates(seller.id, ['USD']),
  screen: () => t.app.inject({ method: 'GET', url: `/api/what-sells?by=${by}`, headers: { cookie: seller.cookie } }),
  'service only': () => t.deps.services.whatSells.groups(seller.id, by),
};
const times: Record<string, number[]> = {};
for (let round = 0; round <= ROUNDS; round++)
  for (const [name, step] of Object.entries(steps)) {
    const at = performance.now();
    await step();
    if (round > 0) (times[name] ??= []).push(performance.now() - at);
  }
for (const [name, values] of Object.entries(times)) {
  const sorted = values.sort((a, b) => a - b);
  console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms (${sorted.map((v) => v.toFixed(0)).join(', ')})`);
}
await t.close();
process.exit(0);
