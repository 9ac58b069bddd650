import { z } from 'zod';
import { apiChannels, channelNames, type ApiChannel } from '../domain/channel-listing';
import { route } from './route-table';

/**
 * Importing the seller's past sales from a connected marketplace (decision 150): eBay's orders and
 * finances, Etsy's receipts and ledger, Shopify's orders, each line once, as far back as the marketplace lets an app
 * read. A job reads them; the screen follows its progress.
 */
export const pastSalesImportRoutes = {
  imports: '/api/what-sells/past-sales/imports',
  one: '/api/what-sells/past-sales/imports/:id',
} as const;

/** An import's id, of a marketplace's import or of a spreadsheet's. */
export const importIdParams = z.object({ id: z.uuid() });

export const startPastSalesImportBody = z.object({ channel: z.enum(apiChannels) });

export const pastSalesImport = z.object({
  id: z.string(),
  channel: z.enum(apiChannels),
  status: z.enum(['running', 'done', 'failed']),
  /** Reading the orders, then asking the fees of the new ones. */
  phase: z.enum(['reading', 'fees', 'done']),
  /** Order lines the marketplace answered (null until read). */
  lines: z.number().int().nullable(),
  feesRead: z.number().int(),
  feeOrders: z.number().int(),
  imported: z.number().int(),
  alreadyHere: z.number().int(),
  /** Why it stopped (failed), or what it is waiting for (the marketplace busy). */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PastSalesImport = z.infer<typeof pastSalesImport>;

/** A connected marketplace the seller can import from, how far back it reads, and its latest import. */
export const pastSalesSource = z.object({
  channel: z.enum(apiChannels),
  /** The oldest sale it lets an app read (ISO). */
  since: z.string(),
  latest: pastSalesImport.nullable(),
});
export type PastSalesSource = z.infer<typeof pastSalesSource>;

export const pastSalesSourcesResponse = z.object({ sources: z.array(pastSalesSource) });
export type PastSalesSourcesResponse = z.infer<typeof pastSalesSourcesResponse>;
export const pastSalesImportResponse = z.object({ import: pastSalesImport });

const sales = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;

export const pastSalesImportMessages = {
  notConnected: (channel: ApiChannel) => `Connect your ${channelNames[channel]} account before importing its past sales.`,
  notImportable: (channel: ApiChannel) => `Past sales cannot be imported from ${channelNames[channel]}.`,
  notFound: 'Import not found',
  reading: (channel: ApiChannel) => `Reading your orders on ${channelNames[channel]}…`,
  fees: (channel: ApiChannel, read: number, of: number) => `Reading the fees ${channelNames[channel]} charged: ${read} of ${of} orders…`,
  gaveUp: (channel: ApiChannel, reason: string) => `The import from ${channelNames[channel]} stopped: ${reason}`,
  unreachable: (channel: ApiChannel) =>
    `${channelNames[channel]} cannot be reached right now, so the import stopped. Start it again in a few minutes: what was imported stays, and nothing is imported twice.`,
  /** "Imported 132 sales from eBay; 14 already here." */
  result: ({ channel, imported, alreadyHere }: Pick<PastSalesImport, 'channel' | 'imported' | 'alreadyHere'>) =>
    imported === 0
      ? `Nothing new to import from ${channelNames[channel]}${alreadyHere ? `: ${sales(alreadyHere)} already here` : ''}.`
      : `Imported ${sales(imported)} from ${channelNames[channel]}${alreadyHere ? `; ${alreadyHere} already here` : ''}.`,
} as const;

/** Where the import is, in words: reading, asking the fees, the result, or why it stopped. */
export function pastSalesImportStatus(view: PastSalesImport): string {
  if (view.status === 'failed') return view.error ?? pastSalesImportMessages.gaveUp(view.channel, 'an unexpected error.');
  if (view.status === 'done') return pastSalesImportMessages.result(view);
  if (view.phase === 'fees') return pastSalesImportMessages.fees(view.channel, view.feesRead, view.feeOrders);
  return view.error ?? pastSalesImportMessages.reading(view.channel);
}

/** The routes of importing past sales from a connected marketplace (decision 150). */
export const pastSalesImportsApi = {
  sources: route.get(pastSalesImportRoutes.imports, {
    summary: 'The connected marketplaces past sales can be imported from, how far back each reads, and each one’s latest import',
    response: { 200: pastSalesSourcesResponse },
  }),
  start: route.post(pastSalesImportRoutes.imports, {
    summary: 'Imports the past sales of a connected marketplace (a job): each order line once; answers the running import',
    body: startPastSalesImportBody,
    response: { 202: pastSalesImportResponse },
  }),
  one: route.get(pastSalesImportRoutes.one, {
    summary: 'One import of past sales: its progress and result (another seller’s: 404)',
    params: importIdParams,
    response: { 200: pastSalesImportResponse },
  }),
};
