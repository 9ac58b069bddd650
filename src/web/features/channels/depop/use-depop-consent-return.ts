import { useEffect, useRef, useState } from 'react';
import { consentReturnIsFor, forgetConsentChannel } from '@/entities/channels/consent-return';
import type { useChannelConnection } from '@/entities/channels/use-channel-connection';

/**
 * Depop sends the seller back to the Marketplaces screen with ?code&state (or ?error): when this tab opened Depop's
 * consent, the code is exchanged once and the address cleaned. `denied`: the seller said no on Depop.
 */
export function useDepopConsentReturn(exchange: ReturnType<typeof useChannelConnection>['complete']) {
  const [denied, setDenied] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    if (!state || (!code && !params.get('error'))) return;
    if (!consentReturnIsFor('depop', false)) return;
    started.current = true;
    forgetConsentChannel();
    window.history.replaceState(null, '', window.location.pathname);
    if (code) exchange.mutate({ code, state });
    else setDenied(true);
  }, [exchange]);
  return { exchange, denied };
}
