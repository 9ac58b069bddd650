import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jobs } from '../db/schema';
import { frontOfQueueKinds, type JobKind, type JobKinds, type JobSubjects } from './job-kinds';
import { storedSubject, subjectOf } from './job-subject';
import { matching } from '../db/matching';

/**
 * The job queue on the `jobs` table, and the only code that reads or writes it. A claim is one statement (UPDATE
 * ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED)) that sets a lease and its owner and bumps `attempts`; that
 * attempts value fences every later write of the claim, so a worker whose lease expired and was taken over can no
 * longer complete, retry or fail the job. Completed jobs are deleted (the item carries the result); failed ones
 * stay with their error. At most one job per (kind, subject) waits or runs: a partial unique index
 * (jobs_active_subject_idx) holds it, so concurrent enqueues need no lock. A job queued again while it runs is marked
 * (`run_again_at`) and goes back to waiting when it completes, so work asked for after the run's last look is not
 * left for the next unrelated enqueue (decision 119).
 */

/** A job as one worker holds it: `attempts` is this claim's fencing token. */
export interface ClaimedJob<K extends JobKind = JobKind> {
  id: string;
  kind: K;
  userId: string;
  subject: JobSubjects[K];
  /** The subject's item; none for a connection subject (pull-sales). */
  itemId: K extends JobKind ? (JobSubjects[K] extends { itemId: string } ? string : null) : never;
  status: 'running';
  payload: JobKinds[K];
  attempts: number;
  runAfter: Date;
  leaseUntil: Date | null;
  /** The worker identity holding the lease (see worker-identity.ts). */
  leaseOwner: string | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const activeStatuses = ['pending', 'running'] as const;

const held = (job: Pick<ClaimedJob, 'id' | 'attempts'>) => matching(jobs, { id: job.id, attempts: job.attempts, status: 'running' });

/** Writes `set` on the job while this claim holds it; false when the claim no longer does (then nothing is written). */
async function updateHeld(db: Db, job: ClaimedJob, set: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
  const rows = await db.update(jobs).set(set).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

export interface NewJob<K extends JobKind> {
  userId: string;
  subject: JobSubjects[K];
  payload?: JobKinds[K];
  /** Due time; now (the database's clock) when omitted. */
  runAfterMs?: number;
}

export interface EnqueueOptions {
  /**
   * Which existing job of this kind for the subject stops a new one: `active` (default) one waiting or running;
   * `any` also a failed one (kept a week), so work that failed is not queued again on its own.
   */
  dedupe?: 'active' | 'any';
}

/**
 * Adds a job unless its subject already has one of this kind (see `dedupe`), and answers whether it did. Holds under
 * concurrent requests: the waiting-or-running case is the unique index's (ON CONFLICT DO NOTHING); `any` also checks
 * for a failed one. A waiting job met is left as it is (it will run anyway); a running one is marked to run again
 * once it completes, at the earliest due time asked for (it answers false too: no job was added).
 */
export async function enqueue<K extends JobKind>(db: Db, kind: K, job: NewJob<K>, options: EnqueueOptions = {}): Promise<boolean> {
  // Due now, to the millisecond: claims compare with the app's clock in milliseconds, and the database's now() has
  // microseconds, so a job queued at 12:00:00.123456 was not yet due to a claim at 12:00:00.123 (a test's drain right
  // after the queueing found nothing to run).
  const runAfter = job.runAfterMs === undefined ? sql`date_trunc('milliseconds', now())` : ts(job.runAfterMs);
  const { subjectType, subjectId, itemId } = storedSubject(job.subject, job.userId);
  const noFailedJob =
    options.dedupe === 'any'
      ? sql`where not exists (
          select 1 from ${jobs} where ${jobs.kind} = ${kind} and ${jobs.subjectType} = ${subjectType}
            and ${jobs.subjectId} = ${subjectId} and ${jobs.status} = 'failed')`
      : sql``;
  const insert = sql`
    insert into ${jobs} (kind, user_id, subject_type, subject_id, item_id, payload, run_after, status)
    select ${kind}, ${job.userId}, ${subjectType}, ${subjectId}, ${itemId}::uuid, ${JSON.stringify(job.payload ?? {})}::jsonb,
      ${runAfter}, 'pending'
    ${noFailedJob}
    on conflict (kind, subject_type, subject_id) where status in ('pending', 'running') do nothing
    returning id`;
  // The job met may complete between the insert and the mark: then the insert is tried again (a few times at most:
  // each retry means a job of this subject ended meanwhile).
  for (let attempt = 0; attempt < 3; attempt++) {
    if (rowsOf(await db.execute(insert)).length > 0) return true;
    if (options.dedupe === 'any' && (await hasFailedJob(db, kind, subjectType, subjectId))) return false;
    const active = await db.execute(sql`
      update ${jobs} set run_again_at = case
          when status = 'running' then least(coalesce(run_again_at, ${runAfter}), ${runAfter})
          else run_again_at end
      where kind = ${kind} and subject_type = ${subjectType} and subject_id = ${subjectId} and status in ('pending', 'running')
      returning id`);
    if (rowsOf(active).length > 0) return false;
  }
  return false;
}

async function hasFailedJob(db: Db, kind: JobKind, subjectType: string, subjectId: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(matching(jobs, { kind, subjectType, subjectId, status: 'failed' }))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes the oldest due job of these kinds (or one whose lease expired: its worker died) under a new lease held by
 * `owner`; a due job of the front-of-queue kinds (a sold item's other listings to end) comes before any other.
 */
export async function claimNextJob(
  db: Db,
  options: { kinds: readonly JobKind[]; nowMs: number; leaseMs: number; owner: string },
): Promise<ClaimedJob | null> {
  const kinds = sql.join(
    options.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const front = sql.join(
    frontOfQueueKinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return claimWhere(db, sql`kind in (${kinds})`, sql`case when kind in (${front}) then 0 else 1 end, run_after, created_at`, options);
}

/**
 * Takes the due job of this kind for this subject (as claimNextJob would: waiting and due, or its lease expired) for
 * `owner`; null when there is none or another worker holds it. A job that fans work out runs such a job in its own
 * slot at once (JobContext.runJobNow) instead of waiting for a free worker.
 */
export async function claimJobOf<K extends JobKind>(
  db: Db,
  kind: K,
  job: { userId: string; subject: JobSubjects[K] },
  options: { nowMs: number; leaseMs: number; owner: string; dueOrNot?: boolean },
): Promise<ClaimedJob | null> {
  const { subjectType, subjectId } = storedSubject(job.subject, job.userId);
  return claimWhere(db, sql`kind = ${kind} and subject_type = ${subjectType} and subject_id = ${subjectId}`, sql`run_after`, options);
}

/** Whether the job of this kind for this subject waits or runs (null: neither). */
export async function activeJobOf<K extends JobKind>(
  db: Db,
  kind: K,
  job: { userId: string; subject: JobSubjects[K] },
): Promise<'pending' | 'running' | null> {
  const { subjectType, subjectId } = storedSubject(job.subject, job.userId);
  const [row] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(matching(jobs, { kind, subjectType, subjectId }), inArray(jobs.status, [...activeStatuses])))
    .limit(1);
  return (row?.status as 'pending' | 'running' | undefined) ?? null;
}

/**
 * `dueOrNot`: a waiting job is claimed even before its due time (its caller asks for it now: a retry's back-off is
 * not waited out).
 */
async function claimWhere(
  db: Db,
  which: SQL,
  order: SQL,
  options: { nowMs: number; leaseMs: number; owner: string; dueOrNot?: boolean },
): Promise<ClaimedJob | null> {
  const now = ts(options.nowMs);
  const due = options.dueOrNot ? sql`true` : sql`run_after <= ${now}`;
  const result = await db.execute(sql`
    update ${jobs} set
      status = 'running',
      attempts = ${jobs.attempts} + 1,
      lease_until = ${ts(options.nowMs + options.leaseMs)},
      lease_owner = ${options.owner},
      updated_at = ${now}
    where ${jobs.id} = (
      select id from ${jobs}
      where ${which}
        and ((status = 'pending' and ${due}) or (status = 'running' and lease_until <= ${now}))
      order by ${order}
      for update skip locked
      limit 1)
    returning id, kind, user_id, subject_type, subject_id, item_id, payload, attempts, run_after, lease_until, lease_owner, last_error, created_at, updated_at`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  if (!row) return null;
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return {
    id: row.id as string,
    kind: row.kind as JobKind,
    userId: row.user_id as string,
    subject: subjectOf({
      subjectType: row.subject_type as string,
      subjectId: row.subject_id as string,
      itemId: (row.item_id as string | null) ?? null,
    }) as JobSubjects[JobKind],
    itemId: row.item_id as ClaimedJob['itemId'],
    status: 'running',
    payload: (payload ?? {}) as JobKinds[JobKind],
    attempts: Number(row.attempts),
    runAfter: new Date(row.run_after as string),
    leaseUntil: row.lease_until ? new Date(row.lease_until as string) : null,
    leaseOwner: (row.lease_owner as string | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

/** Pushes the lease forward; false when the claim was lost (lease expired and taken, or the job cancelled). */
export async function extendLease(db: Db, job: ClaimedJob, nowMs: number, leaseMs: number): Promise<boolean> {
  return updateHeld(db, job, { leaseUntil: new Date(nowMs + leaseMs), updatedAt: new Date(nowMs) });
}

/**
 * Done: the job goes away, or, queued again while it ran, waits again, due when asked (decision 119). Waiting again it
 * takes a new id and its attempts start over: a claim of the run that just ended (or of one taken over before) is
 * fenced off, and the new run has its own attempts. False when this claim no longer holds it (then write nothing else).
 */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const deleted = await db
    .delete(jobs)
    .where(and(held(job), isNull(jobs.runAgainAt)))
    .returning({ id: jobs.id });
  if (deleted.length > 0) return true;
  // Marked (before the delete, or while it waited on the row's lock): back to waiting.
  return updateHeld(db, job, {
    id: sql`gen_random_uuid()`,
    status: 'pending',
    attempts: 0,
    runAfter: sql`${jobs.runAgainAt}`,
    runAgainAt: null,
    leaseUntil: null,
    leaseOwner: null,
    lastError: null,
    updatedAt: new Date(),
  });
}

/**
 * Back to pending, due at runAfterMs. `attempts`: the count of tries it goes back with (a run beside the queue's own
 * tries gives back the one its claim counted); the claim's fence is gone either way, as the job no longer runs.
 */
export async function retryJob<K extends JobKind>(
  db: Db,
  job: ClaimedJob<K>,
  retry: { runAfterMs: number; lastError: string; payload?: JobKinds[K]; attempts?: number },
): Promise<boolean> {
  return updateHeld(db, job, {
    status: 'pending',
    ...(retry.attempts !== undefined ? { attempts: retry.attempts } : {}),
    runAfter: new Date(retry.runAfterMs),
    leaseUntil: null,
    leaseOwner: null,
    lastError: retry.lastError,
    // It waits again anyway: a mark to run again is met by this retry.
    runAgainAt: null,
    updatedAt: new Date(),
    ...(retry.payload ? { payload: { ...retry.payload } as Record<string, unknown> } : {}),
  });
}

/** Failed for good: kept with its error, never run again on its own, even if it was queued again while it ran. */
export async function failJob(db: Db, job: ClaimedJob, lastError: string): Promise<boolean> {
  return updateHeld(db, job, { status: 'failed', leaseUntil: null, leaseOwner: null, lastError, runAgainAt: null, updatedAt: new Date() });
}

/**
 * On start: the jobs this worker identity still leases were running when it died (a killed server keeps its
 * identity across the restart), so they are due again now instead of when their lease runs out. The claim count
 * stays (a crash counts as an attempt); the old claim is fenced off like any other.
 */
export async function releaseLeasesOf(db: Db, owner: string, nowMs: number): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', runAfter: new Date(nowMs), leaseUntil: null, leaseOwner: null, runAgainAt: null, updatedAt: new Date(nowMs) })
    .where(matching(jobs, { status: 'running', leaseOwner: owner }))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Drops the waiting or running jobs of these items; a running one's worker finds its claim gone and writes nothing. */
export async function cancelItemJobs(db: Db, userId: string, kind: JobKind, itemIds: string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const rows = await db
    .delete(jobs)
    .where(and(matching(jobs, { userId, kind }), inArray(jobs.itemId, itemIds), inArray(jobs.status, activeStatuses)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Which of these items have a job of this kind waiting or running. */
export async function itemsWithActiveJobs(db: Db, userId: string, kind: JobKind, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ itemId: jobs.itemId })
    .from(jobs)
    .where(and(matching(jobs, { userId, kind }), inArray(jobs.itemId, itemIds), inArray(jobs.status, activeStatuses)));
  return new Set(rows.flatMap((r) => (r.itemId ? [r.itemId] : [])));
}

/**
 * For other tables' queries: "this item has a job" as an SQL condition (`itemId` is a column or value of the outer
 * query). Only waiting or running jobs unless `status: 'any'`; narrowed to a kind and owner when given.
 */
export function itemHasJob(
  itemId: SQLWrapper,
  filter: { kind?: JobKind; userId?: string | SQLWrapper; status?: 'active' | 'any' } = {},
): SQL {
  const conditions = [sql`${jobs.itemId} = ${itemId}`];
  if (filter.kind) conditions.push(sql`${jobs.kind} = ${filter.kind}`);
  if (filter.userId !== undefined) conditions.push(sql`${jobs.userId} = ${filter.userId}`);
  if (filter.status !== 'any') conditions.push(sql`${jobs.status} in ('pending', 'running')`);
  return sql`exists (select 1 from ${jobs} where ${sql.join(conditions, sql` and `)})`;
}

/** For other tables' writes that must happen only while this claim holds its job (an SQL condition). */
export function claimHolds(job: Pick<ClaimedJob, 'id' | 'attempts'>): SQL {
  return sql`exists (select 1 from ${jobs} where ${jobs.id} = ${job.id} and ${jobs.attempts} = ${job.attempts} and ${jobs.status} = 'running')`;
}

/** Failed jobs older than the cut-off go; they only serve diagnosis. */
export async function pruneFailedJobs(db: Db, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'failed'), sql`${jobs.updatedAt} < ${ts(olderThanMs)}`))
    .returning({ id: jobs.id });
  return rows.length;
}
