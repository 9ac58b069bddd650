/**
 * "What sells" for a large seller (issue 61, decision 149): 50,000 sold items (BENCH_WHAT_SELLS_ITEMS, of which about
 * four in five sold) on PGlite, and on PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set. For each
 * dimension, GET /api/what-sells?by= through the app (session, the aggregate, the pending sales' lines, the seller's
 * minutes, the fee estimates, JSON) against the bare SQL of its aggregate through the same driver, median of
 * BENCH_ROUNDS (9) each, alternated. Target: the screen within 1.2x of the bare SQL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { generateHistory, writeHistory } from '../src/server/test/generated-sales-history';
import { createTestApp, type TestApp } from '../src/server/test/test-app';
import { groupSumsSql } from '../src/server/what-sells/repo';
import { whatSellsDimensions } from '../src/shared/contracts/what-sells';

const SOLD = Number(process.env.BENCH_WHAT_SELLS_ITEMS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(name: string, env: Record<string, string>) {
  const t: TestApp = await createTestApp(env);
  try {
    const seller = await t.makeUser();
    const db = t.deps.database.db;
    // About four in five generated items sell: enough items for SOLD sold ones.
    const history = generateHistory(Math.ceil(SOLD / 0.75), { seed: 50 });
    const started = performance.now();
    await writeHistory(db, seller.id, history);
    const sold = history.filter((item) => item.sale).length;
    console.log(`${name}: ${history.length} items, ${sold} sold, written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await db.execute(sql`analyze`);
    const ratios: number[] = [];
    for (const by of whatSellsDimensions) {
      const screen: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < ROUNDS + 1; round++) {
        let at = performance.now();
        await db.execute(groupSumsSql(seller.id, by));
        const bareMs = performance.now() - at;
        at = performance.now();
        const answer = await t.app.inject({ method: 'GET', url: `/api/what-sells?by=${by}`, headers: { cookie: seller.cookie } });
        const screenMs = performance.now() - at;
        if (answer.statusCode !== 200) throw new Error(`${by}: ${answer.statusCode} ${answer.body}`);
        // The first round warms both.
        if (round > 0) {
          bare.push(bareMs);
          screen.push(screenMs);
        }
      }
      const ratio = median(screen) / median(bare);
      ratios.push(ratio);
      console.log(
        `${name} by ${by}: screen median ${median(screen).toFixed(0)} ms, bare SQL ${median(bare).toFixed(0)} ms: ${ratio.toFixed(2)}x ${ratio <= 1.2 ? '(met)' : '(over 1.2x)'}`,
      );
    }
    console.log(`${name}: worst ${Math.max(...ratios).toFixed(2)}x, target 1.2x`);
  } finally {
    await t.close();
  }
}

await run('PGlite', {});
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_DB_DRIVER = 'postgres';
  await run('PostgreSQL', {});
}
