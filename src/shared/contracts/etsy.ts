import { z } from 'zod';
import { moneyInputSchema } from './money';
import { bulkPublishResponse } from './publish';
import { route } from './route-table';
import { text } from './text';
import { isIsoCountryCode } from '../domain/countries';
import { etsyContractWhenMade } from './generated/etsy-values';

/** Etsy: the connection, the shop setup, the seller's answers per item and the publish. */
export const etsyPaths = {
  connection: '/api/etsy/connection',
  shopSetup: '/api/etsy/shop-setup',
  publish: '/api/etsy/publish',
  itemAnswers: '/api/items/:id/listings/etsy/answers',
  preflight: '/api/items/:id/listings/etsy/preflight',
  processingSwitch: '/api/items/:id/listings/etsy/processing-profile',
} as const;

export const etsyMessages = {
  notConfigured: 'Etsy is not configured on this server',
  /** The Marketplaces screen while Etsy has no keys: how to configure it. */
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
  deliveryDays: 'The fewest days for delivery cannot be more than the most days.',
  country: 'Give the country you ship from as its two-letter ISO code, like US or GB.',
} as const;

/** An era's place newest first: its last year, then its first (an era with no first year after those with one). */
function eraOrder(value: string): number {
  const era = etsyEraOf(value);
  return era ? (era.to ?? 9999) * 10_000 + (era.from ?? 0) : 0;
}

/** Etsy's "who made it": second-hand clothes are `someone_else`; `i_did`/`collective` are the maker's. */
export const etsyWhoMade = ['i_did', 'someone_else', 'collective'] as const;
/**
 * Etsy's "when was it made" values, read from Etsy's OpenAPI document (generated/etsy-values.ts), never a hand list:
 * Etsy moves its years every year (2026: `2020_2026`, `2007_2009`, `before_2007`, `2000_2006`) and an old value answers
 * 400. `made_to_order` is left out: our items exist already. Listed newest first, as the seller reads eras.
 */
export const etsyWhenMade = etsyContractWhenMade
  .filter((value): value is Exclude<(typeof etsyContractWhenMade)[number], 'made_to_order'> => value !== 'made_to_order')
  // Newest first, by the last year each covers ("2000 to 2006" before "Before 2007", which reaches further back).
  .sort((a, b) => eraOrder(b) - eraOrder(a)) as [
  Exclude<(typeof etsyContractWhenMade)[number], 'made_to_order'>,
  ...Exclude<(typeof etsyContractWhenMade)[number], 'made_to_order'>[],
];
export type EtsyWhenMade = (typeof etsyWhenMade)[number];

/** The years an era covers, both ends included (null: no bound), read from its name. */
export interface EtsyEra {
  from: number | null;
  to: number | null;
}

/** An era value's years: `2020_2026`, `before_2007`, `1990s` (a decade), `made_to_order` (none); null: not an era. */
export function etsyEraOf(value: string): EtsyEra | null {
  const span = /^(\d{4})_(\d{4})$/.exec(value);
  if (span) return { from: Number(span[1]), to: Number(span[2]) };
  const before = /^before_(\d{4})$/.exec(value);
  if (before) return { from: null, to: Number(before[1]) - 1 };
  // "1900s" is a decade where Etsy also has "1910s"; "1800s" and "1700s" (nothing between them) are centuries.
  const century = /^(\d{2})00s$/.exec(value);
  if (century && !(etsyContractWhenMade as readonly string[]).includes(`${century[1]}10s`))
    return { from: Number(century[1]) * 100, to: Number(century[1]) * 100 + 99 };
  const decade = /^(\d{3}0)s$/.exec(value);
  if (decade) return { from: Number(decade[1]), to: Number(decade[1]) + 9 };
  return null;
}

const within = (inner: EtsyEra, outer: EtsyEra) =>
  (outer.from === null || (inner.from !== null && inner.from >= outer.from)) &&
  (outer.to === null || (inner.to !== null && inner.to <= outer.to));
const spanOf = (era: EtsyEra) => (era.from === null || era.to === null ? Infinity : era.to - era.from);

/**
 * The seller's answer (kept as Etsy named the era when they answered, perhaps in an earlier year's set) as one of
 * Etsy's values now: the narrowest current era that holds all of its years. Null when none does (2006-2009 spans
 * 2026's `before_2007` and `2007_2009`): then the seller is asked again, never guessed.
 */
export function currentEtsyWhenMade(answer: string | null | undefined): EtsyWhenMade | null {
  if (!answer) return null;
  if ((etsyWhenMade as readonly string[]).includes(answer)) return answer as EtsyWhenMade;
  const era = etsyEraOf(answer);
  if (!era) return null;
  let best: EtsyWhenMade | null = null;
  for (const value of etsyWhenMade) {
    const candidate = etsyEraOf(value);
    if (candidate && within(era, candidate) && (best === null || spanOf(candidate) < spanOf(etsyEraOf(best)!))) best = value;
  }
  return best;
}

/** What the seller reads for an era: "2020 to 2026", "Before 2007", "1990s". */
export function etsyWhenMadeLabel(value: string): string {
  const era = etsyEraOf(value);
  if (!era) return value;
  if (/s$/.test(value)) return value;
  if (era.from === null) return `Before ${(era.to ?? 0) + 1}`;
  return `${era.from} to ${era.to}`;
}

/**
 * Etsy's "when was it made" as the review queue asks it: beside the other marketplaces' facts, in one form,
 * its eras in the seller's words ("2020 to 2026"); the answer saved as the item's Etsy answer (PUT .../etsy/answers).
 */
export const etsyWhenMadeQuestion = {
  name: 'When was it made?',
  answers: (): string[] => etsyWhenMade.map(etsyWhenMadeLabel),
  /** The era a label names, or null. */
  valueOf: (label: string): EtsyWhenMade | null => etsyWhenMade.find((value) => etsyWhenMadeLabel(value) === label.trim()) ?? null,
} as const;

/**
 * Vintage on Etsy: 20 years or older. An era is vintage when every year it covers is at least 20 years before
 * `year` (the listing's year); else an item someone else made cannot be listed there.
 */
export function etsyEraIsVintage(value: string, year: number): boolean {
  const era = etsyEraOf(value);
  return Boolean(era && era.to !== null && era.to <= year - 20);
}

export const etsyShop = z.object({
  shopId: z.string(),
  shopName: z.string(),
  /** The shop's currency (getShop's currency_code, decision 106): its prices, the shipping price too, are in it. */
  currency: z.string(),
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

/** The delivery time the shop setup form starts from (a domestic parcel: 2 to 5 days); the seller changes it there. */
export const etsyDeliveryDaysDefault = { min: 2, max: 5 } as const;
export const etsyDeliveryDaysOf = (shipping: { deliveryDaysMin?: number; deliveryDaysMax?: number }) => ({
  min: shipping.deliveryDaysMin ?? etsyDeliveryDaysDefault.min,
  max: shipping.deliveryDaysMax ?? etsyDeliveryDaysDefault.max,
});

export const etsyShopSetupBody = z.object({
  shipping: z
    .object({
      originPostalCode: text().trim().min(1, 'Enter the postal code you ship from').max(20),
      originCountry: text().trim().toUpperCase().refine(isIsoCountryCode, etsyShopSetupMessages.country).default('US'),
      /** In the shop's currency (its connection's `shop.currency`; another is a 400), money on the wire (decision 081). */
      price: moneyInputSchema,
      processingDaysMin: z.number().int().min(1).max(10),
      processingDaysMax: z.number().int().min(1).max(10),
      /**
       * Days in the post once shipped (Etsy asks for them, or a carrier and mail class, on every shipping profile);
       * none given: etsyDeliveryDaysDefault, what the form starts from.
       */
      deliveryDaysMin: z.number().int().min(1).max(45).optional(),
      deliveryDaysMax: z.number().int().min(1).max(45).optional(),
    })
    .refine((shipping) => shipping.processingDaysMin <= shipping.processingDaysMax, {
      message: etsyShopSetupMessages.processingDays,
      path: ['processingDaysMax'],
    })
    .refine((shipping) => etsyDeliveryDaysOf(shipping).min <= etsyDeliveryDaysOf(shipping).max, {
      message: etsyShopSetupMessages.deliveryDays,
      path: ['deliveryDaysMax'],
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
  /**
   * The item's Etsy listing still ships on its own processing times, not the shop's processing profile: switching it
   * cannot be undone on Etsy, so the app asks first (null: nothing to ask). Never switched silently.
   */
  processingSwitch: z.object({ profile: z.string() }).nullable(),
});

/** The seller's yes to moving the listing onto the shop's processing profile (it cannot be undone on Etsy). */
export const etsyProcessingSwitchBody = z.object({ confirm: z.literal(true) });
export const etsyProcessingSwitchResponse = z.object({ itemId: z.string(), switched: z.boolean() });

/** What the screens say about the switch, in the seller's words. */
export const etsyProcessingSwitchMessages = {
  question: (profile: string) =>
    `This Etsy listing still uses its own processing time. Etsy now uses your shop's processing profile (${profile}). Switching it cannot be undone on Etsy.`,
  confirmTitle: 'Switch this listing to your processing profile?',
  confirm: (profile: string) =>
    `Etsy will ship this listing on your shop's processing profile (${profile}) from now on. Etsy cannot switch it back to its own processing time afterwards.`,
  confirmLabel: 'Switch for good',
  switched: 'Switched: this listing now uses your processing profile on Etsy.',
  /** A publish or update refused until the seller says yes (Etsy takes no price or quantity without a profile). */
  needed:
    'This Etsy listing still uses its own processing time, and Etsy takes a new price or quantity only on your processing profile. Switch it first in the item’s Etsy questions (Etsy cannot undo the switch).',
} as const;

export const etsyPublishBody = z.object({ itemIds: z.array(text().max(64)).min(1).max(500) });

/** Any id up to 64 characters: the handler answers 404 for one that is not an item's. */
const etsyItemParams = z.object({ id: text().max(64) });

/**
 * The Etsy routes: its shop's details, shop setup, answers, publish. Connecting and disconnecting go through
 * /api/channels/etsy/... (decision 094).
 */
export const etsyApi = {
  connection: route.get(etsyPaths.connection, {
    summary: 'The seller’s Etsy shop and its setup (never the tokens)',
    response: { 200: etsyConnectionResponse },
  }),
  setUpShop: route.post(etsyPaths.shopSetup, {
    summary: 'Creates the shop’s missing shipping profile and return policy (what exists stays)',
    body: etsyShopSetupBody,
    rechecksWaiting: true,
    response: { 200: etsyConnectionResponse },
  }),
  publish: route.post(etsyPaths.publish, {
    summary: 'Queues a publish of each item on Etsy (Marketplace.requestPublish); refusals say why',
    body: etsyPublishBody,
    response: { 200: bulkPublishResponse },
  }),
  saveAnswers: route.put(etsyPaths.itemAnswers, {
    summary: 'The seller’s answer for Etsy: when the item was made (never assumed)',
    params: etsyItemParams,
    body: etsyAnswersBody,
    response: { 200: etsyAnswersResponse },
  }),
  preflight: route.get(etsyPaths.preflight, {
    summary: 'Etsy’s rules checked against the item: each problem in words',
    params: etsyItemParams,
    response: { 200: etsyPreflightResponse },
  }),
  switchProcessing: route.put(etsyPaths.processingSwitch, {
    summary: 'The seller’s yes: the item’s Etsy listing moves onto the shop’s processing profile (Etsy cannot undo it)',
    params: etsyItemParams,
    body: etsyProcessingSwitchBody,
    response: { 200: etsyProcessingSwitchResponse },
  }),
};
