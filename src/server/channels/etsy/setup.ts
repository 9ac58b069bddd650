import { etsyRedirectPath } from '@shared/contracts/etsy';
import type { Config } from '../../config';
import { createEtsyClient, type EtsyClient } from './api/etsy-client';
import { pacedFetch } from '../paced-fetch';

/** What the Etsy services need from the config: the client (null without a keyset) and the consent's return address. */
export interface EtsySetup {
  client: EtsyClient | null;
  redirectUri: string;
}

/** The Etsy client from ETSY_KEYSTRING and ETSY_SHARED_SECRET (hosts overridable for the fake), paced to Etsy's rate. */
export function etsySetupFrom(config: Config, fetchImpl: typeof fetch = fetch): EtsySetup {
  const { keystring, sharedSecret, apiBase, oauthBase, callsPerSecond } = config.etsy;
  return {
    client:
      keystring && sharedSecret
        ? createEtsyClient({ keystring, sharedSecret, apiBase, oauthBase, fetch: pacedFetch(fetchImpl, { callsPerSecond }) })
        : null,
    redirectUri: `${config.publicUrl}${etsyRedirectPath}`,
  };
}
