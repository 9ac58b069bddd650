import { itemsApi, itemsPaths, listItemsResponse, type ItemView } from '@shared/contracts/items';
import { listingsApi } from '@shared/contracts/listings';
import { parsedRequest } from '@/lib/api-client';
import { callRoute } from '@/lib/route-client';
import type { ItemListFilter } from './query-keys';

const withCursor = (query: URLSearchParams, cursor: string) => {
  if (cursor) query.set('cursor', cursor);
  return query.toString();
};

/** GET /api/items/summary: staged, batch and generating counts. */
export const fetchItemsSummary = (signal?: AbortSignal) => callRoute(itemsApi.summary, { signal });

/** GET /api/items?view=&q=&status=: one page of the seller's items, newest first. */
export function fetchItemsPage(view: ItemView, cursor: string, limit: number, signal?: AbortSignal, filter: ItemListFilter = {}) {
  const query = new URLSearchParams({ view, limit: String(limit) });
  if (filter.q?.trim()) query.set('q', filter.q.trim());
  if (filter.status) query.set('status', filter.status);
  if (filter.channel) query.set('channel', filter.channel);
  return parsedRequest(listItemsResponse, `${itemsPaths.collection}?${withCursor(query, cursor)}`, { signal });
}

/** GET /api/listings: one page of items with their listings, newest first. */
export const fetchListingsPage = (cursor: string, limit: number, signal?: AbortSignal) =>
  callRoute(listingsApi.list, { query: { limit, cursor: cursor || undefined }, signal });

/** GET /api/items/:id/listing: one item with its listing. */
export const fetchListing = (itemId: string, signal?: AbortSignal) => callRoute(listingsApi.one, { params: { id: itemId }, signal });

/** GET /api/items/:id: one item with its listings and every photo (a card's refetch after an event). */
export const fetchItem = (itemId: string, signal?: AbortSignal) => callRoute(itemsApi.one, { params: { id: itemId }, signal });
