import { publishStatuses, type Item, type ItemImage, type ItemPublishState, type ListedItem } from '@shared/contracts/items';
import type { Storage } from '../adapters/storage/storage';
import type { ItemImageRow, ItemPublishRow, ItemRow } from './repo';

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

/** The listing row's state; a row without a known status (never sent) reads as no listing. */
export function toPublishState(publish: ItemPublishRow | null): ItemPublishState | null {
  const status = publishStatuses.find((s) => s === publish?.status);
  if (!publish || !status) return null;
  return { status, listingUrl: publish.listingUrl, error: publish.error, price: publish.price, quantity: publish.quantity };
}

/** An item with its images (already ordered by position) and its eBay listing's state, as the API answers it. */
export async function toItemView(storage: Storage, row: ItemRow, images: ItemImageRow[], publish: ItemPublishRow | null): Promise<Item> {
  const imageViews = await Promise.all(images.map((image) => toImageView(storage, image)));
  return { ...toListedItem(row, imageViews[0]?.thumbnailUrl ?? null, publish), images: imageViews };
}

function toListedItem(row: ItemRow, thumbnailUrl: string | null, publish: ItemPublishRow | null): ListedItem {
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
    aiSuggestedPrice: row.aiSuggestedPrice,
    aiPricingNotes: row.aiPricingNotes,
    aiMeasurements: row.aiMeasurements,
    listingReady: row.listingReady,
    ebayCategoryId: row.ebayCategoryId,
    ebayCategoryName: row.ebayCategoryName,
    categoryConfidence: row.categoryConfidence,
    ebayConditionGrade: row.ebayConditionGrade,
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
    publish: toPublishState(publish),
  };
}
