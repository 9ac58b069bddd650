import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { items, jobs } from '../db/schema';
import { silentLog, itemWithPhotos } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { connectionSubject, itemSubject, listingSubject, type ListingSubject } from './job-subject';
import { claimNextJob, completeJob, enqueue, extendLease, failJob, releaseLeasesOf, retryJob } from './queue';
import { createJobRegistry, MissingJobHandlerError, type JobHandler } from './registry';
import { systemClock } from './clock';
import { createJobRunner } from './job-runner';
import { createWorkerPool } from './worker-pool';

/** What a caller waiting on a job (runJobNow) saw of it, each time it looked: the tests wait on what it saw, not on time. */
const seenByCaller = vi.hoisted(() => [] as Array<string | null>);
vi.mock('./queue', async (importOriginal) => {
  const queue = await importOriginal<typeof import('./queue')>();
  return {
    ...queue,
    activeJobOf: async (...args: Parameters<typeof queue.activeJobOf>) => {
      const status = await queue.activeJobOf(...args);
      seenByCaller.push(status);
      return status;
    },
  };
});

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
/** These tests queue generate-listing jobs only; the registry still wants a handler for every kind. */
const unusedHandler: JobHandler<'publish-listing'> = {
  maxAttempts: 1,
  run: () => Promise.reject(new Error('no publish job is queued in these tests')),
};
const unusedPullSales: JobHandler<'pull-sales'> = {
  maxAttempts: 1,
  run: () => Promise.reject(new Error('no pull-sales job is queued in these tests')),
};
const unusedChange = { maxAttempts: 1, run: () => Promise.reject(new Error('no listing change is queued in these tests')) };
const unusedListingChanges = { 'revise-listing': unusedChange, 'end-listing': unusedChange, 'relist-listing': unusedChange };
const unusedImport: JobHandler<'import-listings'> = {
  maxAttempts: 1,
  run: () => Promise.reject(new Error('no import-listings job is queued in these tests')),
};
const unusedPastSalesImport: JobHandler<'import-past-sales'> = {
  maxAttempts: 1,
  run: () => Promise.reject(new Error('no import-past-sales job is queued in these tests')),
};
const unusedPastSalesFileImport: JobHandler<'import-past-sales-file'> = {
  maxAttempts: 1,
  run: () => Promise.reject(new Error('no import-past-sales-file job is queued in these tests')),
};
const unusedAutopilot: JobHandler<'autopilot-step'> = {
  maxAttempts: 1,
  run: () => Promise.reject(new Error('no autopilot-step job is queued in these tests')),
};

async function enqueueItems(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = await itemWithPhotos(t, user, {}, 0);
    await enqueue(db(), 'generate-listing', { userId: user.id, subject: itemSubject(item.id), runAfterMs: Date.now() - 1000 });
    ids.push(item.id);
  }
  return ids;
}

describe('the job queue', () => {
  it('keeps one waiting job per kind and subject', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    expect(await enqueue(db(), 'generate-listing', { userId: user.id, subject: itemSubject(itemId), runAfterMs: Date.now() })).toBe(false);
    expect(await db().select().from(jobs).where(eq(jobs.itemId, itemId))).toHaveLength(1);
    // another kind for the same item is another job
    expect(await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, 'ebay') })).toBe(true);
  });

  it('a job queued to run now is due to a claim in the same millisecond', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    await db().delete(jobs);
    expect(await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, 'ebay') })).toBe(true);
    const [queued] = await db().select().from(jobs).where(eq(jobs.itemId, itemId));
    // The claim's clock reads the millisecond the job was queued in (the database keeps microseconds).
    const sameMillisecond = queued!.runAfter.getTime();
    const claimed = await claimNextJob(db(), { kinds: ['publish-listing'], nowMs: sameMillisecond, leaseMs: 60_000, owner: 'test' });
    expect(claimed?.itemId).toBe(itemId);
  });

  it('keeps one even when the same subject is queued by many requests at once (the unique index, no lock)', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    await db().delete(jobs);
    const queued = await Promise.all(
      Array.from({ length: 6 }, () => enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, 'ebay') })),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await db().select().from(jobs)).toHaveLength(1);
  });

  it('publishes one item to two channels in parallel, each channel one job at a time', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    await db().delete(jobs);
    const publish = (channel: string) => enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, channel) });
    expect(await publish('ebay')).toBe(true);
    expect(await publish('etsy')).toBe(true);
    expect(await publish('ebay')).toBe(false);
    const claim = () => claimNextJob(db(), { kinds: ['publish-listing'], nowMs: Date.now() + 1000, leaseMs: 60_000, owner: 'w1' });
    const [first, second] = [await claim(), await claim()];
    expect([first!.subject, second!.subject]).toEqual(
      expect.arrayContaining([listingSubject(itemId, 'ebay'), listingSubject(itemId, 'etsy')]),
    );
    expect([first!.itemId, second!.itemId]).toEqual([itemId, itemId]);
    const channelOf = (job: typeof first) => (job!.subject as ListingSubject).channel;
    // Running blocks a second job too; the running one is marked to run again instead (decision 119).
    expect(await publish(channelOf(first))).toBe(false);
    expect(await completeJob(db(), first!)).toBe(true);
    expect(await publish(channelOf(first))).toBe(false); // waiting again
    expect(await completeJob(db(), second!)).toBe(true);
    expect(await publish(channelOf(second))).toBe(true);
  });

  it('queues a job about a seller’s channel connection, with no item', async () => {
    const other = await t.makeUser();
    // No kind is about a connection yet (pull-sales will be): the queue itself does not care.
    const pullSales = (userId: string) => enqueue(db(), 'generate-listing', { userId, subject: connectionSubject('ebay') as never });
    expect(await pullSales(user.id)).toBe(true);
    expect(await pullSales(user.id)).toBe(false);
    expect(await pullSales(other.id)).toBe(true); // another seller's connection is another subject
    const claimed = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: Date.now() + 1000, leaseMs: 1000, owner: 'w1' });
    expect(claimed).toMatchObject({ subject: connectionSubject('ebay'), itemId: null });
    expect(await db().select({ itemId: jobs.itemId, subjectType: jobs.subjectType }).from(jobs)).toEqual([
      { itemId: null, subjectType: 'connection' },
      { itemId: null, subjectType: 'connection' },
    ]);
  });

  it('deletes an item’s jobs (item and listing subjects) with the item, and no one else’s', async () => {
    const [gone, kept] = await enqueueItems(2);
    await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(gone!, 'ebay') });
    await enqueue(db(), 'generate-listing', { userId: user.id, subject: connectionSubject('ebay') as never });
    await db().delete(items).where(eq(items.id, gone!));
    const left = await db().select({ itemId: jobs.itemId, subjectType: jobs.subjectType }).from(jobs);
    expect(left).toEqual(
      expect.arrayContaining([
        { itemId: kept, subjectType: 'item' },
        { itemId: null, subjectType: 'connection' },
      ]),
    );
    expect(left).toHaveLength(2);
  });

  it('claims under a lease, skips what is leased, and re-claims a job whose lease expired', async () => {
    await enqueueItems(1);
    const now = Date.now();
    const first = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now, leaseMs: 1000, owner: 'w1' });
    expect(first).toMatchObject({ status: 'running', attempts: 1 });
    expect(await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now + 999, leaseMs: 1000, owner: 'w1' })).toBeNull();
    const second = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now + 1000, leaseMs: 1000, owner: 'w1' });
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    // the first claim is fenced off: it can no longer extend, retry or complete the job
    expect(await extendLease(db(), first!, now, 1000)).toBe(false);
    expect(await retryJob(db(), first!, { runAfterMs: now, lastError: 'x' })).toBe(false);
    expect(await completeJob(db(), first!)).toBe(false);
    expect(await completeJob(db(), second!)).toBe(true);
  });

  it('queues again after a failed job only when asked to (dedupe "active", the default, versus "any")', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    const claimed = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: Date.now(), leaseMs: 1000, owner: 'w1' });
    expect(await failJob(db(), claimed!, 'broken')).toBe(true);
    expect(await enqueue(db(), 'generate-listing', { userId: user.id, subject: itemSubject(itemId) }, { dedupe: 'any' })).toBe(false);
    expect(await enqueue(db(), 'generate-listing', { userId: user.id, subject: itemSubject(itemId) })).toBe(true);
  });

  it('records the lease owner, and releases only that owner’s running jobs for an immediate retry', async () => {
    const [mine, theirs] = await enqueueItems(2);
    const now = Date.now();
    const first = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now, leaseMs: 60_000, owner: 'server-a' });
    const second = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now, leaseMs: 60_000, owner: 'server-b' });
    expect([first!.itemId, second!.itemId].sort()).toEqual([mine, theirs].sort());
    expect(first).toMatchObject({ leaseOwner: 'server-a' });
    expect(await releaseLeasesOf(db(), 'server-a', now + 1)).toBe(1);
    const again = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now + 1, leaseMs: 60_000, owner: 'server-a' });
    expect(again).toMatchObject({ id: first!.id, attempts: 2 });
    expect(await completeJob(db(), first!)).toBe(false); // the dead process's claim stays fenced off
    expect(await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: now + 1, leaseMs: 60_000, owner: 'server-a' })).toBeNull();
  });

  it('does not claim a job before its run_after', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    await db()
      .update(jobs)
      .set({ runAfter: new Date(Date.now() + 60_000) })
      .where(eq(jobs.itemId, itemId));
    expect(await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: Date.now(), leaseMs: 1000, owner: 'w1' })).toBeNull();
  });
});

describe('a job queued again while it runs (decision 119)', () => {
  const claim = (nowMs = Date.now()) => claimNextJob(db(), { kinds: ['generate-listing'], nowMs, leaseMs: 60_000, owner: 'w1' });
  const queueAgain = (itemId: string, options?: { dedupe: 'any' }) =>
    enqueue(db(), 'generate-listing', { userId: user.id, subject: itemSubject(itemId) }, options);
  const jobsOf = (itemId: string) => db().select().from(jobs).where(eq(jobs.itemId, itemId));

  it('runs again after it completes, due now, as a new claim with its own attempts', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    const first = await claim();
    expect(await queueAgain(itemId)).toBe(false); // no second job: the running one is marked
    expect(await jobsOf(itemId)).toEqual([expect.objectContaining({ status: 'running' })]);
    expect(await completeJob(db(), first!)).toBe(true);
    const [waiting] = await jobsOf(itemId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, leaseOwner: null, runAgainAt: null });
    expect(waiting!.runAfter.getTime()).toBeLessThanOrEqual(Date.now());
    const again = await claim();
    expect(again).toMatchObject({ itemId, attempts: 1 });
    expect(again!.id).not.toBe(first!.id);
    expect(await completeJob(db(), first!)).toBe(false); // the ended run's claim is fenced off
    expect(await completeJob(db(), again!)).toBe(true);
    expect(await jobsOf(itemId)).toEqual([]);
  });

  it('queued twice while it runs, it runs once more, not twice', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    const first = await claim();
    expect(await queueAgain(itemId)).toBe(false);
    expect(await queueAgain(itemId)).toBe(false);
    expect(await completeJob(db(), first!)).toBe(true);
    expect(await jobsOf(itemId)).toHaveLength(1);
    expect(await completeJob(db(), (await claim())!)).toBe(true);
    expect(await jobsOf(itemId)).toEqual([]);
    expect(await claim()).toBeNull();
  });

  it('a waiting job met is left as it is; one queued to run later runs again no sooner than asked', async () => {
    const [waitingItem, laterItem] = await enqueueItems(2);
    expect(await queueAgain(waitingItem!)).toBe(false);
    expect(await jobsOf(waitingItem!)).toEqual([expect.objectContaining({ status: 'pending', runAgainAt: null })]);
    await db().delete(jobs).where(eq(jobs.itemId, waitingItem!));
    const running = await claim();
    expect(running?.itemId).toBe(laterItem);
    const later = Date.now() + 60_000;
    await enqueue(db(), 'generate-listing', { userId: user.id, subject: itemSubject(laterItem!), runAfterMs: later });
    expect(await completeJob(db(), running!)).toBe(true);
    const [waiting] = await jobsOf(laterItem!);
    expect(waiting!.runAfter.getTime()).toBe(later);
    expect(await claim()).toBeNull();
  });

  it('a failed job is not revived; a retried one runs once, at its retry', async () => {
    const [failing, retried] = await enqueueItems(2);
    const first = await claim();
    const second = await claim();
    const byItem = new Map([first!, second!].map((job) => [job.itemId, job]));
    expect(await queueAgain(failing!)).toBe(false);
    expect(await queueAgain(retried!)).toBe(false);
    expect(await failJob(db(), byItem.get(failing!)!, 'broken')).toBe(true);
    expect(await jobsOf(failing!)).toEqual([expect.objectContaining({ status: 'failed', runAgainAt: null })]);
    const retryAt = Date.now() + 5000;
    expect(await retryJob(db(), byItem.get(retried!)!, { runAfterMs: retryAt, lastError: 'hiccup' })).toBe(true);
    expect(await jobsOf(retried!)).toEqual([expect.objectContaining({ status: 'pending', runAgainAt: null })]);
    expect(await claim()).toBeNull();
    const atRetry = await claim(retryAt);
    expect(atRetry?.itemId).toBe(retried);
    expect(await completeJob(db(), atRetry!)).toBe(true);
    expect(await jobsOf(retried!)).toEqual([]);
  });

  it('dedupe "any": a running job is marked when no failed one stops it', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    const first = await claim();
    expect(await queueAgain(itemId, { dedupe: 'any' })).toBe(false);
    expect(await completeJob(db(), first!)).toBe(true);
    expect(await jobsOf(itemId)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('through a worker pool: a job queued again by its own run runs twice, then stops', async () => {
    const itemId = (await enqueueItems(1))[0]!;
    let runs = 0;
    const pool = createWorkerPool({
      db: db(),
      registry: createJobRegistry({
        'generate-listing': {
          maxAttempts: 1,
          run: async () => {
            runs += 1;
            if (runs === 1) await queueAgain(itemId); // asked for again after this run's last look
          },
        },
        'publish-listing': unusedHandler,
        'pull-sales': unusedPullSales,
        ...unusedListingChanges,
        'import-listings': unusedImport,
        'import-past-sales': unusedPastSalesImport,
        'import-past-sales-file': unusedPastSalesFileImport,
        'autopilot-step': unusedAutopilot,
        'end-sold-elsewhere': { maxAttempts: 1, run: async () => undefined },
        'delist-push': { maxAttempts: 1, run: async () => undefined },
        'apply-selling-plan': { maxAttempts: 1, run: async () => undefined },
      }),
      log: silentLog,
      concurrency: 1,
    });
    expect(await pool.runNext()).toBe(true);
    expect(await pool.runNext()).toBe(true);
    expect(await pool.runNext()).toBe(false);
    expect(runs).toBe(2);
    expect(await jobsOf(itemId)).toEqual([]);
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
      createWorkerPool({
        db: db(),
        registry: createJobRegistry({
          'generate-listing': handler,
          'publish-listing': unusedHandler,
          'pull-sales': unusedPullSales,
          ...unusedListingChanges,
          'import-listings': unusedImport,
          'import-past-sales': unusedPastSalesImport,
          'import-past-sales-file': unusedPastSalesFileImport,
          'autopilot-step': unusedAutopilot,
          'end-sold-elsewhere': { maxAttempts: 1, run: async () => undefined },
          'delist-push': { maxAttempts: 1, run: async () => undefined },
          'apply-selling-plan': { maxAttempts: 1, run: async () => undefined },
        }),
        log: silentLog,
        concurrency: 4,
        pollMs: 10,
      }),
    );
    await Promise.all(pools.map((p) => p.start()));
    const until = Date.now() + 20_000;
    while (runs.length < itemIds.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(pools.map((p) => p.stop()));
    expect(runs.length).toBe(itemIds.length);
    expect(new Set(runs).size).toBe(itemIds.length);
    expect(await db().select().from(jobs)).toEqual([]); // all completed
  });

  it('retries an unexpected error with back-off, then gives up and says so', async () => {
    const itemId = (await enqueueItems(1))[0]!;
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
    const pool = createWorkerPool({
      db: db(),
      registry: createJobRegistry({
        'generate-listing': handler,
        'publish-listing': unusedHandler,
        'pull-sales': unusedPullSales,
        ...unusedListingChanges,
        'import-listings': unusedImport,
        'import-past-sales': unusedPastSalesImport,
        'import-past-sales-file': unusedPastSalesFileImport,
        'autopilot-step': unusedAutopilot,
        'end-sold-elsewhere': { maxAttempts: 1, run: async () => undefined },
        'delist-push': { maxAttempts: 1, run: async () => undefined },
        'apply-selling-plan': { maxAttempts: 1, run: async () => undefined },
      }),
      log: silentLog,
      concurrency: 1,
      clock,
    });
    expect(await pool.runNext()).toBe(true);
    const afterFirst = (await db().select().from(jobs).where(eq(jobs.itemId, itemId)))[0]!;
    expect(afterFirst).toMatchObject({ status: 'pending', lastError: 'database hiccup' });
    expect(afterFirst.runAfter.getTime()).toBe(now + 5000);
    now += 5000;
    expect(await pool.runNext()).toBe(true);
    expect(gaveUp).toEqual([`${itemId}:database hiccup`]);
    expect((await db().select().from(jobs).where(eq(jobs.itemId, itemId)))[0]).toMatchObject({ status: 'failed' });
  });
});

describe('a job running another job at once (runJobNow)', () => {
  it('runs it in its own slot, once; leaves one another worker holds to that worker', async () => {
    const [held, mine] = await enqueueItems(2);
    const elsewhere = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: Date.now(), leaseMs: 60_000, owner: 'other-pool' });
    expect(elsewhere?.itemId).toBe(held);
    await enqueue(db(), 'apply-selling-plan', {
      userId: user.id,
      subject: connectionSubject('selling-plan'),
      runAfterMs: Date.now() - 60_000,
    });
    const ran: string[] = [];
    const answers: boolean[] = [];
    const registry = createJobRegistry({
      'generate-listing': { maxAttempts: 1, run: async (job) => void ran.push(job.itemId!) },
      'publish-listing': unusedHandler,
      'pull-sales': unusedPullSales,
      ...unusedListingChanges,
      'import-listings': unusedImport,
      'import-past-sales': unusedPastSalesImport,
      'import-past-sales-file': unusedPastSalesFileImport,
      'autopilot-step': unusedAutopilot,
      'end-sold-elsewhere': { maxAttempts: 1, run: async () => undefined },
      'delist-push': { maxAttempts: 1, run: async () => undefined },
      'apply-selling-plan': {
        maxAttempts: 1,
        async run(job, ctx) {
          for (const itemId of [mine!, held!, mine!])
            answers.push((await ctx.runJobNow?.('generate-listing', { userId: job.userId, subject: itemSubject(itemId) })) ?? false);
        },
      },
    });
    const pool = createWorkerPool({ db: db(), registry, log: silentLog, concurrency: 1 });
    expect(await pool.runNext()).toBe(true); // the apply job, due first
    expect(answers).toEqual([true, false, false]); // run; held by the other pool; done already
    expect(ran).toEqual([mine]);
    expect(await pool.runNext()).toBe(false);
    expect((await db().select().from(jobs).where(eq(jobs.itemId, held!)))[0]).toMatchObject({
      status: 'running',
      leaseOwner: 'other-pool',
    });
    expect(await db().select().from(jobs).where(eq(jobs.itemId, mine!))).toEqual([]); // completed
  });
});

describe('a caller running a job another runner holds (runJobNow)', () => {
  /** A job held by another runner whose run fails while the caller waits: the caller's answer, and who ran it. */
  async function failedElsewhere(againAfterFailure: boolean) {
    seenByCaller.length = 0;
    const [itemId] = await enqueueItems(1);
    const held = await claimNextJob(db(), { kinds: ['generate-listing'], nowMs: Date.now(), leaseMs: 60_000, owner: 'other-pool' });
    expect(held?.itemId).toBe(itemId);
    const ran: string[] = [];
    const runner = createJobRunner({ db: db(), log: silentLog, clock: systemClock, leaseMs: 60_000, owner: 'seller-turn' });
    const answer = runner.runJobNow(
      'generate-listing',
      { userId: user.id, subject: itemSubject(itemId!) },
      { maxAttempts: 5, run: async (job) => void ran.push(job.itemId!) },
      { waitMs: 10_000, againAfterFailure },
    );
    // The other runner's run fails once the caller has seen it running: back to pending, its next try a minute away.
    await vi.waitFor(() => expect(seenByCaller).toContain('running'), { timeout: paced(10_000) });
    expect(await retryJob(db(), held!, { runAfterMs: Date.now() + 60_000, lastError: 'the marketplace is down' })).toBe(true);
    return { answered: await answer, ran, left: await db().select().from(jobs).where(eq(jobs.itemId, itemId!)) };
  }

  it('by default leaves the failed job to its back-off (a pull every 15 s does not double the tries)', async () => {
    const { answered, ran, left } = await failedElsewhere(false);
    expect(answered).toBe(true);
    expect(ran).toEqual([]);
    expect(left).toMatchObject([{ status: 'pending', lastError: 'the marketplace is down' }]);
  });

  it('asked again after a failure (a seller pressed for it): runs it once more in its own turn', async () => {
    const { answered, ran, left } = await failedElsewhere(true);
    expect(answered).toBe(true);
    expect(ran).toHaveLength(1);
    expect(left).toEqual([]); // completed
  });
});

describe('scheduled tasks', () => {
  it('run while the pool runs and stop with it', async () => {
    let runs = 0;
    const handler: JobHandler = {
      maxAttempts: 1,
      run: async () => undefined,
      scheduled: [{ name: 'count', everyMs: 20, run: async () => void (runs += 1) }],
    };
    const pool = createWorkerPool({
      db: db(),
      registry: createJobRegistry({
        'generate-listing': handler,
        'publish-listing': unusedHandler,
        'pull-sales': unusedPullSales,
        ...unusedListingChanges,
        'import-listings': unusedImport,
        'import-past-sales': unusedPastSalesImport,
        'import-past-sales-file': unusedPastSalesFileImport,
        'autopilot-step': unusedAutopilot,
        'end-sold-elsewhere': { maxAttempts: 1, run: async () => undefined },
        'delist-push': { maxAttempts: 1, run: async () => undefined },
        'apply-selling-plan': { maxAttempts: 1, run: async () => undefined },
      }),
      log: silentLog,
      concurrency: 1,
      pollMs: 10,
    });
    await pool.start();
    const until = Date.now() + 5000;
    while (runs < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await pool.stop();
    const stoppedAt = runs;
    await new Promise((r) => setTimeout(r, 60));
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(stoppedAt);
  });
});

describe('the job registry', () => {
  it('refuses to start with a job kind that has no handler', () => {
    expect(() => createJobRegistry({} as never)).toThrow(MissingJobHandlerError);
    expect(() => createJobRegistry({} as never)).toThrow('No handler registered for job kind(s): generate-listing');
  });
});
