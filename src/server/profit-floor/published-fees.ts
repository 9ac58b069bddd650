import { assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import { assistedChannels, type ApiChannel, type Channel } from '@shared/domain/channel-listing';
import type { PublishedFees } from '@shared/domain/profit-floor';

/**
 * Every channel's published fee schedules, by channel (decision 086): each API channel's module exposes its own
 * (`channels/<name>/fee-schedule.ts`, eBay's one per marketplace, decision 106), each assisted channel's definition
 * holds its (`assisted/marketplaces.ts`).
 */
export function publishedFeesOf(
  modules: readonly { name: ApiChannel; fees: readonly PublishedFees[] }[],
): Record<Channel, readonly PublishedFees[]> {
  const fees = {} as Record<Channel, readonly PublishedFees[]>;
  for (const channel of assistedChannels) fees[channel] = assistedMarketplaces[channel].fees;
  for (const module of modules) fees[module.name] = module.fees;
  return fees;
}
