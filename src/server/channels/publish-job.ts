import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { failJob, retryJob, type ClaimedJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { Marketplaces } from './marketplace';
import { failOrphanedPublishes, markListingFailed } from './repo';

/** A marketplace's 429 and busy answers are waited out this many times before the listing fails. */
export const PUBLISH_BUSY_RETRIES = 8;
/**
 * Attempts that got no answer from the marketplace at all are retried this many times (after 5, 10 and 20 s), then it
 * fails with a message saying so: a seller waits about half a minute, not the busy retries' twenty.
 */
export const PUBLISH_UNREACHABLE_RETRIES = 3;
/** Crashes and unexpected errors: claims before the item fails. */
const PUBLISH_MAX_ATTEMPTS = 5 + PUBLISH_BUSY_RETRIES + PUBLISH_UNREACHABLE_RETRIES;
const DEFAULT_BUSY_WAIT_SECONDS = 5;
const ORPHAN_SWEEP_MS = 60_000;

export const publishMessages = {
  busy: (marketplace: string, seconds: number) => `${marketplace} is busy - retrying in ${seconds}s...`,
  gaveUp: (reason: string) => `Failed to publish: ${reason}`,
  interrupted: 'Failed to publish: publishing was interrupted. Please try again.',
  unreachableRetrying: (marketplace: string, seconds: number) => `${marketplace} cannot be reached - retrying in ${seconds}s...`,
  unreachable: (marketplace: string) =>
    `${marketplace} cannot be reached right now, so nothing was published. Please try again in a few minutes.`,
} as const;

/**
 * The publish-listing job kind: one item to one channel through that marketplace's idempotent publish. Busy answers
 * go back to the queue for the time the marketplace asks (Retry-After) or a growing pause; a refusal fails the listing
 * with the marketplace's words mapped to the field to fix. Live or Failed reaches the browser through the item's row.
 */
export function publishListingJob(db: Db, marketplaces: Marketplaces): JobHandler<'publish-listing'> {
  const channelOf = (job: ClaimedJob<'publish-listing'>) => job.subject.channel as Channel;
  async function fail(job: ClaimedJob<'publish-listing'>, message: string) {
    await db.transaction(async (tx) => {
      if (await failJob(tx, job, message)) await markListingFailed(tx, job.userId, job.itemId, channelOf(job), message);
    });
  }

  return {
    maxAttempts: PUBLISH_MAX_ATTEMPTS,
    async run(job, ctx) {
      const marketplace = marketplaces[channelOf(job)];
      try {
        await marketplace.publish(job.userId, job.itemId);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        const failure = marketplace.publishFailureOf(error);
        const retries = job.payload.busyRetries ?? 0;
        if (failure.kind === 'busy' && retries < PUBLISH_BUSY_RETRIES) {
          const seconds = failure.seconds ?? DEFAULT_BUSY_WAIT_SECONDS * 2 ** retries;
          ctx.log.info(
            { itemId: job.itemId, channel: marketplace.channel, err: error, seconds },
            'marketplace busy; publish retried later',
          );
          await retryJob(db, job, {
            runAfterMs: ctx.clock.now() + seconds * 1000,
            lastError: publishMessages.busy(marketplace.name, seconds),
            payload: { ...job.payload, busyRetries: retries + 1 },
          });
          return;
        }
        if (failure.kind === 'unreachable') {
          const unreachable = job.payload.unreachableRetries ?? 0;
          if (unreachable >= PUBLISH_UNREACHABLE_RETRIES) {
            ctx.log.warn({ itemId: job.itemId, channel: marketplace.channel, err: error }, 'marketplace unreachable; publish failed');
            await fail(job, publishMessages.unreachable(marketplace.name));
            return;
          }
          const seconds = DEFAULT_BUSY_WAIT_SECONDS * 2 ** unreachable;
          ctx.log.warn(
            { itemId: job.itemId, channel: marketplace.channel, err: error, seconds },
            'marketplace unreachable; publish retried later',
          );
          await retryJob(db, job, {
            runAfterMs: ctx.clock.now() + seconds * 1000,
            lastError: publishMessages.unreachableRetrying(marketplace.name, seconds),
            payload: { ...job.payload, unreachableRetries: unreachable + 1 },
          });
          return;
        }
        if (failure.kind === 'refused' || failure.kind === 'busy') {
          await fail(job, failure.message);
          return;
        }
        throw error; // unexpected: retried with back-off, then given up
      }
    },
    onGiveUp: (job, reason) => markListingFailed(db, job.userId, job.itemId, channelOf(job), publishMessages.gaveUp(reason)),
    scheduled: [
      {
        name: 'fail orphaned publishes',
        everyMs: ORPHAN_SWEEP_MS,
        async run({ log }) {
          const orphans = await failOrphanedPublishes(db, publishMessages.interrupted);
          if (orphans) log.warn({ orphans }, 'listings left publishing without a job were marked failed');
        },
      },
    ],
  };
}
