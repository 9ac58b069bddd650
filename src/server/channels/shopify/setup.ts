import { shopifyPaths } from '@shared/contracts/shopify';
import type { ShopifyConfig } from './config';
import type { ChannelSettings, ChannelSetup, SimulationLog } from '../channel-module';
import type { TokenCipher } from '../token-crypto';
import { setupParts, unconfiguredParts } from '../setup-parts';
import { createShopifyClient, type ShopifyClient } from './api/shopify-client';
import { startSimulatedShopify, type SimulatedShopify } from './simulation/simulated-shopify';

/** What Shopify is set up from: the server's settings and `config.shopify`. */
type ShopifySettings = ChannelSettings<'shopify', ShopifyConfig>;

/** What the Shopify services need from the config: the client (null without keys), the keys and the return address. */
export interface ShopifySetup extends ChannelSetup {
  client: ShopifyClient | null;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  publicUrl: string;
  /** The server runs the simulated Shopify (no SHOPIFY_API_KEY/SHOPIFY_API_SECRET). */
  simulation: SimulatedShopify | null;
  cipher: TokenCipher;
}

/** Shopify from SHOPIFY_API_KEY and SHOPIFY_API_SECRET; without them (SHOPIFY_SIMULATION=auto), the simulated Shopify. */
export async function startShopifySetup(config: ShopifySettings, log?: SimulationLog): Promise<ShopifySetup> {
  const redirectUri = `${config.publicUrl}${shopifyPaths.callback}`;
  const { apiKey, apiSecret, shopOrigin, simulated } = config.shopify;
  const simulation = simulated ? await startSimulatedShopify(config.publicUrl, redirectUri, { dir: config.simulationsDir, log }) : null;
  const clientId = simulation?.clientId ?? apiKey ?? '';
  const clientSecret = simulation?.clientSecret ?? apiSecret ?? '';
  const client =
    clientId && clientSecret
      ? createShopifyClient({
          clientId,
          clientSecret,
          shopOrigin: simulation?.shopOrigin ?? (shopOrigin ? (shop: string) => `${shopOrigin}/${shop}` : undefined),
        })
      : null;
  return {
    client,
    clientId,
    clientSecret,
    redirectUri,
    publicUrl: config.publicUrl,
    ...setupParts(config, simulation),
  };
}

/** No Shopify keys and no simulation: what tests that do not use Shopify get. */
export function unconfiguredShopify(): ShopifySetup {
  return {
    client: null,
    clientId: '',
    clientSecret: '',
    redirectUri: '',
    publicUrl: '',
    ...unconfiguredParts(),
  };
}
