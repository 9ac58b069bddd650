/**
 * A seller's spreadsheet of BENCH_PAST_SALES_ROWS past sales (100,000; about 4 MB, under the 5 MB the route takes),
 * imported through the app as a seller does: POST /api/what-sells/past-sales checks every line a batch at a time,
 * then the import-past-sales-file job writes it a batch at a time (PAST_SALES_BATCH_ROWS, 1,000). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set. Prints the check's time, the job's time, and the
 * process's peak memory (RSS and JS heap, sampled every 50 ms) against its level before the file was made; PGlite's
 * database lives in this process, so its RSS counts the database too. Figures, not a ratio: the target is that it
 * completes (one parameter per row had answered 503 over PostgreSQL's 65,535) in bounded memory.
 */
import { performance } from 'node:perf_hooks';
import type { PastSalesFileImport, PastSalesResponse, WhatSellsResponse } from '../src/shared/contracts/what-sells';
import { createWorkerPool } from '../src/server/jobs/worker-pool';
import { silentLog } from '../src/server/test/listings';
import { createTestApp } from '../src/server/test/test-app';

const ROWS = Number(process.env.BENCH_PAST_SALES_ROWS ?? 100_000);
const MB = 1024 * 1024;

function sheet(rows: number): string {
  const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const lines = ['Sold date,Listed date,Marketplace,Brand,Cost,Price'];
  for (let n = 0; n < rows; n += 1) lines.push(`${day((n % 650) + 9)},${day(n % 650)},eBay,Levi's,4.00,${(10 + n / 100).toFixed(2)}`);
  return lines.join('\n');
}

async function run(name: string) {
  const t = await createTestApp();
  const pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
  try {
    const seller = await t.makeUser();
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 50);
    const csv = sheet(ROWS);
    let at = performance.now();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/what-sells/past-sales',
      payload: { csv, locale: 'en-US' },
      headers: { cookie: seller.cookie },
    });
    const checkMs = performance.now() - at;
    if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body.slice(0, 300)}`);
    const started = answer.json() as PastSalesResponse;
    if (!started.import) throw new Error(`no job: ${answer.body.slice(0, 300)}`);
    at = performance.now();
    while (await pool.runNext());
    const writeMs = performance.now() - at;
    clearInterval(sampler);
    const view = (
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/what-sells/past-sales/files/${started.import.id}`,
          headers: { cookie: seller.cookie },
        })
      ).json() as {
        import: PastSalesFileImport;
      }
    ).import;
    at = performance.now();
    const groups = (
      (
        await t.app.inject({ method: 'GET', url: '/api/what-sells?by=marketplace', headers: { cookie: seller.cookie } })
      ).json() as WhatSellsResponse
    ).groups;
    const sold = groups.reduce((sum, group) => sum + group.sold, 0);
    const readMs = performance.now() - at;
    console.log(
      `${name}: ${ROWS.toLocaleString('en-US')} rows, ${(csv.length / MB).toFixed(1)} MB; checked in ${(checkMs / 1000).toFixed(1)} s, ` +
        `written in ${(writeMs / 1000).toFixed(1)} s (${view.status}, ${view.imported} imported); What sells read in ${(readMs / 1000).toFixed(1)} s (counts ${sold} sold); ` +
        `peak RSS ${(peakRss / MB).toFixed(0)} MB (${((peakRss - before.rss) / MB).toFixed(0)} MB over the ${(before.rss / MB).toFixed(0)} MB before), ` +
        `peak JS heap ${(peakHeap / MB).toFixed(0)} MB (${((peakHeap - before.heapUsed) / MB).toFixed(0)} MB over ${(before.heapUsed / MB).toFixed(0)} MB)`,
    );
    if (view.status !== 'done' || view.imported !== ROWS || sold !== ROWS) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

// BENCH_PAST_SALES_ONLY=postgres runs PostgreSQL alone (beside a PGlite run already going).
if (process.env.BENCH_PAST_SALES_ONLY !== 'postgres') await run('PGlite');
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_DB_DRIVER = 'postgres';
  await run('PostgreSQL');
}
process.exit(process.exitCode ?? 0);
