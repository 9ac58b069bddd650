import { z } from 'zod';
import { depopProductTypeLabel, depopProductTypeValues } from './depop-taxonomy';
import { moneyInputSchema } from './money';
import { text } from './text';

/** Depop (issue 60): the seller's shop through Depop's Seller API, connected by OAuth 2.0 with PKCE. */
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
export const depopAnswersParams = z.object({ id: text().max(64) });
export const depopAnswersResponse = z.object({ itemId: z.string(), part: depopListingPart });
export type DepopAnswersResponse = z.infer<typeof depopAnswersResponse>;
