import type { MarketplaceDaysToSale } from '@shared/contracts/days-to-sale';
import { minSalesForDaysToSale } from '@shared/contracts/days-to-sale';
import type { Channel } from '@shared/domain/channel-listing';
import type { DaysToSaleEstimate } from './estimator';

export const noMarketplaceWords = 'Nothing of yours has been listed yet, so there is no history to time a sale from.';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const sales = (n: number) => (n === 1 ? '1 sale' : `${n} sales`);

/** Why the marketplace's own signals give no days (decision 147): what the app has of it carries no date. */
function noMarketplaceDates(channel: Channel, channelName: string): string {
  if (channel === 'ebay') return 'eBay’s comparables carry no dates';
  if (channel === 'depop') return 'Depop’s similar sold items carry no dates';
  return `the app has nothing of ${channelName}’s own to time it by`;
}

function whatOf(scope: NonNullable<MarketplaceDaysToSale['scope']>, item: { category: string | null; brand: string | null }) {
  if (scope === 'brand-and-category') return ` of ${item.brand ?? ''} ${item.category ?? ''}`.replace(/\s+/g, ' ').trimEnd();
  if (scope === 'category') return ` of ${item.category ?? ''}`;
  return ' there';
}

/** What the seller reads for one marketplace: the figure and what it rests on, or why there is none. */
export function daysToSaleWords(input: {
  channel: Channel;
  channelName: string;
  scope: NonNullable<MarketplaceDaysToSale['scope']>;
  estimate: DaysToSaleEstimate;
  item: { category: string | null; brand: string | null };
}): string {
  const { channel, channelName, scope, estimate, item } = input;
  if (estimate.kind === 'not-enough' && estimate.reason === 'too-few-sales')
    return `${channelName}: not enough of your sales to say (${estimate.sales} of the ${minSalesForDaysToSale} needed); ${noMarketplaceDates(channel, channelName)}.`;
  if (estimate.kind === 'not-enough')
    return `${channelName}: fewer than half of your ${estimate.items} listings there have sold yet (${sales(estimate.sales)}), so the middle is not reached.`;
  const median = Math.round(estimate.medianDays);
  const figure = median < 1 ? 'within a day' : `about ${days(median)}`;
  const low = Math.round(estimate.low);
  const range = estimate.high === null ? `${low} or more` : `${low} to ${Math.round(estimate.high)}`;
  return `${channelName}: ${figure} (${range}), from your ${sales(estimate.sales)}${whatOf(scope, item)}`;
}
