import { useEffect, useRef, useState } from 'react';
import { consentReturnIsFor, forgetConsentChannel } from './consent-return';
import type { useChannelConnection } from './use-channel-connection';

/**
 * A marketplace's consent page sends the seller back to the Marketplaces screen with ?code&state (or ?error): when the
 * return is `channel`'s (this tab opened its consent, or opened none it remembers and `byDefault` says so), the code is
 * exchanged once and the address cleaned. `denied`: the seller said no on the marketplace.
 */
export function useConsentReturn(channel: string, byDefault: boolean, exchange: ReturnType<typeof useChannelConnection>['complete']) {
  const [denied, setDenied] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    if (!state || (!code && !params.get('error'))) return;
    if (!consentReturnIsFor(channel, byDefault)) return;
    started.current = true;
    forgetConsentChannel();
    window.history.replaceState(null, '', window.location.pathname);
    if (code) exchange.mutate({ code, state });
    else setDenied(true);
  }, [channel, byDefault, exchange]);
  return { exchange, denied };
}
