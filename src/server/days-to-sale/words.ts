import type { MarketplaceDaysToSale } from '@shared/contracts/days-to-sale';
import { minSalesForDaysToSale } from '@shared/contracts/days-to-sale';
import { marketplaceTraits } from '@shared/contracts/marketplace-registry';
import { isApiChannel, type Channel } from '@shared/domain/channel-listing';
import type { DaysToSaleEstimate } from './estimator';

export const noMarketplaceWords = 'Nothing of yours has been listed yet, so there is no history to time a sale from.';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const sales = (n: number) => (n === 1 ? '1 sale' : `${n} sales`);

/** Why the marketplace's own signals give no days (decision 147): what the app has of it carries no date. */
function noMarketplaceDates(channel: Channel, channelName: string): string {
  const undated = isApiChannel(channel) ? marketplaceTraits[channel].undatedSignal : undefined;
  if (undated) return `${channelName}’s ${undated} carry no dates`;
  return `the app has nothing of ${channelName}’s own to time it by`;
}

type Like = { category: string | null; brand: string | null };

/** The group a figure rests on, as the seller calls it: "Levi's Jeans", "Levi's", "Jeans". */
const groupOf = (like: Like) => [like.brand, like.category].filter(Boolean).join(' ');

/** What a figure rests on, for the card's line: "from 12 sales of Levi's Jeans on eBay" (decision 168). */
export const restsOnWords = (channelName: string, salesCount: number, like: Like) =>
  `from ${sales(salesCount)} of ${groupOf(like)} on ${channelName}`;

/** What the seller reads for one marketplace: the figure and what it rests on, or why there is none. */
export function daysToSaleWords(input: {
  channel: Channel;
  channelName: string;
  scope: NonNullable<MarketplaceDaysToSale['scope']> | null;
  estimate: DaysToSaleEstimate;
  like: Like;
  sellsThere: boolean;
}): string {
  const { channel, channelName, scope, estimate, like, sellsThere } = input;
  const group = groupOf(like);
  const name = sellsThere ? channelName : `${channelName} (not connected)`;
  if (!group) return `${name}: nothing to time it by until it has a brand or a category.`;
  if (estimate.kind === 'not-enough' && estimate.reason === 'too-few-sales')
    return `${name}: not enough of your sales of ${group} to say (${estimate.sales} of the ${minSalesForDaysToSale} needed); ${noMarketplaceDates(channel, channelName)}.`;
  if (estimate.kind === 'not-enough' || scope === null)
    return `${name}: fewer than half of your ${estimate.items} listings of ${group} there have sold yet (${sales(estimate.sales)}), so the middle is not reached.`;
  const median = Math.round(estimate.medianDays);
  const figure = median < 1 ? 'within a day' : `about ${days(median)}`;
  const low = Math.round(estimate.low);
  const range = estimate.high === null ? `${low} or more` : `${low} to ${Math.round(estimate.high)}`;
  return `${name}: ${figure} (${range}), from your ${sales(estimate.sales)} of ${group}`;
}
