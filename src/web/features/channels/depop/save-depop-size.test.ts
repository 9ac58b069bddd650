import { afterEach, describe, expect, it, vi } from 'vitest';
import { depopPaths } from '@shared/contracts/depop';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeListingItem } from '@/test/make-listing-item';
import { saveDepopSize } from './save-depop-size';

afterEach(() => vi.unstubAllGlobals());

/** The server: the item with its Depop part, the shop's settings, and every PUT recorded. */
function server(itemId: string, part: Record<string, unknown>) {
  const puts: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT') {
      puts.push({ path: url, body: JSON.parse(String(init.body)) });
      return Response.json({ itemId, part });
    }
    if (url === depopPaths.shopSettings) return Response.json({ nationalShipping: money(350), currency: 'USD' });
    return Response.json({
      ...makeListingItem({ id: itemId, sku: 'SHOE-1', category: 'Shoes', listings: [makeChannelListing({ channel: 'depop', part })] }),
      images: [],
    });
  });
  return puts;
}

describe('the review form’s Depop size', () => {
  it('is saved as the item’s Depop answer in its shoe set, its own shipping price kept', async () => {
    const part = { productType: null, sizeSetId: null, sizeId: null, nationalShipping: '3.50', slug: null };
    const itemId = crypto.randomUUID();
    const puts = server(itemId, part);
    await saveDepopSize(itemId, 'UK 9');
    expect(puts).toEqual([
      {
        path: depopPaths.itemAnswers.replace(':id', itemId),
        body: { productType: null, sizeSetId: 70, sizeId: 112, nationalShipping: money(350) },
      },
    ]);
  });

  it('saves nothing for a size its set has not (the product type changed meanwhile): Depop asks again', async () => {
    const itemId = crypto.randomUUID();
    const puts = server(itemId, { productType: null, sizeSetId: null, sizeId: null, nationalShipping: null, slug: null });
    await saveDepopSize(itemId, 'XL');
    expect(puts).toEqual([]);
  });
});
