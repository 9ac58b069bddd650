import { ebayPaths } from '@shared/contracts/ebay';
import type { EbayConfig } from './config';
import type { ChannelSettings, ChannelSetup, SimulationLog } from '../channel-module';
import { pacedFetch } from '../paced-fetch';
import type { TokenCipher } from '../token-crypto';
import { setupParts, unconfiguredParts } from '../setup-parts';
import { createEbayClient, type EbayClient } from './api/ebay-client';
import { startSimulatedEbay, type SimulatedEbay } from './api/simulated-ebay';
import type { SellerSessions } from './publish/seller-session';

/** What eBay is set up from: the server's settings and `config.ebay`. */
export type EbaySettings = ChannelSettings<'ebay', EbayConfig>;

/** What the eBay services need from the config: the client (null without a keyset) and the token cipher. */
export interface EbaySetup extends ChannelSetup {
  client: EbayClient | null;
  environment: 'sandbox' | 'production';
  /** The simulated eBay the server runs without eBay keys (config.ebay.simulated); its pages are the module's. */
  simulation: SimulatedEbay | null;
  cipher: TokenCipher;
  verificationToken: string | null;
  /** The Notification API's alert e-mail for the application (EBAY_ALERT_EMAIL, else MAIL_FROM's address). */
  alertEmail: string;
  /** The account deletion endpoint's public URL (part of eBay's challenge hash). */
  deletionEndpoint: string;
  /** The notification endpoint's public URL (decision 076): eBay's destination, part of its challenge hash. */
  notificationEndpoint: string;
  /** Browse calls a UTC day for comparables (EBAY_APP_DAILY_CALLS). */
  appDailyCalls: number;
  /** The seller's eBay session for publishing; by default from their connected account (tests put a fake one). */
  sellers?: SellerSessions;
}

/**
 * Builds the eBay client and the token cipher from the config (EBAY_ENV picks eBay's hosts; overrides for the fake),
 * or, given the running simulation, a client pointed at it.
 */
export function ebaySetupFrom(config: EbaySettings, simulation?: SimulatedEbay | null): EbaySetup {
  const { clientId, clientSecret, ruName, environment, hosts, verificationToken, callsPerSecond } = config.ebay;
  const client = simulation
    ? createEbayClient({
        environment: 'sandbox',
        keyset: simulation.keyset,
        hosts: simulation.hosts,
        listingUrl: simulation.listingUrl,
        fetch: pacedFetch(fetch, { callsPerSecond }),
      })
    : clientId && clientSecret && ruName
      ? createEbayClient({
          environment,
          keyset: { clientId, clientSecret, ruName },
          hosts: withoutEmpty(hosts),
          fetch: pacedFetch(fetch, { callsPerSecond }),
        })
      : null;
  return {
    client,
    environment: simulation ? 'sandbox' : environment,
    ...setupParts(config, simulation),
    verificationToken: verificationToken ?? null,
    alertEmail: config.ebay.alertEmail ?? /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom,
    deletionEndpoint: `${config.publicUrl}${ebayPaths.accountDeletion}`,
    notificationEndpoint: `${config.publicUrl}${ebayPaths.notifications}`,
    appDailyCalls: config.ebay.appDailyCalls,
  };
}

/** The config's eBay, with the simulated eBay started when it asks for it (no eBay keys), from the state it kept. */
export async function startEbaySetup(config: EbaySettings, log?: SimulationLog): Promise<EbaySetup> {
  return ebaySetupFrom(
    config,
    config.ebay.simulated ? await startSimulatedEbay(config.publicUrl, { dir: config.simulationsDir, log }) : null,
  );
}

/** No eBay keyset and no simulation (a throwaway token key): what tests that do not use eBay get. */
export function unconfiguredEbay(overrides: Partial<EbaySetup> = {}): EbaySetup {
  return {
    client: null,
    environment: 'sandbox',
    verificationToken: null,
    alertEmail: 'no-reply@resale.studio.local',
    deletionEndpoint: '',
    notificationEndpoint: '',
    appDailyCalls: 5000,
    ...unconfiguredParts(),
    ...overrides,
  };
}

function withoutEmpty(hosts: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(hosts).filter(([, v]) => v)) as Record<string, string>;
}
