import { z } from 'zod';
import { text } from './text';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/** Importing what the seller already has live on eBay (decision 047). */
export const ebayImportRoutes = {
  imports: '/api/ebay/imports',
  latest: '/api/ebay/imports/latest',
  one: '/api/ebay/imports/:id',
} as const;

export const ebayImportPaths = pathsOf(ebayImportRoutes);

/** eBay item numbers are 12 digits today; older ones were shorter. A listing URL carries one after /itm/. */
const ITEM_NUMBER = /(?:\/itm\/(?:[^/?#\s]+\/)?|\b)(\d{9,15})\b/g;
/** bulkMigrateListing is for a seller's listings, so an import takes at most this many pasted ids. */
export const MAX_IMPORT_LISTING_IDS = 5000;

/** The eBay item numbers in what the seller pasted: numbers, listing links, a column of a Seller Hub report. */
export function listingIdsIn(pasted: string): string[] {
  return [...new Set([...pasted.matchAll(ITEM_NUMBER)].map((m) => m[1]!))];
}

export const startImportBody = z.object({
  /** Item numbers or listing links of listings made on eBay's site (any separators); empty for none. */
  listingIds: text().max(200_000).optional(),
});

export const importRefusal = z.object({
  listingId: z.string().nullable(),
  sku: z.string().nullable(),
  message: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

export const ebayImport = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Site-made listings given to migrate. */
  listingIds: z.number().int(),
  /** Live listings found on eBay (null until the inventory was read). */
  total: z.number().int().nullable(),
  /** Live listings handled: imported now or here already. */
  done: z.number().int(),
  /** Items this import created. */
  imported: z.number().int(),
  /** Live listings that were here already (imported before, or published from here). */
  alreadyHere: z.number().int(),
  refusals: z.array(importRefusal),
  /** Why it stopped (failed), or what it is waiting for (eBay busy). */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EbayImport = z.infer<typeof ebayImport>;

export const ebayImportResponse = z.object({ import: ebayImport });
export const latestImportResponse = z.object({ import: ebayImport.nullable() });

export const importMessages = {
  notConnected: 'Connect your eBay account before importing.',
  tooMany: `Paste at most ${MAX_IMPORT_LISTING_IDS} item numbers at a time.`,
  progress: (done: number, total: number) => `Imported ${done} of ${total}`,
  reading: 'Reading your listings on eBay…',
  photosFailed: (sku: string) => `The photos of ${sku} could not be downloaded from eBay.`,
  noPhotos: (sku: string) => `${sku} has no photos on eBay.`,
  skuTaken: (sku: string) =>
    `The SKU ${sku} is already used here by another product, so this listing was not imported. Change that product's SKU, then import again.`,
  sharedAccount: (sku: string) => `${sku} belongs to another Resale Studio account connected to this eBay account.`,
  notFound: 'Import not found',
} as const;

const importIdParams = z.object({ id: z.uuid() });

/** The import's routes: start one, the latest, one by id (another seller's: 404). */
export const ebayImportApi = {
  start: route.post(ebayImportRoutes.imports, {
    summary: 'Import the live eBay listings (site-made ones by pasted item numbers, migrated first); answers the running import',
    body: startImportBody,
    response: { 202: ebayImportResponse },
  }),
  latest: route.get(ebayImportRoutes.latest, {
    summary: 'The seller’s latest import (null when none)',
    response: { 200: latestImportResponse },
  }),
  one: route.get(ebayImportRoutes.one, {
    summary: 'One import: progress, result and what eBay would not migrate',
    params: importIdParams,
    response: { 200: ebayImportResponse },
  }),
};
