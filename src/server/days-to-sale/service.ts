import { minSalesForDaysToSale, type DaysToSaleResponse, type MarketplaceDaysToSale } from '@shared/contracts/days-to-sale';
import { channelNames, isApiChannel, type Channel } from '@shared/domain/channel-listing';
import { channelModeOf } from '@shared/domain/channel-mode';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { connectedChannelsIn } from '../channels/channel-modes';
import type { Clock } from '../jobs/clock';
import { estimateDaysToSale, type DaysToSaleEstimate } from './estimator';
import { itemsForDaysToSale, listingObservations, type ListingObservation } from './repo';
import { daysToSaleWords, noMarketplaceWords, restsOnWords } from './words';

type Scope = NonNullable<MarketplaceDaysToSale['scope']>;

type Like = { category: string | null; brand: string | null };
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * The nearest group of the seller's listings on the marketplace like the item with enough sales (decision 168): its
 * brand and category, else its brand, else its category, each matched whatever its case. None has enough: the
 * largest of them (the one nearest to enough) with no scope, so the answer says how far it is; none at all when the
 * item has neither a brand nor a category yet. Never every listing there: that reads the same on every card.
 */
export function narrowToItem(
  observations: readonly ListingObservation[],
  item: Like,
): { scope: Scope | null; observations: ListingObservation[]; like: Like } {
  const sold = (list: readonly ListingObservation[]) => list.filter((o) => o.sold).length;
  const groups: { scope: Scope; like: Like; observations: ListingObservation[] }[] = [];
  if (item.brand && item.category)
    groups.push({
      scope: 'brand-and-category',
      like: item,
      observations: observations.filter((o) => same(o.brand, item.brand) && same(o.category, item.category)),
    });
  if (item.brand)
    groups.push({
      scope: 'brand',
      like: { brand: item.brand, category: null },
      observations: observations.filter((o) => same(o.brand, item.brand)),
    });
  if (item.category)
    groups.push({
      scope: 'category',
      like: { brand: null, category: item.category },
      observations: observations.filter((o) => same(o.category, item.category)),
    });
  const enough = groups.find((group) => sold(group.observations) >= minSalesForDaysToSale);
  if (enough) return enough;
  const nearest = [...groups].sort((a, b) => sold(b.observations) - sold(a.observations))[0];
  return { scope: null, observations: nearest?.observations ?? [], like: nearest?.like ?? { brand: null, category: null } };
}

function answerOf(channel: Channel, scope: Scope | null, estimate: DaysToSaleEstimate, like: Like, sellsThere: boolean) {
  const restsOn = { sales: estimate.sales, items: estimate.items };
  const words = daysToSaleWords({ channel, channelName: channelNames[channel], scope, estimate, like, sellsThere });
  if (estimate.kind !== 'estimate' || scope === null)
    return {
      channel,
      medianDays: null,
      low: null,
      high: null,
      basis: 'none',
      scope: null,
      restsOn,
      words,
      from: null,
      sellsThere,
    } as const;
  return {
    channel,
    medianDays: Math.round(estimate.medianDays),
    low: Math.round(estimate.low),
    high: estimate.high === null ? null : Math.round(estimate.high),
    basis: 'your-sales',
    scope,
    restsOn,
    words,
    from: restsOnWords(channelNames[channel], estimate.sales, like),
    sellsThere,
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
    const [observations, connected] = await Promise.all([
      listingObservations(deps.db, userId, new Date(deps.clock.now())),
      connectedChannelsIn(deps.db, userId),
    ]);
    const byChannel = new Map<Channel, ListingObservation[]>();
    for (const observation of observations) {
      const list = byChannel.get(observation.channel);
      if (list) list.push(observation);
      else byChannel.set(observation.channel, [observation]);
    }
    const estimated = new Map<string, ReturnType<typeof answerOf>>();
    const answerFor = (channel: Channel, item: ItemFacts) => {
      const key = JSON.stringify([channel, item.category?.toLowerCase() ?? null, item.brand?.toLowerCase() ?? null]);
      let answer = estimated.get(key);
      if (!answer) {
        const { scope, observations: group, like } = narrowToItem(byChannel.get(channel) ?? [], item);
        const sellsThere = channelModeOf(channel, connected) === 'handed-over' || (isApiChannel(channel) && connected.includes(channel));
        answer = answerOf(channel, scope, estimateDaysToSale(group, { minSales: minSalesForDaysToSale }), like, sellsThere);
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
