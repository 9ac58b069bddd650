import { z } from 'zod';
import { depopProductTypeLabel, depopProductTypeValues } from './depop-taxonomy';
import { moneyInputSchema, moneySchema } from './money';
import { route } from './route-table';
import { text } from './text';

/** Depop: the seller's shop through Depop's Seller API, connected by OAuth 2.0 with PKCE. */
export const depopPaths = {
  /** Where Depop pushes its webhooks (public, checked against X-Depop-Signature). */
  webhooks: '/api/depop/webhooks',
  /** "Simulate a sale on Depop": only while the server runs the simulated Depop. */
  simulatedSale: '/api/items/:itemId/simulated-depop-sale',
  /**
   * The seller's answers to what Depop asks that the item does not tell (its product type, size, shipping price). Not
   * `.../depop/answers`: that is the assisted hand-over's (assistedPaths.answers), for a seller without the API.
   */
  itemAnswers: '/api/items/:id/listings/depop/fields',
  /** The seller's rule for offers to the buyers who liked a product (GET, PUT). */
  offerRule: '/api/depop/offer-rule',
  /** Who liked the item on Depop, and the offers sent them. */
  itemLikes: '/api/items/:id/depop-likes',
  /** Depop's pricing inspiration for the item: its predicted price range and similar items sold on Depop. */
  itemPricing: '/api/items/:id/depop-pricing',
  /** "Simulate a like on Depop": a simulated buyer likes the product (only with the simulated Depop). */
  simulatedLike: '/api/items/:itemId/simulated-depop-like',
  /** The connected shop's own settings (GET, PUT): its default shipping price (decision 168). */
  shopSettings: '/api/depop/shop-settings',
} as const;

/** Where Depop sends the seller back after the consent: the Marketplaces screen, which posts the code to the server. */
export const depopRedirectPath = '/channels';

/** The simulated Depop's pages (its consent) under the app's address. */
export const SIMULATED_DEPOP_PATH = '/simulated-depop';
export const SIMULATED_DEPOP_LABEL = 'Simulated Depop: nothing here is listed or sold for real.';

export const depopMessages = {
  notConfigured: 'Depop is not configured on this server',
  notConnected: 'Connect your Depop shop first (Marketplaces screen).',
  expired: 'Your Depop connection has expired: connect your shop again on the Marketplaces screen.',
  stateInvalid: 'This Depop sign-in could not be verified (it expired or was not for this seller). Please connect again.',
  connectFailed: 'Could not connect to Depop. Please try again.',
  disconnected: 'Depop shop disconnected.',
  simulatedNotLive: 'This product is not live on the simulated Depop, so it cannot be sold there.',
  simulatedLikeNotLive: 'This product is not live on the simulated Depop, so no one can like it there.',
  offerRuleSaved: 'Offers to likers saved.',
} as const;

/**
 * Depop's part of the item's Depop entry in `listings` (channelListingView.part): what Depop asks that the item does
 * not tell (its product type, its size ids, the national shipping price) and the product's slug once it is made.
 */
export const depopListingPart = z.object({
  productType: z.string().nullable().default(null),
  sizeSetId: z.number().int().nullable().default(null),
  sizeId: z.number().int().nullable().default(null),
  /** In the shop's currency, as Depop writes it ("3.50"). */
  nationalShipping: z.string().nullable().default(null),
  slug: z.string().nullable().default(null),
});
export type DepopListingPart = z.infer<typeof depopListingPart>;

/** What the answers route refuses, in the seller's words (a 400 each). */
export const depopAnswerMessages = {
  productType: 'Choose one of Depop’s product types.',
  noProductType: 'Choose the product type first: Depop sizes each type by its own size chart.',
  sizePair: 'Give the size set and the size together.',
  notSized: (productType: string) => `Depop does not size ${depopProductTypeLabel(productType).toLowerCase()}: leave the size empty.`,
  sizeSet: (productType: string) => `That size is not one of Depop’s sizes for ${depopProductTypeLabel(productType).toLowerCase()}.`,
  currency: (currency: string) => `Give the shipping price in ${currency}, your Depop shop’s currency.`,
} as const;

/**
 * PUT itemAnswers: the seller's answers for Depop, all four at once (null: not given; a null product type follows the
 * item's category). Checked against the size sets of depop-taxonomy.ts; the shipping price is money on the wire, in
 * the shop's currency, 0 for free shipping.
 */
export const depopAnswersBody = z.object({
  productType: z.enum(depopProductTypeValues, depopAnswerMessages.productType).nullable(),
  sizeSetId: z.number().int().positive().nullable(),
  sizeId: z.number().int().positive().nullable(),
  nationalShipping: moneyInputSchema.nullable(),
});
export type DepopAnswersBody = z.infer<typeof depopAnswersBody>;
/** The item's id as the path holds it (any text up to 64): one that is no uuid is no item of the seller's, answered 404. */
export const depopItemParams = z.object({ id: text().max(64) });
export const depopAnswersResponse = z.object({ itemId: z.string(), part: depopListingPart });

/**
 * The connected Depop shop's settings (decision 168): the national shipping price every Depop listing
 * takes when its item has none of its own, in the shop's currency (minor units), 0 for free shipping; null: none, so
 * each item is asked. Asked once, on the Depop connection, not for every item.
 */
export const depopShopSettings = z.object({
  nationalShipping: moneySchema.nullable(),
  /** The shop's currency; null before a shop is connected (nothing to set then). */
  currency: z.string().nullable(),
});
export type DepopShopSettings = z.infer<typeof depopShopSettings>;
export const depopShopSettingsBody = z.object({ nationalShipping: moneyInputSchema.nullable() });
export type DepopShopSettingsBody = z.infer<typeof depopShopSettingsBody>;
export const depopShopSettingsWords = {
  saved: 'Depop shipping price saved.',
  label: 'Shipping price in your country (every Depop item without its own)',
  hint: 'What a buyer in your country pays for shipping; 0 for free shipping. An item given its own price keeps it.',
} as const;

/**
 * The seller's rule for offers to the buyers who liked a Depop product: a whole percent off the price, 5 (Depop's least)
 * to 90, never under the profit floor. Not asking first: Depop sends it an hour after each like (the product's
 * automatic offer price); asking first: each offer waits in the week's plan for approval.
 */
export const depopOfferRule = z.object({
  enabled: z.boolean(),
  percentOff: z
    .number()
    .int('The percent off must be a whole number from 5 to 90')
    .min(5, 'The percent off must be a whole number from 5 to 90')
    .max(90, 'The percent off must be a whole number from 5 to 90'),
  askFirst: z.boolean(),
});
export type DepopOfferRule = z.infer<typeof depopOfferRule>;

/** Who liked the item on Depop: how many, how many had an offer, and the last offer sent. */
export const depopLikesOfItem = z.object({
  likes: z.number().int(),
  offered: z.number().int(),
  lastOffer: z.object({ price: moneySchema, at: z.string() }).nullable(),
});
export type DepopLikesOfItem = z.infer<typeof depopLikesOfItem>;

/**
 * Depop's pricing inspiration for the item as it would be listed (its product type, condition, brand, size, in the
 * shop's country and currency): Depop's predicted range and its similar sold items, Depop's own sold-price evidence.
 * `none` says why there is none (not connected, a detail missing, no prediction for it, a country Depop does not cover).
 */
export const depopPricing = z.object({
  low: moneySchema.nullable(),
  balanced: moneySchema.nullable(),
  high: moneySchema.nullable(),
  similarSold: z.array(
    z.object({ brand: z.string().nullable(), condition: z.string().nullable(), soldPrice: moneySchema, pictureUrl: z.string().nullable() }),
  ),
  simulated: z.boolean(),
  none: z.string().nullable(),
});
export type DepopPricing = z.infer<typeof depopPricing>;

export const depopPricingWords = {
  notConnected: 'Connect your Depop shop to see what Depop predicts for it.',
  missing: 'Depop predicts a price once the item has its brand, condition and Depop product type.',
  noPrediction: 'Depop has no price prediction for items like this one.',
  unsupported: 'Depop predicts prices in the UK and the US only.',
  unavailable: 'Depop’s price prediction could not be read just now. Try again later.',
} as const;

/** Depop's pricing inspiration for the seller's item. */
export const depopPricingApi = {
  itemPricing: route.get(depopPaths.itemPricing, {
    summary: 'Depop’s predicted price range and similar sold items for the item as it would be listed on Depop',
    params: depopItemParams,
    response: { 200: depopPricing },
  }),
};

/** The seller's offers to likers: the rule, and who liked an item. */
export const depopOffersApi = {
  rule: route.get(depopPaths.offerRule, {
    summary: 'The seller’s rule for offers to the buyers who liked a Depop product',
    response: { 200: depopOfferRule },
  }),
  setRule: route.put(depopPaths.offerRule, {
    summary: 'Sets the rule: a percent off (5-90) never under the floor; asking first, each offer waits in the plan',
    body: depopOfferRule,
    response: { 200: depopOfferRule },
  }),
  likes: route.get(depopPaths.itemLikes, {
    summary: 'Who liked the item on Depop, and the offers sent them',
    params: depopItemParams,
    response: { 200: depopLikesOfItem },
  }),
};

/** The seller's Depop shop (signed-in): the answers Depop asks of an item, and the shop's own settings. */
export const depopShopApi = {
  itemAnswers: route.put(depopPaths.itemAnswers, {
    summary: 'The seller’s answers for Depop: its product type, the size in its size set, the national shipping price',
    params: depopItemParams,
    body: depopAnswersBody,
    response: { 200: depopAnswersResponse },
  }),
  shopSettings: route.get(depopPaths.shopSettings, {
    summary: 'The connected Depop shop’s settings: its default national shipping price (a null currency before a shop is connected)',
    response: { 200: depopShopSettings },
  }),
  // The shipping price is what Depop's check asks of every product without one of its own.
  saveShopSettings: route.put(depopPaths.shopSettings, {
    summary: 'Sets the Depop shop’s default national shipping price, in the shop’s currency (null: none, each item asked); 409 unconnected',
    body: depopShopSettingsBody,
    rechecksWaiting: true,
    response: { 200: depopShopSettings },
  }),
};
