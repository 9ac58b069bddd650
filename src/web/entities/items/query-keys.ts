import type { QueryClient } from '@tanstack/react-query';
import type { ItemStatusFilter, ItemView } from '@shared/contracts/items';

/** A search and status filter of an item list (GET /api/items?q=&status=). */
export interface ItemListFilter {
  q?: string;
  status?: ItemStatusFilter;
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
    [...itemKeys.lists(), view, { q: filter.q ?? '', status: filter.status ?? null }] as const,
  listings: () => [...itemKeys.all, 'listings'] as const,
  detail: (id: string) => [...itemKeys.all, 'detail', id] as const,
  skuHints: () => [...itemKeys.all, 'sku-hints'] as const,
  skuAvailable: (sku: string) => [...itemKeys.all, 'sku-available', sku] as const,
};

/** Refetches everything shown about items (after a change the cache cannot patch exactly). */
export function invalidateItemQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: itemKeys.all });
}
