import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyListingEvent } from '../items/item-cache';
import { itemEventsUrl, listingEventName, parseListingEvent } from '../items/item-events';
import { itemKeys } from '../items/query-keys';

/** Several listing events in a burst (a bulk publish) cost one read of the tasks. */
const TASKS_REFRESH_DELAY_MS = 250;

/**
 * The dashboard's light follower of the event stream: each listing change moves its card's channel badges
 * at once (a cache patch, no refetch: the dashboard may hold hundreds of cards), and the delist tasks are read again,
 * so a sale pulled on the server shows in the panel, the header and a browser notification.
 */
export function useListingEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(itemEventsUrl);
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener(listingEventName, (message) => {
      const event = parseListingEvent((message as MessageEvent<string>).data);
      if (!event) return;
      applyListingEvent(queryClient, event);
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: itemKeys.delistTasks() }), TASKS_REFRESH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
