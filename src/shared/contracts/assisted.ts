import { z } from 'zod';
import { moneySchema } from './money';
import { pathsOf } from './route-paths';
import { route } from './route-table';
import { text } from './text';
import { sizeStandards } from '../domain/assisted/size-standards';
import { assistedQuestionFields } from '../domain/assisted/vocabulary';
import { assistedChannels, channelListingStatuses } from '../domain/channel-listing';
import { priceRoundings, priceRuleLimits } from '../domain/price-rule';

/**
 * The assisted channels' routes (decision 051): an item's listing on a marketplace with no listing API,
 * prepared in its words, handed over by the seller, and recorded when listed. Unknown channels answer 404.
 */
export const assistedRoutes = {
  handover: '/api/items/:id/listings/:channel/handover',
  prepare: '/api/items/:id/listings/:channel/prepare',
  answers: '/api/items/:id/listings/:channel/answers',
  listed: '/api/items/:id/listings/:channel/listed',
  unlist: '/api/items/:id/listings/:channel/unlist',
  priceRules: '/api/channels/price-rules',
  priceRule: '/api/channels/:channel/price-rule',
} as const;

export const assistedPaths = pathsOf(assistedRoutes);

/** The channel is checked by the handler (an unknown one answers 404, not 400). */
export const itemChannelParams = z.object({ id: z.uuid(), channel: text().max(40) });
export const channelNameParams = z.object({ channel: text().max(40) });

export const priceRule = z.object({
  percent: z.number().min(priceRuleLimits.minPercent).max(priceRuleLimits.maxPercent).multipleOf(0.01),
  rounding: z.enum(priceRoundings),
});
export type PriceRuleBody = z.infer<typeof priceRule>;

export const priceRulesResponse = z.object({ rules: z.record(z.string(), priceRule) });

export const answersBody = z.object({
  size: text().trim().max(100).nullish(),
  condition: text().trim().max(100).nullish(),
  category: text().trim().max(200).nullish(),
});
export type AnswersBody = z.infer<typeof answersBody>;

export const listedBody = z.object({
  /** The listing's URL on the marketplace; absent or empty: the seller only tapped "Listed". */
  url: text().trim().max(2000).nullish(),
});

export const handoverPhoto = z.object({
  id: z.uuid(),
  /** Signed URL of the display image (max 1920 px). */
  url: z.string(),
  thumbnailUrl: z.string(),
  /** The file name it is shared or zipped as: SKU-1.jpg, SKU-2.jpg... in the item's order. */
  fileName: z.string(),
});

export const handoverQuestion = z.object({
  field: z.enum(assistedQuestionFields),
  ours: z.string().nullable(),
  options: z.array(z.string()),
});

/** The listing as the seller hands it over: in the marketplace's words, its price after the seller's rule, the photos. */
export const handoverResponse = z.object({
  itemId: z.uuid(),
  channel: z.enum(assistedChannels),
  sku: z.string(),
  /** null: not prepared yet (no listing row); draft: prepared, not listed by the seller. */
  status: z.enum(channelListingStatuses).nullable(),
  url: z.string().nullable(),
  listedAt: z.string().nullable(),
  /** The item sold elsewhere: the seller is asked to take this listing down. */
  delistTask: z.boolean(),
  title: z.string().nullable(),
  titleMax: z.number().int().nullable(),
  description: z.string(),
  descriptionMax: z.number().int().nullable(),
  hashtags: z.array(z.string()),
  brand: z.string().nullable(),
  /** The price after the seller's rule for this channel; basePrice: the item's (eBay's saved price or the AI's). */
  price: moneySchema.nullable(),
  /** Why there is no price although the item has one: in another currency than the site's, or no site in the country. */
  priceNote: z.string().nullable(),
  /** The marketplace's site in the seller's country (Vinted France), its currency and size standard; null: none there. */
  site: z.object({ name: z.string(), host: z.string(), currency: z.string(), sizeStandard: z.enum(sizeStandards) }).nullable(),
  basePrice: moneySchema.nullable(),
  priceRule: priceRule,
  size: z.string().nullable(),
  condition: z.string().nullable(),
  category: z.string().nullable(),
  questions: z.array(handoverQuestion),
  /** The seller's answers in use, each with the choices it was made from (so it can be changed). */
  answered: z.array(handoverQuestion.extend({ value: z.string() })),
  photos: z.array(handoverPhoto),
  urlExample: z.string(),
});
export type HandoverResponse = z.infer<typeof handoverResponse>;

export const assistedMessages = {
  unknownChannel: 'This marketplace is not one the app prepares listings for.',
  wrongDomain: (marketplace: string, hosts: readonly string[]) =>
    `That link is not a ${marketplace} listing. Paste the link of your listing on ${hosts[0]}.`,
  notOffered: (marketplace: string, field: string, value: string) =>
    `${marketplace} does not offer the ${field} “${value}”. Choose one from the list.`,
  sold: (marketplace: string) => `This item sold on ${marketplace}: its listing there is kept as sold.`,
  noSite: (marketplace: string) => `${marketplace} has no site in your country, so there is no price to list there.`,
  otherCurrency: (itemCurrency: string, site: string, siteCurrency: string) =>
    `This item’s price is in ${itemCurrency}, and ${site} takes ${siteCurrency}. Set the item’s price in ${siteCurrency} to list it there.`,
} as const;

const onItemChannel = { params: itemChannelParams, response: { 200: handoverResponse } };

/** The assisted channels' routes, and every channel's price rule. */
export const assistedApi = {
  handover: route.get(assistedRoutes.handover, {
    summary: "The item's listing in the marketplace's words, its price after the seller's rule, and its photos",
    ...onItemChannel,
  }),
  prepare: route.post(assistedRoutes.prepare, {
    summary: "Prepares the item's listing on the marketplace (a draft; a second call finds it)",
    ...onItemChannel,
  }),
  answer: route.put(assistedRoutes.answers, {
    summary: 'The seller’s answers where the app cannot map size, condition or category',
    ...onItemChannel,
    body: answersBody,
  }),
  listed: route.post(assistedRoutes.listed, {
    summary: 'Records that the seller listed the item there (with its URL, or without)',
    ...onItemChannel,
    body: listedBody,
  }),
  unlist: route.post(assistedRoutes.unlist, {
    summary: 'Undoes the record: the item was not listed there after all',
    ...onItemChannel,
  }),
  priceRules: route.get(assistedRoutes.priceRules, {
    summary: "The seller's price rule per channel",
    response: { 200: priceRulesResponse },
  }),
  setPriceRule: route.put(assistedRoutes.priceRule, {
    summary: "Sets the seller's price rule for the channel (a percent, and rounding to .99 or whole)",
    params: channelNameParams,
    body: priceRule,
    response: { 200: priceRule },
  }),
};
