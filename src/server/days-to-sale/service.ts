import { minSalesForDaysToSale, type DaysToSaleResponse, type MarketplaceDaysToSale } from '@shared/contracts/days-to-sale';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { estimateDaysToSale, type DaysToSaleEstimate } from './estimator';
import { itemsForDaysToSale, listingObservations, type ListingObservation } from './repo';
import { daysToSaleWords, noMarketplaceWords } from './words';

type Scope = NonNullable<MarketplaceDaysToSale['scope']>;

/**
 * The narrowest of the seller's listings on the marketplace like the item that has enough sales: its brand and
 * category, else its category, else all of them. The widest is taken when none has enough (it then says so).
 */
export function narrowToItem(
  observations: readonly ListingObservation[],
  item: { category: string | null; brand: string | null },
): { scope: Scope; observations: ListingObservation[] } {
  const sold = (list: readonly ListingObservation[]) => list.filter((o) => o.sold).length;
  if (item.category) {
    const sameCategory = observations.filter((o) => o.category === item.category);
    if (item.brand) {
      const brand = item.brand.toLowerCase();
      const sameBrand = sameCategory.filter((o) => o.brand === brand);
      if (sold(sameBrand) >= minSalesForDaysToSale) return { scope: 'brand-and-category', observations: sameBrand };
    }
    if (sold(sameCategory) >= minSalesForDaysToSale) return { scope: 'category', observations: sameCategory };
  }
  return { scope: 'all', observations: [...observations] };
}

function answerOf(channel: Channel, scope: Scope, estimate: DaysToSaleEstimate, item: { category: string | null; brand: string | null }) {
  const restsOn = { sales: estimate.sales, items: estimate.items };
  const words = daysToSaleWords({ channel, channelName: channelNames[channel], scope, estimate, item });
  if (estimate.kind !== 'estimate')
    return { channel, medianDays: null, low: null, high: null, basis: 'none', scope: null, restsOn, words } as const;
  return {
    channel,
    medianDays: Math.round(estimate.medianDays),
    low: Math.round(estimate.low),
    high: estimate.high === null ? null : Math.round(estimate.high),
    basis: 'your-sales',
    scope,
    restsOn,
    words,
  } as const;
}

type ItemFacts = { category: string | null; brand: string | null; channels: Channel[] };

/**
 * Days to sale, predicted (decisions 147 and 152), for each marketplace the item is on or the seller has
 * listed on: from the seller's own listings there, narrowed to items like it. The seller's listings are read once a
 * request and each (marketplace, category, brand) estimated once, however many items ask (the dashboard's cards in one
 * call): an item's own listings count among them like any other (censored while it is unsold).
 */
export function createDaysToSaleService(deps: { db: Db; clock: Clock }) {
  /** The answers for items already read (their facts), over one read of the seller's listings. */
  async function answersFor(userId: string, facts: ReadonlyMap<string, ItemFacts>): Promise<Map<string, DaysToSaleResponse>> {
    const observations = await listingObservations(deps.db, userId, new Date(deps.clock.now()));
    const byChannel = new Map<Channel, ListingObservation[]>();
    for (const observation of observations) {
      const list = byChannel.get(observation.channel);
      if (list) list.push(observation);
      else byChannel.set(observation.channel, [observation]);
    }
    const estimated = new Map<string, ReturnType<typeof answerOf>>();
    const answerFor = (channel: Channel, item: ItemFacts) => {
      const key = JSON.stringify([channel, item.category, item.brand?.toLowerCase() ?? null]);
      let answer = estimated.get(key);
      if (!answer) {
        const { scope, observations: like } = narrowToItem(byChannel.get(channel) ?? [], item);
        answer = answerOf(channel, scope, estimateDaysToSale(like, { minSales: minSalesForDaysToSale }), item);
        estimated.set(key, answer);
      }
      return answer;
    };
    const seen = [...byChannel.keys()];
    const answers = new Map<string, DaysToSaleResponse>();
    for (const [itemId, item] of facts) {
      const marketplaces = [...new Set<Channel>([...item.channels, ...seen])].sort();
      const lines = marketplaces.map((channel) => answerFor(channel, item));
      // The marketplaces with a figure first: what the seller reads at a glance.
      lines.sort((a, b) => Number(a.basis === 'none') - Number(b.basis === 'none'));
      answers.set(itemId, { itemId, marketplaces: lines, none: lines.length ? null : noMarketplaceWords });
    }
    return answers;
  }

  async function forItem(userId: string, itemId: string): Promise<DaysToSaleResponse> {
    return (await forItems(userId, [itemId]))[0]!;
  }

  /** Several of the seller's items in one call (the dashboard's cards); any id not the seller's item is a 404. */
  async function forItems(userId: string, itemIds: readonly string[]): Promise<DaysToSaleResponse[]> {
    const ids = [...new Set(itemIds)];
    const facts = await itemsForDaysToSale(deps.db, userId, ids);
    if (facts.size !== ids.length) throw new AppError('NOT_FOUND', 'Item not found');
    const answers = await answersFor(userId, facts);
    return ids.map((id) => answers.get(id)!);
  }

  /**
   * The predicted median days of each listing asked, by `itemId:channel` (the selling plan's and the aging view's
   * timing, decision 152): absent where there is no figure. Items not the seller's are left out.
   */
  async function mediansOf(userId: string, listings: readonly { itemId: string; channel: Channel }[]): Promise<Map<string, number>> {
    const medians = new Map<string, number>();
    if (!listings.length) return medians;
    const facts = await itemsForDaysToSale(deps.db, userId, [...new Set(listings.map((l) => l.itemId))]);
    const answers = await answersFor(userId, facts);
    for (const { itemId, channel } of listings) {
      const line = answers.get(itemId)?.marketplaces.find((m) => m.channel === channel);
      if (line?.medianDays !== null && line?.medianDays !== undefined) medians.set(`${itemId}:${channel}`, line.medianDays);
    }
    return medians;
  }

  return { forItem, forItems, mediansOf };
}

export type DaysToSaleService = ReturnType<typeof createDaysToSaleService>;
