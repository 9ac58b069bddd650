import { z } from 'zod';
import { optionalEnv as optional } from '../env-value';

/** Shopify's environment variables (decision 072): merged into the server's env schema (config.ts). */
export const shopifyEnv = {
  /** The Shopify app's client id and secret (the secret signs callbacks and webhooks); unset, the simulated Shopify. */
  SHOPIFY_API_KEY: optional,
  SHOPIFY_API_SECRET: optional,
  /** auto: without keys the server runs the simulated Shopify (fakes/shopify); off: never. */
  SHOPIFY_SIMULATION: z.enum(['auto', 'off'], 'SHOPIFY_SIMULATION must be auto or off').default('auto'),
  /** Tests point it at the fake Shopify (a store at <origin>/<shop>). */
  SHOPIFY_SHOP_ORIGIN: optional,
};

export interface ShopifyConfig {
  apiKey?: string;
  apiSecret?: string;
  shopOrigin?: string;
  /** No Shopify key is set (and SHOPIFY_SIMULATION is not off): the server starts the simulated Shopify. */
  simulated: boolean;
}

/** `config.shopify`, from its environment variables. */
export function readShopifyConfig(env: z.output<z.ZodObject<typeof shopifyEnv>>): ShopifyConfig {
  return {
    apiKey: env.SHOPIFY_API_KEY,
    apiSecret: env.SHOPIFY_API_SECRET,
    shopOrigin: env.SHOPIFY_SHOP_ORIGIN,
    simulated: env.SHOPIFY_SIMULATION === 'auto' && !env.SHOPIFY_API_KEY && !env.SHOPIFY_API_SECRET,
  };
}
