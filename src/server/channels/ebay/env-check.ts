import type { EnvCheckEntry } from '@shared/contracts/diagnostics';
import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { envCheckEntry as entry } from '../../diagnostics/env-check-entry';
import type { EbayConfig } from './config';

/** eBay's lines of the environment check: its keys and its environment, or the simulation that runs without them. */
export function ebayEnvCheck(ebay: EbayConfig): EnvCheckEntry[] {
  return [
    keyEntry('ebay-client-id', 'eBay client id', 'EBAY_CLIENT_ID', ebay.clientId, ebay.simulated),
    keyEntry('ebay-client-secret', 'eBay client secret', 'EBAY_CLIENT_SECRET', ebay.clientSecret, ebay.simulated),
    keyEntry('ebay-ru-name', 'eBay redirect name (RuName)', 'EBAY_RU_NAME', ebay.ruName, ebay.simulated),
    ebay.simulated
      ? entry('ebay-env', 'eBay environment', ['EBAY_ENV', 'EBAY_SIMULATION'], 'default', SIMULATED_EBAY_LABEL)
      : entry('ebay-env', 'eBay environment', ['EBAY_ENV'], 'configured', ebay.environment === 'production' ? 'Production' : 'Sandbox'),
  ];
}

function keyEntry(key: string, label: string, variable: string, value: string | undefined, simulated: boolean): EnvCheckEntry {
  if (simulated) return entry(key, label, [variable], 'default', 'Not set: the simulated eBay runs instead');
  return entry(key, label, [variable], value ? 'configured' : 'missing', value ? 'Set' : 'Not set: needed to connect eBay');
}
