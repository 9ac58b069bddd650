import { assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import { assistedChannels, type ApiChannel, type Channel } from '@shared/domain/channel-listing';
import type { PublishedFees } from '@shared/domain/profit-floor';

/**
 * Every channel's published fee schedule, by channel (decision 086): each API channel's module exposes its own
 * (`channels/<name>/fee-schedule.ts`), each assisted channel's definition holds its (`assisted/marketplaces.ts`).
 */
export function publishedFeesOf(modules: readonly { name: ApiChannel; fees: PublishedFees }[]): Record<Channel, PublishedFees | null> {
  const fees = Object.fromEntries(assistedChannels.map((channel) => [channel, assistedMarketplaces[channel].fees])) as Record<
    Channel,
    PublishedFees | null
  >;
  for (const module of modules) fees[module.name] = module.fees;
  return fees;
}
