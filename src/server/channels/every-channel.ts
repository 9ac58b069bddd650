import { moneyMessages } from '@shared/contracts/money';
import { money, type Money } from '@shared/domain/money';
import { randomUUID } from 'node:crypto';
import {
  channelMessages,
  type ChannelListingOutcome,
  type ListOnChannelsBody,
  type RecordSaleBody,
  type RecordSaleResponse,
} from '@shared/contracts/channels';
import { channelNames, isApiChannel, type AssistedChannel } from '@shared/domain/channel-listing';
import { servesSellerIn } from '@shared/domain/marketplace-countries';
import { parseSaleDate } from '@shared/domain/sale-date';
import { sellerRegionOf } from '@shared/domain/seller-region';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { delistTaskCountOf, insertRecordedSale, listingStatusOf, lockItemForSale, markListingSold } from './assisted-sale-repo';
import type { Clock } from '../jobs/clock';
import { itemNotFound } from '../items/service';
import type { Marketplaces } from './marketplace';
import { sellerRegionIn } from '../seller-region/service';
import { liveOn, ownItemsForListing, prepareAssistedListings } from './list-on-channels-repo';
import { refuseWhereByApi } from './channel-modes';

export interface EveryChannelDeps {
  db: Db;
  marketplaces: Marketplaces;
  clock: Pick<Clock, 'now'>;
}

/**
 * What the seller does over every channel at once (decision 052): "List on ..." the channels they pick, and a sale
 * recorded by hand on an assisted channel. The delist tasks a sale leaves there are delist-tasks/'s.
 */
export function createEveryChannel({ db, marketplaces, clock }: EveryChannelDeps) {
  /**
   * The items on each picked channel: an API channel queues a publish through its marketplace, an assisted one
   * prepares a draft. An item sold anywhere is refused everywhere. A foreign or unknown id: 404, nothing done.
   */
  async function listOnChannels(userId: string, body: ListOnChannelsBody): Promise<ChannelListingOutcome[]> {
    const itemIds = [...new Set(body.itemIds)];
    const own = await ownItemsForListing(db, userId, itemIds);
    if (!own) throw itemNotFound();
    const soldRefusals = own.filter((row) => row.sold).map((row) => ({ itemId: row.id, sku: row.sku, message: channelMessages.sold }));
    const sellable = itemIds.filter((id) => !soldRefusals.some((refusal) => refusal.itemId === id));
    const skuOf = new Map(own.map((row) => [row.id, row.sku]));
    const { country } = await sellerRegionIn(db, userId);
    const outcomes: ChannelListingOutcome[] = [];
    for (const channel of body.channels) {
      const outcome: ChannelListingOutcome = { channel, queued: [], alreadyQueued: [], prepared: [], refused: [...soldRefusals] };
      outcomes.push(outcome);
      if (!sellable.length) continue;
      // A marketplace with no site in the seller's country (Mercari for a UK seller) prepares nothing.
      if (!servesSellerIn(channel, country)) {
        const message = channelMessages.notServed(channelNames[channel], sellerRegionOf(country).label.replace(/ \(.*\)$/, ''));
        outcome.refused.push(...sellable.map((itemId) => ({ itemId, sku: skuOf.get(itemId) ?? '', message })));
        continue;
      }
      if (isApiChannel(channel)) {
        // Live there already: said so, never published a second time.
        const live = await liveOn(db, userId, sellable, channel);
        for (const itemId of live) {
          outcome.refused.push({ itemId, sku: skuOf.get(itemId) ?? '', message: channelMessages.alreadyListed(channelNames[channel]) });
        }
        const toPublish = sellable.filter((id) => !live.has(id));
        if (!toPublish.length) continue;
        const answer = await marketplaces[channel].requestPublish(userId, toPublish).catch((error: unknown) => {
          // Not connected there (or not configured): that channel's items are refused in its words, the others go on.
          if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
          return {
            queued: [],
            alreadyQueued: [],
            refused: toPublish.map((itemId) => ({ itemId, sku: skuOf.get(itemId) ?? '', message: error.message })),
          };
        });
        outcome.queued = answer.queued;
        outcome.alreadyQueued = answer.alreadyQueued;
        outcome.refused.push(...answer.refused);
        continue;
      }
      const rows = await prepareAssistedListings(db, userId, sellable, channel);
      for (const row of rows) {
        if (row.status === 'draft') outcome.prepared.push(row.itemId);
        else {
          const message = row.task
            ? channelMessages.delistTaskOpen(channelNames[channel])
            : channelMessages.alreadyListed(channelNames[channel]);
          outcome.refused.push({ itemId: row.itemId, sku: skuOf.get(row.itemId) ?? '', message });
        }
      }
    }
    return outcomes;
  }

  /**
   * "Sold on Depop": a sale on the assisted channel, recorded as a line of the sales table (its order id made here),
   * so profit counts it; the listing there is sold (made when the seller never recorded it) and the item's other
   * channels end or get a delist task, as after a pull. `endElsewhere` is the sales service's (answers how many
   * API listings it ended; it sets the delist tasks too).
   */
  async function recordSale(
    userId: string,
    itemId: string,
    channel: AssistedChannel,
    body: { price: Money; shipping?: Money; fees: Money; soldAt: RecordSaleBody['soldAt'] },
    endElsewhere: (userId: string) => Promise<number>,
  ): Promise<RecordSaleResponse> {
    const date = parseSaleDate(body.soldAt, clock.now());
    if (!date.ok) throw new AppError('VALIDATION_FAILED', date.message);
    const { soldAt } = date;
    const saleId = await db.transaction(async (tx) => {
      const item = await lockItemForSale(tx, userId, itemId);
      if (!item) throw itemNotFound();
      // A marketplace the seller sells on by API records its sales itself (pulled or pushed): never a second time by hand.
      await refuseWhereByApi(tx, userId, channel);
      if ((await listingStatusOf(tx, userId, itemId, channel)) === 'sold') throw new AppError('CONFLICT', channelMessages.alreadySold);
      // What the seller typed, in the item's currency: another is refused, never converted.
      const typed = (value: Money = money(0, item.currency)) => {
        if (value.currency !== item.currency) throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(item.currency));
        return value.amountMinor;
      };
      const saleId = await insertRecordedSale(tx, {
        userId,
        channel,
        itemId,
        externalOrderId: `manual-${randomUUID()}`,
        externalLineId: '1',
        sku: item.sku,
        quantity: 1,
        priceMinor: typed(body.price),
        shippingChargedMinor: typed(body.shipping),
        feesMinor: typed(body.fees),
        currency: item.currency,
        soldAt,
      });
      await markListingSold(tx, userId, itemId, channel, soldAt);
      return saleId;
    });
    const endedElsewhere = await endElsewhere(userId);
    return { saleId, delistTasks: await delistTaskCountOf(db, userId, itemId), endedElsewhere };
  }

  return {
    listOnChannels,
    recordSale,
  };
}

export type EveryChannel = ReturnType<typeof createEveryChannel>;
