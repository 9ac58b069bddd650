import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { debounceByKey } from '@/lib/debounce-by-key';
import { fetchItem } from './fetchers';
import { isItemListed, removeCachedItem, replaceListedItemUnlessOlder } from './item-cache';

/** Several events of one item in quick succession (publishing, then live) cost one refetch. */
export const CARD_REFETCH_DELAY_MS = 250;

/**
 * Reads one item again and puts it in place of its dashboard card: an event patches only the
 * card's status, so after an autopilot publish the card kept the title and price it had before (the listing's
 * title, the price it went out at) until a reload. An item no item list holds is left alone (no whole-list refetch:
 * the dashboard may hold hundreds of cards); one the server no longer has leaves the lists.
 */
export async function refreshListedItem(queryClient: QueryClient, itemId: string, signal?: AbortSignal): Promise<void> {
  if (!isItemListed(queryClient, itemId)) return;
  try {
    replaceListedItemUnlessOlder(queryClient, await fetchItem(itemId, signal));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) removeCachedItem(queryClient, itemId);
    // Anything else (offline, aborted): the card keeps the event's status; the next event corrects it.
  }
}

/** A per-item debounced `refreshListedItem`, and its cancel for the effect's cleanup. */
export function cardRefresher(queryClient: QueryClient) {
  return debounceByKey(CARD_REFETCH_DELAY_MS, (itemId, signal) => void refreshListedItem(queryClient, itemId, signal));
}
