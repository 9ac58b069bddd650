import { minSalesForDaysToSale, type DaysToSaleResponse, type MarketplaceDaysToSale } from '@shared/contracts/days-to-sale';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { estimateDaysToSale, type DaysToSaleEstimate } from './estimator';
import { itemForDaysToSale, listingObservations, type ListingObservation } from './repo';
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

/**
 * Days to sale, predicted (issue 61, decision 147), for each marketplace the item is on or the seller has listed on:
 * from the seller's own listings there, narrowed to items like it.
 */
export function createDaysToSaleService(deps: { db: Db; clock: Clock }) {
  async function forItem(userId: string, itemId: string): Promise<DaysToSaleResponse> {
    const item = await itemForDaysToSale(deps.db, userId, itemId);
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    const observations = await listingObservations(deps.db, userId, itemId, new Date(deps.clock.now()));
    const marketplaces = [...new Set<Channel>([...item.channels, ...observations.map((o) => o.channel)])].sort();
    const answers = marketplaces.map((channel) => {
      const { scope, observations: like } = narrowToItem(
        observations.filter((o) => o.channel === channel),
        item,
      );
      return answerOf(channel, scope, estimateDaysToSale(like, { minSales: minSalesForDaysToSale }), item);
    });
    // The marketplaces with a figure first: what the seller reads at a glance.
    answers.sort((a, b) => Number(a.basis === 'none') - Number(b.basis === 'none'));
    return { itemId, marketplaces: answers, none: answers.length ? null : noMarketplaceWords };
  }
  return { forItem };
}

export type DaysToSaleService = ReturnType<typeof createDaysToSaleService>;
