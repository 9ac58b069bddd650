import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import { jobKinds, type JobKind, type JobSubjects } from './job-kinds';
import type { ClaimedJob } from './queue';

export interface JobContext {
  /** Aborted when the worker lost its lease or is shutting down: stop, write nothing, throw. */
  signal: AbortSignal;
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * Runs the due job of this kind for this subject now, in this job's slot, as a worker would (its retries and
   * failures kept); false when there is none or another worker has it. A job fanning work out to other jobs (the
   * selling plan's lanes, decision 109) uses it so that work does not wait for a free worker. Absent: leave it queued.
   */
  runJobNow?<K extends JobKind>(kind: K, job: { userId: string; subject: JobSubjects[K] }): Promise<boolean>;
}

/** Periodic work that belongs with a job kind (e.g. queueing background jobs, sweeping up after lost ones). */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run(ctx: { clock: Clock; log: FastifyBaseLogger }): Promise<void>;
}

export interface JobHandler<K extends JobKind = JobKind> {
  /**
   * Does the work. It may settle the job itself (complete / retry / fail, fenced by the claim) together with its
   * own writes; if it returns without doing so the worker completes the job. A throw is retried with back-off.
   */
  run(job: ClaimedJob<K>, ctx: JobContext): Promise<void>;
  /** Claims (crash recoveries and retries included) before the job is given up. */
  maxAttempts: number;
  /** Called once when the job is given up, so nothing it touched is left half-way (e.g. an item "generating"). */
  onGiveUp?(job: ClaimedJob<K>, reason: string): Promise<void>;
  /** Run by every worker pool while it runs (not by processes with WORKERS=0). */
  scheduled?: ScheduledTask[];
}

/** One handler per kind, each typed for its own payload. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export interface JobRegistry {
  kinds: readonly JobKind[];
  handlerFor(kind: string): JobHandler | undefined;
  scheduledTasks(): ScheduledTask[];
}

export class MissingJobHandlerError extends Error {}

/** One handler per job kind, checked at boot: a kind without a handler stops the start, not a user's job later. */
export function createJobRegistry(handlers: JobHandlers): JobRegistry {
  const missing = jobKinds.filter((kind) => typeof handlers[kind]?.run !== 'function');
  if (missing.length > 0) throw new MissingJobHandlerError(`No handler registered for job kind(s): ${missing.join(', ')}`);
  return {
    kinds: jobKinds,
    handlerFor: (kind) => ((jobKinds as readonly string[]).includes(kind) ? (handlers[kind as JobKind] as JobHandler) : undefined),
    scheduledTasks: () => jobKinds.flatMap((kind) => handlers[kind].scheduled ?? []),
  };
}
