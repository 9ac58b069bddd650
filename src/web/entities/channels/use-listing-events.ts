import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyListingEvent, applyStatusEvent } from '../items/item-cache';
import { itemEventName, itemEventsUrl, listingEventName, onStreamEvent, parseItemEvent, parseListingEvent } from '../items/item-events';
import { itemKeys } from '../items/query-keys';
import { cardRefresher } from '../items/refresh-card';

/** Several listing events in a burst (a bulk publish) cost one read of the tasks. */
const TASKS_REFRESH_DELAY_MS = 250;

/**
 * The dashboard's light follower of the event stream: each listing change moves its card's channel badges
 * at once (a cache patch), then that one card is read again (its title and the price it went out at after an
 * autopilot publish; never the whole list, the dashboard may hold hundreds of cards); an item's
 * status change (its listing written) the same; and the delist tasks are read again, so a sale pulled on the server
 * shows in the panel, the header and a browser notification.
 */
export function useListingEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(itemEventsUrl);
    const cards = cardRefresher(queryClient);
    let timer: ReturnType<typeof setTimeout> | undefined;
    onStreamEvent(source, itemEventName, parseItemEvent, (event) => {
      applyStatusEvent(queryClient, event);
      cards.soon(event.id);
    });
    onStreamEvent(source, listingEventName, parseListingEvent, (event) => {
      applyListingEvent(queryClient, event);
      cards.soon(event.itemId);
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: itemKeys.delistTasks() }), TASKS_REFRESH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      cards.cancel();
      source.close();
    };
  }, [queryClient]);
}
