import type { ReactNode } from 'react';
import { ViewHeader } from '@/components/view-header';
import { HowSalesArrive } from '@/entities/channels/how-sales-arrive';
import { SellerRegionCard } from '@/entities/seller-region/seller-region-card';
import { SalesChecksToday } from '@/entities/channels/sales-checks-today';
import { ApiPriceRulesSection } from './api-price-rules-section';
import { AssistedChannelsSection } from './assisted/assisted-channels-section';
import { webChannels } from './registry';

/**
 * The Marketplaces screen: every channel the seller can list on, each with its connection or its rules
 * (one section per registered channel, from `features/channels/<name>`, then the assisted ones). `autopilot`: the app's "Publish when ready" row,
 * which publishes to the channels connected here; `notifications`: phone notifications of delist tasks (decision 084).
 */
export function ChannelsView({ autopilot, notifications }: { autopilot?: ReactNode; notifications?: ReactNode } = {}) {
  return (
    <div className="flex flex-col gap-5">
      <ViewHeader title="Marketplaces" subtitle="Where your items are listed, and how each marketplace is set up." />
      <SellerRegionCard />
      {autopilot}
      {webChannels.map(({ name, MarketplacesSection }) => (
        <MarketplacesSection key={name} />
      ))}
      <ApiPriceRulesSection />
      <HowSalesArrive />
      <SalesChecksToday />
      {notifications}
      <AssistedChannelsSection />
    </div>
  );
}
