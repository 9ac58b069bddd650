import type { Item, ItemImage } from '@shared/contracts/items';
import type { PriceList } from '@shared/domain/price-list';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { priceListOf } from '../price-list/service';
import { toListedItem, type ItemChannelsJson } from './item-mapper';
import type { ItemImageRow, ItemRow } from './repo';

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

/** An item with its images (already ordered by position), its sales and its listings, as the API answers it. */
export async function toItemView(
  storage: Storage,
  row: ItemRow,
  images: ItemImageRow[],
  channels: ItemChannelsJson | null,
  priceList: PriceList | null,
): Promise<Item> {
  const imageViews = await Promise.all(images.map((image) => toImageView(storage, image)));
  const listed = toListedItem(row, channels ?? { sale: null, listings: null }, imageViews[0]?.thumbnailUrl ?? null, priceList);
  return { ...listed, images: imageViews };
}

/** The item as the API answers it, its prices through the seller's own price list (read here, one query). */
export async function readItemView(
  db: Db,
  storage: Storage,
  userId: string,
  row: ItemRow,
  images: ItemImageRow[],
  channels: ItemChannelsJson | null,
): Promise<Item> {
  return toItemView(storage, row, images, channels, await priceListOf(db, userId));
}
