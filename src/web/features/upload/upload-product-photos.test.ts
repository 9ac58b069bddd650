import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item, ItemImage, UploadImagesResponse } from '../../../shared/contracts/items';
import { ApiError } from '../../lib/api-client';
import { deleteItem } from './api/delete-item';
import { reorderItemImages } from './api/reorder-item-images';
import { uploadItemImage } from './api/upload-item-image';
import { createProductItem } from './create-product-item';
import { uploadProductPhotos } from './upload-product-photos';

vi.mock('./api/upload-item-image', () => ({ uploadItemImage: vi.fn() }));
vi.mock('./api/reorder-item-images', () => ({ reorderItemImages: vi.fn() }));
vi.mock('./api/delete-item', () => ({ deleteItem: vi.fn(async () => ({ deletedIds: [] })) }));
vi.mock('./create-product-item', () => ({ createProductItem: vi.fn() }));

const upload = vi.mocked(uploadItemImage);
const reorder = vi.mocked(reorderItemImages);
const recreate = vi.mocked(createProductItem);

const makeItem = (id: string, photoCount = 0) => ({ id, sku: 'PSTFSH-007', photoCount }) as Item;
const makeImage = (id: string, order: number) => ({ id, order }) as ItemImage;
const photos = ['a', 'b', 'c', 'd'].map((name) => ({ blob: new Blob([name]), fileName: `${name}.jpg` }));
const callbacks = () => ({ onProgress: vi.fn(), onDone: vi.fn(), onItem: vi.fn() });

/** The server appends in arrival order; `finishOrder` says in which order the concurrent requests finish. */
function serverAppending(item: Item, finishOrder: string[]) {
  let order = 0;
  const gates = new Map<string, () => void>();
  upload.mockImplementation(async (_itemId, _blob, fileName) => {
    const name = fileName.replace('.jpg', '');
    // the first photo goes alone; afterwards requests finish in the given order
    if (order > 0) await new Promise<void>((resolve) => gates.set(name, resolve));
    const image = makeImage(`img-${name}`, order++);
    return { item: { ...item, photoCount: order }, added: [image], rejected: [] } as UploadImagesResponse;
  });
  return async () => {
    for (const name of finishOrder) {
      while (!gates.has(name)) await new Promise((r) => setTimeout(r, 0));
      gates.get(name)!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
}

describe('uploading the photos of one product', () => {
  beforeEach(() => vi.clearAllMocks());

  it('sends the first photo alone, the rest 3 at a time, and writes the order once when they finished out of order', async () => {
    const item = makeItem('item-1');
    const release = serverAppending(item, ['d', 'b', 'c']);
    reorder.mockResolvedValue({ ...item, photoCount: 4 });
    const done = uploadProductPhotos(item, photos, false, callbacks());
    await release();
    const result = await done;
    expect(upload).toHaveBeenCalledTimes(4);
    expect(reorder).toHaveBeenCalledWith('item-1', ['img-a', 'img-b', 'img-c', 'img-d'], undefined);
    expect(result.item.photoCount).toBe(4);
  });

  it('skips the reorder when the server already has them in order', async () => {
    const item = makeItem('item-1');
    const release = serverAppending(item, ['b', 'c', 'd']);
    const done = uploadProductPhotos(item, photos, false, callbacks());
    await release();
    expect((await done).item.photoCount).toBe(4);
    expect(reorder).not.toHaveBeenCalled();
  });

  it('re-creates the item with the same SKU when the server removed it after its only photo was refused', async () => {
    const first = makeItem('item-1');
    const second = makeItem('item-2');
    recreate.mockResolvedValue(second);
    upload
      .mockRejectedValueOnce(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'a.jpg is not a supported image', 415))
      .mockImplementation(async (itemId, _blob, fileName) => {
        const n = upload.mock.calls.length - 1;
        return { item: { ...second, id: itemId, photoCount: n }, added: [makeImage(`img-${fileName}`, n - 1)], rejected: [] } as UploadImagesResponse;
      });
    const cb = callbacks();
    const result = await uploadProductPhotos(first, photos, true, cb);
    expect(recreate).toHaveBeenCalledWith({ sku: 'PSTFSH-007', autoGenerateListing: true, signal: undefined });
    expect(upload.mock.calls.slice(1).every(([itemId]) => itemId === 'item-2')).toBe(true);
    expect(cb.onItem).toHaveBeenCalledWith(second);
    expect(result.rejected).toEqual([{ index: 0, fileName: 'a.jpg', message: 'a.jpg is not a supported image' }]);
  });

  it('fails with the first reason when no photo arrives, and removes the empty draft', async () => {
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
});
