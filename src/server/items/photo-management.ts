import { randomBytes } from 'node:crypto';
import { reviseLiveListings } from '../listing-changes/listing-changes';
import type { FastifyBaseLogger } from 'fastify';
import type { Item } from '@shared/contracts/items';
import { AppError, notFound } from '@shared/errors';
import type { MediaProcessor, PhotoEdit, ProcessedPhoto } from '../adapters/media/media';
import { isStorageFull, putAll, type Storage } from '../adapters/storage/storage';
import { pgErrorCode, type Db } from '../db/client';
import * as repo from './repo';
import { readItemView } from './item-view';
import { itemNotFound } from './service';

export interface PhotoManagementDeps {
  db: Db;
  storage: Storage;
  media: MediaProcessor;
  log: FastifyBaseLogger;
}

export const lastPhotoMessage = 'Cannot delete the last photo. Delete the entire product instead.';

/** Photo management: the causes a failed crop names. */
export const photoEditMessages = {
  download: 'Failed to download image from storage',
  database: (code: string) => `Database update failed: the photo could not be saved. Code: ${code}`,
  outside: (width: number, height: number) => `The crop region lies outside the image (${width} x ${height} pixels)`,
  changed: 'The photo was changed meanwhile. Please try again.',
} as const;

const photoNotFound = () => notFound('Photo not found');

/** Deleting and reordering the photos of an item; positions stay 0..n-1 with the primary at 0. */
export function createPhotoManagement(deps: PhotoManagementDeps) {
  const { db, storage, media, log } = deps;

  async function deletePhoto(userId: string, itemId: string, imageId: string): Promise<Item> {
    const { item, remaining, removed } = await db.transaction(async (tx) => {
      if (!(await repo.itemExists(tx, userId, itemId, { lock: true }))) throw itemNotFound();
      const images = await repo.imagesOfItems(tx, userId, [itemId]);
      if (!images.some((image) => image.id === imageId)) throw notFound('Photo not found');
      if (images.length === 1) throw new AppError('BAD_REQUEST', lastPhotoMessage);
      const gone = await repo.deleteImage(tx, userId, itemId, imageId);
      const rest = images.filter((image) => image.id !== imageId);
      await repo.setImageOrder(
        tx,
        userId,
        itemId,
        rest.map((image) => image.id),
      );
      const updated = await repo.setPhotoCount(tx, userId, itemId, rest.length);
      if (!updated) throw itemNotFound();
      const renumbered = rest.map((image, position) => ({ ...image, order: position, isPrimary: position === 0 }));
      await reviseLiveListings(tx, userId, [itemId]);
      return { item: updated, remaining: renumbered, removed: gone };
    });
    if (removed) {
      await storage
        .delete([removed.storagePath, removed.thumbPath])
        .catch((err: unknown) => log.error({ err, itemId, imageId }, 'stored files of a deleted photo left behind'));
    }
    return readItemView(db, storage, userId, item, remaining, await repo.channelsOfItem(db, userId, itemId));
  }

  /** The whole new order in one transaction; it must name every photo of the item exactly once. */
  async function reorderPhotos(userId: string, itemId: string, imageIds: string[]): Promise<Item> {
    const { item, images } = await db.transaction(async (tx) => {
      if (!(await repo.itemExists(tx, userId, itemId, { lock: true }))) throw itemNotFound();
      const current = await repo.imagesOfItems(tx, userId, [itemId]);
      const known = new Set(current.map((image) => image.id));
      const isPermutation =
        imageIds.length === known.size && new Set(imageIds).size === imageIds.length && imageIds.every((id) => known.has(id));
      if (!isPermutation) throw new AppError('BAD_REQUEST', 'The new order must list every photo of the product exactly once');
      await repo.setImageOrder(tx, userId, itemId, imageIds);
      const updated = await repo.updateItem(tx, userId, itemId, {});
      if (!updated) throw itemNotFound();
      await reviseLiveListings(tx, userId, [itemId]);
      return { item: updated, images: await repo.imagesOfItems(tx, userId, [itemId]) };
    });
    return readItemView(db, storage, userId, item, images, await repo.channelsOfItem(db, userId, itemId));
  }

  /** New files first, then the row points at them, then the old files go: a failure never loses the photo. */
  async function editPhoto(userId: string, itemId: string, imageId: string, edit: PhotoEdit): Promise<Item> {
    if (!(await repo.itemExists(db, userId, itemId))) throw itemNotFound();
    const image = await repo.findImage(db, userId, itemId, imageId);
    if (!image) throw photoNotFound();
    if (edit.kind === 'crop' && (edit.left + edit.width > image.width || edit.top + edit.height > image.height)) {
      throw new AppError('BAD_REQUEST', photoEditMessages.outside(image.width, image.height));
    }
    const source = await storage.get(image.storagePath).catch((err: unknown) => {
      log.error({ err, itemId, imageId }, 'reading a stored photo to edit failed');
      throw new AppError('UNAVAILABLE', photoEditMessages.download);
    });
    const edited = await media.editPhoto(source, edit);
    const stored = await storeEdited(userId, itemId, edit.kind === 'crop' ? 'cropped' : 'rotated', edited);
    const next = { ...stored, width: edited.display.width, height: edited.display.height, bytes: edited.display.bytes.length };
    let result: { item: repo.ItemRow; images: repo.ItemImageRow[] };
    try {
      result = await db.transaction(async (tx) => {
        if (!(await repo.itemExists(tx, userId, itemId, { lock: true }))) throw itemNotFound();
        if (!(await repo.replaceImageFiles(tx, userId, imageId, image.storagePath, next))) {
          throw (await repo.findImage(tx, userId, itemId, imageId)) ? new AppError('CONFLICT', photoEditMessages.changed) : photoNotFound();
        }
        const updated = await repo.updateItem(tx, userId, itemId, {});
        if (!updated) throw itemNotFound();
        await reviseLiveListings(tx, userId, [itemId]);
        return { item: updated, images: await repo.imagesOfItems(tx, userId, [itemId]) };
      });
    } catch (err) {
      await storage.delete([stored.storagePath, stored.thumbPath]).catch(() => undefined);
      if (err instanceof AppError) throw err;
      log.error({ err, itemId, imageId }, 'saving an edited photo failed');
      throw new AppError('UNAVAILABLE', photoEditMessages.database(pgErrorCode(err) ?? 'unknown'));
    }
    await storage
      .delete([image.storagePath, image.thumbPath])
      .catch((err: unknown) => log.error({ err, itemId, imageId }, 'stored files of an edited photo left behind'));
    return readItemView(db, storage, userId, result.item, result.images, await repo.channelsOfItem(db, userId, itemId));
  }

  /** Edited images live at {userId}/{itemId}/{timestamp}-cropped.{ext} (a random part keeps keys unique). */
  async function storeEdited(userId: string, itemId: string, kind: 'cropped' | 'rotated', edited: ProcessedPhoto) {
    const base = `${userId}/${itemId}/${Date.now()}-${randomBytes(4).toString('hex')}-${kind}`;
    const storagePath = `${base}.${edited.display.extension}`;
    const thumbPath = `${base}.thumb.${edited.thumbnail.extension}`;
    try {
      const failure = await putAll(storage, [
        { key: storagePath, bytes: edited.display.bytes, contentType: edited.display.contentType },
        { key: thumbPath, bytes: edited.thumbnail.bytes, contentType: edited.thumbnail.contentType },
      ]);
      if (failure) throw failure;
    } catch (err) {
      await storage.delete([storagePath, thumbPath]).catch(() => undefined);
      log.error({ err, itemId }, 'storing an edited photo failed');
      if (isStorageFull(err)) throw err;
      throw new AppError('UNAVAILABLE', 'Storage error - the edited image could not be saved');
    }
    return { storagePath, thumbPath };
  }

  return { deletePhoto, reorderPhotos, editPhoto };
}

export type PhotoManagement = ReturnType<typeof createPhotoManagement>;
