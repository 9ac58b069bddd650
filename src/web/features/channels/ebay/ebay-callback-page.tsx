import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EBAY_AUTH_SUCCESS, ebayMessages } from '@shared/contracts/ebay';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { PlainPage } from '@/components/plain-page';
import { SimulatedEbayNote } from './simulated-ebay-note';
import { Spinner } from '@/components/spinner';
import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { ApiError } from '@/lib/api-client';
import { useEbayConnection } from './api/ebay-account';

const CLOSE_AFTER_MS = 3000;
const ebayScreen = '/ebay';

/** Whether this page was opened by the app (a popup, or a new tab on a phone) rather than navigated to in place. */
const hasOpener = () => {
  try {
    return Boolean(window.opener) && !window.opener.closed;
  } catch {
    return false;
  }
};

/** "This window closes in 3 seconds.", "... in 1 second." (never "1 seconds"). */
export function closingWords(secondsLeft: number, popup: boolean): string {
  const seconds = `${secondsLeft} second${secondsLeft === 1 ? '' : 's'}`;
  return popup ? `This window closes in ${seconds}.` : `Returning to eBay Integration in ${seconds}.`;
}

/**
 * The consent popup lands here: Processing, then Success (tells the opener with EBAY_AUTH_SUCCESS and
 * closes itself after 3 s) or Connection Failed with Close Window. Without an opener (the phone's browser refused a
 * new tab and the flow ran in this one), success returns to the eBay screen instead of closing.
 */
export function EbayCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  const exchange = useChannelConnection('ebay').complete;
  const started = useRef(false);
  const [secondsLeft, setSecondsLeft] = useState(CLOSE_AFTER_MS / 1000);

  useEffect(() => {
    if (started.current || !code || providerError) return;
    started.current = true;
    exchange.mutate({ code, state: state ?? '' });
  }, [code, state, providerError, exchange]);

  useEffect(() => {
    if (!exchange.isSuccess) return;
    if (hasOpener()) window.opener.postMessage({ type: EBAY_AUTH_SUCCESS }, window.location.origin);
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    const done = setTimeout(() => {
      if (hasOpener()) window.close();
      else void navigate(ebayScreen, { replace: true });
    }, CLOSE_AFTER_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [exchange.isSuccess, navigate]);

  const failure = providerError
    ? ebayMessages.authorizationFailed(providerError)
    : !code
      ? ebayMessages.noCode
      : exchange.isError
        ? exchange.error instanceof ApiError && exchange.error.status === 401
          ? ebayMessages.userNotFound
          : ebayMessages.connectFailed
        : null;
  const detail =
    exchange.isError && exchange.error instanceof ApiError && exchange.error.status !== 401 && exchange.error.status !== 0
      ? exchange.error.message
      : (params.get('error_description') ?? null);

  // Asked once connected: read before, it would keep the connection from before the exchange for the eBay screen.
  const simulated = useEbayConnection({ enabled: exchange.isSuccess }).data?.simulated ?? false;

  const closeWindow = () => {
    if (hasOpener()) window.close();
    else void navigate(ebayScreen, { replace: true });
  };

  return (
    <PlainPage title="Connecting eBay">
      {simulated && <SimulatedEbayNote className="mb-4" />}
      {failure ? (
        <div className="flex flex-col items-start gap-4">
          <Alert tone="error" title="Connection Failed">
            <p>{failure}</p>
            {detail && <p className="mt-1 text-xs text-red-700">{detail}</p>}
          </Alert>
          <Button variant="secondary" onClick={closeWindow}>
            Close Window
          </Button>
        </div>
      ) : exchange.isSuccess ? (
        <Alert tone="success" title="Success">
          Your eBay account {exchange.data.connection.accountLabel} is connected. {closingWords(secondsLeft, hasOpener())}
        </Alert>
      ) : (
        <div className="flex items-center gap-3 text-slate-600" role="status">
          <Spinner className="size-5 text-indigo-600" />
          Processing...
        </div>
      )}
    </PlainPage>
  );
}
