import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../../../shared/errors';
import type { FileUrlSigner } from './file-url-signer';
import { assertStorageKey, DEFAULT_SIGNED_URL_SECONDS, type Storage } from './storage';

export const LOCAL_BUCKET = 'product-images';

/** Files under `{dir}/product-images/{key}`; URLs are `/api/files/:token`, served by files/routes.ts. */
export function createLocalStorage(options: { dir: string; signer: FileUrlSigner }): Storage {
  const root = path.resolve(options.dir, LOCAL_BUCKET);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };

  /** Removes now-empty item and user folders so a deleted product leaves no trace on disk. */
  async function pruneEmptyFolders(folder: string) {
    for (let dir = folder; dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
    }
  }

  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      try {
        await writeFile(file, bytes, { flag: 'wx' });
      } catch (err) {
        // Only an item's first file finds no folder: creating it up front for every file costs a syscall each.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, bytes, { flag: 'wx' });
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('File not found');
        throw err;
      }
    },
    async delete(keys) {
      const files = keys.map(fileOf);
      await Promise.all(files.map((file) => rm(file, { force: true })));
      for (const folder of new Set(files.map((f) => path.dirname(f)))) await pruneEmptyFolders(folder);
    },
    async signedUrl(key, ttlSeconds = DEFAULT_SIGNED_URL_SECONDS) {
      assertStorageKey(key);
      return `/api/files/${options.signer.sign(key, ttlSeconds)}`;
    },
  };
}
