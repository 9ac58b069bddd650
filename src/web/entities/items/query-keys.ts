import type { QueryClient } from '@tanstack/react-query';
import type { ItemStatusFilter, ItemView } from '@shared/contracts/items';
import type { Channel } from '@shared/domain/channel-listing';

/** A search, status and channel filter of an item list (GET /api/items?q=&status=&channel=). */
export interface ItemListFilter {
  q?: string;
  status?: ItemStatusFilter;
  channel?: Channel;
}

/**
 * Every cached query about the seller's items sits under `['items']`, so one invalidation refreshes what every
 * screen shows; the factory is the only place these keys are spelled.
 */
export const itemKeys = {
  all: ['items'] as const,
  summary: () => [...itemKeys.all, 'summary'] as const,
  lists: () => [...itemKeys.all, 'list'] as const,
  list: (view: ItemView, filter: ItemListFilter = {}) =>
    [...itemKeys.lists(), view, { q: filter.q ?? '', status: filter.status ?? null, channel: filter.channel ?? null }] as const,
  listings: () => [...itemKeys.all, 'listings'] as const,
  /** Items held for the seller's answer before writing (under `items`: an answer or a generation ends a hold). */
  held: () => [...itemKeys.all, 'held'] as const,
  detail: (id: string) => [...itemKeys.all, 'detail', id] as const,
  skuHints: () => [...itemKeys.all, 'sku-hints'] as const,
  skuAvailable: (sku: string) => [...itemKeys.all, 'sku-available', sku] as const,
  /** The seller's delist tasks (under `items`: a sale, a listing change or a check for sales refreshes them). */
  delistTasks: () => [...itemKeys.all, 'delist-tasks'] as const,
  /** The week's selling plan (under `items`: a sale or a price change plans again); a channel's offer rule refreshes it. */
  sellingPlan: () => [...itemKeys.all, 'selling-plan'] as const,
};

/** Refetches everything shown about items (after a change the cache cannot patch exactly). */
export function invalidateItemQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: itemKeys.all });
}
