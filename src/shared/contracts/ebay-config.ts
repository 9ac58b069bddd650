import { z } from 'zod';

export const ebayConfigPaths = { configCheck: '/api/ebay/config-check' } as const;

/** check-ebay-config: each credential with configured, looks_valid, value (masked) and is_https. */
export const credentialStatus = z.object({
  configured: z.boolean(),
  looks_valid: z.boolean(),
  /** Masked: first characters and the length, never the whole value. */
  value: z.string().nullable(),
  /** For the redirect name: whether its accept URL (our /ebay-callback) is https. */
  is_https: z.boolean().nullable(),
});

export const ebayConfigCheckResponse = z.object({
  all_configured: z.boolean(),
  ready_for_oauth: z.boolean(),
  /** No eBay keys: the server runs the simulated eBay (nothing is missing; the keys would switch to eBay for real). */
  simulated: z.boolean(),
  environment: z.enum(['sandbox', 'production']),
  credentials_status: z.object({ client_id: credentialStatus, client_secret: credentialStatus, ru_name: credentialStatus }),
  callback_url: z.string(),
  /** The accept URL to register with eBay: callback_url's https address (eBay redirects only to https). */
  accept_url: z.string(),
  issues: z.array(z.string()),
  fix_instructions: z.array(z.string()),
  setup_instructions: z.array(z.string()),
  test_urls: z.object({ production: z.string(), sandbox: z.string() }),
  /** The application token's Browse calls (comparables) this UTC day, and the day's budget (EBAY_APP_DAILY_CALLS). */
  browse_calls: z.object({ today: z.number().int(), daily_budget: z.number().int() }),
  /** The sales checks (Fulfillment getOrders pulls) this UTC day, all sellers, and eBay's daily limit (decision 078). */
  sales_checks: z.object({ today: z.number().int(), daily_limit: z.number().int() }),
});
export type EbayConfigCheck = z.infer<typeof ebayConfigCheckResponse>;
