/**
 * A fan-out: one send to many recipients (an approved offer to a Depop product's likers, to an eBay listing's
 * watchers), each recipient's outcome stored before the next is sent, so a restart (kill -9 included) resumes the rest
 * and sends none twice (decision 158).
 *
 * Each recipient moves pending → sending → sent or failed; `sending` is written before the call goes out. A recipient a
 * stopped process left `sending` may or may not have had its send: `inDoubt` says what then. Where the marketplace
 * takes the same call twice as once (eBay's offer, whose second send answers "a negotiation is open") it is
 * sent again, marked `again` (the sender reads the marketplace's "already done" as sent); where it does not and
 * cannot be asked (Depop's offer to a buyer), it is counted as sent, with a note, and never sent twice.
 */
import type { Db } from '../db/client';
import type { FanOutKind } from '../db/schema';
import { addRecipients, moveRecipient, rowsOfRun, runStarted, type FanOutRow, type FanOutRun } from './fan-out-repo';

/** What came of one recipient's send: sent (`note`: why it is not confirmed), or refused with the reason. */
export type FanOutOutcome = { sent: true; note?: string | null } | { sent: false; reason: string };

/** What to do with a recipient a stopped process left with its send under way. */
export type InDoubt =
  /** Sent again: the marketplace takes a second identical call as the first (or answers that the first went). */
  | { sendAgain: true }
  /** Counted as sent with this note: a second send would reach the recipient twice and the marketplace cannot be asked. */
  | { countAsSent: string };

export interface FanOutSpec {
  db: Db;
  userId: string;
  kind: FanOutKind;
  /** Names the run (the plan action): a restart passes the same one and resumes it. */
  runKey: string;
  /** Recipients to add to the run; those already in it keep their state (a restart may pass fewer or more). */
  recipients: readonly string[];
  /**
   * One recipient's send, answered with its outcome. A throw leaves it `sending` and goes up (the job's next attempt
   * decides it by `inDoubt`): throw only where the send may have gone out. `again`: a send a stop left in doubt, sent
   * again, so a "done already" from the marketplace is its success.
   */
  send(recipient: string, context: { again: boolean }): Promise<FanOutOutcome>;
  inDoubt: InDoubt;
  /** Written in the same transaction as a recipient's outcome (the like marked offered, say). */
  onOutcome?(tx: Db, recipient: string, outcome: FanOutOutcome): Promise<void>;
}

export interface FanOutResult {
  sent: string[];
  failed: { recipient: string; reason: string }[];
  /** Counted as sent after a stop (`countAsSent`): the marketplace did not confirm them. */
  unconfirmed: string[];
  /** Recipients in the run (each has an outcome when the run returns). */
  total: number;
}

const runOf = (spec: Pick<FanOutSpec, 'userId' | 'kind' | 'runKey'>): FanOutRun => ({
  userId: spec.userId,
  kind: spec.kind,
  runKey: spec.runKey,
});

/** Whether a run has begun: once it has, its recipients are the stored ones (and any added). */
export const fanOutStarted = (db: Db, spec: Pick<FanOutSpec, 'userId' | 'kind' | 'runKey'>) => runStarted(db, runOf(spec));

async function settle(spec: FanOutSpec, row: FanOutRow, outcome: FanOutOutcome): Promise<void> {
  const run = runOf(spec);
  await spec.db.transaction(async (tx) => {
    const moved = await moveRecipient(tx, run, row.recipient, ['sending'], {
      state: outcome.sent ? 'sent' : 'failed',
      message: outcome.sent ? (outcome.note ?? null) : outcome.reason,
    });
    if (moved) await spec.onOutcome?.(tx, row.recipient, outcome);
  });
}

/** One recipient carried to its outcome, unless another runner has it. */
async function carry(spec: FanOutSpec, row: FanOutRow): Promise<void> {
  const run = runOf(spec);
  if (row.state === 'sent' || row.state === 'failed') return;
  const again = row.state === 'sending';
  if (again && 'countAsSent' in spec.inDoubt) return settle(spec, row, { sent: true, note: spec.inDoubt.countAsSent });
  if (!(await moveRecipient(spec.db, run, row.recipient, [row.state], { state: 'sending', attempt: true }))) return;
  const outcome = await spec.send(row.recipient, { again });
  await settle(spec, { ...row, state: 'sending' }, outcome);
}

/**
 * Runs (or resumes) a fan-out to its end, one recipient at a time: every recipient of the run with an outcome. A send
 * that throws stops the run with that recipient `sending`, and the error goes up.
 */
export async function runFanOut(spec: FanOutSpec): Promise<FanOutResult> {
  const run = runOf(spec);
  await addRecipients(spec.db, run, spec.recipients);
  for (const row of await rowsOfRun(spec.db, run)) await carry(spec, row);
  return resultOf(await rowsOfRun(spec.db, run));
}

function resultOf(rows: FanOutRow[]): FanOutResult {
  return {
    sent: rows.filter((row) => row.state === 'sent').map((row) => row.recipient),
    unconfirmed: rows.filter((row) => row.state === 'sent' && row.message).map((row) => row.recipient),
    failed: rows.filter((row) => row.state === 'failed').map((row) => ({ recipient: row.recipient, reason: row.message ?? 'Not sent' })),
    total: rows.length,
  };
}

/**
 * A run's outcome in the seller's words: null when every recipient had it, else how many did not and why, and how many
 * the marketplace did not confirm (the app stopped during their send).
 */
export function fanOutSummary(result: FanOutResult, noun: string): string | null {
  const parts: string[] = [];
  if (result.failed.length) {
    const reasons = [...new Set(result.failed.map((f) => f.reason))];
    parts.push(`${result.failed.length} of ${result.total} ${noun} not sent: ${reasons.slice(0, 2).join('; ')}`);
  }
  if (result.unconfirmed.length)
    parts.push(`${result.unconfirmed.length} of ${result.total} ${noun} not confirmed: the app stopped while sending theirs`);
  return parts.length ? parts.join('. ') : null;
}
