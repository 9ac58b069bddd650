import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createFileUrlSigner } from './file-url-signer';
import { createLocalStorage } from './local-storage';

/**
 * The race behind a 422 instead of a 507 under load (CI, 2026-11-22): one photo's write makes its item's folder, and
 * another photo of the same product, finding the disk full, prunes that folder before the first one writes. Here
 * the first folder made is removed again at once, as that prune would, so the race happens every time.
 */
const race = vi.hoisted(() => ({ prunesLeft: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const mkdir: typeof fs.mkdir = (async (dir: string, options?: Parameters<typeof fs.mkdir>[1]) => {
    const made = await fs.mkdir(dir, options);
    if (race.prunesLeft > 0) {
      race.prunesLeft -= 1;
      await fs.rmdir(dir);
    }
    return made;
  }) as typeof fs.mkdir;
  return { ...fs, mkdir };
});

const dir = mkdtempSync(path.join(tmpdir(), 'rs-storage-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local storage: the item folder pruned between its making and the write', () => {
  it('makes the folder again and stores the photo whole', async () => {
    const storage = createLocalStorage({ dir, signer: createFileUrlSigner('race-test-secret-0123456789abcdef') });
    race.prunesLeft = 1;
    await storage.put('user-1/item-1/photo.jpg', Buffer.from('photo bytes'), 'image/jpeg');
    expect(race.prunesLeft).toBe(0);
    expect(readFileSync(path.join(dir, 'product-images', 'user-1', 'item-1', 'photo.jpg'), 'utf8')).toBe('photo bytes');
  });

  it('gives up with the write error when the folder keeps going (no endless loop)', async () => {
    const storage = createLocalStorage({ dir, signer: createFileUrlSigner('race-test-secret-0123456789abcdef') });
    race.prunesLeft = 10;
    await expect(storage.put('user-1/item-2/photo.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ code: 'ENOENT' });
    race.prunesLeft = 0;
  });
});
