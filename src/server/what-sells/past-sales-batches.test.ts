import { paced } from '@shared/testing/pace';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemsSummaryResponse } from '@shared/contracts/items';
import type { PastSalesFileImport, PastSalesResponse, WhatSellsResponse } from '@shared/contracts/what-sells';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { drain, silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * A spreadsheet longer than a batch (here 50 rows a batch, 180 rows): checked whole in the request, then written by
 * its job a batch at a time, its progress readable while it runs; each row once, a second import adds nothing; an
 * impossible day anywhere in it refuses that line and imports nothing.
 */
let t: TestApp;
let pool: WorkerPool;
const BATCH = 50;

beforeAll(async () => {
  t = await createTestApp({ PAST_SALES_BATCH_ROWS: String(BATCH) });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const importSheet = async (user: TestUser, csv: string) => {
  const answer = await api(user, 'POST', '/api/what-sells/past-sales', { csv, locale: 'en-US' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as PastSalesResponse;
};
const progressOf = async (user: TestUser, id: string) => {
  const answer = await api(user, 'GET', `/api/what-sells/past-sales/files/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { import: PastSalesFileImport }).import;
};

const header = 'Sold date,Listed date,Marketplace,Title,Brand,Cost,Price,Fees,Shipping cost';
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const sheet = (rows: number) =>
  [header, ...Array.from({ length: rows }, (_, n) => `${day(n + 5)},${day(n)},eBay,Jacket ${n},Brand ${n % 7},3.00,20.00,2.00,4.00`)].join(
    '\n',
  );

describe('a spreadsheet of more than one batch', () => {
  it('is written by its job a batch at a time, with its progress; each row once', async () => {
    const seller = await t.makeUser();
    const started = await importSheet(seller, sheet(180));
    expect(started).toMatchObject({ imported: 0, problems: [], import: { status: 'writing', rows: 180, done: 0 } });
    const id = started.import!.id;

    // One batch at a time: the job's statement batches are its progress.
    const progress: number[] = [];
    const watch = setInterval(() => {
      void progressOf(seller, id).then((view) => progress.push(view.done));
    }, 5);
    await drain(pool);
    clearInterval(watch);
    const done = await progressOf(seller, id);
    expect(done).toEqual({ id, status: 'done', rows: 180, done: 180, imported: 180, alreadyImported: 0, error: null });
    expect(progress.every((n) => [0, 50, 100, 150, 180].includes(n))).toBe(true);
    // The tables What sells reads are analyzed once the history is in: PGlite never does it by itself, and without
    // statistics What sells over 10,000 imported sales took a nested loop of 87 s (decision 168).
    const counted = (await t.deps.database.db.execute(
      sql`select relname, reltuples from pg_class where relname in ('items', 'sales', 'channel_listings') and relkind = 'r'`,
    )) as unknown as { rows: { relname: string; reltuples: number | string }[] };
    for (const table of counted.rows) expect(Number(table.reltuples), table.relname).toBeGreaterThanOrEqual(180);

    const { groups } = (await (await api(seller, 'GET', '/api/what-sells?by=brand')).json()) as WhatSellsResponse;
    expect(groups.reduce((sum, group) => sum + group.sold, 0)).toBe(180);
    // 20.00 − 2.00 − 4.00 − 3.00 = 11.00 each.
    expect(groups.reduce((sum, group) => sum + group.profit.amountMinor, 0)).toBe(180 * 1100);
    expect(((await api(seller, 'GET', '/api/items/summary')).json() as ItemsSummaryResponse).batchCount).toBe(0);

    const again = await importSheet(seller, sheet(180));
    await drain(pool);
    expect(await progressOf(seller, again.import!.id)).toMatchObject({ status: 'done', imported: 0, alreadyImported: 180 });
    const after = (await (await api(seller, 'GET', '/api/what-sells?by=brand')).json()) as WhatSellsResponse;
    expect(after.groups.reduce((sum, group) => sum + group.sold, 0)).toBe(180);
  });

  it('an impossible day on any line, in any batch, refuses that line by its number and imports nothing', async () => {
    const seller = await t.makeUser();
    const lines = sheet(120).split('\n');
    lines[10] = lines[10]!.replace(/^[^,]+/, '2025-13-01');
    lines[61] = lines[61]!.replace(/^[^,]+/, '2025-00-10');
    lines[90] = lines[90]!.replace(/^[^,]+/, '0001-01-01');
    lines[119] = lines[119]!.replace(/^[^,]+/, '0099-12-31');
    const answer = await importSheet(seller, lines.join('\n'));
    expect(answer.imported).toBe(0);
    expect(answer.import).toBeUndefined();
    expect(answer.problems).toEqual([
      { line: 11, message: 'Sold date: 2025-13-01 is not a day (there is no month 13).' },
      { line: 62, message: 'Sold date: 2025-00-10 is not a day (there is no month 00).' },
      { line: 91, message: 'Sold date: 0001-01-01 is before any marketplace sold online (1995).' },
      { line: 120, message: 'Sold date: 0099-12-31 is before any marketplace sold online (1995).' },
    ]);
    const { groups } = (await (await api(seller, 'GET', '/api/what-sells?by=brand')).json()) as WhatSellsResponse;
    expect(groups).toEqual([]);
  });

  it('another seller’s import is not found', async () => {
    const seller = await t.makeUser();
    const other = await t.makeUser();
    const started = await importSheet(seller, sheet(60));
    expect((await api(other, 'GET', `/api/what-sells/past-sales/files/${started.import!.id}`)).statusCode).toBe(404);
    await drain(pool);
  });
});
