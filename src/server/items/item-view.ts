import { decimalOrNull } from '@shared/domain/money';
import type { Item, ItemImage, ListedItem } from '@shared/contracts/items';
import type { Storage } from '../adapters/storage/storage';
import type { ItemEbayRow, ItemImageRow, ItemRow } from './repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An image as the browser sees it: signed URLs instead of storage paths. */
export async function toImageView(storage: Storage, image: ItemImageRow): Promise<ItemImage> {
  const [url, thumbnailUrl] = await Promise.all([storage.signedUrl(image.storagePath), storage.signedUrl(image.thumbPath)]);
  return {
    id: image.id,
    order: image.order,
    isPrimary: image.isPrimary,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    url,
    thumbnailUrl,
    createdAt: image.createdAt.toISOString(),
  };
}

/** An item with its images (already ordered by position) and its eBay listing's state, as the API answers it. */
export async function toItemView(storage: Storage, row: ItemRow, images: ItemImageRow[], ebay: ItemEbayRow | null): Promise<Item> {
  const imageViews = await Promise.all(images.map((image) => toImageView(storage, image)));
  return { ...toListedItem(row, imageViews[0]?.thumbnailUrl ?? null, ebay), images: imageViews };
}

function toListedItem(row: ItemRow, thumbnailUrl: string | null, ebay: ItemEbayRow | null): ListedItem {
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
    cost: decimalOrNull(row.costMinor, row.currency),
    autoGenerateListing: row.autoGenerateListing,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    aiTitle: row.aiTitle,
    aiDescription: row.aiDescription,
    aiTags: row.aiTags,
    aiConditionNotes: row.aiConditionNotes,
    aiGeneratedAt: iso(row.aiGeneratedAt),
    aiGenerationStatus: row.aiGenerationStatus as Item['aiGenerationStatus'],
    aiGenerationError: row.aiGenerationError,
    aiSuggestedPrice: decimalOrNull(row.aiSuggestedPriceMinor, row.currency),
    aiPricingNotes: row.aiPricingNotes,
    aiMeasurements: row.aiMeasurements,
    listingReady: row.listingReady,
    ebayCategoryId: ebay?.ebayCategoryId ?? null,
    ebayCategoryName: ebay?.ebayCategoryName ?? null,
    categoryConfidence: row.categoryConfidence,
    ebayConditionGrade: ebay?.ebayConditionGrade ?? null,
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
    thumbnailUrl,
    publish: ebay?.publish ?? null,
    sale: ebay?.sale ?? null,
    listings: ebay?.listings ?? [],
  };
}
