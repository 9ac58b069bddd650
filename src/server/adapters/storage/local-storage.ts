import { mkdir, readdir, readFile, rm, rmdir, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '@shared/errors';
import type { FileUrlSigner } from './file-url-signer';
import { assertStorageKey, DEFAULT_SIGNED_URL_SECONDS, isStorageKey, storageFull, type Storage, type StoredObject } from './storage';

export const LOCAL_BUCKET = 'product-images';

export interface LocalStorageOptions {
  dir: string;
  signer: FileUrlSigner;
  /** Uploads are refused while less than this is free on the disk (MIN_FREE_DISK_MB); 0 never refuses. */
  minFreeBytes?: number;
}

/** No room left on the device, or the user's disk quota is used up. */
const isDiskFull = (err: unknown) => ['ENOSPC', 'EDQUOT'].includes((err as NodeJS.ErrnoException).code ?? '');

/** Bytes free to this process on the disk holding `dir` (or its nearest existing parent: the bucket may not exist yet). */
async function freeBytesAt(dir: string): Promise<number> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const info = await statfs(at);
      return info.bavail * info.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) throw err;
    }
  }
}

/** Files under `{dir}/product-images/{key}`; URLs are `/api/files/:token`, served by files/routes.ts. */
export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.dir, LOCAL_BUCKET);
  const minFreeBytes = options.minFreeBytes ?? 0;
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };

  /** Writes a new file; a write that fails part-way (disk full) removes what it wrote, so no half-file stays. */
  async function writeNewFile(file: string, bytes: Buffer) {
    try {
      await writeFile(file, bytes, { flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // EEXIST: the file is another upload's, not ours to remove; ENOENT: nothing was created.
      if (code !== 'EEXIST' && code !== 'ENOENT') await rm(file, { force: true }).catch(() => undefined);
      throw err;
    }
  }

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
        // Only an item's first file finds no folder: creating it up front for every file costs a syscall each. The
        // folder just made can go again before the write: another photo's write that found the disk full prunes
        // it (seen as a 422 instead of a 507 under load), so a few tries.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await writeNewFile(file, bytes);
            break;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw err;
            await mkdir(path.dirname(file), { recursive: true });
          }
        }
      } catch (err) {
        if (!isDiskFull(err)) throw err;
        await pruneEmptyFolders(path.dirname(file));
        throw storageFull();
      }
    },
    async ensureFreeSpace() {
      if (minFreeBytes > 0 && (await freeBytesAt(root)) < minFreeBytes) throw storageFull();
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
    async *list() {
      const names = await readdir(root, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      let page: StoredObject[] = [];
      for (const name of names) {
        const key = name.split(path.sep).join('/');
        if (!isStorageKey(key)) continue;
        const info = await stat(path.join(root, name)).catch(() => null);
        if (!info?.isFile()) continue;
        page.push({ key, modifiedAt: info.mtime });
        if (page.length === 1000) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}
