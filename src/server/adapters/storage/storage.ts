import { AppError } from '@shared/errors';

/**
 * The one door to stored files (bucket `product-images`). Keys look like `{userId}/{itemId}/{file}`; the local
 * disk and S3 adapters use the same layout so data can move between them.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Stores bytes under a new key; never overwrites an existing file. A full disk (or quota) throws storageFull()
   * and leaves no part of the file behind.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Throws storageFull() when less room is left than the configured minimum (local disk; a bucket has no such limit). */
  ensureFreeSpace(): Promise<void>;
  /** The stored bytes; AppError NOT_FOUND when the key does not exist. */
  get(key: string): Promise<Buffer>;
  /** Removes the keys; missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
  /** A URL the browser can load without a session, valid for about ttlSeconds (default 3600). */
  signedUrl(key: string, ttlSeconds?: number): Promise<string>;
  /** Every stored file with the time it was written, page by page (the leftover sweep reads it). */
  list(): AsyncIterable<StoredObject[]>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export const DEFAULT_SIGNED_URL_SECONDS = 3600;

export const storageFullMessage = "The server's storage is full, so the photos could not be stored. Free some disk space, then try again.";

/** The disk the photos are stored on has no room left (507): nothing was stored. */
export const storageFull = () => new AppError('INSUFFICIENT_STORAGE', storageFullMessage);

export const isStorageFull = (err: unknown) => err instanceof AppError && err.code === 'INSUFFICIENT_STORAGE';

/** Safe key: segments of letters, digits, '.', '_' and '-', none starting with '.', so no '..' ever resolves. */
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){0,7}$/;

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Content type of a stored file, from the extensions we write. */
export function contentTypeOfKey(key: string): 'image/jpeg' | 'image/png' | 'image/webp' {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  return 'image/jpeg';
}

/**
 * Writes the files side by side and waits for every write to settle; answers why the first failed, or null. Only
 * then may a caller clean up: a write still running when another failed would land after the delete and stay.
 */
export async function putAll(storage: Storage, files: { key: string; bytes: Buffer; contentType: string }[]): Promise<unknown> {
  const writes = await Promise.allSettled(files.map((file) => storage.put(file.key, file.bytes, file.contentType)));
  const failed = writes.find((write) => write.status === 'rejected');
  return failed ? failed.reason : null;
}
