import type { ListingItem } from '@shared/contracts/listings';
import { hasListing } from './listing-groups';

/** The Generate Listings screen's status filter: where each card is in its way to a Ready listing. */
export const listingStatusFilters = ['to-generate', 'failed', 'needs-edits', 'ready'] as const;
export type ListingStatusFilter = (typeof listingStatusFilters)[number];

export const listingStatusLabels: Record<ListingStatusFilter, string> = {
  'to-generate': 'To generate',
  failed: 'Failed',
  'needs-edits': 'Needs edits',
  ready: 'Ready',
};

export interface ListingFilter {
  /** Case-insensitive part of the SKU or the title. */
  q: string;
  status: ListingStatusFilter | '';
}

function statusOf(item: ListingItem): ListingStatusFilter {
  if (item.aiGenerationStatus === 'failed') return 'failed';
  if (!hasListing(item)) return 'to-generate';
  return item.listingReady ? 'ready' : 'needs-edits';
}

/** The cards a search and a status filter keep (the screen holds every item, so this runs in the browser). */
export function filterListings(items: ListingItem[], filter: ListingFilter): ListingItem[] {
  const q = filter.q.trim().toLowerCase();
  return items.filter(
    (item) =>
      (!filter.status || statusOf(item) === filter.status) &&
      (!q || item.sku.toLowerCase().includes(q) || (item.aiTitle ?? '').toLowerCase().includes(q)),
  );
}
