import { money, type Money } from '@shared/domain/money';
import type { ListedItem } from '@shared/contracts/items';
import type { PriceList } from '@shared/domain/price-list';
import { channelPriceOf } from '../price-rules/channel-price';
import { listedAsOf } from '../channels/listed-as';
import type { items } from '../db/schema';
import { channelListingViewsOf } from './channel-listing-views';
import type { ChannelListingJson } from './channel-summary-repo';
import { itemSaleOf, type SaleSummaryJson } from './sale-summary-repo';

/**
 * The one mapping of an item to the contract's item: GET /api/items/:id maps drizzle's row, the list
 * maps its raw rows (read by hand: drizzle's row mapping was a quarter of the list's CPU), both through
 * `toListedItem`. A new item field is a key in `listedColumns` and a line in `toListedItem`.
 */

/** The item's columns the contract's item reads. */
export const listedColumns = [
  'id',
  'sku',
  'status',
  'uploadSessionId',
  'batchId',
  'batchNumber',
  'skuAssigned',
  'photoCount',
  'category',
  'condition',
  'brand',
  'costMinor',
  'currency',
  'source',
  'bundleId',
  'autoGenerateListing',
  'createdAt',
  'updatedAt',
  'aiTitle',
  'aiDescription',
  'aiTags',
  'aiConditionNotes',
  'aiGeneratedAt',
  'aiGenerationStatus',
  'aiGenerationError',
  'aiSuggestedPriceMinor',
  'askingPriceMinor',
  'aiPricingNotes',
  'aiMeasurements',
  'listingReady',
  'categoryConfidence',
  'extractedBrand',
  'extractedSize',
  'extractedColor',
  'extractedMaterial',
  'extractedStyle',
  'extractedFit',
  'extractedDepartment',
  'extractedSizeType',
  'itemSpecificsJson',
  'publishReadyScore',
] as const satisfies readonly (keyof typeof items.$inferSelect)[];

type ItemRow = typeof items.$inferSelect;
type ListedColumn = (typeof listedColumns)[number];
export const instants = ['createdAt', 'updatedAt', 'aiGeneratedAt'] as const satisfies readonly ListedColumn[];
export const minorUnits = ['costMinor', 'aiSuggestedPriceMinor', 'askingPriceMinor'] as const satisfies readonly ListedColumn[];
export type Instant = (typeof instants)[number];
type MinorUnits = (typeof minorUnits)[number];

/**
 * The item's columns as either read answers them: drizzle's row (dates, numbers) or the list's raw row (instants as
 * ISO text, bigint money as text).
 */
export type ItemColumns = Omit<Pick<ItemRow, ListedColumn>, Instant | MinorUnits> & {
  [K in Instant]: ItemRow[K] | string;
} & { [K in MinorUnits]: ItemRow[K] | string };

/** What is read beside the item (subqueries on its id): its sales and its listings on every channel. */
export interface ItemChannelsJson {
  sale: SaleSummaryJson | null;
  listings: ChannelListingJson[] | null;
}

const iso = (instant: Date | string | null) => (instant instanceof Date ? instant.toISOString() : instant);
const minor = (value: number | string | null) => (value === null ? null : Number(value));
const moneyOrNull = (value: number | string | null, currency: string): Money | null =>
  value === null ? null : money(Number(value), currency);

/** An item as the contract's listed item; `thumbnailUrl` signed by the caller. */
export function toListedItem(
  row: ItemColumns,
  channels: ItemChannelsJson,
  thumbnailUrl: string | null,
  priceList: PriceList | null,
): ListedItem {
  const listings = channels.listings ?? [];
  const prices = {
    aiSuggestedPriceMinor: minor(row.aiSuggestedPriceMinor),
    askingPriceMinor: minor(row.askingPriceMinor),
    currency: row.currency,
    category: row.category,
    condition: row.condition,
  };
  // The item's own price through the one function, before any marketplace's rule.
  const priced = channelPriceOf(null, prices, null, priceList);
  return {
    id: row.id,
    sku: row.sku,
    status: row.status,
    uploadSessionId: row.uploadSessionId,
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    skuAssigned: row.skuAssigned,
    photoCount: row.photoCount,
    category: row.category,
    condition: row.condition,
    brand: row.brand,
    currency: row.currency,
    cost: moneyOrNull(row.costMinor, row.currency),
    source: row.source,
    bundleId: row.bundleId,
    autoGenerateListing: row.autoGenerateListing,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    aiTitle: row.aiTitle,
    aiDescription: row.aiDescription,
    aiTags: row.aiTags,
    aiConditionNotes: row.aiConditionNotes,
    aiGeneratedAt: iso(row.aiGeneratedAt),
    aiGenerationStatus: row.aiGenerationStatus as ListedItem['aiGenerationStatus'],
    aiGenerationError: row.aiGenerationError,
    aiSuggestedPrice: moneyOrNull(row.aiSuggestedPriceMinor, row.currency),
    askingPrice: moneyOrNull(row.askingPriceMinor, row.currency),
    price: priced && money(priced.price.amountMinor, priced.price.currency),
    priceBasis: priced?.basis ?? null,
    priceSource: priced?.source ?? null,
    aiPricingNotes: row.aiPricingNotes,
    aiMeasurements: row.aiMeasurements,
    listingReady: row.listingReady,
    categoryConfidence: row.categoryConfidence,
    extractedBrand: row.extractedBrand,
    extractedSize: row.extractedSize,
    extractedColor: row.extractedColor,
    extractedMaterial: row.extractedMaterial,
    extractedStyle: row.extractedStyle,
    extractedFit: row.extractedFit,
    extractedDepartment: row.extractedDepartment,
    extractedSizeType: row.extractedSizeType,
    itemSpecificsJson: row.itemSpecificsJson,
    publishReadyScore: row.publishReadyScore,
    listedAs: listedAsOf(listings),
    thumbnailUrl,
    sale: itemSaleOf(channels.sale),
    listings: channelListingViewsOf(listings, prices, priceList),
  };
}
