import { z } from 'zod';

export const ebayConfigPaths = { configCheck: '/api/ebay/config-check' } as const;

export const credentialStatus = z.object({
  configured: z.boolean(),
  looksValid: z.boolean(),
  /** Masked: first characters and the length, never the whole value. */
  value: z.string().nullable(),
});

export const ebayConfigCheckResponse = z.object({
  allConfigured: z.boolean(),
  readyForOauth: z.boolean(),
  environment: z.enum(['sandbox', 'production']),
  credentials: z.object({ clientId: credentialStatus, clientSecret: credentialStatus, ruName: credentialStatus }),
  callbackUrl: z.string(),
  callbackIsHttps: z.boolean(),
  issues: z.array(z.string()),
  testUrls: z.object({ production: z.string(), sandbox: z.string() }),
});
export type EbayConfigCheck = z.infer<typeof ebayConfigCheckResponse>;
