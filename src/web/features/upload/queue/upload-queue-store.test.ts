import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '@shared/contracts/items';
import { ApiError, networkErrorMessage } from '@/lib/api-client';
import { closeLocalDbForTests } from '@/lib/local-db';
import { ProductUploadError } from '../product-upload-error';
import { indexedDbUploads } from './upload-storage';
import { UploadQueue, type UploadQueueDeps } from './upload-queue-store';

const photo = (name: string) => new Blob([name.repeat(50)], { type: 'image/jpeg' });
let itemCounter = 0;

function makeQueue(userId: string, send?: UploadQueueDeps['send']) {
  const sent: Array<{ uploadKey: string; photos: number }> = [];
  const savedWhenSent: boolean[] = [];
  const queue = new UploadQueue({
    userId,
    storage: indexedDbUploads,
    compress: async (photos, onCompressed) => photos.map((blob, i) => (onCompressed(i), { blob, fileName: `p${i}.jpg` })),
    send:
      send ??
      (async ({ product, photos }) => {
        savedWhenSent.push((await indexedDbUploads.list(userId)).some((r) => r.uploadKey === product.uploadKey));
        sent.push({ uploadKey: product.uploadKey, photos: photos.length });
        itemCounter += 1;
        return { item: { id: `item-${itemCounter}`, sku: `PSTFSH-${itemCounter}`, photoCount: photos.length } as Item, rejected: [] };
      }),
  });
  return { queue, sent, savedWhenSent };
}

const settle = async (queue: UploadQueue) => {
  await vi.waitFor(() =>
    expect(queue.getSnapshot().entries.some((e) => ['queued', 'compressing', 'uploading'].includes(e.status))).toBe(false),
  );
};

afterEach(async () => {
  closeLocalDbForTests();
  indexedDB.deleteDatabase('resale-studio');
});

describe('the upload queue', () => {
  it('writes each product to IndexedDB before sending it and deletes it once the server answers', async () => {
    const { queue, sent, savedWhenSent } = makeQueue('user-a');
    const ids = queue.enqueue([
      { sku: null, files: [photo('a'), photo('b')] },
      { sku: 'DENIM-1', files: [photo('c')] },
    ]);
    expect(ids).toHaveLength(2);
    expect(queue.getSnapshot().unsaved).toBe(true); // in memory only, not yet written
    await settle(queue);
    expect(sent.map((s) => s.photos)).toEqual([2, 1]);
    expect(savedWhenSent).toEqual([true, true]);
    expect(await indexedDbUploads.list('user-a')).toEqual([]);
    expect(queue.getSnapshot().run).toEqual({ done: 2, total: 2 });
    expect(queue.getSnapshot().unsaved).toBe(false);
    queue.dispose();
  });

  it('resumes what an earlier page left, for its own user only, under the same upload keys, and says so', async () => {
    const put = (id: string, userId: string) =>
      indexedDbUploads.put({
        id,
        userId,
        createdAt: Date.now(),
        uploadKey: `key-${id}`,
        sku: null,
        autoGenerateListing: false,
        photos: [{ blob: photo(id), fileName: 'p0.jpg' }],
        source: null,
      });
    await put('one', 'user-a');
    await put('two', 'user-a');
    await put('theirs', 'user-b');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sentKeys: string[] = [];
    const { queue } = makeQueue('user-a', async ({ product }) => {
      await gate;
      sentKeys.push(product.uploadKey);
      return { item: { id: product.uploadKey, sku: 'X', photoCount: 1 } as Item, rejected: [] };
    });
    expect(await queue.restore()).toBe(2);
    expect(queue.getSnapshot().notice).toBe('2 products waiting to upload — resuming');
    release();
    await settle(queue);
    expect(sentKeys).toEqual(['key-one', 'key-two']);
    expect((await indexedDbUploads.list('user-b')).map((r) => r.id)).toEqual(['theirs']);
    queue.dispose();

    await put('three', 'user-a');
    const { queue: next } = makeQueue('user-a');
    expect(await next.restore()).toBe(1);
    expect(next.getSnapshot().notice).toBe('1 product waiting to upload — resuming');
    next.dispose();
  });

  it('keeps a product that failed for want of a connection and sends it again when the browser is back online', async () => {
    let online = false;
    const keys: string[] = [];
    const { queue } = makeQueue('user-a', async ({ product }) => {
      keys.push(product.uploadKey);
      if (!online) throw new ApiError('NETWORK', networkErrorMessage, 0);
      return { item: { id: 'item-x', sku: 'PSTFSH-9', photoCount: 1 } as Item, rejected: [] };
    });
    const [id] = queue.enqueue([{ sku: null, files: [photo('a')] }]);
    const failure = queue.waitFor(id!).catch((err: unknown) => err);
    expect(await failure).toBeInstanceOf(ApiError);
    expect(queue.getSnapshot().entries[0]).toMatchObject({ status: 'failed', waitingForNetwork: true });
    expect(await indexedDbUploads.list('user-a')).toHaveLength(1); // still resumable after a reload
    online = true;
    queue.resumeAfterReconnect();
    expect(queue.getSnapshot().notice).toBe('1 product waiting to upload — resuming');
    await settle(queue);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(queue.getSnapshot().entries[0]).toMatchObject({ status: 'completed', sku: 'PSTFSH-9' });
    expect(await indexedDbUploads.list('user-a')).toEqual([]);
    queue.dispose();
  });

  it('keeps every product in IndexedDB the moment it is queued, before compression; a reload resumes and compresses it', async () => {
    const never = new Promise<never>(() => undefined);
    const stuck = new UploadQueue({ userId: 'user-a', storage: indexedDbUploads, compress: () => never, send: () => never });
    const ids = stuck.enqueue([
      { sku: 'PSTFSH-017', files: [new File(['a'.repeat(50)], 'IMG_1.jpg', { type: 'image/jpeg' }), photo('b')] },
      { sku: 'PSTFSH-018', files: [photo('c')] },
      { sku: null, files: [photo('d')] },
    ]);
    await vi.waitFor(() => expect(stuck.getSnapshot().unsaved).toBe(false));
    const kept = await indexedDbUploads.list('user-a');
    expect(kept.map((r) => [r.id, r.sku, r.photos.length, r.compressed])).toEqual([
      [ids[0], 'PSTFSH-017', 2, false],
      [ids[1], 'PSTFSH-018', 1, false],
      [ids[2], null, 1, false],
    ]);
    stuck.dispose(); // the page goes (reload) while the first product is still being compressed

    const compressed: string[][] = [];
    const sent: Array<{ sku: string | undefined; uploadKey: string; files: string[] }> = [];
    const after = new UploadQueue({
      userId: 'user-a',
      storage: indexedDbUploads,
      compress: async (photos, onCompressed) => {
        compressed.push(photos.map((p) => (p instanceof File ? p.name : '?')));
        return photos.map((blob, i) => (onCompressed(i), { blob, fileName: `small-${i}.jpg` }));
      },
      send: async ({ product, photos }) => {
        sent.push({ sku: product.sku, uploadKey: product.uploadKey, files: photos.map((p) => p.fileName) });
        return { item: { id: product.uploadKey, sku: product.sku ?? 'PSTFSH-019', photoCount: photos.length } as Item, rejected: [] };
      },
    });
    expect(await after.restore()).toBe(3);
    expect(after.getSnapshot().notice).toBe('3 products waiting to upload — resuming');
    await settle(after);
    expect(compressed).toEqual([['IMG_1.jpg', 'photo-2.jpg'], ['photo-1.jpg'], ['photo-1.jpg']]);
    expect(sent.map((s) => [s.sku, s.uploadKey])).toEqual(kept.map((r) => [r.sku ?? undefined, r.uploadKey]));
    expect(await indexedDbUploads.list('user-a')).toEqual([]);
    after.dispose();
  });

  it('asks for a generated SKU past the SKUs typed in the queue; Retry after a conflict takes the next free one and names it', async () => {
    const asked: Array<{ sku: string | undefined; reserved: string[] | undefined }> = [];
    const taken = new Set(['PSTFSH-016']);
    const { queue } = makeQueue('user-a', async ({ product, photos }) => {
      asked.push({ sku: product.sku, reserved: product.reserved });
      if (product.sku && taken.has(product.sku)) throw new ProductUploadError('Failed to create item: SKU already exists', 'SKU_CONFLICT');
      const sku = product.sku ?? 'PSTFSH-017';
      return { item: { id: product.uploadKey, sku, photoCount: photos.length } as Item, rejected: [] };
    });
    const [, conflicting] = queue.enqueue([
      { sku: null, files: [photo('a')] },
      { sku: 'PSTFSH-016', files: [photo('b')] },
      { sku: 'PSTFSH-015', files: [photo('c')] },
    ]);
    await settle(queue);
    expect(asked).toEqual([
      { sku: undefined, reserved: ['PSTFSH-016', 'PSTFSH-015'] },
      { sku: 'PSTFSH-016', reserved: undefined },
      { sku: 'PSTFSH-015', reserved: undefined },
    ]);
    expect(queue.getSnapshot().entries[1]).toMatchObject({ status: 'failed', error: 'SKU conflict - please try again', skuConflict: true });

    queue.retry(conflicting!);
    await settle(queue);
    expect(asked[3]).toEqual({ sku: undefined, reserved: [] }); // the other products are created: nothing to skip
    expect(queue.getSnapshot().entries[1]).toMatchObject({ status: 'completed', sku: 'PSTFSH-017', renamedFrom: 'PSTFSH-016' });
    queue.clear(conflicting!);
    expect(queue.getSnapshot().entries.map((e) => e.id)).not.toContain(conflicting); // Dismiss
    queue.dispose();
  });

  it('finds a product already queued from the same source instead of making a second one', async () => {
    const { queue, sent } = makeQueue('user-a');
    const [first] = queue.enqueue([{ sku: null, files: [photo('a')], source: 'camera:1' }]);
    const [again] = queue.enqueue([{ sku: null, files: [photo('a')], source: 'camera:1' }]);
    expect(again).toBe(first);
    await settle(queue);
    expect(sent).toHaveLength(1);
    queue.dispose();
  });
});
