import { channelMessages } from '@shared/contracts/channels';
import type { BulkPublishResponse } from '@shared/contracts/publish';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { ownedItemIds } from '../items/item-writer';
import { listingSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { priceColumns } from '../price-rules/channel-price';
import type { Publishable } from './channel-listing-repo';
import { saveListing } from './listings-repo';
import type { ChannelPreflight } from './marketplace';
import { soldOutItemIds } from './repo';

export type PreflightProblem = ChannelPreflight['problems'][number];

/** The problems' words, in the order found. */
export const problemWords = (problems: readonly PreflightProblem[]) => problems.map((problem) => problem.message).join(' ');

/** What a marketplace's own pre-flight found of one item: its problems, and the price it would go out at. */
export interface PreflightReading {
  problems: PreflightProblem[];
  priced?: Parameters<typeof priceColumns>[0] | null;
}

/**
 * The one pre-flight scaffold of "List on ..." for every API marketplace that publishes through the publish job: the
 * items are the seller's (another's: 404), each is checked by the marketplace's own pre-flight (a sold one refused
 * first), and each that passes is marked publishing at its price and its publish job queued, in one transaction, once
 * (a second request finds it queued). Each refused one says why, and where it is fixed.
 */
export async function queuePublishes(
  db: Db,
  userId: string,
  itemIds: string[],
  marketplace: {
    channel: ApiChannel;
    /** The words for an item whose listing here already sold. */
    soldWords: string;
    /**
     * Once the items are known to be the seller's: the marketplace ready (configured, connected: else it throws its
     * words) and its pre-flight of one item.
     */
    checker: () => Promise<(subject: Publishable) => PreflightReading | Promise<PreflightReading>>;
    /** Where the seller fixes what was refused (none: nowhere to point to). */
    fixOn?: (problems: PreflightProblem[], subject: Publishable) => { fixOn?: 'listing' | 'marketplaces' };
  },
  publishable: (db: Db, userId: string, itemId: string) => Promise<Publishable | undefined>,
): Promise<BulkPublishResponse> {
  const ids = [...new Set(itemIds)];
  if ((await ownedItemIds(db, userId, ids)).length !== ids.length) throw new AppError('NOT_FOUND', 'Item not found');
  const check = await marketplace.checker();
  const answer: BulkPublishResponse = { queued: [], alreadyQueued: [], refused: [] };
  const soldOut = await soldOutItemIds(db, userId, ids);
  for (const id of ids) {
    const subject = (await publishable(db, userId, id))!;
    const { problems, priced } = await check(subject);
    const sold = subject.listing?.status === 'sold';
    if (sold) problems.unshift({ field: 'sku', message: marketplace.soldWords });
    else if (soldOut.has(id)) problems.unshift({ field: 'sku', message: channelMessages.sold });
    if (problems.length) {
      const fixOn = sold || soldOut.has(id) ? {} : (marketplace.fixOn?.(problems, subject) ?? {});
      answer.refused.push({ itemId: id, sku: subject.item.sku, message: problemWords(problems), ...fixOn });
      continue;
    }
    const queued = await db.transaction(async (tx) => {
      if (subject.listing?.status !== 'publishing')
        await saveListing(tx, userId, id, marketplace.channel, {
          columns: { status: 'publishing', error: null, ...(priced ? priceColumns(priced) : {}), quantity: subject.listing?.quantity ?? 1 },
        });
      return enqueue(tx, 'publish-listing', { userId, subject: listingSubject(id, marketplace.channel) });
    });
    (queued ? answer.queued : answer.alreadyQueued).push(id);
  }
  return answer;
}
