/**
 * "What sells" for a large seller (decision 149): BENCH_WHAT_SELLS_ITEMS sold items (50,000; the generated
 * history cut where its 50,000th sale falls, about 70,000 items) on PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * (or BENCH_DATABASE_URL) is set. Seeded once per database. For each dimension, GET /api/what-sells?by= through the
 * app (session, the aggregates, the seller's settings, fee estimates, profit.ts over the pending lines, JSON) against
 * the bare SQL of the aggregates it needs, run back to back through the same driver on the same warm database: the
 * group sums, the lines of the sales whose fees are pending, the capture sessions and the recent fees. Rounds
 * alternate (bare, then screen); the first warms both and is not counted. Median of BENCH_ROUNDS (9) each, and the
 * spread of the per-round ratios. Target: the screen within 1.2x of the bare SQL. The group sums alone are shown too.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { generateHistory, writeHistory } from '../src/server/test/generated-sales-history';
import { createTestApp, type TestApp } from '../src/server/test/test-app';
import { OWN_FEES_DAYS } from '../src/server/profit-floor/service';
import { recentFeesOf } from '../src/server/profit-floor/repo';
import { captureMinutesSql, groupSumsSql, pendingLinesSql } from '../src/server/what-sells/repo';
import { whatSellsDimensions } from '../src/shared/contracts/what-sells';

const SOLD = Number(process.env.BENCH_WHAT_SELLS_ITEMS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};

/** A generated history with exactly SOLD sold items: about seven in ten generated items sell. */
function historyOf(sold: number) {
  const history = generateHistory(Math.ceil(sold / 0.6), { seed: 50 });
  let seen = 0;
  const end = history.findIndex((item) => item.sale && ++seen === sold);
  if (end < 0) throw new Error(`the generated history has ${seen} sold items, fewer than ${sold}`);
  return history.slice(0, end + 1);
}

async function run(name: string, env: Record<string, string>) {
  const t: TestApp = await createTestApp(env);
  try {
    const seller = await t.makeUser();
    const db = t.deps.database.db;
    const history = historyOf(SOLD);
    const started = performance.now();
    await writeHistory(db, seller.id, history);
    const sold = history.filter((item) => item.sale).length;
    console.log(`${name}: ${history.length} items, ${sold} sold, written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await db.execute(sql`analyze`);
    const since = new Date(Date.now() - OWN_FEES_DAYS * 86_400_000);
    const ratios: number[] = [];
    for (const by of whatSellsDimensions) {
      const screen: number[] = [];
      const bare: number[] = [];
      const sumsOnly: number[] = [];
      for (let round = 0; round < ROUNDS + 1; round++) {
        let at = performance.now();
        await db.execute(groupSumsSql(seller.id, by));
        const sumsMs = performance.now() - at;
        await db.execute(pendingLinesSql(seller.id));
        await db.execute(captureMinutesSql(seller.id));
        await recentFeesOf(db, seller.id, 'USD', since);
        const bareMs = performance.now() - at;
        at = performance.now();
        const answer = await t.app.inject({ method: 'GET', url: `/api/what-sells?by=${by}`, headers: { cookie: seller.cookie } });
        const screenMs = performance.now() - at;
        if (answer.statusCode !== 200) throw new Error(`${by}: ${answer.statusCode} ${answer.body}`);
        if (round > 0) {
          bare.push(bareMs);
          sumsOnly.push(sumsMs);
          screen.push(screenMs);
        }
      }
      const ratio = median(screen) / median(bare);
      const perRound = screen.map((ms, index) => ms / bare[index]!);
      ratios.push(ratio);
      console.log(
        `${name} by ${by}: screen median ${median(screen).toFixed(0)} ms, bare SQL ${median(bare).toFixed(0)} ms ` +
          `(group sums ${median(sumsOnly).toFixed(0)} ms): ${ratio.toFixed(2)}x, rounds ${Math.min(...perRound).toFixed(2)}-` +
          `${Math.max(...perRound).toFixed(2)}x ${ratio <= 1.2 ? '(met)' : '(over 1.2x)'}`,
      );
    }
    console.log(`${name}: worst ${Math.max(...ratios).toFixed(2)}x, median ${median(ratios).toFixed(2)}x, target 1.2x`);
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

process.exit(0);
