import { z } from 'zod';
import { optionalEnv as optional } from '../env-value';

/** Etsy's environment variables: merged into the server's env schema (config.ts). */
export const etsyEnv = {
  /** The app's keystring and shared secret; unset, Etsy is not configured on this server. */
  ETSY_KEYSTRING: optional,
  ETSY_SHARED_SECRET: optional,
  /** auto: without an Etsy keyset the server runs the simulated Etsy (fakes/etsy); off: never. */
  ETSY_SIMULATION: z.enum(['auto', 'off'], 'ETSY_SIMULATION must be auto or off').default('auto'),
  /** Host overrides (tests and e2e point them at the fake Etsy): API (and token endpoint), and the consent page's. */
  ETSY_API_BASE: optional,
  ETSY_OAUTH_BASE: optional,
  /** Requests a second the app may make to Etsy (all sellers together); Etsy's default is 10. */
  ETSY_CALLS_PER_SECOND: z.coerce.number().positive().max(1000).default(10),
};

export interface EtsyConfig {
  keystring?: string;
  sharedSecret?: string;
  apiBase?: string;
  oauthBase?: string;
  callsPerSecond: number;
  /** No Etsy key is set (and ETSY_SIMULATION is not off): the server starts the simulated Etsy and connects to it. */
  simulated: boolean;
}

/** `config.etsy`, from its environment variables. */
export function readEtsyConfig(env: z.output<z.ZodObject<typeof etsyEnv>>): EtsyConfig {
  return {
    keystring: env.ETSY_KEYSTRING,
    sharedSecret: env.ETSY_SHARED_SECRET,
    apiBase: env.ETSY_API_BASE,
    oauthBase: env.ETSY_OAUTH_BASE,
    callsPerSecond: env.ETSY_CALLS_PER_SECOND,
    simulated: env.ETSY_SIMULATION === 'auto' && !env.ETSY_KEYSTRING && !env.ETSY_SHARED_SECRET,
  };
}
