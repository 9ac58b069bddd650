import type { Db } from '../db/client';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import { sellersWithDueActions } from './repo';
import type { SellingPlanService } from './service';

/** The subject of a seller's apply job: one run of their plan at a time. */
export const planSubject = connectionSubject('selling-plan');

export const queueApply = (db: Db, userId: string) =>
  enqueue(db, 'apply-selling-plan', { userId, subject: planSubject }).then(() => undefined);

const HOUR_MS = 60 * 60 * 1000;

/**
 * The apply-selling-plan job (decision 090): the seller's due approved (or automatic) drops and relists carried out.
 * Idempotent across a restart: each action moves state by state, fenced on the state it was read in (repo.moveAction).
 * Its scheduled task, hourly, plans again for every seller with a rule or an offer rule that asks first (so automatic
 * rules run, and offers waiting for approval are in the plan, with no screen open)
 * and queues a run for each seller with something due.
 */
export function applySellingPlanJob(db: Db, plans: () => SellingPlanService): JobHandler<'apply-selling-plan'> {
  return {
    maxAttempts: 5,
    async run(job, ctx) {
      await plans().apply(job.userId, ctx.runJobNow);
    },
    scheduled: [
      {
        name: 'plan and apply the sellers’ price drops and relists',
        everyMs: HOUR_MS,
        async run({ clock, log }) {
          for (const userId of await plans().sellersToPlan()) {
            await plans()
              .refresh(userId)
              .catch((err: unknown) => log.warn({ err, userId }, 'selling plan not worked out for a seller'));
          }
          for (const userId of await sellersWithDueActions(db, new Date(clock.now()))) await queueApply(db, userId);
        },
      },
    ],
  };
}
