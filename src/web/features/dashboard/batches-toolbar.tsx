import { itemStatusFilters, type ItemStatusFilter } from '@shared/contracts/items';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { useOfferedChannels } from '@/entities/seller-region/use-offered-channels';
import { Button } from '@/components/button';
import { FilterSelect } from '@/components/filter-select';
import type { BatchFilters } from './use-batch-filters';

export const statusFilterLabels: Record<ItemStatusFilter, string> = {
  draft: 'Draft',
  listing_ready: 'Listing ready',
  published: 'Published',
  sold: 'Sold',
  sold_twice: 'Sold twice',
  failed: 'Failed',
};

interface BatchesToolbarProps {
  filters: BatchFilters;
  selecting: boolean;
  onToggleSelecting(): void;
}

const fieldClass =
  'h-11 rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm';

/** Search by SKU, title or brand; filter by status and by marketplace; enter or leave select mode. */
export function BatchesToolbar({ filters, selecting, onToggleSelecting }: BatchesToolbarProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <input
        type="search"
        aria-label="Search products"
        placeholder="Search by SKU, title or brand"
        value={filters.search}
        onChange={(event) => filters.setSearch(event.target.value)}
        className={`${fieldClass} min-w-0 sm:flex-1`}
      />
      {/* On a phone the marketplace filter takes a row of its own under status and Select; one row from sm up. */}
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <StatusFilter status={filters.status} onStatus={filters.setStatus} />
        <MarketplaceFilter channel={filters.channel} onChannel={filters.setChannel} />
        <Button variant={selecting ? 'primary' : 'secondary'} onClick={onToggleSelecting} aria-pressed={selecting} className="shrink-0">
          {selecting ? 'Done' : 'Select'}
        </Button>
      </div>
    </div>
  );
}

/** The status filter, in the words of `statusFilterLabels`. */
function StatusFilter({ status, onStatus }: { status: ItemStatusFilter | ''; onStatus(status: ItemStatusFilter | ''): void }) {
  return (
    <FilterSelect
      label="Status"
      all="All statuses"
      value={status}
      choices={itemStatusFilters}
      wordsOf={(value) => statusFilterLabels[value]}
      onChange={onStatus}
      className={`${fieldClass} min-w-0 flex-1 pr-8`}
    />
  );
}

/** "Listed on …": the marketplaces the seller can list on from their country, and the one filtered on whatever it is. */
function MarketplaceFilter({ channel, onChannel }: { channel: Channel | ''; onChannel(channel: Channel | ''): void }) {
  const offered = useOfferedChannels(channel);
  return (
    <FilterSelect
      label="Marketplace"
      all="All marketplaces"
      value={channel}
      choices={offered}
      wordsOf={(value) => `Listed on ${channelNames[value]}`}
      onChange={onChannel}
      className={`${fieldClass} order-last w-full pr-8 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1`}
    />
  );
}
