import { paced } from '@shared/testing/pace';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent, ItemStatusEvent, ListingStatusEvent, SaleEvent } from '@shared/contracts/events';
import type { Database } from '../db/client';
import { channelListings, items, sales } from '../db/schema';
import { silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem } from '../test/uploads';
import { createEventService, type EventService } from './service';

let t: TestApp;
let user: TestUser;
let other: TestUser;
let onPostgres: boolean;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  other = await t.makeUser();
  onPostgres = t.deps.database.kind === 'postgres';
});
afterAll(async () => {
  await t?.close();
});

/** A write as any process would make it: plain SQL, no notify of its own (the items trigger does it). */
const setStatus = (itemId: string, status: 'generating' | 'failed') =>
  t.deps.database.db
    .update(items)
    .set({ aiGenerationStatus: status, updatedAt: sql`now()` })
    .where(eq(items.id, itemId));

/** A channel listing written as the publish job of any process would: plain SQL, the table's trigger notifies. */
const writeListing = (
  userId: string,
  itemId: string,
  columns: Pick<typeof channelListings.$inferInsert, 'status' | 'externalId' | 'url' | 'error'>,
) =>
  t.deps.database.db
    .insert(channelListings)
    .values({ userId, itemId, channel: 'ebay', ...columns })
    .onConflictDoUpdate({
      target: [channelListings.itemId, channelListings.channel],
      set: { ...columns, updatedAt: sql`now()` },
    });

const itemEvents = (list: AppEvent[]) => list.filter((e): e is ItemStatusEvent => e.type === 'item');
const listingEvents = (list: AppEvent[]) => list.filter((e): e is ListingStatusEvent => e.type === 'listing');
const saleEvents = (list: AppEvent[]) => list.filter((e): e is SaleEvent => e.type === 'sale');

/** A sale recorded as the sales pull of any process would: the line, then its item touched (whose trigger notifies). */
async function recordSale(userId: string, itemId: string, orderId: string, cancelled = false) {
  const db = t.deps.database.db;
  await db
    .insert(sales)
    .values({
      userId,
      itemId,
      channel: 'ebay',
      externalOrderId: orderId,
      externalLineId: '1',
      sku: 'PSTFSH-001',
      quantity: 1,
      priceMinor: 2499,
      currency: 'USD',
      soldAt: new Date('2026-11-20T10:00:00Z'),
    })
    .onConflictDoUpdate({
      target: [sales.userId, sales.channel, sales.externalOrderId, sales.externalLineId],
      set: { cancelledAt: cancelled ? sql`now()` : null, updatedAt: sql`now()` },
    });
  await db
    .update(items)
    .set({ updatedAt: sql`now()` })
    .where(eq(items.id, itemId));
}

/** The test app's database, counting the statements the service runs. */
function countingDatabase(): { database: Database; statements: () => number } {
  let count = 0;
  const db = new Proxy(t.deps.database.db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== 'execute') return value;
      return (...args: unknown[]) => {
        count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { database: { ...t.deps.database, db }, statements: () => count };
}

function collector() {
  const received: AppEvent[] = [];
  return {
    received,
    sink: (event: AppEvent) => received.push(event),
    async until(check: (list: AppEvent[]) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(received) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (!check(received)) throw new Error(`events never matched: ${JSON.stringify(received)}`);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withService(
  options: { pollMs: number; maxStreamsPerUser?: number; database?: Database },
  run: (events: EventService) => Promise<void>,
) {
  const events = await createEventService({
    database: options.database ?? t.deps.database,
    log: silentLog,
    pollMs: options.pollMs,
    maxStreamsPerUser: options.maxStreamsPerUser,
  });
  try {
    await run(events);
  } finally {
    await events.close();
  }
}

describe('event service', () => {
  it('delivers an item change to the owner’s streams only: by NOTIFY on PostgreSQL, by polling on PGlite', async () => {
    // On PostgreSQL the poll interval is an hour: only the NOTIFY can deliver in time.
    await withService({ pollMs: onPostgres ? 3_600_000 : 50 }, async (events) => {
      expect(events.delivery).toBe(onPostgres ? 'notify' : 'poll');
      const item = await createItem(t.app, user.cookie);
      const mine = collector();
      const mineToo = collector();
      const theirs = collector();
      const streams = [
        await events.open(user.id, mine.sink),
        await events.open(user.id, mineToo.sink),
        await events.open(other.id, theirs.sink),
      ];
      await setStatus(item.id, 'generating');
      await mine.until((list) => itemEvents(list).some((e) => e.id === item.id && e.aiGenerationStatus === 'generating'));
      await mineToo.until((list) => itemEvents(list).some((e) => e.id === item.id));
      expect(mine.received.at(-1)).toMatchObject({
        type: 'item',
        id: item.id,
        aiGenerationStatus: 'generating',
        aiGenerationError: null,
        listingReady: false,
      });
      await sleep(300);
      expect(theirs.received).toEqual([]);
      // Each change is sent once, not again on every later query (the insert may come first: it is within the
      // look-back window when the stream starts).
      const sent = itemEvents(mine.received)
        .filter((e) => e.id === item.id)
        .map((e) => e.updatedAt);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent.length).toBeLessThanOrEqual(2);
      for (const stream of streams) stream.close();
    });
  });

  it('delivers a channel listing change to the owner’s streams only, as a listing event', async () => {
    // As above: on PostgreSQL only the channel_listings trigger's NOTIFY can deliver in time.
    await withService({ pollMs: onPostgres ? 3_600_000 : 50 }, async (events) => {
      const item = await createItem(t.app, user.cookie);
      const theirItem = await createItem(t.app, other.cookie);
      const mine = collector();
      const theirs = collector();
      await events.open(user.id, mine.sink);
      await events.open(other.id, theirs.sink);
      await writeListing(user.id, item.id, { status: 'publishing', externalId: null, url: null, error: null });
      await mine.until((list) => listingEvents(list).some((e) => e.itemId === item.id && e.status === 'publishing'));
      await writeListing(user.id, item.id, { status: 'live', externalId: '110', url: 'https://www.ebay.com/itm/110', error: null });
      await mine.until((list) => listingEvents(list).some((e) => e.status === 'live'));
      const live = listingEvents(mine.received).at(-1);
      expect(live).toEqual({
        type: 'listing',
        itemId: item.id,
        channel: 'ebay',
        status: 'live',
        externalId: '110',
        url: 'https://www.ebay.com/itm/110',
        error: null,
        change: null,
        delistTask: false,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      });
      // The other user's listing reaches only its owner.
      await writeListing(other.id, theirItem.id, { status: 'failed', externalId: null, url: null, error: 'Refused' });
      await theirs.until((list) => listingEvents(list).some((e) => e.itemId === theirItem.id && e.error === 'Refused'));
      await sleep(300);
      expect(listingEvents(theirs.received).map((e) => e.itemId)).toEqual([theirItem.id]);
      expect(listingEvents(mine.received).every((e) => e.itemId === item.id)).toBe(true);
      expect(itemEvents(theirs.received).every((e) => e.id === theirItem.id)).toBe(true);
      // Each listing change is sent once.
      expect(listingEvents(mine.received).map((e) => e.status)).toEqual(['publishing', 'live']);
    });
  });

  it('delivers a sale, and its cancellation, to the owner’s streams only, as sale events', async () => {
    await withService({ pollMs: onPostgres ? 3_600_000 : 50 }, async (events) => {
      const item = await createItem(t.app, user.cookie);
      const theirItem = await createItem(t.app, other.cookie);
      const mine = collector();
      const theirs = collector();
      await events.open(user.id, mine.sink);
      await events.open(other.id, theirs.sink);
      await recordSale(user.id, item.id, '27-11111-11111');
      await mine.until((list) => saleEvents(list).length === 1);
      expect(saleEvents(mine.received)[0]).toEqual({
        type: 'sale',
        id: expect.any(String),
        itemId: item.id,
        channel: 'ebay',
        orderId: '27-11111-11111',
        quantity: 1,
        price: { amountMinor: 2499, currency: 'USD' },
        currency: 'USD',
        soldAt: '2026-11-20T10:00:00.000000Z',
        cancelled: false,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      });
      await recordSale(user.id, item.id, '27-11111-11111', true);
      await mine.until((list) => saleEvents(list).some((e) => e.cancelled));
      await recordSale(other.id, theirItem.id, '27-22222-22222');
      await theirs.until((list) => saleEvents(list).length === 1);
      await sleep(300);
      expect(saleEvents(mine.received).map((e) => [e.orderId, e.cancelled])).toEqual([
        ['27-11111-11111', false],
        ['27-11111-11111', true],
      ]);
      expect(saleEvents(theirs.received).map((e) => e.itemId)).toEqual([theirItem.id]);
    });
  });

  it('runs no query for an idle stream on PostgreSQL, one per source and interval on PGlite', async () => {
    const counted = countingDatabase();
    await withService({ pollMs: 50, database: counted.database }, async (events) => {
      const stream = await events.open(user.id, collector().sink);
      const afterOpen = counted.statements();
      // Another user's change wakes nobody here.
      await setStatus((await createItem(t.app, other.cookie)).id, 'failed');
      await sleep(600);
      const idle = counted.statements() - afterOpen;
      if (onPostgres) expect(idle).toBe(0);
      else expect(idle).toBeGreaterThanOrEqual(5);
      stream.close();
      const closedAt = counted.statements();
      await sleep(200);
      expect(counted.statements()).toBe(closedAt);
    });
  });

  it('reads more than a page of changes inside the lookback through once, each sent once, then goes quiet', async () => {
    const counted = countingDatabase();
    await withService({ pollMs: onPostgres ? 3_600_000 : 50, database: counted.database }, async (events) => {
      const seen = collector();
      const stream = await events.open(user.id, seen.sink);
      // 520 items changed within a second, a millisecond apart: more than a page (500), all inside the 5 s lookback.
      const base = Date.now();
      const made = await t.deps.database.db
        .insert(items)
        .values(
          Array.from({ length: 520 }, (_, n) => ({
            userId: user.id,
            sku: `PAGE-${n}`,
            batchNumber: 1,
            updatedAt: new Date(base + n),
            batchId: randomUUID(),
            uploadSessionId: randomUUID(),
          })),
        )
        .returning({ id: items.id });
      if (onPostgres) await sleep(200);
      const madeIds = new Set(made.map((row) => row.id));
      const ofMade = () => itemEvents(seen.received).filter((event) => madeIds.has(event.id));
      await seen.until(() => ofMade().length >= made.length, paced(15_000));
      // Each once: none lost past the first page, none sent twice.
      expect(new Set(ofMade().map((event) => event.id)).size).toBe(made.length);
      expect(ofMade()).toHaveLength(made.length);
      // Quiet afterwards: a poll is a query per source, not the same page read again and again.
      await sleep(300);
      const before = counted.statements();
      await sleep(500);
      expect(counted.statements() - before).toBeLessThan(onPostgres ? 1 : 60);
      stream.close();
    });
  });

  it('refuses a stream past the per-user cap and frees the slot when one closes', async () => {
    await withService({ pollMs: 1000, maxStreamsPerUser: 2 }, async (events) => {
      const first = await events.open(user.id, () => {});
      await events.open(user.id, () => {});
      await expect(events.open(user.id, () => {})).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      // Concurrent opens cannot slip past the cap either.
      const racing = await Promise.allSettled([
        events.open(other.id, () => {}),
        events.open(other.id, () => {}),
        events.open(other.id, () => {}),
      ]);
      expect(racing.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect(events.openStreams(user.id)).toBe(2);
      first.close();
      first.close();
      expect(events.openStreams(user.id)).toBe(1);
      await events.open(user.id, () => {});
      expect(events.openStreams()).toBe(4);
    });
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')('catches up after the LISTEN connection was cut', async () => {
    await withService({ pollMs: 3_600_000 }, async (events) => {
      const item = await createItem(t.app, user.cookie);
      const mine = collector();
      await events.open(user.id, mine.sink);
      const cut = await t.deps.database.db.execute(
        sql`select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
      // This service's listener and the test app's.
      expect((cut as unknown as { rows: { cut: boolean }[] }).rows).toEqual([{ cut: true }, { cut: true }]);
      // Written while the listener is gone: delivered once it is back (onReconnect), or by a later NOTIFY.
      await setStatus(item.id, 'failed');
      await mine.until((list) => itemEvents(list).some((e) => e.id === item.id && e.aiGenerationStatus === 'failed'), paced(10_000));
    });
  });
});
