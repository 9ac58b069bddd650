import { channelMessages } from '@shared/contracts/channels';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { failJob, type ClaimedJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { Marketplaces } from './marketplace';
import {
  attemptAtMarketplace,
  MARKETPLACE_BUSY_RETRIES,
  MARKETPLACE_MAX_ATTEMPTS,
  MARKETPLACE_UNREACHABLE_RETRIES,
} from './marketplace-retries';
import { failOrphanedPublishes, markListingFailed, soldOutItemIds } from './repo';

/** Kept under their publish names for the publish job's callers and tests. */
export const PUBLISH_BUSY_RETRIES = MARKETPLACE_BUSY_RETRIES;
export const PUBLISH_UNREACHABLE_RETRIES = MARKETPLACE_UNREACHABLE_RETRIES;
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
  const channelOf = (job: ClaimedJob<'publish-listing'>) => job.subject.channel as ApiChannel;
  async function fail(job: ClaimedJob<'publish-listing'>, message: string) {
    await db.transaction(async (tx) => {
      if (await failJob(tx, job, message)) await markListingFailed(tx, job.userId, job.itemId, channelOf(job), message);
    });
  }

  return {
    maxAttempts: MARKETPLACE_MAX_ATTEMPTS,
    async run(job, ctx) {
      const marketplace = marketplaces[channelOf(job)];
      // Sold out anywhere since the job was queued (a sale on another channel): nothing left to put up.
      if ((await soldOutItemIds(db, job.userId, [job.itemId])).has(job.itemId)) return fail(job, channelMessages.sold);
      await attemptAtMarketplace(db, job, ctx, marketplace, {
        act: async () => {
          await marketplace.publish(job.userId, job.itemId);
        },
        fail: (message) => fail(job, message),
        messages: publishMessages,
      });
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
