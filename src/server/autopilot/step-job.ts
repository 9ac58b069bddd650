import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { itemSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import * as repo from './repo';
import type { AutopilotStep } from './step';

/** How often products whose step is due (upload settled, listing written, a lost wake-up) are looked for. */
export const AUTOPILOT_SWEEP_MS = 2000;
/** A channel that cannot be checked (eBay unreachable) is tried again this many times before the seller is asked. */
const STEP_ATTEMPTS = 6;

/**
 * Queues one step of a product on autopilot (at most one waiting or running per product), due at the workers' clock's
 * now: the database's own now() is finer than the milliseconds the workers compare with, so it could be a moment late.
 */
export const queueStep = (db: Db, clock: Clock, userId: string, itemId: string) =>
  enqueue(db, 'autopilot-step', { userId, subject: itemSubject(itemId), runAfterMs: clock.now() });

/**
 * The autopilot-step job kind: one product taken as far as it can go now (step.ts). Its scheduled sweep queues the
 * steps nobody woke: an upload that settled, a listing written, a step lost to a crash.
 */
export function autopilotStepJob(db: Db, clock: Clock, step: AutopilotStep): JobHandler<'autopilot-step'> {
  return {
    maxAttempts: STEP_ATTEMPTS,
    run: (job) => step.run(job.userId, job.subject.itemId),
    onGiveUp: (job, reason) => step.giveUp(job.userId, job.subject.itemId, reason),
    scheduled: [
      {
        name: 'autopilot sweep',
        everyMs: AUTOPILOT_SWEEP_MS,
        async run({ log }) {
          let queued = 0;
          for (const due of await repo.stepsDue(db, 200)) if (await queueStep(db, clock, due.userId, due.itemId)) queued += 1;
          if (queued) log.info({ queued }, 'autopilot steps queued');
        },
      },
    ],
  };
}
