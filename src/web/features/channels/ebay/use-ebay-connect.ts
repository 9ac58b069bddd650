import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EBAY_AUTH_SUCCESS, ebayMessages } from '@shared/contracts/ebay';
import { useToast } from '../../../components/toast';
import { invalidateChannelConnections } from '../../../entities/channels/use-channel-connections';
import { ApiError } from '../../../lib/api-client';
import { useStartEbayOAuth } from './api/ebay-account';

const POPUP_NAME = 'ebay-auth';
const POPUP_WIDTH = 800;
const POPUP_HEIGHT = 600;

function popupFeatures() {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** Spec §8: "Failed to connect to eBay: " and the reason (HTTP status with body, or Failed to get authorization URL). */
function connectFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `${ebayMessages.connectPrefix}${error.status} ${error.message}`;
  return `${ebayMessages.connectPrefix}${ebayMessages.noAuthUrl}`;
}

/**
 * Connect eBay: opens an 800x600 popup at once (inside the click, so no popup blocker stops it), then points it at
 * eBay's consent page. A phone opens it as a new tab; if the browser refuses even that, the flow runs in this tab.
 * The callback page posts EBAY_AUTH_SUCCESS (checked for our origin), and the eBay screen reloads its data.
 */
export function useEbayConnect() {
  const start = useStartEbayOAuth();
  const notify = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== EBAY_AUTH_SUCCESS) return;
      void queryClient.invalidateQueries({ queryKey: ['ebay'] });
      void invalidateChannelConnections(queryClient);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  function connect() {
    const popup = window.open('about:blank', POPUP_NAME, popupFeatures());
    start.mutate(undefined, {
      onSuccess: ({ authUrl }) => {
        if (popup && !popup.closed) popup.location.href = authUrl;
        else window.location.assign(authUrl);
      },
      onError: (error) => {
        popup?.close();
        notify('error', connectFailure(error));
      },
    });
  }

  return { connect, connecting: start.isPending };
}
