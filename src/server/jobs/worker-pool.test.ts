import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { silentLog, itemWithPhotos } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { claimNextJob, completeJob, enqueueJob, extendLease, retryJob } from './queue';
import { createJobRegistry, MissingJobHandlerError, type JobHandler } from './registry';
import { createWorkerPool } from './worker-pool';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await db().delete(jobs);
});

const db = () => t.deps.database.db;

async function enqueueItems(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = await itemWithPhotos(t, user, {}, 0);
    await enqueueJob(db(), { kind: 'generate-listing', userId: user.id, itemId: item.id, runAfterMs: Date.now() - 1000 });
    ids.push(item.id);
  }
  return ids;
}

describe('the job queue', () => {
  it('keeps one waiting job per item and kind', async () => {
    const [itemId] = await enqueueItems(1);
    expect(await enqueueJob(db(), { kind: 'generate-listing', userId: user.id, itemId, runAfterMs: Date.now() })).toBe(false);
    expect(await db().select().from(jobs).where(eq(jobs.itemId, itemId))).toHaveLength(1);
  });

  it('claims under a lease, skips what is leased, and re-claims a job whose lease expired', async () => {
    await enqueueItems(1);
    const now = Date.now();
    const first = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now, leaseMs: 1000 });
    expect(first).toMatchObject({ status: 'running', attempts: 1 });
    expect(await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now + 999, leaseMs: 1000 })).toBeNull();
    const second = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now + 1000, leaseMs: 1000 });
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    // the first claim is fenced off: it can no longer extend, retry or complete the job
    expect(await extendLease(db(), first!, now, 1000)).toBe(false);
    expect(await retryJob(db(), first!, { runAfterMs: now, lastError: 'x' })).toBe(false);
    expect(await completeJob(db(), first!)).toBe(false);
    expect(await completeJob(db(), second!)).toBe(true);
  });

  it('does not claim a job before its run_after', async () => {
    const [itemId] = await enqueueItems(1);
    await db().update(jobs).set({ runAfter: new Date(Date.now() + 60_000) }).where(eq(jobs.itemId, itemId));
    expect(await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: Date.now(), leaseMs: 1000 })).toBeNull();
  });
});

describe('worker pools', () => {
  it('never run the same job twice, even two pools at once', async () => {
    const itemIds = await enqueueItems(24);
    const runs: string[] = [];
    const handler: JobHandler = {
      maxAttempts: 3,
      async run(job) {
        runs.push(job.itemId!);
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 15));
      },
    };
    const pools = [0, 1].map(() =>
      createWorkerPool({ db: db(), registry: createJobRegistry({ 'generate-listing': handler }), log: silentLog, concurrency: 4, pollMs: 10 }),
    );
    pools.forEach((p) => p.start());
    const until = Date.now() + 20_000;
    while (runs.length < itemIds.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(pools.map((p) => p.stop()));
    expect(runs.length).toBe(itemIds.length);
    expect(new Set(runs).size).toBe(itemIds.length);
    expect(await db().select().from(jobs)).toEqual([]); // all completed
  });

  it('retries an unexpected error with back-off, then gives up and says so', async () => {
    const [itemId] = await enqueueItems(1);
    const gaveUp: string[] = [];
    let now = Date.now();
    const clock = { now: () => now, sleep: async () => undefined };
    const handler: JobHandler = {
      maxAttempts: 2,
      run: async () => {
        throw new Error('database hiccup');
      },
      onGiveUp: async (job, reason) => {
        gaveUp.push(`${job.itemId}:${reason}`);
      },
    };
    const pool = createWorkerPool({ db: db(), registry: createJobRegistry({ 'generate-listing': handler }), log: silentLog, concurrency: 1, clock });
    expect(await pool.runNext()).toBe(true);
    const [afterFirst] = await db().select().from(jobs).where(eq(jobs.itemId, itemId));
    expect(afterFirst).toMatchObject({ status: 'pending', lastError: 'database hiccup' });
    expect(afterFirst.runAfter.getTime()).toBe(now + 5000);
    now += 5000;
    expect(await pool.runNext()).toBe(true);
    expect(gaveUp).toEqual([`${itemId}:database hiccup`]);
    expect((await db().select().from(jobs).where(eq(jobs.itemId, itemId)))[0]).toMatchObject({ status: 'failed' });
  });
});

describe('the job registry', () => {
  it('refuses to start with a job kind that has no handler', () => {
    expect(() => createJobRegistry({} as never)).toThrow(MissingJobHandlerError);
    expect(() => createJobRegistry({} as never)).toThrow('No handler registered for job kind(s): generate-listing');
  });
});
