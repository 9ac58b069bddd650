import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DaysToSaleResponse, MarketplaceDaysToSale } from '@shared/contracts/days-to-sale';
import { channelAccounts } from '../db/schema';
import { createItem } from '../test/uploads';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * Days to sale rests on each item's own history (decision 168): a seller's past sales of Levi's,
 * Zara and Coach on eBay, each brand with its own pace, give each new item its own figure from the nearest group like
 * it (brand and category, else brand, else category, whatever their case), say what it rests on, and give none where
 * nothing like it has enough sales. Only a marketplace the seller can sell on now is one the card names.
 */
let t: TestApp;
let seller: TestUser;
const day = (offset: number) => new Date(Date.UTC(2026, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);
/** Nine sales of the brand on eBay, listed three days apart, sold after `from` .. `from + 8` days: the median is `from + 4`. */
const rows = (brand: string, category: string, from: number, start: number) =>
  Array.from(
    { length: 9 },
    (_, n) => `${day(start + n * 3 + from + n)},${day(start + n * 3)},eBay,${brand} ${category} ${n},${brand},${category},4.00,30.00`,
  );
const sheet = [
  'Sold date,Listed date,Marketplace,Title,Brand,Category,Cost,Price',
  ...rows("Levi's", 'Mens Jeans', 30, 0),
  ...rows('Zara', 'Dresses', 12, 40),
  ...rows('Coach', 'Belts', 2, 80),
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.makeUser();
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/what-sells/past-sales',
    headers: { cookie: seller.cookie },
    payload: { csv: sheet, locale: 'en-US' },
  });
  expect(imported.statusCode, imported.body).toBe(200);
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

async function ebayOf(facts: { brand?: string; category?: string }): Promise<MarketplaceDaysToSale> {
  const item = await createItem(t.app, seller.cookie, facts);
  const answer = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}/days-to-sale`, headers: { cookie: seller.cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as DaysToSaleResponse).marketplaces.find((m) => m.channel === 'ebay')!;
}

describe('days to sale from the item’s own history', () => {
  it('each item its own figure: its brand and category, else its brand, else its category, and what it rests on', async () => {
    // A Levi's with no category yet (the card says "Clothing or Accessory"): Levi's own nine sales, not every sale.
    expect(await ebayOf({ brand: "Levi's" })).toMatchObject({
      medianDays: 34,
      basis: 'your-sales',
      scope: 'brand',
      restsOn: { sales: 9 },
      from: "from 9 sales of Levi's on eBay",
    });
    // The category typed in another case is the same category.
    const zara = await ebayOf({ brand: 'zara', category: 'dresses' });
    expect(zara).toMatchObject({ medianDays: 16, scope: 'brand-and-category', from: 'from 9 sales of zara dresses on eBay' });
    expect(zara.words).toMatch(/^eBay \(not connected\): about 16 days \(\d+ to \d+\), from your 9 sales of zara dresses$/);
    expect(await ebayOf({ brand: 'A brand never sold', category: 'Belts' })).toMatchObject({ medianDays: 6, scope: 'category' });
  });

  it('says nothing where nothing like it has enough sales, rather than every sale’s figure', async () => {
    const gucci = await ebayOf({ brand: 'Gucci', category: 'Bags' });
    expect(gucci).toMatchObject({ medianDays: null, basis: 'none', scope: null, from: null });
    expect(gucci.words).toBe(
      'eBay (not connected): not enough of your sales of Gucci Bags to say (0 of the 8 needed); eBay’s comparables carry no dates.',
    );
    const bare = await ebayOf({});
    expect(bare).toMatchObject({ medianDays: null, basis: 'none', from: null });
    expect(bare.words).toBe('eBay (not connected): nothing to time it by until it has a brand or a category.');
  });

  it('names a marketplace the seller sells on now: eBay once connected, not after it is disconnected', async () => {
    expect((await ebayOf({ brand: "Levi's" })).sellsThere).toBe(false);
    await t.deps.database.db.insert(channelAccounts).values({
      userId: seller.id,
      channel: 'ebay',
      accountRef: 'levis-seller',
      accessToken: 'token',
      keyVersion: 'v1',
      scopes: '',
    });
    const connected = await ebayOf({ brand: "Levi's" });
    expect(connected).toMatchObject({ sellsThere: true, medianDays: 34 });
    expect(connected.words).toMatch(/^eBay: about 34 days/);
    await t.deps.database.db.delete(channelAccounts).where(and(eq(channelAccounts.userId, seller.id), eq(channelAccounts.channel, 'ebay')));
    expect((await ebayOf({ brand: "Levi's" })).sellsThere).toBe(false);
  });
});
