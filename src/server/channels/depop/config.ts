import { z } from 'zod';
import { optionalEnv as optional } from '../env-value';

/** Depop's environment variables: merged into the server's env schema (config.ts). */
export const depopEnv = {
  /** The partner's OAuth client id and secret (Depop gives them on request); unset, the simulated Depop. */
  DEPOP_CLIENT_ID: optional,
  DEPOP_CLIENT_SECRET: optional,
  /** The secret Depop signs its webhooks with (not the client secret). */
  DEPOP_WEBHOOK_SECRET: optional,
  /** Host overrides (tests point them at the fake Depop): the API (and token endpoint), and the consent page's. */
  DEPOP_API_BASE: optional,
  DEPOP_OAUTH_BASE: optional,
  /** auto: without Depop keys the server runs the simulated Depop (fakes/depop) in-process; off: never. */
  DEPOP_SIMULATION: z.enum(['auto', 'off'], 'DEPOP_SIMULATION must be auto or off').default('auto'),
};

export interface DepopConfig {
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  apiBase?: string;
  oauthBase?: string;
  /** No Depop key is set (and DEPOP_SIMULATION is not off): the server runs the simulated Depop. */
  simulated: boolean;
}

/** `config.depop`, from its environment variables. */
export function readDepopConfig(env: z.output<z.ZodObject<typeof depopEnv>>): DepopConfig {
  return {
    clientId: env.DEPOP_CLIENT_ID,
    clientSecret: env.DEPOP_CLIENT_SECRET,
    webhookSecret: env.DEPOP_WEBHOOK_SECRET,
    apiBase: env.DEPOP_API_BASE,
    oauthBase: env.DEPOP_OAUTH_BASE,
    simulated: env.DEPOP_SIMULATION === 'auto' && !env.DEPOP_CLIENT_ID && !env.DEPOP_CLIENT_SECRET,
  };
}
