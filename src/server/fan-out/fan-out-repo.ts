import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fanOutSends, type FanOutKind, type FanOutState } from '../db/schema';
import { matching } from '../db/matching';

export type FanOutRow = typeof fanOutSends.$inferSelect;

/** One run of one seller's fan-out. */
export interface FanOutRun {
  userId: string;
  kind: FanOutKind;
  runKey: string;
}

const sqlIncrement = sql`${fanOutSends.attempts} + 1`;

const ofRun = (run: FanOutRun) => matching(fanOutSends, { userId: run.userId, kind: run.kind, runKey: run.runKey });

/** Adds recipients to the run, waiting; one already in it keeps its state. */
export async function addRecipients(db: Db, run: FanOutRun, recipients: readonly string[]): Promise<void> {
  if (!recipients.length) return;
  await db
    .insert(fanOutSends)
    .values([...new Set(recipients)].map((recipient) => ({ ...run, recipient })))
    .onConflictDoNothing();
}

/** The run's recipients in the order they were added. */
export const rowsOfRun = (db: Db, run: FanOutRun): Promise<FanOutRow[]> =>
  db.select().from(fanOutSends).where(ofRun(run)).orderBy(asc(fanOutSends.createdAt), asc(fanOutSends.recipient));

/** Whether the run has begun (any recipient recorded). */
export async function runStarted(db: Db, run: FanOutRun): Promise<boolean> {
  const [row] = await db.select({ recipient: fanOutSends.recipient }).from(fanOutSends).where(ofRun(run)).limit(1);
  return Boolean(row);
}

/**
 * Moves a recipient from the state it was read in (a second runner finds it moved and leaves it: false).
 * `attempt`: counts one more send.
 */
export async function moveRecipient(
  db: Db,
  run: FanOutRun,
  recipient: string,
  from: readonly FanOutState[],
  to: { state: FanOutState; message?: string | null; attempt?: boolean },
): Promise<boolean> {
  const moved = await db
    .update(fanOutSends)
    .set({
      state: to.state,
      message: to.message ?? null,
      updatedAt: new Date(),
      ...(to.attempt ? { attempts: sqlIncrement } : {}),
    })
    .where(and(ofRun(run), eq(fanOutSends.recipient, recipient), inArray(fanOutSends.state, [...from])))
    .returning({ recipient: fanOutSends.recipient });
  return moved.length > 0;
}
