import { etsyRedirectPath } from '@shared/contracts/etsy';
import type { Config } from '../../config';
import { createEtsyClient, type EtsyClient } from './api/etsy-client';
import { pacedFetch } from '../paced-fetch';
import type { SimulatedEtsy } from './simulation/simulated-etsy';

/** What the Etsy services need from the config: the client (null without a keyset) and the consent's return address. */
export interface EtsySetup {
  client: EtsyClient | null;
  redirectUri: string;
  /** The client talks to the simulated Etsy (config.etsy.simulated), not to Etsy. */
  simulated?: boolean;
}

/**
 * The Etsy client from ETSY_KEYSTRING and ETSY_SHARED_SECRET (hosts overridable for the fake), paced to Etsy's rate;
 * given the running simulation, a client pointed at it.
 */
export function etsySetupFrom(config: Config, fetchImpl: typeof fetch = fetch, simulation?: SimulatedEtsy | null): EtsySetup {
  const { keystring, sharedSecret, apiBase, oauthBase, callsPerSecond } = simulation ? { ...config.etsy, ...simulation } : config.etsy;
  return {
    client:
      keystring && sharedSecret
        ? createEtsyClient({ keystring, sharedSecret, apiBase, oauthBase, fetch: pacedFetch(fetchImpl, { callsPerSecond }) })
        : null,
    redirectUri: `${config.publicUrl}${etsyRedirectPath}`,
    simulated: Boolean(simulation),
  };
}
