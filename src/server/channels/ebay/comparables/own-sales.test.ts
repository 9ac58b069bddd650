import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comparablesPaths, comparablesResponse, type ComparablesResponse } from '@shared/contracts/comparables';
import { money } from '@shared/domain/money';
import { items } from '../../../db/schema';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { makeJpeg } from '../../../test/images';
import { setSellerMarketplace } from '../test-seller-site';
import type { TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';

/**
 * Against the fake eBay, through the app's route: the comparables are searched on the seller's own
 * marketplace and kept in its currency only; beside them, "Your sales": the seller's own sold prices, pulled from
 * the fake's orders (Fulfillment) by the real sales pull, of the same category, never another seller's.
 */
const setup = useFakeEbaySales('ownsales');
const db = () => setup.t.deps.database.db;
const gbp = (amountMinor: number) => money(amountMinor, 'GBP');
const usd = (amountMinor: number) => money(amountMinor, 'USD');

async function comparablesOf(user: TestUser, itemId: string): Promise<ComparablesResponse> {
  const res = await setup.t.app.inject({ method: 'GET', url: comparablesPaths.item(itemId), headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return comparablesResponse.parse(res.json());
}

/** An item of the seller's in a category, with a brand and a photo (bytes of its own: a search of its own). */
async function itemIn(user: TestUser, category: string, brand: string, width: number) {
  const { item } = await createItemWithPhotos(setup.t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(width, 48) }], {
    category,
    brand,
    condition: 'good',
  });
  return item;
}

/** A published item of the seller's sold on the fake eBay and pulled into their sales, in `category`. */
async function sold(user: TestUser & { ebayUserId: string }, category: string, brand: string, price: string, shipping: string) {
  const { itemId, ebaySku } = await setup.publishedItem(user);
  await db().update(items).set({ category, brand }).where(eq(items.id, itemId));
  const order = setup.fake.state.sell(ebaySku, { price, shipping, sellerUserId: user.ebayUserId });
  await setup.services.sales.pullSalesOf(user.id, 'ebay');
  // eBay charges its fees; the fees pull that follows each sales pull reads them from the Finances API.
  setup.fake.state.setOrderFees(order.orderId);
  await setup.services.fees.pullFeesOf(user.id, 'ebay');
  return itemId;
}

describe('comparables on the seller’s marketplace, beside their own sales', () => {
  it(
    'shows the seller’s own sold prices of the category (the brand first) as “Your sales”, never another seller’s',
    async () => {
      const seller = await setup.connectedSeller();
      const other = await setup.connectedSeller();
      await sold(seller, 'Mens Jeans', 'Wrangler', '20.00', '4.00');
      await sold(seller, 'Mens Jeans', "Levi's", '45.00', '6.50');
      await sold(seller, 'Mens Outerwear', "Levi's", '80.00', '0.00');
      await sold(other, 'Mens Jeans', "Levi's", '99.00', '0.00');

      const item = await itemIn(seller, 'Mens Jeans', "Levi's", 80);
      const answer = await comparablesOf(seller, item.id);
      expect(answer.marketplaceId).toBe('EBAY_US');
      expect(answer.ownSales).toMatchObject({
        count: 2,
        currency: 'USD',
        low: usd(2400),
        high: usd(5150),
        median: usd(3775),
        none: null,
        basis:
          "Median of your 2 sales of Mens Jeans (1 of them Levi's). Sold prices with the shipping the buyer paid, from your sales history.",
      });
      // Levi's first (the same brand), then the rest by date; each a unit's price and the buyer's shipping.
      expect(answer.ownSales.sales.map((s) => [s.total, s.price, s.shipping, s.channel])).toEqual([
        [usd(5150), usd(4500), usd(650), 'eBay'],
        [usd(2400), usd(2000), usd(400), 'eBay'],
      ]);
      // Finances' fees beside each (eBay's 13.25% of price and shipping, plus $0.30 on the order's first line, in the fake).
      expect(answer.ownSales.sales.map((s) => s.fees)).toEqual([usd(712), usd(348)]);
      // The active listings are still there beside them, apart.
      expect(answer.count).toBeGreaterThan(0);
      expect(answer.basis).toMatch(/^Median of \d+ active eBay listings/);

      // The other seller's item sees only their own sale; a seller with none is told so.
      const theirs = await comparablesOf(other, (await itemIn(other, 'Mens Jeans', "Levi's", 82)).id);
      expect(theirs.ownSales.sales.map((s) => s.total)).toEqual([usd(9900)]);
      const newcomer = await setup.connectedSeller();
      const first = await comparablesOf(newcomer, (await itemIn(newcomer, 'Mens Jeans', "Levi's", 84)).id);
      expect(first.ownSales).toMatchObject({ count: 0, sales: [], basis: null, none: 'You have no sales of Mens Jeans in USD yet.' });
    },
    paced(180_000),
  );

  it(
    'searches a UK seller’s eBay UK in pounds, leaves out listings priced in another currency, and their dollar sales',
    async () => {
      const seller = await setup.connectedSeller();
      await sold(seller, 'Womens Tops', 'Boden', '30.00', '0.00');
      await setSellerMarketplace(db(), seller.id, 'EBAY_GB');
      setup.fake.state.browse.set({ byImage: true, listings: [] });
      setup.fake.state.browse.set({
        listings: [
          { itemId: 'v1|3101|0', title: 'Boden jumper', price: 18, shipping: 3 },
          { itemId: 'v1|3102|0', title: 'Boden jumper blue', price: 24, shipping: 0 },
          { itemId: 'v1|3103|0', title: 'Boden jumper from the US', price: 15, shipping: 0, currency: 'USD' },
        ],
      });
      const item = await itemIn(seller, 'Womens Tops', 'Boden', 86);
      const answer = await comparablesOf(seller, item.id);

      // The fake answers in pounds only when asked with X-EBAY-C-MARKETPLACE-ID: EBAY_GB.
      expect(answer).toMatchObject({ marketplaceId: 'EBAY_GB', currency: 'GBP', count: 2, low: gbp(2100), high: gbp(2400) });
      expect(answer.nearest.every((c) => c.currency === 'GBP' && c.total.currency === 'GBP')).toBe(true);
      expect(answer.nearest.map((c) => c.title)).not.toContain('Boden jumper from the US');
      expect(answer.basis).toMatch(/ On eBay UK, in GBP\.$/);
      // The dollar sale is not mixed into pounds.
      expect(answer.ownSales).toMatchObject({ count: 0, currency: 'GBP', none: 'You have no sales of Womens Tops in GBP yet.' });
    },
    paced(120_000),
  );

  it('answers 404 for another seller’s item', async () => {
    const seller = await setup.connectedSeller();
    const other = await setup.connectedSeller();
    const item = await itemIn(seller, 'Mens Jeans', "Levi's", 88);
    const res = await setup.t.app.inject({ method: 'GET', url: comparablesPaths.item(item.id), headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
