import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item, ItemImage, UploadImagesResponse } from '@shared/contracts/items';
import { ApiError } from '@/lib/api-client';
import { uploadProductRequest } from './api/upload-product';
import { uploadProductPhotos } from './upload-product-photos';

vi.mock('./api/upload-product', () => ({ uploadProductRequest: vi.fn() }));

const upload = vi.mocked(uploadProductRequest);

const makeItem = (id: string, photoCount = 0) => ({ id, sku: 'PSTFSH-007', photoCount }) as Item;
const makeImage = (id: string, order: number) => ({ id, order }) as ItemImage;
const photos = ['a', 'b', 'c', 'd'].map((name) => ({ blob: new Blob([name.repeat(100)]), fileName: `${name}.jpg` }));
const callbacks = () => ({ onProgress: vi.fn(), onDone: vi.fn(), onItem: vi.fn() });
const product = (autoGenerateListing = false) => ({ uploadKey: '00000000-0000-4000-8000-000000000001', autoGenerateListing });

/** The server stores every photo of the request in order, refusing the named ones with a reason. */
function serverStoring(refuse: string[] = []) {
  let stored = 0;
  upload.mockImplementation(async (_query, group, options) => {
    const total = group.reduce((sum, photo) => sum + photo.blob.size + 150, 0);
    options?.onProgress?.({ loaded: total / 2, total });
    options?.onProgress?.({ loaded: total, total });
    const added = group
      .filter((photo) => !refuse.includes(photo.fileName))
      .map((photo, order) => makeImage(`img-${photo.fileName}`, order));
    const rejected = group.flatMap((photo, index) =>
      refuse.includes(photo.fileName) ? [{ index, fileName: photo.fileName, message: `${photo.fileName} is damaged` }] : [],
    );
    stored += added.length;
    return { item: makeItem('item-1', stored), added, rejected } as UploadImagesResponse;
  });
}

describe('uploading one product', () => {
  beforeEach(() => vi.clearAllMocks());

  it('sends the item and all photos in order in one request and reports each photo’s progress and result', async () => {
    serverStoring(['c.jpg']);
    const cb = callbacks();
    const result = await uploadProductPhotos(product(true), photos, cb);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0]).toEqual({
      uploadKey: product().uploadKey,
      sku: undefined,
      autoGenerateListing: 'true',
      offset: 0,
      // the server knows the product is whole with this request (the autopilot writes its listing at once)
      photoTotal: 4,
    });
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

  it('tries a request again with the same upload key after a network failure, 3 attempts in all', async () => {
    serverStoring();
    upload.mockRejectedValueOnce(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    upload.mockRejectedValueOnce(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    vi.useFakeTimers();
    const done = uploadProductPhotos(product(), photos, callbacks());
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect((await done).item.photoCount).toBe(4);
    expect(upload).toHaveBeenCalledTimes(3);
    expect(new Set(upload.mock.calls.map(([query]) => query.uploadKey))).toEqual(new Set([product().uploadKey]));
  });

  it('gives up after the third failed attempt, saying the item was not created', async () => {
    serverStoring();
    for (let i = 0; i < 3; i++) upload.mockRejectedValueOnce(new ApiError('NETWORK', "Can't reach Resale Studio.", 0));
    vi.useFakeTimers();
    const done = uploadProductPhotos(product(), photos, callbacks()).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    const err = (await done) as Error & { code: string };
    expect(err.code).toBe('NETWORK');
    expect(err.message).toBe("Failed to create item: Can't reach Resale Studio.");
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('sends photos 31+ as a later part with the offset of the photos the server took in', async () => {
    const big = Array.from({ length: 31 }, (_, i) => ({ blob: new Blob(['x']), fileName: `p${i}.jpg` }));
    serverStoring();
    const result = await uploadProductPhotos(product(), big, callbacks());
    expect(upload.mock.calls.map(([query, group]) => [query.offset, group.length])).toEqual([
      [0, 30],
      [30, 1],
    ]);
    expect(result.item.photoCount).toBe(31);
  });

  it('creates the product with the next request when every photo of the first was refused', async () => {
    const big = Array.from({ length: 31 }, (_, i) => ({ blob: new Blob(['x']), fileName: `p${i}.jpg` }));
    serverStoring();
    upload.mockRejectedValueOnce(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'p0.jpg is not a supported image', 415));
    const cb = callbacks();
    const result = await uploadProductPhotos(product(), big, cb);
    // nothing was created by the first request: the second one creates the product (offset 0)
    expect(upload.mock.calls.map(([query, group]) => [query.offset, group.length])).toEqual([
      [0, 30],
      [0, 1],
    ]);
    expect(result.rejected).toHaveLength(30);
    expect(result.item.photoCount).toBe(1);
  });

  it('stops at once when the session has ended', async () => {
    upload.mockRejectedValue(new ApiError('UNAUTHENTICATED', 'You are signed out. Please sign in again.', 401));
    await expect(uploadProductPhotos(product(), photos, callbacks())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('keeps a typed SKU that is taken as a conflict (no retry), so the seller can rename it', async () => {
    upload.mockRejectedValue(new ApiError('SKU_CONFLICT', 'SKU already exists', 409));
    await expect(uploadProductPhotos({ ...product(), sku: 'TAKEN-1' }, photos, callbacks())).rejects.toMatchObject({
      code: 'SKU_CONFLICT',
    });
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
