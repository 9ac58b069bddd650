/**
 * The plans of the "What sells" queries for a large seller (decision 149): EXPLAIN ANALYZE of the group sums (brand,
 * marketplace), the pending lines and the capture sessions, on PGlite and, with TEST_DB_DRIVER=postgres, PostgreSQL.
 * A second seller's smaller history sits beside, so the user filters matter. Not run by `npm run bench` (leading _):
 * `node --import tsx bench/_what-sells-explain.ts` (BENCH_WHAT_SELLS_ITEMS sold items, 50,000).
 */
import { sql, type SQL } from 'drizzle-orm';
import { generateHistory, writeHistory } from '../src/server/test/generated-sales-history';
import { createTestApp } from '../src/server/test/test-app';
import { captureMinutesSql, groupSumsSql, pendingLinesSql } from '../src/server/what-sells/repo';

const SOLD = Number(process.env.BENCH_WHAT_SELLS_ITEMS ?? 50_000);
const t = await createTestApp();
try {
  const db = t.deps.database.db;
  const seller = await t.makeUser();
  const other = await t.makeUser();
  await writeHistory(db, seller.id, generateHistory(Math.ceil(SOLD / 0.7), { seed: 50 }));
  await writeHistory(db, other.id, generateHistory(5_000, { seed: 7 }));
  await db.execute(sql`analyze`);
  const plans: [string, SQL][] = [
    ['group sums by brand', groupSumsSql(seller.id, 'brand')],
    ['group sums by marketplace', groupSumsSql(seller.id, 'marketplace')],
    ['pending lines', pendingLinesSql(seller.id)],
    ['capture sessions', captureMinutesSql(seller.id)],
  ];
  for (const [name, query] of plans) {
    await db.execute(query);
    const result = (await db.execute(sql`explain (analyze, buffers off) ${query}`)) as unknown as { rows: Record<string, string>[] };
    console.log(`\n--- ${name}\n${result.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
} finally {
  await t.close();
}
process.exit(0);
