import { paced } from '@shared/testing/pace';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaysToSaleResponse } from '@shared/contracts/days-to-sale';
import type { ItemsSummaryResponse, ListItemsResponse } from '@shared/contracts/items';
import type { PastSalesResponse, WhatSellsResponse } from '@shared/contracts/what-sells';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { insertMarketplaceSales } from './past-sales-imports-repo';
import { createItem } from '../test/uploads';

/**
 * Past sales imported as history feed What sells and days to sale, and are no stock: no product card, no batch in the
 * header's count, no batch number taken from the seller's next product.
 */
let t: TestApp;
const fixture = readFileSync(path.join(import.meta.dirname, '../../../e2e/fixtures/past-sales.csv'), 'utf8');
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.UTC(2026, 5, 1) + offset * DAY_MS).toISOString().slice(0, 10);
const ebaySheet = [
  'Sold date,Listed date,Marketplace,Title,Brand,Category,Cost,Price',
  ...[3, 5, 6, 8, 9, 11, 12, 14, 15, 18].map(
    (days, n) => `${day(n * 3 + days)},${day(n * 3)},eBay,Levi's 501 jeans ${n},Levi's,Mens Jeans,4.00,35.00`,
  ),
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const json = async <T>(user: TestUser, url: string) => (await api(user, 'GET', url)).json() as T;

describe('imported past sales are history, not stock', () => {
  it('leave the product list, the header’s counts and the next batch number as they were; What sells and days to sale use them', async () => {
    const seller = await t.makeUser();
    const first = await createItem(t.app, seller.cookie, { category: 'Mens Jeans', brand: "Levi's" });
    await createItem(t.app, seller.cookie);
    const before = {
      batches: await json<ListItemsResponse>(seller, '/api/items?view=batches'),
      listings: await json<ListItemsResponse>(seller, '/api/items?view=listings'),
      summary: await json<ItemsSummaryResponse>(seller, '/api/items/summary'),
      hints: await json<{ last: string | null }>(seller, '/api/items/sku-hints'),
    };
    expect(before.summary).toMatchObject({ batchCount: 2, stagedCount: 2 });

    for (const csv of [fixture, ebaySheet]) {
      const answer = await api(seller, 'POST', '/api/what-sells/past-sales', { csv, locale: 'en-US' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json() as PastSalesResponse).problems).toEqual([]);
    }

    expect(await json<ListItemsResponse>(seller, '/api/items?view=batches')).toEqual(before.batches);
    expect(await json<ListItemsResponse>(seller, '/api/items?view=listings')).toEqual(before.listings);
    expect(await json<ItemsSummaryResponse>(seller, '/api/items/summary')).toEqual(before.summary);
    expect((await json<{ last: string | null }>(seller, '/api/items/sku-hints')).last).toBe(before.hints.last);

    // A marketplace's old orders, written as its import writes them (the import's job: marketplace-import.test.ts).
    const orders = [0, 1].map((n) => ({
      orderId: `27-0000${n}-12345`,
      lineId: `1000${n}`,
      sku: `PAST-${n}`,
      listingId: null,
      quantity: 1,
      priceMinor: 2500,
      shippingMinor: 0,
      currency: 'USD',
      soldAt: new Date(Date.UTC(2026, 3, 1 + n)),
      cancelledAt: null,
      title: `Barbour jacket ${n}`,
      itemSku: `PAST-${n}`,
      brand: 'Barbour',
      category: null,
    }));
    expect(await insertMarketplaceSales(t.deps.database.db, seller.id, 'ebay', orders)).toHaveLength(2);
    expect(await json<ListItemsResponse>(seller, '/api/items?view=batches')).toEqual(before.batches);
    expect(await json<ItemsSummaryResponse>(seller, '/api/items/summary')).toEqual(before.summary);

    const bySource = await json<WhatSellsResponse>(seller, '/api/what-sells?by=marketplace');
    expect(bySource.groups.reduce((sum, group) => sum + group.sold, 0)).toBe(20);
    expect((await createItem(t.app, seller.cookie)).batchNumber).toBe(3);
    const days = await json<DaysToSaleResponse>(seller, `/api/items/${first.id}/days-to-sale`);
    expect(days.marketplaces.find((line) => line.channel === 'ebay')).toMatchObject({ basis: 'your-sales' });
  });
});
