import { z } from 'zod';
import { text } from './text';
import { isIsoCountryCode } from '../domain/countries';

/** Etsy (issue 34): the connection, the shop setup, the seller's answers per item and the publish. */
export const etsyPaths = {
  connection: '/api/etsy/connection',
  shopSetup: '/api/etsy/shop-setup',
  publish: '/api/etsy/publish',
  itemAnswers: '/api/items/:id/listings/etsy/answers',
  preflight: '/api/items/:id/listings/etsy/preflight',
} as const;

export const etsyMessages = {
  notConfigured: 'Etsy is not configured on this server',
  /** The Marketplaces screen while Etsy has no keys (issue 42): how to configure it. */
  howToConfigure: (redirectUri: string) =>
    `Etsy is not set up on this server yet. To list on Etsy, register an app at etsy.com/developers, set ETSY_KEYSTRING to its keystring and ETSY_SHARED_SECRET to its shared secret, add ${redirectUri} as its redirect URI, and restart the server. Until then Etsy is left out of "List on...".`,
  notConnected: 'Connect your Etsy shop first (Marketplaces screen).',
  expired: 'Your Etsy connection has expired: reconnect it on the Marketplaces screen.',
  noShop: 'This Etsy account has no shop yet: open your shop on Etsy, then connect again.',
  stateInvalid: 'This Etsy sign-in link has expired or was already used. Please connect again.',
  denied: 'Etsy did not grant access, so nothing was connected.',
  connectFailed: 'Could not connect to Etsy. Please try again.',
  disconnected: 'Etsy shop disconnected.',
  setupMissing: 'Set up your Etsy shop first: a shipping profile and a return policy (Marketplaces screen).',
} as const;

/** What the shop setup form and route say about its shipping answers. */
export const etsyShopSetupMessages = {
  processingDays: 'The fewest days to ship cannot be more than the most days.',
  country: 'Give the country you ship from as its two-letter ISO code, like US or GB.',
} as const;

/** Etsy's "who made it": second-hand clothes are `someone_else`; `i_did`/`collective` are the maker's. */
export const etsyWhoMade = ['i_did', 'someone_else', 'collective'] as const;
/** Etsy's "when was it made" values: decades, "2020s", or before 1700 (vintage means 20 years or older). */
export const etsyWhenMade = [
  '2020_2025',
  '2010_2019',
  '2006_2009',
  'before_2006',
  '2000_2005',
  '1990s',
  '1980s',
  '1970s',
  '1960s',
  '1950s',
  '1940s',
  '1930s',
  '1920s',
  '1910s',
  '1900s',
  '1800s',
  '1700s',
  'before_1700',
] as const;
export type EtsyWhenMade = (typeof etsyWhenMade)[number];

/** What the seller reads for each answer (made_to_order is never offered: our items exist already). */
export const etsyWhenMadeLabels: Record<EtsyWhenMade, string> = {
  '2020_2025': '2020 or later',
  '2010_2019': '2010 to 2019',
  '2006_2009': '2006 to 2009',
  before_2006: 'Before 2006 (not sure of the decade)',
  '2000_2005': '2000 to 2005',
  '1990s': '1990s',
  '1980s': '1980s',
  '1970s': '1970s',
  '1960s': '1960s',
  '1950s': '1950s',
  '1940s': '1940s',
  '1930s': '1930s',
  '1920s': '1920s',
  '1910s': '1910s',
  '1900s': '1900s',
  '1800s': '1800s',
  '1700s': '1700s',
  before_1700: 'Before 1700',
};

export const etsyShop = z.object({
  shopId: z.string(),
  shopName: z.string(),
  shippingProfile: z.object({ id: z.string(), title: z.string() }).nullable(),
  returnPolicy: z.object({ id: z.string(), acceptsReturns: z.boolean(), days: z.number().nullable() }).nullable(),
  /** Etsy's processing profile: ready to ship in so many days. */
  processingProfile: z.object({ id: z.string(), label: z.string() }).nullable(),
});

export const etsyConnectionResponse = z.object({
  configured: z.boolean(),
  /** The redirect URI to register with the Etsy app (PUBLIC_URL/channels): said while Etsy is not configured. */
  redirectUri: z.string().optional(),
  /** The server runs the simulated Etsy (no Etsy keys): nothing is listed for real. */
  simulated: z.boolean().optional(),
  connection: z.object({ status: z.enum(['connected', 'expired']), shop: etsyShop.nullable(), connectedAt: z.string() }).nullable(),
});
export type EtsyConnectionResponse = z.infer<typeof etsyConnectionResponse>;

/** Where Etsy sends the seller back: the Marketplaces screen, which posts the code and state to /api/channels/etsy/connection. */
export const etsyRedirectPath = '/channels';

export const etsyShopSetupBody = z.object({
  shipping: z
    .object({
      originPostalCode: text().trim().min(1, 'Enter the postal code you ship from').max(20),
      originCountry: text().trim().toUpperCase().refine(isIsoCountryCode, etsyShopSetupMessages.country).default('US'),
      price: z.number().min(0, 'The shipping price cannot be negative').max(1000),
      processingDaysMin: z.number().int().min(1).max(10),
      processingDaysMax: z.number().int().min(1).max(10),
    })
    .refine((shipping) => shipping.processingDaysMin <= shipping.processingDaysMax, {
      message: etsyShopSetupMessages.processingDays,
      path: ['processingDaysMax'],
    })
    .optional(),
  returns: z
    .object({
      acceptsReturns: z.boolean(),
      days: z.union([z.literal(7), z.literal(14), z.literal(21), z.literal(30), z.literal(45), z.literal(60), z.literal(90)]).optional(),
    })
    .optional(),
});
export type EtsyShopSetupBody = z.infer<typeof etsyShopSetupBody>;

export const etsyAnswersBody = z.object({
  whenMade: z.enum(etsyWhenMade),
});
export const etsyAnswersResponse = z.object({ itemId: z.string(), whenMade: z.enum(etsyWhenMade).nullable() });

export const etsyPreflightResponse = z.object({
  itemId: z.string(),
  /** Null when it could not be checked (not connected): `unavailable` says why. */
  checked: z.boolean(),
  unavailable: z.string().nullable(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  whenMade: z.enum(etsyWhenMade).nullable(),
  taxonomy: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type EtsyPreflightResponse = z.infer<typeof etsyPreflightResponse>;

export const etsyPublishBody = z.object({ itemIds: z.array(text().max(64)).min(1).max(500) });
