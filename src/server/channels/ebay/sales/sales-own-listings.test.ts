import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { sales } from '../../../db/schema';
import { forgetEbayListings } from '../listing-state-repo';
import { openEventStream } from '../../../test/event-stream';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { makeJpeg } from '../../../test/images';
import { drain, leviJeansPublishForm, writeLeviJeansListing } from '../../../test/listings';
import { type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';

/**
 * Two sellers of the app on one eBay account. A sale is recorded only for the seller whose own
 * connection made the listing that sold: the other never sees the order, its money or its fees, in any route or event.
 */
const setup = useFakeEbaySales('own');
let fake: FakeEbay;
let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ fake, t } = setup);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const api = (user: TestUser, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie: user.cookie } });
const salesOf = (userId: string) => t.deps.database.db.select().from(sales).where(eq(sales.userId, userId));

describe('two sellers on one eBay account', () => {
  it('records A’s sale for A only: B’s check, profit, item, lists, fees and event stream never carry it', async () => {
    const a = await setup.connectedSeller();
    const b = await setup.connectedSeller(a.ebayUserId);
    const sold = await setup.publishedItem(a);
    const other = await setup.publishedItem(a);
    // B's first item carries the same SKU as A's (each seller's SKUs are their own); its publish is refused on eBay.
    const { item: bItem } = await createItemWithPhotos(t.app, b.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, bItem.id);
    const aItem = (await api(a, 'GET', `/api/items/${sold.itemId}`)).json();
    expect(bItem.sku).toBe(aItem.sku);
    await t.app.inject({
      method: 'POST',
      url: `/api/items/${bItem.id}/publish`,
      payload: leviJeansPublishForm,
      headers: { cookie: b.cookie },
    });
    await drain(setup.pool);

    const bStream = await openEventStream(base, b.cookie);
    const aStream = await openEventStream(base, a.cookie);
    try {
      const order = fake.state.sell(sold.ebaySku, { price: '48.00' });
      // An order of A's other listing: a SKU B has no item of.
      const second = fake.state.sell(other.ebaySku, { price: '18.50' });
      fake.state.setOrderFees(order.orderId);
      fake.state.setOrderFees(second.orderId);

      const bCheck = await api(b, 'POST', '/api/channels/ebay/sales/check');
      expect(bCheck.statusCode, bCheck.body).toBe(200);
      expect(bCheck.json()).toMatchObject({ newSales: 0, soldItemIds: [] });
      const aCheck = await api(a, 'POST', '/api/channels/ebay/sales/check');
      expect(aCheck.json()).toMatchObject({ newSales: 2, soldItemIds: expect.arrayContaining([sold.itemId, other.itemId]) });
      await setup.services.fees.pullFeesOf(a.id, 'ebay');
      await setup.services.fees.pullFeesOf(b.id, 'ebay');
      // B's pull again, after A's: still nothing of A's.
      expect((await api(b, 'POST', '/api/channels/ebay/sales/check')).json()).toMatchObject({ newSales: 0 });

      expect(await salesOf(b.id)).toEqual([]);
      expect((await salesOf(a.id)).map((s) => s.priceMinor).sort()).toEqual([1850, 4800]);
      // eBay's fees of A's orders are A's: stored on A's sales.
      expect((await salesOf(a.id)).every((s) => s.feesMinor !== null)).toBe(true);
      expect((await api(b, 'GET', '/api/profit')).json().months).toEqual([]);
      expect((await api(a, 'GET', '/api/profit')).json().months).not.toEqual([]);
      const bView = (await api(b, 'GET', `/api/items/${bItem.id}`)).json();
      expect(bView.sale).toBeNull();
      expect(bView.listings.map((l: { status: string }) => l.status)).not.toContain('sold');
      expect((await api(b, 'GET', `/api/items/${bItem.id}/profit`)).json().sales).toEqual([]);
      expect((await api(b, 'GET', '/api/items?view=batches&status=sold')).json().items).toEqual([]);
      expect(ebayPublishStateOf((await api(a, 'GET', `/api/items/${sold.itemId}`)).json())).toMatchObject({ status: 'sold' });

      // A's stream carries the sale; B's, open all along, carries no sale at all.
      await aStream.until(() => aStream.blocks.some((block) => block.event === 'sale' && block.data.includes(order.orderId)));
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(bStream.blocks.filter((block) => block.event === 'sale')).toEqual([]);
      expect(bStream.blocks.some((block) => block.data.includes(order.orderId) || block.data.includes(second.orderId))).toBe(false);
    } finally {
      aStream.close();
      bStream.close();
    }
  });

  it('still records a sale of the seller’s listing that was ended and forgotten before the pull (a sale just before the end)', async () => {
    const a = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(a);
    const order = fake.state.sell(ebaySku, { price: '48.00' });
    // The app ended it meanwhile (sold elsewhere at the same moment): what eBay held of the listing is forgotten.
    await forgetEbayListings(t.deps.database.db, a.id, [itemId]);
    expect((await api(a, 'POST', '/api/channels/ebay/sales/check')).json()).toMatchObject({ newSales: 1 });
    expect(await salesOf(a.id)).toMatchObject([{ itemId, externalOrderId: order.orderId, priceMinor: 4800 }]);
  });
});
