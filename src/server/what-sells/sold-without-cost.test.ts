import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SoldWithoutCostResponse } from '@shared/contracts/what-sells';
import { sales } from '../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem } from '../test/uploads';

/**
 * GET /api/what-sells/without-cost (decision 155): the caller's sold items with no cost, newest sale first, each with
 * its latest standing sale; an unsold item, an item with a cost, a cancelled sale and another seller's items never
 * show; paged by limit and offset, with the total of all of them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const importSheet = async (user: TestUser, csv: string) => {
  const answer = await api(user, 'POST', '/api/what-sells/past-sales', { csv, locale: 'en-US' });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().problems).toEqual([]);
};
const withoutCost = async (user: TestUser, query = '') => {
  const answer = await api(user, 'GET', `/api/what-sells/without-cost${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as SoldWithoutCostResponse;
};
const skus = (page: SoldWithoutCostResponse) => page.items.map((item) => item.sku);

const sheet = [
  'Sold date,Marketplace,Title,SKU,Brand,Category,Cost,Price',
  '2026-09-01,eBay,Barbour wax jacket,PAST-1,Barbour,Jackets,,120.00',
  '2026-10-15,Etsy,Silk scarf,PAST-2,,Accessories,,25.00',
  '2026-11-03,eBay,Levi’s 501 jeans,PAST-3,Levi’s,Jeans,,45.00',
  '2026-11-10,Depop,Zara coat,PAST-4,Zara,Coats,,30.00',
  '2026-11-20,eBay,Patagonia fleece with its cost,PAST-5,Patagonia,Jackets,6.00,58.00',
].join('\n');

describe('sold items with no cost', () => {
  it('lists only the caller’s sold items with no cost, newest sale first, with the sale’s marketplace, day and price', async () => {
    const seller = await t.makeUser();
    const other = await t.makeUser();
    await importSheet(seller, sheet);
    await importSheet(other, 'Sold date,Marketplace,Title,SKU,Price\n2026-11-25,eBay,Someone else’s coat,THEIRS-1,99.00');
    await createItem(t.app, seller.cookie); // no cost, never sold

    const page = await withoutCost(seller);
    expect(page.total).toBe(4);
    expect(skus(page)).toEqual(['PAST-4', 'PAST-3', 'PAST-2', 'PAST-1']);
    expect(page.items[1]).toEqual({
      id: expect.any(String),
      sku: 'PAST-3',
      title: 'Levi’s 501 jeans',
      channel: 'ebay',
      soldAt: '2026-11-03T12:00:00.000Z',
      price: { amountMinor: 4500, currency: 'USD' },
      brand: 'Levi’s',
      category: 'Jeans',
      source: null,
    });
    expect(page.items[2]).toMatchObject({ sku: 'PAST-2', brand: null, channel: 'etsy' });
    expect(skus(await withoutCost(other))).toEqual(['THEIRS-1']);

    // A cost said takes the item off the list; so does its only sale being cancelled.
    const jeans = page.items[1]!;
    expect((await api(seller, 'PATCH', `/api/items/${jeans.id}`, { cost: { amountMinor: 500, currency: 'USD' } })).statusCode).toBe(200);
    await t.deps.database.db.update(sales).set({ cancelledAt: new Date() }).where(eq(sales.itemId, page.items[0]!.id));
    const after = await withoutCost(seller);
    expect(after.total).toBe(2);
    expect(skus(after)).toEqual(['PAST-2', 'PAST-1']);
  });

  it('shows an item’s latest standing sale, and pages by limit and offset with the total of all', async () => {
    const seller = await t.makeUser();
    await importSheet(seller, sheet);
    const scarf = (await withoutCost(seller)).items.find((item) => item.sku === 'PAST-2')!;
    // Sold again later on Shopify (a second unit): that sale is the one shown, and it sorts first.
    await t.deps.database.db.insert(sales).values({
      userId: seller.id,
      itemId: scarf.id,
      channel: 'shopify',
      externalOrderId: 'again-1',
      externalLineId: '1',
      priceMinor: 2800,
      currency: 'USD',
      soldAt: new Date('2026-11-28T09:00:00.000Z'),
    });

    const first = await withoutCost(seller, '?limit=2');
    expect(first.total).toBe(4);
    expect(skus(first)).toEqual(['PAST-2', 'PAST-4']);
    expect(first.items[0]).toMatchObject({ channel: 'shopify', soldAt: '2026-11-28T09:00:00.000Z', price: { amountMinor: 2800 } });
    const second = await withoutCost(seller, '?limit=2&offset=2');
    expect(second.total).toBe(4);
    expect(skus(second)).toEqual(['PAST-3', 'PAST-1']);
    expect((await withoutCost(seller, '?limit=2&offset=4')).items).toEqual([]);

    expect((await api(seller, 'GET', '/api/what-sells/without-cost?limit=201')).statusCode).toBe(400);
    expect((await api(seller, 'GET', '/api/what-sells/without-cost?offset=-1')).statusCode).toBe(400);
    expect((await withoutCost(seller, '?limit=200')).items).toHaveLength(4);
  });

  it('asks the seller to sign in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/what-sells/without-cost' })).statusCode).toBe(401);
  });
});
