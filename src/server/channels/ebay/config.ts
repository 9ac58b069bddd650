import { z } from 'zod';
import { optionalEnv as optional } from '../env-value';

/** eBay's environment variables (README, configuration): merged into the server's env schema (config.ts). */
export const ebayEnv = {
  EBAY_CLIENT_ID: optional,
  EBAY_CLIENT_SECRET: optional,
  EBAY_RU_NAME: optional,
  EBAY_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** auto: without an eBay keyset the server runs the simulated eBay (fakes/ebay); off: never. */
  EBAY_SIMULATION: z.enum(['auto', 'off'], 'EBAY_SIMULATION must be auto or off').default('auto'),
  /** Host overrides (tests and e2e point them all at the fake eBay); unset, EBAY_ENV picks eBay's real hosts. */
  EBAY_API_BASE: optional,
  EBAY_APIZ_BASE: optional,
  EBAY_APIM_BASE: optional,
  EBAY_AUTH_BASE: optional,
  /** Calls a second the keyset may make (all sellers and workers of a process together); unset: no pacing until a 429. */
  EBAY_CALLS_PER_SECOND: z.coerce.number().positive().max(1000).optional(),
  /** Browse calls a UTC day the application token may make for comparables (eBay's default Browse quota: 5,000). */
  EBAY_APP_DAILY_CALLS: z.coerce.number().int().min(0).default(5000),
  /** The alert e-mail eBay's Notification API keeps for the application (updateConfig); MAIL_FROM's address by default. */
  EBAY_ALERT_EMAIL: optional.pipe(z.email('EBAY_ALERT_EMAIL must be an e-mail address').optional()),
  /** The marketplace account deletion endpoint's verification token (eBay: 32-80 characters of A-Z a-z 0-9 _ -). */
  EBAY_VERIFICATION_TOKEN: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,80}$/, 'EBAY_VERIFICATION_TOKEN must be 32-80 characters of letters, digits, _ and -')
      .optional(),
  ),
};

export interface EbayConfig {
  clientId?: string;
  clientSecret?: string;
  ruName?: string;
  environment: 'sandbox' | 'production';
  /** Host overrides; unset ones are eBay's real hosts for the environment. */
  hosts: { api?: string; apiz?: string; apim?: string; auth?: string };
  verificationToken?: string;
  /** EBAY_ALERT_EMAIL: the Notification API's alert e-mail (unset: MAIL_FROM's address). */
  alertEmail?: string;
  callsPerSecond?: number;
  /** Browse calls a UTC day for comparables; past it, comparables say the day's budget is spent. */
  appDailyCalls: number;
  /**
   * No eBay key is set (and EBAY_SIMULATION is not off): the server starts the simulated eBay and connects to it
   * instead of eBay. Any EBAY_CLIENT_ID, EBAY_CLIENT_SECRET or EBAY_RU_NAME switches it off.
   */
  simulated: boolean;
}

/** `config.ebay`, from its environment variables. */
export function readEbayConfig(env: z.output<z.ZodObject<typeof ebayEnv>>): EbayConfig {
  return {
    clientId: env.EBAY_CLIENT_ID,
    clientSecret: env.EBAY_CLIENT_SECRET,
    ruName: env.EBAY_RU_NAME,
    environment: env.EBAY_ENV,
    hosts: { api: env.EBAY_API_BASE, apiz: env.EBAY_APIZ_BASE, apim: env.EBAY_APIM_BASE, auth: env.EBAY_AUTH_BASE },
    verificationToken: env.EBAY_VERIFICATION_TOKEN,
    alertEmail: env.EBAY_ALERT_EMAIL,
    callsPerSecond: env.EBAY_CALLS_PER_SECOND,
    appDailyCalls: env.EBAY_APP_DAILY_CALLS,
    simulated: env.EBAY_SIMULATION === 'auto' && !env.EBAY_CLIENT_ID && !env.EBAY_CLIENT_SECRET && !env.EBAY_RU_NAME,
  };
}
