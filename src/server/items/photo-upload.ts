import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RejectedImage, UploadImagesResponse } from '@shared/contracts/items';
import { uploadLimits } from '@shared/contracts/items';
import { AppError, type ErrorCode } from '@shared/errors';
import type { MediaProcessor } from '../adapters/media/media';
import { displayFileName } from '../adapters/media/sharp-media';
import { isStorageFull, putAll, storageFull, type Storage } from '../adapters/storage/storage';
import { reviseLiveListings } from '../listing-changes/listing-changes';
import type { Db } from '../db/client';
import * as repo from './repo';
import { readItemView, toImageView } from './item-view';
import { itemNotFound } from './service';

export interface PhotoUploadDeps {
  db: Db;
  storage: Storage;
  media: MediaProcessor;
  log: FastifyBaseLogger;
}

/** Files read from the request but not yet processed; more waits (TCP back-pressure) instead of filling memory. */
const MAX_BUFFERED_FILES = 4;

interface StoredPhoto {
  index: number;
  storagePath: string;
  thumbPath: string;
  width: number;
  height: number;
  bytes: number;
}
export interface RefusedPhoto {
  rejected: RejectedImage;
  code: ErrorCode;
}
type Outcome = { ok: true; photo: StoredPhoto } | ({ ok: false } & RefusedPhoto);

export interface SettledPhotos {
  /** Files read from the request, stored or refused. */
  received: number;
  accepted: repo.NewPhoto[];
  rejected: RefusedPhoto[];
}

const refused = (index: number, fileName: string, message: string, code: ErrorCode): Outcome => ({
  ok: false,
  rejected: { index, fileName, message },
  code,
});

/**
 * One multipart upload to one item. Each file is validated, processed and stored as soon as it is read
 * (bounded by the media adapter's concurrency); the rows are written in one statement at the end. Whatever
 * fails after files were stored removes those files again.
 */
export function createPhotoUploads(deps: PhotoUploadDeps) {
  const { db, storage, media, log } = deps;
  const maxMb = Math.round(uploadLimits.maxFileBytes / 1024 / 1024);

  async function storePhoto(userId: string, itemId: string, index: number, fileName: string, bytes: Buffer): Promise<Outcome> {
    const name = displayFileName(fileName);
    let processed;
    try {
      processed = await media.processPhoto(bytes, fileName);
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, fileName: name }, 'photo processing failed unexpectedly');
      return err instanceof AppError
        ? refused(index, name, err.message, err.code)
        : refused(index, name, `${name} could not be processed`, 'UNPROCESSABLE');
    }
    const base = `${userId}/${itemId}/${Date.now()}-${index}-${randomBytes(6).toString('hex')}`;
    const storagePath = `${base}.${processed.display.extension}`;
    const thumbPath = `${base}.thumb.${processed.thumbnail.extension}`;
    const failure = await putAll(storage, [
      { key: storagePath, bytes: processed.display.bytes, contentType: processed.display.contentType },
      { key: thumbPath, bytes: processed.thumbnail.bytes, contentType: processed.thumbnail.contentType },
    ]);
    if (failure) {
      log.error({ err: failure, fileName: name }, 'storing a photo failed');
      await storage.delete([storagePath, thumbPath]).catch(() => undefined);
      if (isStorageFull(failure)) {
        return refused(index, name, `${name} could not be stored: the server's storage is full`, 'INSUFFICIENT_STORAGE');
      }
      return refused(index, name, `${name} could not be stored. Please try again.`, 'UNAVAILABLE');
    }
    const { width, height } = processed.display;
    return { ok: true, photo: { index, storagePath, thumbPath, width, height, bytes: processed.display.bytes.length } };
  }

  /**
   * The photos of one request to one item (existing or about to be created): each is processed and stored as it is
   * read; `settle` waits for all of them, `removeStored` takes back what was stored when no row will point at it.
   */
  function collect(userId: string, itemId: string) {
    const inFlight = new Set<Promise<Outcome>>();
    const outcomes: Array<Promise<Outcome>> = [];

    async function removeStored(reason: string) {
      const settled = await Promise.all(outcomes);
      const keys = settled.flatMap((o) => (o.ok ? [o.photo.storagePath, o.photo.thumbPath] : []));
      if (keys.length === 0) return;
      await storage.delete(keys).catch((err: unknown) => log.error({ err, itemId, reason }, 'uploaded files left behind'));
    }

    return {
      /** Queues one file; resolves when the next file may be read. */
      async add(fileName: string, bytes: Buffer, truncated: boolean): Promise<void> {
        const index = outcomes.length;
        const name = displayFileName(fileName);
        const outcome: Promise<Outcome> = truncated
          ? Promise.resolve(refused(index, name, `${name} is too large (max ${maxMb} MB)`, 'PAYLOAD_TOO_LARGE'))
          : storePhoto(userId, itemId, index, fileName, bytes).catch((err: unknown) => {
              log.error({ err, itemId }, 'photo upload failed unexpectedly');
              return refused(index, name, `${name} could not be processed`, 'UNPROCESSABLE');
            });
        outcomes.push(outcome);
        inFlight.add(outcome);
        void outcome.finally(() => inFlight.delete(outcome));
        while (inFlight.size >= MAX_BUFFERED_FILES) await Promise.race(inFlight);
      },
      removeStored,
      /** Every file's outcome: the stored photos (with new row ids) and the refused files. */
      async settle(): Promise<SettledPhotos> {
        const settled = await Promise.all(outcomes);
        return {
          received: settled.length,
          accepted: settled.flatMap((o) => (o.ok ? [{ ...o.photo, id: randomUUID() }] : [])),
          rejected: settled.flatMap((o) => (o.ok ? [] : [o])),
        };
      },
    };
  }

  /** The answer for an upload: the item, the photos this request added and the files it refused. */
  async function answer(userId: string, item: repo.ItemRow, addedIds: ReadonlySet<string>, rejected: RefusedPhoto[]) {
    const images = await repo.imagesOfItems(db, userId, [item.id]);
    return {
      item: await readItemView(db, storage, userId, item, images, await repo.channelsOfItem(db, userId, item.id)),
      added: await Promise.all(images.filter((image) => addedIds.has(image.id)).map((image) => toImageView(storage, image))),
      rejected: rejected.map((r) => r.rejected),
    };
  }

  /** Checks ownership and free space before any byte of the body is read: another user's item answers 404 at once. */
  async function begin(userId: string, itemId: string) {
    if (!(await repo.itemExists(db, userId, itemId))) throw itemNotFound();
    await ensureFreeSpace();
    const photos = collect(userId, itemId);

    return {
      add: photos.add,

      /** The request broke off (files limit, closed connection...): nothing of it may stay. */
      abort: () => photos.removeStored('upload aborted'),

      async finish(): Promise<UploadImagesResponse> {
        const { received, accepted, rejected } = await photos.settle();
        if (received === 0) throw new AppError('BAD_REQUEST', 'No images to upload');
        if (accepted.length === 0) {
          // Every photo failed: a new item is not left behind as an empty draft.
          await repo.deleteItemWithoutPhotos(db, userId, itemId);
          throw everyPhotoFailed(rejected);
        }
        let item: repo.ItemRow | undefined;
        try {
          item = await repo.appendPhotos(db, userId, itemId, accepted);
        } catch (err) {
          // The rows were not written: the files they would have pointed at go too.
          await photos.removeStored('database failure');
          throw err;
        }
        if (!item) {
          await photos.removeStored('item deleted during upload');
          throw itemNotFound();
        }
        // A live listing shows the new photos too.
        await db.transaction((tx) => reviseLiveListings(tx, userId, [itemId]));
        return answer(userId, item, new Set(accepted.map((photo) => photo.id)), rejected);
      },
    };
  }

  /** Refuses an upload (507) before its body is read when the disk is (nearly) full. */
  const ensureFreeSpace = () => storage.ensureFreeSpace();

  return { begin, collect, answer, ensureFreeSpace };
}

/** One 4xx carrying every file's reason; the status follows the reasons when they agree. */
export function everyPhotoFailed(rejected: RefusedPhoto[]): AppError {
  const codes = new Set(rejected.map((r) => r.code));
  const [only] = codes;
  // A full disk refuses every file for the same reason: one sentence says it.
  if (codes.size === 1 && only === 'INSUFFICIENT_STORAGE') return storageFull();
  const code: ErrorCode = codes.size === 1 && only ? only : 'UNPROCESSABLE';
  return new AppError(code, rejected.map((r) => r.rejected.message).join('; '));
}

export type PhotoUploads = ReturnType<typeof createPhotoUploads>;
