import { EbayApiError, EbayUnreachableError } from '../api/ebay-api-error';
import type { Db } from '../../../db/client';
import { failJob, retryJob } from '../../../jobs/queue';
import type { JobHandler } from '../../../jobs/registry';
import { PublishRefused, type ListingPublisher } from './listing-publisher';
import { publishFailureOf } from './publish-errors';
import * as repo from './repo';

/** eBay's 429 and busy answers are waited out this many times before the item fails. */
export const PUBLISH_BUSY_RETRIES = 8;
/**
 * Attempts that got no answer from eBay at all are retried this many times (after 5, 10 and 20 s), then the item
 * fails with a message saying so: a seller waits about half a minute, not the busy retries' twenty.
 */
export const PUBLISH_UNREACHABLE_RETRIES = 3;
/** Crashes and unexpected errors: claims before the item fails. */
const PUBLISH_MAX_ATTEMPTS = 5 + PUBLISH_BUSY_RETRIES + PUBLISH_UNREACHABLE_RETRIES;
const DEFAULT_BUSY_WAIT_SECONDS = 5;
const ORPHAN_SWEEP_MS = 60_000;

export const publishMessages = {
  busy: (seconds: number) => `eBay is busy - retrying in ${seconds}s...`,
  gaveUp: (reason: string) => `Failed to publish: ${reason}`,
  interrupted: 'Failed to publish: publishing was interrupted. Please try again.',
  unreachableRetrying: (seconds: number) => `eBay cannot be reached - retrying in ${seconds}s...`,
  unreachable: 'eBay cannot be reached right now, so nothing was published. Please try again in a few minutes.',
} as const;

/**
 * The publish-listing job kind: one item to eBay through the idempotent publisher. eBay's rate limits and busy
 * answers go back to the queue for the time eBay asks (Retry-After) or a growing pause; a refusal fails the item
 * with eBay's words mapped to the field to fix. Published or Failed reaches the browser through the item's row.
 */
export function publishListingJob(db: Db, publisher: ListingPublisher): JobHandler<'publish-listing'> {
  async function fail(job: Parameters<JobHandler<'publish-listing'>['run']>[0], message: string) {
    await db.transaction(async (tx) => {
      if (await failJob(tx, job, message)) await repo.markPublishFailed(tx, job.userId, job.itemId, message);
    });
  }

  return {
    maxAttempts: PUBLISH_MAX_ATTEMPTS,
    async run(job, ctx) {
      try {
        await publisher.publish(job.userId, job.itemId);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        const retries = job.payload.busyRetries ?? 0;
        if (error instanceof EbayApiError && error.retryable && retries < PUBLISH_BUSY_RETRIES) {
          const seconds = error.retryAfterSeconds ?? DEFAULT_BUSY_WAIT_SECONDS * 2 ** retries;
          ctx.log.info({ itemId: job.itemId, errorId: error.errorId, seconds }, 'eBay busy; publish retried later');
          await retryJob(db, job, {
            runAfterMs: ctx.clock.now() + seconds * 1000,
            lastError: publishMessages.busy(seconds),
            payload: { ...job.payload, busyRetries: retries + 1 },
          });
          return;
        }
        if (error instanceof EbayUnreachableError) {
          const unreachable = job.payload.unreachableRetries ?? 0;
          if (unreachable >= PUBLISH_UNREACHABLE_RETRIES) {
            ctx.log.warn({ itemId: job.itemId, err: error }, 'eBay unreachable; publish failed');
            await fail(job, publishMessages.unreachable);
            return;
          }
          const seconds = DEFAULT_BUSY_WAIT_SECONDS * 2 ** unreachable;
          ctx.log.warn({ itemId: job.itemId, err: error, seconds }, 'eBay unreachable; publish retried later');
          await retryJob(db, job, {
            runAfterMs: ctx.clock.now() + seconds * 1000,
            lastError: publishMessages.unreachableRetrying(seconds),
            payload: { ...job.payload, unreachableRetries: unreachable + 1 },
          });
          return;
        }
        if (error instanceof PublishRefused || error instanceof EbayApiError) {
          await fail(job, error instanceof PublishRefused ? error.message : publishFailureOf(error).message);
          return;
        }
        throw error; // unexpected: retried with back-off, then given up
      }
    },
    onGiveUp: (job, reason) => repo.markPublishFailed(db, job.userId, job.itemId, publishMessages.gaveUp(reason)),
    scheduled: [
      {
        name: 'fail orphaned publishes',
        everyMs: ORPHAN_SWEEP_MS,
        async run({ log }) {
          const orphans = await repo.failOrphanedPublishes(db, publishMessages.interrupted);
          if (orphans) log.warn({ orphans }, 'items left publishing without a job were marked failed');
        },
      },
    ],
  };
}
