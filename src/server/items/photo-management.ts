import type { FastifyBaseLogger } from 'fastify';
import type { Item } from '@shared/contracts/items';
import { AppError, notFound } from '@shared/errors';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import * as repo from './repo';
import { toItemView } from './item-view';
import { itemNotFound } from './service';

export interface PhotoManagementDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

export const lastPhotoMessage = 'Cannot delete the last photo. Delete the entire product instead.';

/** Deleting and reordering the photos of an item; positions stay 0..n-1 with the primary at 0. */
export function createPhotoManagement(deps: PhotoManagementDeps) {
  const { db, storage, log } = deps;

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
      return { item: updated, remaining: renumbered, removed: gone };
    });
    if (removed) {
      await storage
        .delete([removed.storagePath, removed.thumbPath])
        .catch((err: unknown) => log.error({ err, itemId, imageId }, 'stored files of a deleted photo left behind'));
    }
    return toItemView(storage, item, remaining, await repo.publishStateOf(db, userId, itemId));
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
      return { item: updated, images: await repo.imagesOfItems(tx, userId, [itemId]) };
    });
    return toItemView(storage, item, images, await repo.publishStateOf(db, userId, itemId));
  }

  return { deletePhoto, reorderPhotos };
}

export type PhotoManagement = ReturnType<typeof createPhotoManagement>;
