import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { JobKind } from './job-kinds';

/**
 * The job queue on the `jobs` table. A claim is one statement (UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP
 * LOCKED)) that sets a lease and bumps `attempts`; that attempts value fences every later write of the claim, so a
 * worker whose lease expired and was taken over can no longer complete, retry or fail the job. Completed jobs are
 * deleted (the item carries the result); failed ones stay with their error.
 */

export type JobRow = typeof jobs.$inferSelect;
/** A job as one worker holds it: `attempts` is this claim's fencing token. */
export type ClaimedJob = JobRow & { status: 'running'; attempts: number };

const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const held = (job: Pick<ClaimedJob, 'id' | 'attempts'>) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));

export interface EnqueueJob {
  kind: JobKind;
  userId: string;
  itemId: string;
  payload?: Record<string, unknown>;
  runAfterMs: number;
}

/**
 * Adds a job unless the item already has one of this kind waiting or running. Callers that need this to hold
 * under concurrent requests lock the item row first (SELECT ... FOR UPDATE) in the same transaction.
 */
export async function enqueueJob(db: Db, job: EnqueueJob): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${jobs} (kind, user_id, item_id, payload, run_after, status)
    select ${job.kind}, ${job.userId}, ${job.itemId}::uuid, ${JSON.stringify(job.payload ?? {})}::jsonb, ${ts(job.runAfterMs)}, 'pending'
    where not exists (
      select 1 from ${jobs}
      where ${jobs.kind} = ${job.kind} and ${jobs.itemId} = ${job.itemId}::uuid and ${jobs.status} in ('pending', 'running'))
    returning id`);
  return rowsOf(result).length > 0;
}

/** Takes the oldest due job of these kinds (or one whose lease expired: its worker died) under a new lease. */
export async function claimNextJob(db: Db, options: { kinds: readonly JobKind[]; nowMs: number; leaseMs: number }): Promise<ClaimedJob | null> {
  const kinds = sql.join(
    options.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const now = ts(options.nowMs);
  const result = await db.execute(sql`
    update ${jobs} set
      status = 'running',
      attempts = ${jobs.attempts} + 1,
      lease_until = ${ts(options.nowMs + options.leaseMs)},
      updated_at = ${now}
    where ${jobs.id} = (
      select id from ${jobs}
      where kind in (${kinds})
        and ((status = 'pending' and run_after <= ${now}) or (status = 'running' and lease_until <= ${now}))
      order by run_after, created_at
      for update skip locked
      limit 1)
    returning id, kind, user_id, item_id, status, payload, attempts, run_after, lease_until, last_error, created_at, updated_at`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  if (!row) return null;
  return {
    id: row.id as string,
    kind: row.kind as string,
    userId: row.user_id as string,
    itemId: (row.item_id as string | null) ?? null,
    status: 'running',
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown> | null,
    attempts: Number(row.attempts),
    runAfter: new Date(row.run_after as string),
    leaseUntil: row.lease_until ? new Date(row.lease_until as string) : null,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

/** Pushes the lease forward; false when the claim was lost (lease expired and taken, or the job cancelled). */
export async function extendLease(db: Db, job: ClaimedJob, nowMs: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: new Date(nowMs + leaseMs), updatedAt: new Date(nowMs) })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Done: the job goes away. False when this claim no longer holds it (then write nothing else either). */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db.delete(jobs).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Back to pending, due at runAfterMs. */
export async function retryJob(db: Db, job: ClaimedJob, retry: { runAfterMs: number; lastError: string; payload?: Record<string, unknown> }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'pending',
      runAfter: new Date(retry.runAfterMs),
      leaseUntil: null,
      lastError: retry.lastError,
      updatedAt: new Date(),
      ...(retry.payload ? { payload: retry.payload } : {}),
    })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function failJob(db: Db, job: ClaimedJob, lastError: string): Promise<boolean> {
  const rows = await db.update(jobs).set({ status: 'failed', leaseUntil: null, lastError, updatedAt: new Date() }).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** Drops the waiting or running jobs of these items; a running one's worker finds its claim gone and writes nothing. */
export async function cancelItemJobs(db: Db, userId: string, kind: JobKind, itemIds: string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind), inArray(jobs.itemId, itemIds), inArray(jobs.status, ['pending', 'running'])))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Which of these items have a job of this kind waiting or running. */
export async function itemsWithActiveJobs(db: Db, userId: string, kind: JobKind, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ itemId: jobs.itemId })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.kind, kind), inArray(jobs.itemId, itemIds), inArray(jobs.status, ['pending', 'running'])));
  return new Set(rows.map((r) => r.itemId).filter((id): id is string => id !== null));
}

/** Failed jobs older than the cut-off go; they only serve diagnosis. */
export async function pruneFailedJobs(db: Db, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'failed'), sql`${jobs.updatedAt} < ${ts(olderThanMs)}`))
    .returning({ id: jobs.id });
  return rows.length;
}
