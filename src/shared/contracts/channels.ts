import { z } from 'zod';
import { apiChannels, assistedChannels, channels } from '../domain/channel-listing';
import { readSaleDate, saleDateMessages } from '../domain/sale-date';
import { moneyInputSchema, moneySchema } from './money';
import { itemIdParams } from './items';
import { preflightScoresResponse, publishRefusal, publishRoutes } from './publish';
import { queuedAnswer } from './queued-answer';
import { text } from './text';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/**
 * Every channel at once (decision 052): the channel picker's listing request, the delist tasks a sale
 * leaves on assisted channels, a sale the seller records by hand on one, and how the seller hears of new tasks.
 */
export const channelsRoutes = {
  listings: '/api/channels/listings',
  delistTasks: '/api/channels/delist-tasks',
  delisted: '/api/items/:id/channels/:channel/delisted',
  sale: '/api/items/:id/channels/:channel/sale',
  notifications: '/api/channels/notifications',
  /** GET: every API channel's connection (decision 094; was /api/channels/connections). */
  all: '/api/channels',
  /** POST: start connecting a channel: its consent page, the form it needs, or connected at once. */
  connect: '/api/channels/:channel/connect',
  /** POST: finish (the code and state the consent page sent back); DELETE: disconnect. */
  connection: '/api/channels/:channel/connection',
  /** POST: before a disconnect, start ending every live listing of the seller's on the channel. */
  endListings: '/api/channels/:channel/listings/end',
} as const;

export const channelsPaths = pathsOf(channelsRoutes);

/**
 * How a connected seller's sales arrive from a marketplace: pushed by it, or checked every `everySeconds`
 * by the app's pull, with the reason push is off in words.
 */
export const salesArrival = z.discriminatedUnion('by', [
  z.object({ by: z.literal('push') }),
  z.object({ by: z.literal('pull'), everySeconds: z.number().int().positive(), pushOff: z.string() }),
]);
export type SalesArrival = z.infer<typeof salesArrival>;

/**
 * The seller's connection on one API channel (decision 071): whether the server can reach it (configured), whether it
 * is the simulation, and the account the seller connected (its name on the marketplace), never a token.
 */
export const channelConnectionStatus = z.object({
  channel: z.enum(apiChannels),
  label: z.string(),
  configured: z.boolean(),
  simulated: z.boolean(),
  status: z.enum(['connected', 'expired', 'not-connected']),
  accountLabel: z.string().nullable(),
  /** The connection may read the seller's sales ("Check for sales"); false for an eBay one made before they were read. */
  salesReadable: z.boolean(),
  /**
   * The app's sales checks on this marketplace today (UTC, all sellers together) against its daily call limit (null:
   * none); the adaptive pull slows down past a share of it (decision 078).
   */
  salesChecksToday: z.object({ used: z.number().int().nonnegative(), limit: z.number().int().positive().nullable() }).optional(),
  /** Connected: how the seller's sales arrive from here. */
  salesArrive: salesArrival.optional(),
  /**
   * The seller's listings up on the channel or on their way (live, publishing, a relist waiting), and how many of them
   * a job is still changing: a disconnect waits until none is up, since a sale there would go unseen.
   */
  listings: z.object({ up: z.number().int().nonnegative(), changing: z.number().int().nonnegative() }).optional(),
});
export type ChannelConnectionStatus = z.infer<typeof channelConnectionStatus>;

/** GET /api/channels: every registered API channel, in the order of `apiChannels`. */
export const channelConnectionsResponse = z.object({ channels: z.array(channelConnectionStatus) });
export type ChannelConnectionsResponse = z.infer<typeof channelConnectionsResponse>;

/** Any channel, API or assisted, as the connection routes' path names it. */
export const channelParams = z.object({ channel: z.enum(channels) });

/**
 * POST /api/channels/:channel/connect (decision 094). What a channel needs to start: nothing (eBay, Etsy), its store's
 * address (Shopify's `shop`, as typed: "my-store" or "my-store.myshopify.com").
 */
export const channelConnectBody = z.object({ shop: text().trim().min(1).max(200).optional() }).nullish();
export type ChannelConnectBody = z.infer<typeof channelConnectBody>;

/**
 * What comes next: the marketplace's consent page (OAuth for eBay and Etsy, the store's install page for Shopify), the
 * form the channel needs first (Shopify without its store), or nothing (an assisted channel: the seller lists there by
 * hand, so it is connected as it is).
 */
export const channelConnectResponse = z.discriminatedUnion('next', [
  z.object({ next: z.literal('consent'), url: z.string() }),
  z.object({ next: z.literal('form'), fields: z.array(z.enum(['shop'])), message: z.string() }),
  z.object({ next: z.literal('connected') }),
]);
export type ChannelConnectResponse = z.infer<typeof channelConnectResponse>;

/** POST /api/channels/:channel/connection: the code and the one-time state the consent page sent back. */
export const channelConsentBody = z.object({ code: text().min(1).max(2000), state: text().min(1).max(200) });
export type ChannelConsentBody = z.infer<typeof channelConsentBody>;

/** Connected, or disconnected: what the channel says (in a toast), and its connection as GET /api/channels gives it. */
export const channelConnectionChange = z.object({
  success: z.literal(true),
  message: z.string(),
  connection: channelConnectionStatus,
});
export type ChannelConnectionChange = z.infer<typeof channelConnectionChange>;

/** "List on ...": the seller's items (1 to 500) on the channels they ticked. */
export const listOnChannelsBody = z.object({
  itemIds: z.array(z.uuid()).min(1).max(500),
  channels: z
    .array(z.enum(channels))
    .min(1)
    .max(channels.length)
    .refine((picked) => new Set(picked).size === picked.length, 'Each marketplace once'),
});
export type ListOnChannelsBody = z.infer<typeof listOnChannelsBody>;

/**
 * What became of the request on each channel: an API channel queued a publish per item (or one was already on its
 * way); an assisted channel prepared its listing (a draft the seller hands over); the rest refused, with words.
 */
export const channelListingOutcome = queuedAnswer.extend({
  channel: z.enum(channels),
  prepared: z.array(z.uuid()),
  refused: z.array(publishRefusal),
});
export type ChannelListingOutcome = z.infer<typeof channelListingOutcome>;

export const listOnChannelsResponse = z.object({ channels: z.array(channelListingOutcome) });
export type ListOnChannelsResponse = z.infer<typeof listOnChannelsResponse>;

/** One delist task: the item sold elsewhere, its listing on an assisted channel still up until the seller ticks it. */
export const delistTask = z.object({
  itemId: z.uuid(),
  channel: z.enum(assistedChannels),
  sku: z.string(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The listing's page on the marketplace, when the seller recorded it. */
  url: z.string().nullable(),
  since: z.string(),
});
export type DelistTask = z.infer<typeof delistTask>;

/**
 * One price drop to make by hand on an assisted channel (decision 098): "Drop to $38.00 on Poshmark", planned by the
 * seller's rule in this week's plan (decision 090), never under the floor. Done (POST the selling plan's
 * `tasks/:id/done`), the listing's price there is the new one. The item and its listing are as a delist task's.
 */
export const dropTask = delistTask.extend({
  /** The plan's action id. */
  id: z.uuid(),
  /** "Drop to $38.00 on Poshmark". */
  words: z.string(),
  from: moneySchema,
  price: moneySchema,
  floor: moneySchema.nullable(),
  profit: moneySchema.nullable(),
  /** What the marketplace does with it (Poshmark tells likers of a drop of 10 % or more). */
  notes: z.array(z.string()),
});
export type DropTask = z.infer<typeof dropTask>;

/** The dashboard's task list: the delist tasks, and the assisted channels' price drops (decision 098). */
export const delistTasksResponse = z.object({ tasks: z.array(delistTask), dropTasks: z.array(dropTask).default([]) });
export type DelistTasksResponse = z.infer<typeof delistTasksResponse>;

export const itemChannelParams = z.object({ id: z.uuid(), channel: z.enum(assistedChannels) });

/**
 * "Sold on Depop": what the buyer paid (and for shipping: none when absent), the fees, and the day; recorded as a sale
 * on that channel. Every amount in the item's currency (another is a 400).
 */
export const recordSaleBody = z.object({
  price: moneyInputSchema,
  shipping: moneyInputSchema.optional(),
  /** What the marketplace took (its fees): no pull brings them for a sale made by hand, so the seller says (0: none). */
  fees: moneyInputSchema,
  /** The day of the sale (YYYY-MM-DD, the seller's calendar) or an ISO time with its zone; from 2000, not in the future. */
  soldAt: text().superRefine((value, ctx) => {
    const read = readSaleDate(value);
    if (!read.ok) ctx.addIssue({ code: 'custom', message: read.message });
  }),
});
export type RecordSaleBody = z.input<typeof recordSaleBody>;

export const recordSaleResponse = z.object({ saleId: z.uuid(), delistTasks: z.number().int(), endedElsewhere: z.number().int() });
export type RecordSaleResponse = z.infer<typeof recordSaleResponse>;

/** The seller's choice of browser notifications for delist tasks (remembered per seller; otherwise e-mail). */
export const notificationSettingsBody = z.object({ browserNotifications: z.boolean() });
export const notificationSettingsResponse = notificationSettingsBody;

/** The seller's words of the channel picker and the tasks (shared with tests). */
export const channelMessages = {
  sold: 'This item has sold: there is nothing left to list.',
  alreadyListed: (name: string) => `Already listed on ${name}.`,
  delistTaskOpen: (name: string) => `Take it down from ${name} first (a delist task is open).`,
  noTask: 'There is no delist task for this listing (already ticked?).',
  futureSale: saleDateMessages.future,
  alreadySold: 'This item has already sold: its sale is recorded.',
  notServed: (name: string, country: string) => `${name} does not serve sellers in ${country}: it is not offered to you.`,
  upOnDisconnect: (name: string, up: number) =>
    `${up === 1 ? '1 listing is' : `${up} listings are`} still up on ${name}. Once ${name} is disconnected, the app can no longer see a sale there or end ${up === 1 ? 'it' : 'them'}, so an item could sell twice: end ${up === 1 ? 'it' : 'them'} first.`,
  notEnded: (name: string, up: number) =>
    `${up === 1 ? '1 listing is' : `${up} listings are`} still up on ${name}: the app could not end ${up === 1 ? 'it' : 'them'}. Open ${name}'s listings to see why, then try again.`,
} as const;

/** POST /api/channels/:channel/listings/end: how many listings started ending, and what is still up. */
export const endListingsResponse = z.object({
  started: z.number().int().nonnegative(),
  up: z.number().int().nonnegative(),
  changing: z.number().int().nonnegative(),
});
export type EndListingsResponse = z.infer<typeof endListingsResponse>;

/**
 * Every channel at once (decision 052): "List on ...", a sale recorded by hand; the preflight scores. Here and not in
 * the publish contract, which this one imports.
 */
export const channelListingsApi = {
  preflightScores: route.get(publishRoutes.preflightScores, {
    summary:
      'Each API channel’s pre-flight score of the item: green (it should take the listing), amber (not checked), red (what it would refuse, in words)',
    params: itemIdParams,
    response: { 200: preflightScoresResponse },
  }),
  listOn: route.post(channelsRoutes.listings, {
    summary:
      'Lists the seller’s items on the channels picked: a publish queued on each API channel, a listing prepared on each assisted one',
    body: listOnChannelsBody,
    response: { 200: listOnChannelsResponse },
  }),
  recordSale: route.post(channelsRoutes.sale, {
    summary: 'Records a sale the seller made on an assisted channel; the item’s other listings end or become delist tasks',
    params: itemChannelParams,
    body: recordSaleBody,
    response: { 201: recordSaleResponse },
  }),
};

/** The seller's open tasks (delists, and the plan's price drops by hand), ticking a delist, and how they hear of them. */
export const delistTasksApi = {
  list: route.get(channelsRoutes.delistTasks, {
    summary: 'The seller’s open tasks: delists (assisted listings of items sold elsewhere) and price drops to make by hand',
    response: { 200: delistTasksResponse },
  }),
  tick: route.post(channelsRoutes.delisted, {
    summary: 'The seller took the listing down on the assisted channel: the task is done, the listing ended',
    params: itemChannelParams,
    response: { 204: z.null() },
  }),
  notifications: route.get(channelsRoutes.notifications, {
    summary: 'Whether the seller hears of delist tasks by browser notification (otherwise e-mail)',
    response: { 200: notificationSettingsResponse },
  }),
  saveNotifications: route.put(channelsRoutes.notifications, {
    summary: 'Sets how the seller hears of delist tasks',
    body: notificationSettingsBody,
    response: { 200: notificationSettingsResponse },
  }),
};

/** The one connection API (decisions 071, 094): every API channel's connection, connecting, disconnecting. */
export const channelConnectionsApi = {
  all: route.get(channelsRoutes.all, {
    summary: 'The seller’s connection on every API channel: configured, simulated, status, account (never a token)',
    response: { 200: channelConnectionsResponse },
  }),
  connect: route.post(channelsRoutes.connect, {
    summary: 'Start connecting: the consent page (one-time state, 10 minutes), the form the channel needs, or connected',
    params: channelParams,
    body: channelConnectBody,
    response: { 200: channelConnectResponse },
  }),
  complete: route.post(channelsRoutes.connection, {
    summary: 'Finish connecting with the code the consent page sent back; the state must be the caller’s, unused and unexpired',
    params: channelParams,
    body: channelConsentBody,
    rechecksWaiting: true,
    response: { 200: channelConnectionChange },
  }),
  disconnect: route.delete(channelsRoutes.connection, {
    summary:
      'Disconnect: the stored tokens are deleted (after what the channel registered there, a store’s orders webhook); 409 while a listing is up there',
    params: channelParams,
    response: { 200: channelConnectionChange },
  }),
  endListings: route.post(channelsRoutes.endListings, {
    summary: 'Before a disconnect: start ending every live listing of the seller’s on the channel; what is still up',
    params: channelParams,
    response: { 200: endListingsResponse },
  }),
};
