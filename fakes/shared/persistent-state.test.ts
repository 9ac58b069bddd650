/** The fakes' kept state (decision 188): class instances come back as such, and id counters continue past restored ids. */
import { describe, expect, it, vi } from 'vitest';
import { deserialize, serialize } from 'node:v8';
import { FakeEbayState, SellerData } from '../ebay/fake-ebay-state';
import { highestId } from './persistent-state';

const throughDisk = <T>(value: T): T => deserialize(serialize(value)) as T;

describe("a fake's kept state", () => {
  it('eBay: a seller’s data comes back a SellerData, tokens and listings as they were; a foreign state is refused', () => {
    const state = new FakeEbayState({ sellers: [] });
    state.seedInventoryItem('seller-1', 'SKU-1');
    const grant = state.issueRefreshToken('seller-1', ['scope']);
    state.negotiation.watch('123', ['buyer']);
    const back = new FakeEbayState({ sellers: [] });
    back.restoreState(throughDisk(state.persistentState()));
    expect(back.seller('seller-1')).toBeInstanceOf(SellerData);
    expect(back.seller('seller-1').items.get('SKU-1')).toMatchObject({ sku: 'SKU-1' });
    expect(back.refreshGrants.get(grant.token)).toEqual(grant);
    expect(back.negotiation.watchers.get('123')).toEqual(['buyer']);
    expect(() => back.restoreState({ fake: 'etsy', shape: 1 })).toThrow(/not a saved ebay state/);
  });

  it('Shopify: a new module (a restarted server) gives ids past every restored one', async () => {
    const first = await import('../shopify/shopify-server');
    const fake = await first.startFakeShopify();
    const shop = fake.shop('a.myshopify.com');
    const saved = throughDisk(fake.persistentState());
    await fake.close();
    const highest = Number(shop.publications[1]!.id.split('/').pop());
    vi.resetModules();
    const shops = await import('../shopify/fake-shop');
    const restarted = await (await import('../shopify/shopify-server')).startFakeShopify({ saved });
    try {
      expect(restarted.shop('a.myshopify.com')).toBeInstanceOf(shops.FakeShop);
      expect(restarted.shop('a.myshopify.com').locationId).toBe(shop.locationId);
      expect(shops.peekNextId()).toBeGreaterThan(highest);
      const other = restarted.shop('b.myshopify.com');
      expect(Number(other.locationId.split('/').pop())).toBeGreaterThan(highest);
    } finally {
      await restarted.close();
    }
  });

  it('highestId finds ids under id-named keys and numeric Map keys, not other numbers', () => {
    expect(
      highestId({
        price: 9_999_999,
        listings: new Map([[900_000_004, { listing_id: 900_000_004, images: [{ listing_image_id: 900_000_007 }] }]]),
      }),
    ).toBe(900_000_007);
    expect(highestId({ created_timestamp: 1_800_000_000, receipts: [{ receipt_id: 12 }] })).toBe(12);
  });
});
