import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { JobKind, JobSubjects } from './job-kinds';
import { activeJobOf, claimJobOf, completeJob, extendLease, failJob, retryJob, type ClaimedJob } from './queue';
import type { JobContext, JobHandler } from './registry';

/** Unexpected errors are retried after 5 s, 10 s, 20 s ... at most 5 minutes. */
export const jobBackoffMs = (attempts: number) => Math.min(300_000, 5000 * 2 ** Math.max(0, attempts - 1));

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  /** A claim is lost this long after the last heartbeat (a crashed runner's job is taken over after it). */
  leaseMs: number;
  /** Lease owner recorded on claims (worker-identity.ts). */
  owner: string;
  /** Aborted as if the process died this instant: no more writes, heartbeats or settling (tests of crash recovery). */
  killed?: AbortSignal;
}

/**
 * Runs a claimed job as every worker runs one: under its lease (a heartbeat extends it; a lost lease aborts the
 * handler), completed when the handler returns, retried with back-off when it throws, given up after the handler's
 * attempts. The worker pool runs the jobs it claims through it, and so does any caller that runs a job at once in its
 * own turn (`runJobNow`: the one sale path's ends after a pull, decision 166), so a job is run the same way whoever
 * runs it.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log, clock, leaseMs, owner } = options;
  const killed = options.killed;
  const inFlight = new Set<AbortController>();

  /**
   * `askedNow`: a run its caller asked for at once, beside the queue's own tries (a pull's ends, the seller's "End it
   * now"): failed, it leaves the job as the queue had it, its count of tries and its next try unchanged (a job never
   * tried is tried the queue's first back-off step later), so a pull every 15 s or a seller's click neither pushes the
   * queue's next try further away nor brings its give-up nearer.
   */
  async function runClaimed(
    job: ClaimedJob,
    handler: JobHandler | undefined,
    runJobNow?: JobContext['runJobNow'],
    { askedNow = false }: { askedNow?: boolean } = {},
  ): Promise<void> {
    const jobLog = log.child({ jobId: job.id, kind: job.kind, subject: job.subject, attempts: job.attempts });
    if (!handler) {
      await failJob(db, job, `No handler for job kind ${job.kind}`);
      return;
    }
    if (job.attempts > handler.maxAttempts) {
      jobLog.warn('job given up after too many attempts');
      await handler.onGiveUp?.(job, 'too many attempts');
      await failJob(db, job, job.lastError ?? 'Gave up after too many attempts');
      return;
    }
    const abort = new AbortController();
    inFlight.add(abort);
    const beat = setInterval(
      () => {
        if (killed?.aborted) return;
        extendLease(db, job, clock.now(), leaseMs).then(
          (held) => {
            if (!held) abort.abort(new Error('lease lost'));
          },
          (err: unknown) => jobLog.warn({ err }, 'lease heartbeat failed'),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const ctx: JobContext = { signal: abort.signal, clock, log: jobLog, runJobNow };
    try {
      await handler.run(job, ctx);
      if (!killed?.aborted) await completeJob(db, job);
    } catch (err) {
      // Lease lost, shutdown or a simulated crash: the job is someone else's (or nobody's until the lease ends).
      if (abort.signal.aborted || killed?.aborted) return;
      const message = err instanceof Error ? err.message : String(err);
      if (askedNow) {
        jobLog.warn({ err }, 'job run at once failed; left to the queue');
        const runAfterMs = Math.max(job.runAfter.getTime(), clock.now() + jobBackoffMs(1));
        await retryJob(db, job, { runAfterMs, lastError: message, attempts: job.attempts - 1 });
      } else if (job.attempts < handler.maxAttempts) {
        jobLog.error({ err }, 'job failed, will retry');
        await retryJob(db, job, { runAfterMs: clock.now() + jobBackoffMs(job.attempts), lastError: message });
      } else {
        jobLog.error({ err }, 'job failed for the last time');
        await handler.onGiveUp?.(job, message);
        await failJob(db, job, message);
      }
    } finally {
      clearInterval(beat);
      inFlight.delete(abort);
    }
  }

  /**
   * The job of this kind for this subject run now, in the caller's turn: waiting (due or not: the caller asks for it
   * now) it is claimed and run here; running under another runner's lease, it is waited for, up to `waitMs`, so the
   * caller answers after it either way. Answers whether it finished by then (false: still running elsewhere).
   * `againAfterFailure`: a run elsewhere that failed is followed by one here (a seller who pressed for it now wants a
   * try that began after their press, not the end of one begun before it, perhaps before the marketplace came back).
   */
  async function runJobNow<K extends JobKind>(
    kind: K,
    job: { userId: string; subject: JobSubjects[K] },
    handler: JobHandler<K>,
    { waitMs, againAfterFailure = false }: { waitMs: number; againAfterFailure?: boolean },
  ): Promise<boolean> {
    // Real time: a caller's waiting is real even where a test moves the queue's clock by hand.
    const deadline = Date.now() + waitMs;
    let ranElsewhere = false;
    for (;;) {
      if (killed?.aborted) return false;
      // Once another runner's run ended (a failure waits its back-off again), it is not run a second time here,
      // unless the caller asked for a try of its own.
      if (!ranElsewhere || againAfterFailure) {
        const claimed = await claimJobOf(db, kind, job, { nowMs: clock.now(), leaseMs, owner, dueOrNot: true });
        if (claimed) {
          await runClaimed(claimed, handler as unknown as JobHandler, undefined, { askedNow: true });
          return true;
        }
      }
      const status = await activeJobOf(db, kind, job);
      if (status === null || (ranElsewhere && status === 'pending' && !againAfterFailure)) return true;
      if (status === 'running') ranElsewhere = true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    runClaimed,
    runJobNow,
    /** Aborts the handlers running now (their leases then run out, and another runner takes their jobs). */
    abortAll(reason: Error) {
      for (const abort of inFlight) abort.abort(reason);
    },
    get running() {
      return inFlight.size;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
