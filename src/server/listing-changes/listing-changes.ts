import { isApiChannel, listingChangeMessages, type ApiChannel, type Channel, type ListingChange } from '@shared/domain/channel-listing';
import type { Money } from '@shared/domain/money';
import { channelMessages } from '@shared/contracts/channels';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { listingSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { listingChangeJobKinds } from './listing-change-jobs';
import { dailyCallsToday, revisionCounter } from '../channels/daily-calls';
import {
  changeAppliesTo,
  endableListingsOn,
  failListingChange,
  listingChangeOf,
  listingsUpOn,
  requestListingChange,
  revisableListings,
  setLiveListingPrice,
  settleListingChange,
} from './listing-changes-repo';
import type { Marketplaces } from '../channels/marketplace';
import { soldOutAnywhere } from '../channels/sold-out';

const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found');

/** Marks the change on the listing and queues its job, in one transaction: a change never waits without a job. */
async function startChange(tx: Db, userId: string, itemId: string, channel: ApiChannel, change: ListingChange): Promise<boolean> {
  if (!(await requestListingChange(tx, userId, itemId, channel, change))) return false;
  await enqueue(tx, listingChangeJobKinds[change], { userId, subject: listingSubject(itemId, channel) });
  return true;
}

/**
 * The seller's changes of live listings: revise after a save, end, relist. Each is marked on the listing
 * (pending_change, shown as progress) and carried out by its job (listing-change-jobs.ts).
 */
export function createListingChanges({ db }: { db: Db }) {
  return {
    /**
     * End, relist or revise one listing from its own route. 404 when the item or its listing on the channel is not
     * the user's; 409 with the reason when the listing is not in a state the change starts from.
     */
    async request(userId: string, itemId: string, channel: string, change: ListingChange) {
      // An assisted channel's listing is the seller's to change on the marketplace: none here.
      if (!isApiChannel(channel)) throw listingNotFound();
      const on = channel;
      return db.transaction(async (tx) => {
        const current = await listingChangeOf(tx, userId, itemId, on);
        if (!current || current.status === 'draft') throw listingNotFound();
        if (change === 'relist' && (await soldOutAnywhere(tx, userId, [itemId])).has(itemId)) {
          throw new AppError('CONFLICT', channelMessages.sold);
        }
        if (current.pendingChange === change && change !== 'revise') return { itemId, channel: on, change };
        if (!(await startChange(tx, userId, itemId, on, change))) {
          const wrongState = change === 'relist' ? current.status !== 'ended' : current.status !== 'live';
          if (!wrongState) throw new AppError('CONFLICT', listingChangeMessages.busy);
          throw new AppError('CONFLICT', change === 'relist' ? listingChangeMessages.notEnded : listingChangeMessages.notLive);
        }
        return { itemId, channel: on, change };
      });
    },
  };
}

/**
 * After a save of these items (price, quantity, text, aspects, photos): their live listings on every channel are
 * revised. Call it inside the save's transaction.
 */
export async function reviseLiveListings(tx: Db, userId: string, itemIds: string[]): Promise<void> {
  for (const listing of await revisableListings(tx, userId, itemIds)) {
    await startChange(tx, userId, listing.itemId, listing.channel, 'revise');
  }
}

/**
 * After a save of what only `channel` reads (Depop's own fields): the item's live listing there is revised; answers
 * whether one was. Call it inside the save's transaction.
 */
export async function reviseLiveListingOn(tx: Db, userId: string, itemId: string, channel: ApiChannel): Promise<boolean> {
  const listing = (await revisableListings(tx, userId, [itemId])).find((candidate) => candidate.channel === channel);
  return listing ? startChange(tx, userId, itemId, channel, 'revise') : false;
}

/**
 * After a change of what every listing on `channel` is priced from (the seller's floor settings, for a channel whose
 * listings carry a price worked out from the floor): each live listing there is revised; answers how many.
 */
export async function reviseEveryListingOn(db: Db, userId: string, channel: ApiChannel): Promise<number> {
  return db.transaction(async (tx) => {
    let queued = 0;
    for (const itemId of await endableListingsOn(tx, userId, channel))
      if (await startChange(tx, userId, itemId, channel, 'revise')) queued += 1;
    return queued;
  });
}

/**
 * After a sale of some of the item's stock on `soldOn` (decision 083): its live listings on the other channels are
 * revised, each to what is left. The marketplace that sold took the units off its own listing.
 */
export async function reviseListingsElsewhere(tx: Db, userId: string, itemId: string, soldOn: ApiChannel): Promise<number> {
  let queued = 0;
  for (const listing of await revisableListings(tx, userId, [itemId])) {
    if (listing.channel !== soldOn && (await startChange(tx, userId, listing.itemId, listing.channel, 'revise'))) queued += 1;
  }
  return queued;
}

export type ListingChanges = ReturnType<typeof createListingChanges>;

/**
 * Before a disconnect: every live listing of the seller's on the channel starts ending (its job ends it, with the
 * marketplace's retries); answers how many started.
 */
export async function endEveryListingOn(db: Db, userId: string, channel: ApiChannel): Promise<number> {
  return db.transaction(async (tx) => {
    let started = 0;
    for (const itemId of await endableListingsOn(tx, userId, channel)) {
      if (await startChange(tx, userId, itemId, channel, 'end')) started += 1;
    }
    return started;
  });
}

/**
 * What a disconnect asks of the seller's listings on a channel: channels/channel-connections.ts's ListingsOnChannel,
 * met by shape (an import of it would close a circle through the sales service, which channel-connections reads).
 */
export const listingsOnChannel = (db: Db) => ({
  upOn: (userId: string, channel: ApiChannel) => listingsUpOn(db, userId, channel),
  endEvery: (userId: string, channel: ApiChannel) => endEveryListingOn(db, userId, channel),
});

/**
 * A planned price drop (decision 090), in the caller's transaction: the live listing's own price set, and on an API
 * channel its revise queued (the marketplace's revise path sends it). False: the listing is not live.
 */
export async function dropLivePrice(tx: Db, userId: string, itemId: string, channel: Channel, price: Money): Promise<boolean> {
  if (!(await setLiveListingPrice(tx, userId, itemId, channel, price))) return false;
  if (isApiChannel(channel)) await startChange(tx, userId, itemId, channel, 'revise');
  return true;
}

/**
 * Ends (to relist) or relists an API listing now, in the caller's job (a planned relist, decision 090): marked on the
 * listing as the seller's own End and Relist are, carried out through the marketplace's idempotent call, then settled
 * (ended; live again, under the new listing id where the marketplace gives one). A change already marked on the
 * listing (a run a restart cut short: the marketplace may have done it) is carried on, not dropped. Answers
 * false when the listing was in neither state (done already by a run before a restart). A marketplace's error is thrown
 * after the listing is given its words.
 */
export async function carryOutChange(
  db: Db,
  marketplaces: Marketplaces,
  userId: string,
  itemId: string,
  channel: ApiChannel,
  change: 'end' | 'relist',
): Promise<boolean> {
  if (!(await requestListingChange(db, userId, itemId, channel, change))) {
    const current = await listingChangeOf(db, userId, itemId, channel);
    if (current?.pendingChange !== change || !changeAppliesTo[change].includes(current.status)) return false;
  }
  const marketplace = marketplaces[channel];
  try {
    if (change === 'end') {
      if (await marketplace.withdraw(userId, itemId)) await settleListingChange(db, userId, itemId, channel, { change });
    } else {
      const listing = await marketplace.relist(userId, itemId);
      if (listing) await settleListingChange(db, userId, itemId, channel, { change, listing });
    }
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await failListingChange(db, userId, itemId, channel, change, listingChangeMessages.failed(change, marketplace.name, reason));
    throw err;
  }
}

/** A price the seller confirmed under their floor for a live listing: the guard sends exactly it (decision 121). */
export { confirmLivePriceUnderFloor } from './listing-changes-repo';

/** Where a listing is: its status, the change waiting on it, its marketplace id and last error. */
export const listingProgress = listingChangeOf;

/** Revisions of the listing its marketplace still allows today; null: no daily limit there. */
export async function revisionsLeftToday(db: Db, marketplaces: Marketplaces, channel: ApiChannel, itemId: string, now: number) {
  const limit = marketplaces[channel].dailyRevisionLimit;
  if (limit === undefined) return null;
  return Math.max(0, limit - (await dailyCallsToday(db, revisionCounter(channel, itemId), now)));
}
