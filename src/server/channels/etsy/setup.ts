import { etsyRedirectPath } from '@shared/contracts/etsy';
import type { EtsyConfig } from './config';
import type { ChannelSettings, ServerSettings, ChannelSetup, SimulationLog } from '../channel-module';
import { pacedFetch } from '../paced-fetch';
import type { TokenCipher } from '../token-crypto';
import { setupParts, unconfiguredParts } from '../setup-parts';
import { createEtsyClient, type EtsyClient } from './api/etsy-client';
import { startSimulatedEtsy, type SimulatedEtsy } from './simulation/simulated-etsy';

/** What Etsy is set up from: the server's settings and `config.etsy`. */
type EtsySettings = ChannelSettings<'etsy', EtsyConfig>;

/** What the Etsy services need from the config: the client (null without a keyset) and the consent's return address. */
export interface EtsySetup extends ChannelSetup {
  client: EtsyClient | null;
  redirectUri: string;
  /** The simulated Etsy the server runs without Etsy keys (config.etsy.simulated); its pages are the module's. */
  simulation: SimulatedEtsy | null;
  cipher: TokenCipher;
}

/** Where Etsy sends the seller back: the Marketplaces screen at PUBLIC_URL. */
const etsyRedirectUriOf = (config: Pick<ServerSettings, 'publicUrl'>) => `${config.publicUrl}${etsyRedirectPath}`;

/**
 * The Etsy client from ETSY_KEYSTRING and ETSY_SHARED_SECRET (hosts overridable for the fake), paced to Etsy's rate;
 * given the running simulation, a client pointed at it.
 */
export function etsySetupFrom(config: EtsySettings, fetchImpl: typeof fetch = fetch, simulation?: SimulatedEtsy | null): EtsySetup {
  const { keystring, sharedSecret, apiBase, oauthBase, callsPerSecond } = simulation ? { ...config.etsy, ...simulation } : config.etsy;
  return {
    client:
      keystring && sharedSecret
        ? createEtsyClient({ keystring, sharedSecret, apiBase, oauthBase, fetch: pacedFetch(fetchImpl, { callsPerSecond }) })
        : null,
    redirectUri: etsyRedirectUriOf(config),
    ...setupParts(config, simulation),
  };
}

/** The config's Etsy, with the simulated Etsy started when it asks for it (no Etsy keys), from the state it kept. */
export async function startEtsySetup(config: EtsySettings, log?: SimulationLog): Promise<EtsySetup> {
  const simulation = config.etsy.simulated
    ? await startSimulatedEtsy(config.publicUrl, etsyRedirectUriOf(config), { dir: config.simulationsDir, log })
    : null;
  return etsySetupFrom(config, fetch, simulation);
}

/** No Etsy keyset and no simulation: what tests that do not use Etsy get. */
export function unconfiguredEtsy(): EtsySetup {
  return {
    client: null,
    redirectUri: '',
    ...unconfiguredParts(),
  };
}
