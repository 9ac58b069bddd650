import { listingChangeMessages, type ApiChannel, type ListingChange } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { failJob, retryJob, type ClaimedJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import {
  changeAppliesTo,
  dropListingChange,
  failListingChange,
  listingChangeOf,
  settleListingChange,
  type ChangeOutcome,
} from './listing-changes-repo';
import type { Marketplace, Marketplaces } from '../channels/marketplace';
import { attemptAtMarketplace, MARKETPLACE_MAX_ATTEMPTS } from '../channels/marketplace-retries';
import { soldOutAnywhere } from '../channels/sold-out';
import { revisionCounter, takeDailyCall } from '../channels/daily-calls';
import { priceLiveListing } from './revise-price';

const DAY_MS = 86_400_000;

/** The job kind that carries each change of a live listing. */
export const listingChangeJobKinds = {
  revise: 'revise-listing',
  end: 'end-listing',
  relist: 'relist-listing',
} as const satisfies Record<ListingChange, string>;
type ChangeJobKind<C extends ListingChange> = (typeof listingChangeJobKinds)[C];

/** The change at the marketplace, and what it answers for the listing row; null: the item is gone. */
async function perform(db: Db, marketplace: Marketplace, change: ListingChange, userId: string, itemId: string, requestedAt: Date | null) {
  switch (change) {
    case 'revise':
      // Priced first, as every marketplace's revise is: the price it goes out at is on the listing (the floor guard's).
      await priceLiveListing(db, userId, itemId, marketplace.channel);
      return (await marketplace.revise(userId, itemId)) ? ({ change, requestedAt } satisfies ChangeOutcome) : null;
    case 'end':
      return (await marketplace.withdraw(userId, itemId)) ? ({ change } satisfies ChangeOutcome) : null;
    case 'relist': {
      const listing = await marketplace.relist(userId, itemId);
      return listing ? ({ change, listing } satisfies ChangeOutcome) : null;
    }
  }
}

/**
 * The job of one change of a live listing (revise-listing, end-listing, relist-listing): it does the change the
 * listing row says is waiting, through the marketplace's idempotent call, with the publish job's busy and no-answer
 * retries, then settles the row (live, ended, live again) or fails it with the marketplace's words, the status
 * unchanged. A job whose change is no longer waiting (ended meanwhile, settled by a run before a crash) does nothing;
 * a revise asked again while it ran runs once more, so the last save reaches the marketplace.
 */
export function listingChangeJob<C extends ListingChange>(db: Db, marketplaces: Marketplaces, change: C): JobHandler<ChangeJobKind<C>> {
  const channelOf = (job: ClaimedJob<ChangeJobKind<C>>) => job.subject.channel as ApiChannel;
  const failWith = (marketplace: Marketplace, reason: string) => listingChangeMessages.failed(change, marketplace.name, reason);

  return {
    maxAttempts: MARKETPLACE_MAX_ATTEMPTS,
    async run(job, ctx) {
      const channel = channelOf(job);
      const waiting = await listingChangeOf(db, job.userId, job.itemId, channel);
      if (waiting?.pendingChange !== change) return;
      // A relist of an item sold out anywhere since it was asked for would offer what is gone.
      const soldOut = change === 'relist' && (await soldOutAnywhere(db, job.userId, [job.itemId])).has(job.itemId);
      if (soldOut || !changeAppliesTo[change].includes(waiting.status)) {
        await dropListingChange(db, job.userId, job.itemId, channel, change);
        return;
      }
      const marketplace = marketplaces[channel];
      const limit = marketplace.dailyRevisionLimit;
      if (
        change === 'revise' &&
        limit !== undefined &&
        !(await takeDailyCall(db, revisionCounter(channel, job.itemId), limit, ctx.clock.now()))
      ) {
        // Past the marketplace's revisions of a listing a day (eBay: 250): the revise waits for the next UTC day.
        const tomorrow = (Math.floor(ctx.clock.now() / DAY_MS) + 1) * DAY_MS;
        await retryJob(db, job, {
          runAfterMs: tomorrow,
          lastError: `${marketplace.name}: ${limit} revisions of this listing today`,
          payload: job.payload,
        });
        return;
      }
      let askedAgain = false;
      await attemptAtMarketplace(db, job, ctx, marketplace, {
        async act() {
          const outcome = await perform(db, marketplace, change, job.userId, job.itemId, waiting.changeRequestedAt);
          if (!outcome) return; // the item was deleted meanwhile
          // Not settled: asked again since (a revise runs once more) or the listing moved on (the next run drops it).
          const settled = await settleListingChange(db, job.userId, job.itemId, channel, outcome);
          askedAgain = !settled;
        },
        async fail(reason) {
          await db.transaction(async (tx) => {
            const message = failWith(marketplace, reason);
            if (await failJob(tx, job, message)) await failListingChange(tx, job.userId, job.itemId, channel, change, message);
          });
        },
        messages: {
          busy: (name, seconds) => `${name} is busy - retrying in ${seconds}s...`,
          unreachableRetrying: (name, seconds) => `${name} cannot be reached - retrying in ${seconds}s...`,
          unreachable: listingChangeMessages.unreachable,
        },
      });
      if (askedAgain) {
        ctx.log.info({ itemId: job.itemId, channel, change }, 'listing changed while its change ran; looked at again');
        await retryJob(db, job, { runAfterMs: ctx.clock.now(), lastError: 'the listing changed meanwhile', payload: job.payload });
      }
    },
    onGiveUp: (job, reason) =>
      failListingChange(db, job.userId, job.itemId, channelOf(job), change, failWith(marketplaces[channelOf(job)], reason)),
  };
}
