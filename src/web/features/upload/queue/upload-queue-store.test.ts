import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '@shared/contracts/items';
import { ApiError, networkErrorMessage } from '../../../lib/api-client';
import { closeLocalDbForTests } from '../../../lib/local-db';
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
