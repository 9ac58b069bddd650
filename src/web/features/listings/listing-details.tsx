import { useState } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { ItemChannelActionsSlot } from '@/entities/channels/item-channel-actions';
import { ChannelFloors } from '@/entities/profit-floor/channel-floors';
import { hasEvidenceDetails, ListingEvidencePanel } from './details/listing-evidence-panel';
import { ListingOverview } from './details/listing-overview';

/** A generated listing as the seller reviews it: the listing itself beside its details and their evidence. */
export function ListingDetails({ item }: { item: ListingItem }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-8">
      <ListingOverview item={item} />
      {hasEvidenceDetails(item) && (
        // Phones keep long lists short: evidence and eBay details open on demand.
        <button
          type="button"
          className="-mt-1 justify-self-start text-sm font-medium text-indigo-600 hover:text-indigo-800 lg:hidden"
          aria-expanded={detailsOpen}
          onClick={() => setDetailsOpen((v) => !v)}
        >
          {detailsOpen ? 'Hide details' : 'Show details and evidence'}
        </button>
      )}
      <ListingEvidencePanel item={item} open={detailsOpen} />
      <ChannelFloors itemId={item.id} itemUpdatedAt={item.updatedAt} />
      <ItemChannelActionsSlot itemId={item.id} />
    </div>
  );
}
