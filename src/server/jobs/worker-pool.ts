import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { systemClock, type Clock } from './clock';
import { createJobRunner } from './job-runner';
import { claimJobOf, claimNextJob, pruneFailedJobs, releaseLeasesOf, type ClaimedJob } from './queue';
import type { JobKind, JobSubjects } from './job-kinds';
import type { JobRegistry, ScheduledTask } from './registry';

export interface WorkerPoolOptions {
  db: Db;
  registry: JobRegistry;
  log: FastifyBaseLogger;
  /** Jobs run at the same time by this process. */
  concurrency: number;
  /** A claim is lost this long after the last heartbeat (a crashed worker's job is taken over after it). */
  leaseMs?: number;
  /** Idle wait between empty claims. */
  pollMs?: number;
  clock?: Clock;
  /** Lease owner recorded on claims (worker-identity.ts); a random one when omitted (tests, benches). */
  owner?: string;
}

export interface WorkerPool {
  /**
   * Releases the jobs this owner still leases (its previous process died running them), then starts the job loops
   * and the registry's scheduled tasks. Resolves once they run.
   */
  start(): Promise<void>;
  /** Claims and runs one due job; false when none was due. The loops use it; tests call it directly. */
  runNext(): Promise<boolean>;
  /** Stops claiming, waits up to graceMs for running jobs, then aborts them (their leases expire; others retry). */
  stop(graceMs?: number): Promise<void>;
  /** As if the process died this instant: no more writes, heartbeats or settling. Tests of crash recovery use it. */
  kill(): void;
  readonly running: number;
}

export const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 500;
const KEEP_FAILED_JOBS_MS = 7 * 24 * 3600 * 1000;

/** The queue's own upkeep, beside the tasks the job kinds declare. */
const pruneTask = (db: Db): ScheduledTask => ({
  name: 'prune failed jobs',
  everyMs: 60_000,
  run: async ({ clock }) => void (await pruneFailedJobs(db, clock.now() - KEEP_FAILED_JOBS_MS)),
});

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { db, registry, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const clock = options.clock ?? systemClock;
  const owner = options.owner ?? `pool-${randomUUID()}`;
  const timers: NodeJS.Timeout[] = [];
  const stopping = new AbortController();
  const killed = new AbortController();
  const loops: Promise<void>[] = [];

  const runner = createJobRunner({ db, log, clock, leaseMs, owner, killed: killed.signal });
  const runClaimed = (job: ClaimedJob) => runner.runClaimed(job, registry.handlerFor(job.kind), runJobNow);

  /** A job's own fan-out (JobContext.runJobNow): that job claimed by subject and run in the caller's slot. */
  async function runJobNow<K extends JobKind>(kind: K, subject: { userId: string; subject: JobSubjects[K] }): Promise<boolean> {
    if (killed.signal.aborted || stopping.signal.aborted) return false;
    const job = await claimJobOf(db, kind, subject, { nowMs: clock.now(), leaseMs, owner });
    if (!job) return false;
    await runClaimed(job);
    return true;
  }

  async function runNext(): Promise<boolean> {
    if (killed.signal.aborted) return false;
    const job = await claimNextJob(db, { kinds: registry.kinds, nowMs: clock.now(), leaseMs, owner });
    if (!job) return false;
    await runClaimed(job);
    return true;
  }

  async function loop(index: number) {
    // Spread the loops' polls so idle workers do not query in lock-step.
    await clock.sleep(Math.floor((pollMs * index) / Math.max(1, options.concurrency)), stopping.signal);
    while (!stopping.signal.aborted && !killed.signal.aborted) {
      let worked = false;
      try {
        worked = await runNext();
      } catch (err) {
        if (killed.signal.aborted) return;
        log.error({ err }, 'job worker: claim failed');
      }
      if (!worked) await clock.sleep(pollMs, stopping.signal);
    }
  }

  function schedule(task: ScheduledTask) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || stopping.signal.aborted) return;
      busy = true;
      task
        .run({ clock, log })
        .catch((err: unknown) => log.error({ err, task: task.name }, 'scheduled job task failed'))
        .finally(() => (busy = false));
    }, task.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    async start() {
      const released = await releaseLeasesOf(db, owner, clock.now());
      if (released) log.warn({ released, owner }, 'jobs interrupted by this worker’s previous run are due again');
      for (const task of [pruneTask(db), ...registry.scheduledTasks()]) schedule(task);
      for (let i = 0; i < options.concurrency; i++) loops.push(loop(i));
      log.info({ concurrency: options.concurrency, kinds: registry.kinds, owner }, 'job workers started');
    },
    runNext,
    async stop(graceMs = 10_000) {
      for (const timer of timers) clearInterval(timer);
      stopping.abort();
      const all = Promise.all(loops);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        runner.abortAll(new Error('worker shutting down'));
        await all;
      }
    },
    kill() {
      for (const timer of timers) clearInterval(timer);
      killed.abort();
      stopping.abort();
      runner.abortAll(new Error('worker killed'));
    },
    get running() {
      return runner.running;
    },
  };
}
