import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PlainPage } from '../../components/plain-page';
import { Spinner } from '../../components/spinner';
import { useExchangeEbayCode } from './api/exchange-code';

export const EBAY_AUTH_SUCCESS = 'EBAY_AUTH_SUCCESS';
const CLOSE_AFTER_MS = 3000;

/** The consent popup lands here: exchange the code, tell the opener, close 3 s after success (spec §2). */
export function EbayCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const providerError = params.get('error');
  const exchange = useExchangeEbayCode();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !code || providerError) return;
    started.current = true;
    exchange.mutate(
      { code, state: params.get('state') },
      {
        onSuccess: () => {
          window.opener?.postMessage({ type: EBAY_AUTH_SUCCESS }, window.location.origin);
          setTimeout(() => window.close(), CLOSE_AFTER_MS);
        },
      },
    );
  }, [code, providerError, exchange, params]);

  const failure = providerError
    ? `eBay authorization failed: ${providerError}`
    : !code
      ? 'No authorization code received from eBay'
      : exchange.isError
        ? 'Failed to connect eBay account.'
        : null;

  return (
    <PlainPage title="Connecting eBay">
      {failure ? (
        <div className="flex flex-col items-start gap-4">
          <Alert tone="error" title="Connection Failed">
            {failure}
          </Alert>
          <Button variant="secondary" onClick={() => window.close()}>
            Close Window
          </Button>
        </div>
      ) : exchange.isSuccess ? (
        <Alert tone="success" title="Success">
          Your eBay account is connected. This window closes in 3 seconds.
        </Alert>
      ) : (
        <div className="flex items-center gap-3 text-slate-600">
          <Spinner className="size-5 text-indigo-600" />
          Processing...
        </div>
      )}
    </PlainPage>
  );
}
