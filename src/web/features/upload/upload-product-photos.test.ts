import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item, ItemImage, UploadImagesResponse } from '@shared/contracts/items';
import { ApiError } from '../../lib/api-client';
import { deleteItem } from './api/delete-item';
import { uploadItemImages } from './api/upload-item-images';
import { createProductItem } from './create-product-item';
import { uploadProductPhotos } from './upload-product-photos';

vi.mock('./api/upload-item-images', () => ({ uploadItemImages: vi.fn() }));
vi.mock('./api/delete-item', () => ({ deleteItem: vi.fn(async () => ({ deletedIds: [] })) }));
vi.mock('./create-product-item', () => ({ createProductItem: vi.fn() }));

const upload = vi.mocked(uploadItemImages);
const recreate = vi.mocked(createProductItem);

const makeItem = (id: string, photoCount = 0) => ({ id, sku: 'PSTFSH-007', photoCount }) as Item;
const makeImage = (id: string, order: number) => ({ id, order }) as ItemImage;
const photos = ['a', 'b', 'c', 'd'].map((name) => ({ blob: new Blob([name.repeat(100)]), fileName: `${name}.jpg` }));
const callbacks = () => ({ onProgress: vi.fn(), onDone: vi.fn(), onItem: vi.fn() });

/** The server stores every photo of the request in order, refusing the named ones with a reason. */
function serverStoring(refuse: string[] = []) {
  upload.mockImplementation(async (itemId, group, options) => {
    const total = group.reduce((sum, photo) => sum + photo.blob.size + 150, 0);
    options?.onProgress?.({ loaded: total / 2, total });
    options?.onProgress?.({ loaded: total, total });
    const added = group
      .filter((photo) => !refuse.includes(photo.fileName))
      .map((photo, order) => makeImage(`img-${photo.fileName}`, order));
    const rejected = group.flatMap((photo, index) =>
      refuse.includes(photo.fileName) ? [{ index, fileName: photo.fileName, message: `${photo.fileName} is damaged` }] : [],
    );
    return { item: { ...makeItem(itemId), photoCount: added.length }, added, rejected } as UploadImagesResponse;
  });
}

describe('uploading the photos of one product', () => {
  beforeEach(() => vi.clearAllMocks());

  it('sends all photos in order in one request and reports each photo’s progress and result', async () => {
    serverStoring(['c.jpg']);
    const cb = callbacks();
    const result = await uploadProductPhotos(makeItem('item-1'), photos, false, cb);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![1].map((p) => p.fileName)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    // half the body out: the first two photos are through, the last two not started
    const halfway = cb.onProgress.mock.calls.slice(0, 4).map(([, fraction]) => fraction);
    expect(halfway).toEqual([1, 1, 0, 0]);
    expect(cb.onProgress).toHaveBeenCalledWith(3, 1);
    expect(cb.onDone.mock.calls).toEqual([
      [0, true],
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(result.item.photoCount).toBe(3);
    expect(result.rejected).toEqual([{ index: 2, fileName: 'c.jpg', message: 'c.jpg is damaged' }]);
  });

  it('tries a request again after a network failure, 3 attempts in all', async () => {
    serverStoring();
    upload.mockRejectedValueOnce(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    upload.mockRejectedValueOnce(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    vi.useFakeTimers();
    const done = uploadProductPhotos(makeItem('item-1'), photos, false, callbacks());
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect((await done).item.photoCount).toBe(4);
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('gives up after the third failed attempt', async () => {
    serverStoring();
    for (let i = 0; i < 3; i++) upload.mockRejectedValueOnce(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    vi.useFakeTimers();
    const done = uploadProductPhotos(makeItem('item-1'), photos, false, callbacks());
    const outcome = done.then(
      () => 'uploaded',
      (err: unknown) => (err as { code?: string }).code ?? 'other',
    );
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(await outcome).toBe('NETWORK');
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('re-creates the item with the same SKU when the server removed it after refusing its first request', async () => {
    const big = Array.from({ length: 31 }, (_, i) => ({ blob: new Blob(['x']), fileName: `p${i}.jpg` }));
    const second = makeItem('item-2');
    recreate.mockResolvedValue(second);
    serverStoring();
    upload.mockRejectedValueOnce(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'p0.jpg is not a supported image', 415));
    const cb = callbacks();
    const result = await uploadProductPhotos(makeItem('item-1'), big, true, cb);
    // 30 photos at most per request: the first request held photos 1-30, the second photo 31
    expect(upload.mock.calls.map(([itemId, group]) => [itemId, group.length])).toEqual([
      ['item-1', 30],
      ['item-2', 1],
    ]);
    expect(recreate).toHaveBeenCalledWith({ sku: 'PSTFSH-007', autoGenerateListing: true, signal: undefined });
    expect(cb.onItem).toHaveBeenCalledWith(second);
    expect(result.rejected).toHaveLength(30);
    expect(result.item.id).toBe('item-2');
  });

  it('fails with the reason when no photo arrives, and removes the empty draft', async () => {
    upload.mockRejectedValue(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    vi.useFakeTimers();
    const done = uploadProductPhotos(makeItem('item-1'), photos.slice(0, 1), false, callbacks()).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    const err = (await done) as Error & { code: string };
    expect(err.message).toBe("Can't reach Resale Studio.");
    expect(err.code).toBe('NETWORK');
    expect(upload).toHaveBeenCalledTimes(3);
    expect(vi.mocked(deleteItem)).toHaveBeenCalledWith('item-1');
  });

  it('stops at once when the session has ended', async () => {
    upload.mockRejectedValue(new ApiError('UNAUTHENTICATED', 'You are signed out. Please sign in again.', 401));
    await expect(uploadProductPhotos(makeItem('item-1'), photos, false, callbacks())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
