import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelConnectionsApi, channelMessages, type ChannelConnectBody, type ChannelConsentBody } from '@shared/contracts/channels';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { useToast } from '@/components/toast';
import { callRoute } from '@/lib/route-client';
import { daysToSaleKeys } from '../days-to-sale/use-days-to-sale';
import { rememberConsentChannel } from './consent-return';
import { channelConnectionsKey, invalidateChannelConnections, refetchFresh, useChannelConnectionList } from './use-channel-connections';
import { tell } from '@/lib/told';

/** How often a disconnect waiting for its listings to end reads them again. */
export const endingPollMs = 1_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const POPUP_WIDTH = 800;
const POPUP_HEIGHT = 600;

function popupFeatures() {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** Where the channel's consent page opens: in this tab (Etsy, Shopify), or a popup that tells this tab when it is done (eBay). */
export interface ConsentWindow {
  popup?: {
    /** The message type the page the popup lands on posts to its opener once connected (eBay's EBAY_AUTH_SUCCESS). */
    doneMessage: string;
  };
}

/**
 * The one web hook for a channel's connection (decision 094), over /api/channels/:channel/...: its status (GET
 * /api/channels' entry; undefined while loading), connect (the consent page, in this tab or a popup opened inside the
 * click so no popup blocker stops it; a phone opens it as a new tab, and where even that is refused the flow runs in
 * this tab), `complete` (the code and state the consent page sent back) and `disconnect`. Each settles by refreshing
 * GET /api/channels and the channel's own queries (their keys start with its name).
 */
export function useChannelConnection(channel: ApiChannel, consent: ConsentWindow = {}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const status = useChannelConnectionList().data?.channels.find((entry) => entry.channel === channel);
  // Days to sale names only marketplaces the seller sells on now (decision 168): a connection change moves the cards' line.
  const refresh = () =>
    Promise.all([
      refetchFresh(queryClient, [channel]),
      invalidateChannelConnections(queryClient),
      queryClient.invalidateQueries({ queryKey: daysToSaleKeys.all }),
    ]);
  const doneMessage = consent.popup?.doneMessage;

  useEffect(() => {
    if (!doneMessage) return;
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== doneMessage) return;
      void queryClient.invalidateQueries({ queryKey: [channel] });
      void invalidateChannelConnections(queryClient);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [channel, doneMessage, queryClient]);

  const start = useMutation({
    mutationFn: (body: ChannelConnectBody) => callRoute(channelConnectionsApi.connect, { params: { channel }, body: body ?? {} }),
  });
  const complete = useMutation({
    mutationFn: (answer: ChannelConsentBody) => callRoute(channelConnectionsApi.complete, { params: { channel }, body: answer }),
    onSettled: refresh,
  });
  const disconnect = useMutation({
    /**
     * A listing still up there would sell unseen once disconnected (the server refuses then): every live one is ended
     * first, read again every second (the count shows on the section) until none is up, then the disconnect goes.
     */
    mutationFn: async () => {
      const label = status?.label ?? channel;
      let left: { up: number; changing: number } = await callRoute(channelConnectionsApi.endListings, { params: { channel } });
      while (left.up > 0) {
        if (left.changing === 0) throw new Error(channelMessages.notEnded(label, left.up));
        await wait(endingPollMs);
        const all = await callRoute(channelConnectionsApi.all);
        queryClient.setQueryData(channelConnectionsKey, all);
        left = all.channels.find((entry) => entry.channel === channel)?.listings ?? { up: 0, changing: 0 };
      }
      return callRoute(channelConnectionsApi.disconnect, { params: { channel } });
    },
    // What the channel did, in its words (Shopify: its orders webhook deleted too).
    onSuccess: ({ message }) => notify('success', message),
    onSettled: refresh,
  });

  /** Starts connecting; `onError` hears a refusal (the popup, if any, is closed first). */
  function connect(body?: ChannelConnectBody, options: { onError?: (error: Error) => void } = {}) {
    const popup = consent.popup ? window.open('about:blank', `${channel}-consent`, popupFeatures()) : null;
    tell(start, body, {
      onSuccess: (answer) => {
        if (answer.next === 'consent') {
          if (popup && !popup.closed) popup.location.href = answer.url;
          else {
            rememberConsentChannel(channel);
            window.location.assign(answer.url);
          }
          return;
        }
        popup?.close();
        if (answer.next === 'connected') void refresh();
      },
      onError: (error) => {
        popup?.close();
        options.onError?.(error);
      },
    });
  }

  return {
    status,
    connect,
    connecting: start.isPending,
    /** The channel's refusal to start (not configured, a store address it cannot read). */
    connectError: start.error,
    /** What the channel asks first (Shopify: its store's address), when it answered with a form. */
    needs: start.data?.next === 'form' ? start.data : null,
    complete,
    disconnect,
  };
}
