import { z } from 'zod';
import { itemIdParams } from './items';
import { moneyInputSchema, moneySchema } from './money';
import { route } from './route-table';

/** Offers to an eBay listing's interested buyers (decision 087): the seller's rule, one item's offer, a send. */
export const ebayOffersRoutes = {
  rule: '/api/ebay/offer-rule',
  sendAll: '/api/ebay/offers',
  item: '/api/items/:id/ebay-offer',
} as const;

const amount = moneySchema;

/**
 * eBay takes at least 5 % off; past 90 % an offer is a give-away. Whole percents, a JSON number: "0x0A", " 10 " and
 * [10] are not 10.
 */
export const offerPercent = z
  .number()
  .int('The percent off must be a whole number')
  .min(5, 'eBay takes offers of at least 5% off')
  .max(90, 'The percent off can be at most 90%');

/** The percent in a query string: decimal digits only, then the same rule. */
const offerPercentText = z
  .string()
  .regex(/^\d{1,3}$/, 'The percent off must be a whole number')
  .transform(Number)
  .pipe(offerPercent);

export const offerRule = z.object({
  enabled: z.boolean(),
  percentOff: offerPercent,
  afterDays: z.number().int('Days must be a whole number').min(0).max(365),
  /** Ask me first (decision 108): the daily rule puts its offers in the week's plan for approval instead of sending them. */
  askFirst: z.boolean().default(false),
});
export type OfferRuleWire = z.infer<typeof offerRule>;

export const offerPercentQuery = z.object({ percent: offerPercentText.default(10) });
/** A percent off (priced by the server, raised to the floor when under it), or a price the seller typed (never raised). */
export const sendOfferBody = z
  .object({ percent: offerPercent.optional(), price: moneyInputSchema.optional() })
  .refine((body) => (body.percent === undefined) !== (body.price === undefined), 'Send either a percent off or a price');
export type SendOfferBody = z.infer<typeof sendOfferBody>;
/** Every listing with interested buyers, at one percent off. */
export const sendAllBody = z.object({ percent: offerPercent });

export const offerSkipReason = z.enum([
  'no-cost',
  'under-floor',
  'no-fees',
  'currency-mismatch',
  'too-soon',
  /** A typed price not at least 5 % under the listing price. */
  'not-enough-off',
  'not-a-price',
]);
/** Why the item's preview has no offer: a reason a send would skip, or no live eBay listing to offer on. */
export const offerPreviewReason = z.enum([...offerSkipReason.options, 'not-listed']);

export const sentOffer = z.object({
  id: z.string(),
  listingId: z.string(),
  price: amount,
  listingPrice: amount,
  percentOffBasisPoints: z.number().int(),
  raisedToFloor: z.boolean(),
  trigger: z.enum(['seller', 'rule']),
  buyers: z.number().int(),
  ebayOfferIds: z.array(z.string()),
  outcome: z.enum(['sent', 'refused', 'sold']),
  error: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  saleId: z.string().nullable(),
  /** When the sale the offer led to was made (null: none yet). */
  soldAt: z.string().nullable(),
});
export type SentOfferWire = z.infer<typeof sentOffer>;

/** The item's eBay listing's offer at a percent: its price and profit, or why none would be sent; and its history. */
export const itemOfferResponse = z.object({
  itemId: z.string(),
  /** Null: the item has no live eBay listing (reason `not-listed`). */
  listingId: z.string().nullable(),
  listingPrice: amount.nullable(),
  percent: z.number().int(),
  price: amount.nullable(),
  profit: amount.nullable(),
  raisedToFloor: z.boolean(),
  /** Why no offer would be sent (null: one would). */
  reason: offerPreviewReason.nullable(),
  /** The offer still open on the listing: eBay takes no second one until it lapses (4 days on eBay US and UK, 2 elsewhere). */
  openUntil: z.string().nullable(),
  /** The highest price eBay takes for an offer (5 % under the listing price); null: not listed. */
  highestPrice: amount.nullable(),
  /**
   * Whether eBay lists the listing among those with interested buyers (watchers, carts; findEligibleItems gives no
   * count): `unknown` when eBay could not be asked; null when not listed.
   */
  interest: z.enum(['interested', 'none', 'unknown']).nullable(),
  offers: z.array(sentOffer),
});
export type ItemOfferResponse = z.infer<typeof itemOfferResponse>;

export const offerResult = z.object({
  itemId: z.string(),
  listingId: z.string(),
  status: z.enum(['sent', 'refused', 'skipped']),
  reason: offerSkipReason.nullable(),
  offer: sentOffer.nullable(),
});
export const offerResults = z.object({ results: z.array(offerResult) });

/** The offer routes (decision 087); another seller's item answers 404. */
export const ebayOffersApi = {
  rule: route.get(ebayOffersRoutes.rule, {
    summary: 'The seller’s automatic offer rule: on or off, percent off, after how many days listed',
    response: { 200: offerRule },
  }),
  setRule: route.put(ebayOffersRoutes.rule, {
    summary: 'Sets the seller’s automatic offer rule (runs daily)',
    body: offerRule,
    response: { 200: offerRule },
  }),
  itemOffer: route.get(ebayOffersRoutes.item, {
    summary:
      'The offer at a percent off on the item’s eBay listing: its price and profit (never under the floor), or why none; and the offers sent',
    params: itemIdParams,
    querystring: offerPercentQuery,
    response: { 200: itemOfferResponse },
  }),
  sendForItem: route.post(ebayOffersRoutes.item, {
    summary:
      'Sends the offer to the interested buyers of the item’s eBay listing: at a percent off (raised to the floor), or at a typed price (refused under the floor)',
    params: itemIdParams,
    body: sendOfferBody,
    response: { 200: offerResult },
  }),
  sendAll: route.post(ebayOffersRoutes.sendAll, {
    summary: 'Sends offers to every listing with interested buyers',
    body: sendAllBody,
    response: { 200: offerResults },
  }),
};
