import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { debounceByKey } from '@/lib/debounce-by-key';
import { fetchItem, fetchListing } from './fetchers';
import {
  applyListingEvent,
  applyStatusEvent,
  isItemListed,
  isListingCached,
  removeCachedItem,
  replaceCachedListingUnlessOlder,
  replaceListedItemUnlessOlder,
} from './item-cache';
import {
  itemEventName,
  itemEventsUrl,
  listingEventName,
  onStreamEvent,
  parseItemEvent,
  parseListingEvent,
  parseSaleEvent,
  readyEventName,
  saleEventName,
} from './item-events';
import { invalidateItemQueries, itemKeys } from './query-keys';

/** Several events of one item in quick succession (generating, then completed) cost one refetch. */
const REFETCH_DELAY_MS = 250;

/**
 * Reads one changed item again (title, price and the rest arrive with `completed`) and puts it in place of its card,
 * in the listings screen's cache and in the dashboard's item lists, whichever hold it (a card patched only by the
 * event kept its old title and price until a reload); an item no cache knows yet means the list itself changed, so
 * only then is the whole list refetched.
 */
async function refreshItem(queryClient: QueryClient, itemId: string, signal: AbortSignal) {
  const inListings = isListingCached(queryClient, itemId);
  const inLists = isItemListed(queryClient, itemId);
  if (!inListings && !inLists) return invalidateItemQueries(queryClient);
  try {
    await Promise.all([
      inListings && fetchListing(itemId, signal).then((next) => replaceCachedListingUnlessOlder(queryClient, next)),
      inLists && fetchItem(itemId, signal).then((next) => replaceListedItemUnlessOlder(queryClient, next)),
    ]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) removeCachedItem(queryClient, itemId);
    // Anything else (offline, aborted): the card keeps the event's status; the next event or poll corrects it.
  }
}

/**
 * Follows GET /api/events while mounted: each item status change, and each change of an item's listing on a
 * channel (a publish outcome), is applied to its cached card at once, then that one item is refetched; item changes
 * also refresh the summary counts. Answers whether the stream is connected, so callers can poll without it.
 */
export function useItemEvents(): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(itemEventsUrl);
    let summaryTimer: ReturnType<typeof setTimeout> | undefined;
    const refresher = debounceByKey(REFETCH_DELAY_MS, (itemId, signal) => {
      void refreshItem(queryClient, itemId, signal);
      // The item's own screen (its channels' notices, decision 083) reads its detail: read again if shown.
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) });
    });
    source.addEventListener(readyEventName, () => setConnected(true));
    onStreamEvent(source, listingEventName, parseListingEvent, (event) => {
      applyListingEvent(queryClient, event);
      refresher.soon(event.itemId);
      // A delist task set or ticked: the tasks panel and the header's count read them again.
      if (event.delistTask !== undefined) void queryClient.invalidateQueries({ queryKey: itemKeys.delistTasks() });
    });
    // A sale (or its cancellation): the item's card reads its sales again (price, date, channel, quantity sold).
    onStreamEvent(source, saleEventName, parseSaleEvent, (event) => {
      if (event.itemId) refresher.soon(event.itemId);
    });
    onStreamEvent(source, itemEventName, parseItemEvent, (event) => {
      applyStatusEvent(queryClient, event);
      refresher.soon(event.id);
      clearTimeout(summaryTimer);
      summaryTimer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: itemKeys.summary() }), REFETCH_DELAY_MS);
    });
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    return () => {
      refresher.cancel();
      clearTimeout(summaryTimer);
      source.close();
      setConnected(false);
    };
  }, [queryClient]);
  return { connected };
}
