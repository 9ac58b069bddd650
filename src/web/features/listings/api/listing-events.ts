import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { eventsPaths, itemStatusEvent } from '../../../../shared/contracts/events';
import { invalidateItemQueries, patchCachedListings } from './listings';

/**
 * Follows GET /api/events while mounted: each item status change is applied to the cached card at once and the
 * item queries are refetched (batched). Answers whether the stream is connected, so callers can poll without it.
 */
export function useListingEvents(): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(eventsPaths.stream);
    let refetch: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('ready', () => setConnected(true));
    source.addEventListener('item', (message) => {
      const parsed = itemStatusEvent.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (!parsed.success) return;
      const event = parsed.data;
      patchCachedListings(queryClient, (item) =>
        item.id === event.id
          ? {
              ...item,
              aiGenerationStatus: event.aiGenerationStatus,
              aiGenerationError: event.aiGenerationError,
              listingReady: event.listingReady,
              generationQueued: event.aiGenerationStatus === 'generating' ? false : item.generationQueued,
            }
          : item,
      );
      clearTimeout(refetch);
      refetch = setTimeout(() => void invalidateItemQueries(queryClient), 250);
    });
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    return () => {
      clearTimeout(refetch);
      source.close();
      setConnected(false);
    };
  }, [queryClient]);
  return { connected };
}
