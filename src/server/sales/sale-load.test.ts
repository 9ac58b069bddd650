import { paced } from '@shared/testing/pace';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import { openDatabase, type Database } from '../db/client';
import { channelListings, jobs, sales } from '../db/schema';
import { connectedSeller, crosslistedItems, fakesEnv, startApp, type ListedItem, type Seller } from '../test/crosslisted-items';
import { buildServerBundle, startServerProcess, type ServerProcess } from '../test/server-process';
import { createEmptyPostgresDatabase } from '../test/test-database';

/**
 * Sales under load (decision 085), run by hand: SALE_LOAD=1 npx vitest run <this file> (it takes minutes: the
 * listing of 400 listings and a minute of sales; CI keeps its files under a minute). 200 items live on eBay and Etsy,
 * listed through the app's routes and services; then the real server as a child process on the same data (PGlite on
 * disk, or PostgreSQL under TEST_DB_DRIVER=postgres) and its own schedule (no https PUBLIC_URL: both channels are
 * pulled, every 15 s while an item is live on both). 50 sales in one minute across both, 5 of them items sold on both
 * at once (double sales); the server killed with SIGKILL mid-minute and started again. Then every other listing
 * ended on its marketplace, every sale recorded once, each double sale two rows of one item of quantity 1, and the
 * 155 items not sold still live on both.
 */
const ITEMS = 200;
const SINGLE_SALES = 40;
const DOUBLE_SALES = 5;
const MINUTE_MS = 60_000;
const APP_SECRET = 'sale-load-test-secret-0123456789abcdef';
const adminUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

let ebay: FakeEbay;
let etsy: FakeEtsy;
let dataDir: string;
let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
let bundle: Awaited<ReturnType<typeof buildServerBundle>> | undefined;
let server: ServerProcess | undefined;
let env: Record<string, string>;
let seller: Seller;
let listed: ListedItem[];

describe.skipIf(!process.env.SALE_LOAD)('50 sales in a minute over 200 items live on eBay and Etsy, kill -9 mid-minute', () => {
  beforeAll(
    async () => {
      [ebay, etsy, bundle] = await Promise.all([
        startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' }),
        startFakeEtsy({ callsPerSecond: 0 }),
        buildServerBundle(),
      ]);
      dataDir = mkdtempSync(path.join(tmpdir(), 'rs-sale-load-'));
      postgres = adminUrl ? await createEmptyPostgresDatabase(adminUrl, 'rs_sale_load') : undefined;
      env = {
        ...fakesEnv({ ebay, etsy }),
        DATA_DIR: dataDir,
        APP_SECRET,
        WORKERS: '2',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      };
      // The fixtures, through the app's routes and services in this process, on the same data folder or database.
      const running = await startApp({ ...env, PUBLIC_URL: 'http://localhost:3000' });
      try {
        seller = await connectedSeller(running, { ebay, etsy });
        listed = await crosslistedItems(running, seller, ITEMS, ['ebay', 'etsy']);
      } finally {
        await running.close();
      }
    },
    paced(30 * 60_000),
  );

  afterAll(async () => {
    await server?.kill();
    await Promise.all([ebay?.close(), etsy?.close()]);
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  it(
    'ends every other listing, counts each sale once, keeps each double sale, and loses nothing',
    { timeout: paced(15 * 60_000) },
    async () => {
      server = await startServerProcess(bundle!.main, env);
      const shuffled = [...listed].sort(() => Math.random() - 0.5);
      const singles = shuffled.slice(0, SINGLE_SALES).map((item, i) => ({ item, on: i % 2 ? ('etsy' as const) : ('ebay' as const) }));
      const doubles = shuffled.slice(SINGLE_SALES, SINGLE_SALES + DOUBLE_SALES);
      const unsold = shuffled.slice(SINGLE_SALES + DOUBLE_SALES);
      const ebayOrders = new Map<string, string>();
      const etsyReceipts = new Map<string, string>();
      const sellOnEbay = (item: ListedItem) =>
        ebayOrders.set(item.itemId, ebay.state.sell(item.sku, { sellerUserId: seller.ebayUserId }).orderId);
      const sellOnEtsy = (item: ListedItem) =>
        etsyReceipts.set(item.itemId, String(etsy.seedReceipt({ sku: item.sku, price: 30, shipping: 5 }).receiptId));

      // 45 moments over the minute: a single sale, or a double one (both marketplaces sell the last unit at once).
      const events = [...singles.map((s) => () => (s.on === 'ebay' ? sellOnEbay(s.item) : sellOnEtsy(s.item)))];
      for (const item of doubles) events.push(() => (sellOnEbay(item), sellOnEtsy(item)));
      const moments = events.map(() => Math.random() * MINUTE_MS).sort((a, b) => a - b);
      events.sort(() => Math.random() - 0.5);
      const killAt = MINUTE_MS * (0.3 + Math.random() * 0.4);
      const start = Date.now();
      const selling = (async () => {
        for (const [i, at] of moments.entries()) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - Date.now())));
          events[i]!();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, killAt));
      await server.kill();
      const killedAt = Date.now() - start;
      server = await startServerProcess(bundle!.main, env);
      const restartedAt = Date.now() - start;
      await selling;
      const salesDoneAt = Date.now() - start;

      // Every other listing ended on its marketplace (eBay: the offer withdrawn; Etsy: the listing inactive).
      const ebayStatus = (sku: string) => [...ebay.state.listings.values()].find((l) => l.sku === sku)?.status;
      const etsyState = (sku: string) => etsy.snapshot().listings.find((l) => l.sku === sku)?.state;
      const notYetEnded = () =>
        singles.filter(({ item, on }) => (on === 'ebay' ? etsyState(item.sku) !== 'inactive' : ebayStatus(item.sku) !== 'ENDED')).length;
      const deadline = Date.now() + 3 * MINUTE_MS;
      while (notYetEnded() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      const allEndedAt = Date.now() - start;
      expect(notYetEnded(), server.output()).toBe(0);
      // The app's own rows settle with it: stop the server cleanly and read them.
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      await server.stop();
      server = undefined;

      const database: Database = await openDatabase(
        postgres ? { kind: 'postgres', url: postgres.url, max: 2 } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
      );
      try {
        const db = database.db;
        const rows = await db.select().from(sales).where(eq(sales.userId, seller.id));
        // No sale lost, none counted twice: one row per order line sold, each order the marketplace made.
        expect(rows).toHaveLength(SINGLE_SALES + 2 * DOUBLE_SALES);
        expect(new Set(rows.map((r) => `${r.channel}/${r.externalOrderId}/${r.externalLineId}`)).size).toBe(rows.length);
        const recorded = (channel: string, itemId: string) => rows.filter((r) => r.channel === channel && r.itemId === itemId);
        for (const [itemId, orderId] of ebayOrders) expect(recorded('ebay', itemId).map((r) => r.externalOrderId)).toEqual([orderId]);
        for (const [itemId, receiptId] of etsyReceipts) expect(recorded('etsy', itemId).map((r) => r.externalOrderId)).toEqual([receiptId]);

        // Every double sale is detectable from the sales rows: more units sold of an item than it had (quantity 1 here),
        // on eBay and on Etsy.
        const soldTwice = await db
          .select({ itemId: sales.itemId, channels: sql<string[]>`array_agg(${sales.channel} order by ${sales.channel})` })
          .from(sales)
          .where(and(eq(sales.userId, seller.id), sql`${sales.cancelledAt} is null`))
          .groupBy(sales.itemId)
          .having(
            sql`sum(${sales.quantity}) > (select max(${channelListings.quantity}) from ${channelListings} where ${channelListings.itemId} = ${sales.itemId})`,
          );
        expect(soldTwice.map((r) => r.itemId).sort()).toEqual(doubles.map((d) => d.itemId).sort());
        for (const row of soldTwice) expect(row.channels).toEqual(['ebay', 'etsy']);

        // The app's listings: sold where sold, ended elsewhere; both sold on a double sale; the rest still live on both.
        const listings = await db
          .select({ itemId: channelListings.itemId, channel: channelListings.channel, status: channelListings.status })
          .from(channelListings)
          .where(inArray(channelListings.channel, ['ebay', 'etsy']));
        const statusOf = (itemId: string, channel: string) => listings.find((l) => l.itemId === itemId && l.channel === channel)?.status;
        for (const { item, on } of singles) {
          expect(statusOf(item.itemId, on), item.sku).toBe('sold');
          expect(statusOf(item.itemId, on === 'ebay' ? 'etsy' : 'ebay'), item.sku).toBe('ended');
        }
        for (const item of doubles)
          expect([statusOf(item.itemId, 'ebay'), statusOf(item.itemId, 'etsy')], item.sku).toEqual(['sold', 'sold']);
        for (const item of unsold) {
          expect(statusOf(item.itemId, 'ebay'), item.sku).toBe('live');
          expect(ebayStatus(item.sku), item.sku).not.toBe('ENDED');
          expect(etsyState(item.sku), item.sku).toBe('active');
        }
        const failedJobs = await db.select({ kind: jobs.kind, error: jobs.lastError }).from(jobs).where(eq(jobs.status, 'failed'));
        expect(failedJobs).toEqual([]);
        expect([...ebay.contractViolations, ...etsy.contractViolations]).toEqual([]);
        console.log(
          `sale load: ${ITEMS} items live on eBay and Etsy; ${events.length} moments, ${rows.length} sales over ${(salesDoneAt / 1000).toFixed(0)} s ` +
            `(${DOUBLE_SALES} items sold on both); kill -9 at ${(killedAt / 1000).toFixed(1)} s, healthy again at ${(restartedAt / 1000).toFixed(1)} s; ` +
            `every other listing ended by ${(allEndedAt / 1000).toFixed(1)} s; ${rows.length} sales rows, none twice; ${soldTwice.length} items sold twice; ` +
            `${unsold.length} unsold items still live on both`,
        );
      } finally {
        await database.close();
      }
    },
  );
});
