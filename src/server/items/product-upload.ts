import { randomUUID } from 'node:crypto';
import type { ProductUploadQuery, UploadImagesResponse } from '@shared/contracts/items';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import * as repo from './repo';
import { everyPhotoFailed, type PhotoUploads, type SettledPhotos } from './photo-upload';

type PhotoCollector = ReturnType<PhotoUploads['collect']>;
import { acceptTypedSku, skuConflict } from './sku-allocation';
import { itemNotFound, type ItemService } from './service';

export interface ProductUploadDeps {
  db: Db;
  items: ItemService;
  uploads: PhotoUploads;
  /** A later part brought the product's last photo (the autopilot writes its listing now). */
  onUploadComplete?: (userId: string, itemId: string) => Promise<void>;
}

/** What the route feeds the request's files into, and asks for the answer at the end. */
export interface ProductUploadSink {
  add(fileName: string, bytes: Buffer, truncated: boolean): Promise<void>;
  abort(): Promise<void>;
  finish(): Promise<UploadImagesResponse>;
}

/**
 * POST /api/items/upload: a product's item and photos in one request. The photos are stored as they arrive, in the
 * folder of an item id chosen now; the item row and the photo rows are written in one transaction at the end, so
 * a request that breaks off (or a server killed mid-way) leaves no item, only files the leftover sweep removes.
 * The browser's upload key makes a resend safe: a key that already made an item answers that item, whether the
 * first request finished long ago or a moment ago beside this one.
 */
export function createProductUploads(deps: ProductUploadDeps) {
  const { db, items, uploads } = deps;
  /** The browser counts the product's photos: this request's last one is the product's last. */
  const lastPart = (query: ProductUploadQuery, received: number) =>
    query.photoTotal !== undefined && query.offset + received >= query.photoTotal;

  /**
   * A new part's sink: its photos stored as they arrive and taken back if the request breaks off; at the end, a part
   * with no photo is refused, else `finish` writes it from the photos that were stored.
   */
  function partSink(photos: PhotoCollector, finish: (settled: SettledPhotos) => Promise<UploadImagesResponse>): ProductUploadSink {
    return {
      add: photos.add,
      abort: () => photos.removeStored('upload aborted'),
      async finish() {
        const settled = await photos.settle();
        if (settled.received === 0) throw new AppError('BAD_REQUEST', 'No images to upload');
        return finish(settled);
      },
    };
  }

  /** The answer for a product (or part) the server already has: its body is read and dropped. */
  function replay(userId: string, row: repo.ItemRow): ProductUploadSink {
    return {
      add: async () => undefined,
      abort: async () => undefined,
      finish: async () => uploads.answer(userId, row, new Set(), []),
    };
  }

  function firstPart(userId: string, query: ProductUploadQuery): ProductUploadSink {
    const itemId = randomUUID();
    const photos = uploads.collect(userId, itemId);
    return partSink(photos, async ({ received, accepted, rejected }) => {
      if (accepted.length === 0) throw everyPhotoFailed(rejected);
      let outcome;
      try {
        outcome = await items.createDraftRow(userId, query, {
          itemId,
          uploadKey: query.uploadKey,
          received,
          reservedSkus: query.reserved,
          photos: accepted,
          complete: lastPart(query, received),
        });
      } catch (err) {
        await photos.removeStored('product not created');
        throw err;
      }
      if (!outcome.created) {
        await photos.removeStored('product sent twice');
        return uploads.answer(userId, outcome.row, new Set(), []);
      }
      return uploads.answer(userId, outcome.row, new Set(accepted.map((photo) => photo.id)), rejected);
    });
  }

  function laterPart(userId: string, row: repo.ItemRow, query: ProductUploadQuery): ProductUploadSink {
    const { offset } = query;
    const photos = uploads.collect(userId, row.id);
    const alreadyHere = async () => {
      const now = await repo.findItem(db, userId, row.id);
      if (!now) throw itemNotFound();
      return now;
    };
    return partSink(photos, async ({ received, accepted, rejected }) => {
      const part = { offset, received };
      if (accepted.length === 0) {
        await repo.markPartReceived(db, userId, row.id, part);
        throw everyPhotoFailed(rejected);
      }
      let item: repo.ItemRow | undefined;
      try {
        item = await repo.appendPhotos(db, userId, row.id, accepted, part);
      } catch (err) {
        await photos.removeStored('database failure');
        throw err;
      }
      if (!item) {
        // The same part sent twice at once (the other one was written), or the item was deleted meanwhile.
        await photos.removeStored('part sent twice');
        return uploads.answer(userId, await alreadyHere(), new Set(), []);
      }
      if (lastPart(query, received)) await deps.onUploadComplete?.(userId, item.id);
      return uploads.answer(userId, item, new Set(accepted.map((photo) => photo.id)), rejected);
    });
  }

  /** Decides before any byte of the photos is read: a resend, a SKU taken, or a new product or part. */
  async function begin(userId: string, query: ProductUploadQuery): Promise<ProductUploadSink> {
    const existing = await repo.findItemByUploadKey(db, userId, query.uploadKey);
    if (query.offset === 0) {
      if (existing) return replay(userId, existing);
      const typedSku = query.sku === undefined ? null : acceptTypedSku(query.sku);
      if (typedSku && (await repo.existingSkus(db, userId, [typedSku])).size > 0) throw skuConflict();
      await uploads.ensureFreeSpace();
      return firstPart(userId, query);
    }
    // A later part names its product by key: another user's key, or a product never created, is not found.
    if (!existing) throw itemNotFound();
    if (query.offset < existing.uploadReceived) return replay(userId, existing);
    if (query.offset > existing.uploadReceived) {
      throw new AppError('CONFLICT', 'An earlier part of this upload has not arrived: send it first');
    }
    await uploads.ensureFreeSpace();
    return laterPart(userId, existing, query);
  }

  return { begin };
}

export type ProductUploads = ReturnType<typeof createProductUploads>;
