import { paced } from '@shared/testing/pace';
import { toDecimalString } from '@shared/domain/money';
/** The simulated eBay answers Browse with comparables of its own, labelled on every screen. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparablesPaths, comparablesResponse } from '@shared/contracts/comparables';
import { comparablesCache, items } from '../../../db/schema';
import { seedEbayFields } from '../../../test/ebay-listings';
import { itemWithPhotos } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ EBAY_SIMULATION: 'auto' });
  seller = await t.makeUser();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

async function jeans(brand: string) {
  const item = await itemWithPhotos(t, seller, { brand }, 1);
  await t.deps.database.db.update(items).set({ extractedSize: '32' }).where(eq(items.id, item.id));
  await seedEbayFields(t.deps.database.db, seller.id, item.id, {
    categoryId: '11483',
    categoryName: "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans",
    conditionGrade: 'good',
  });
  return item;
}

const comparablesOf = async (itemId: string) => {
  const answer = await t.app.inject({ method: 'GET', url: comparablesPaths.item(itemId), headers: { cookie: seller.cookie } });
  expect(answer.statusCode).toBe(200);
  return comparablesResponse.parse(answer.json());
};

describe('comparables on the simulated eBay', () => {
  it('gives a median of the simulation’s own listings, said to be simulated, with links to its pages', async () => {
    const answer = await comparablesOf((await jeans("Levi's")).id);
    expect(answer.simulated).toBe(true);
    expect(answer.noBasis).toBeNull();
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.median?.amountMinor).toBeGreaterThan(0);
    expect(answer.basis).toMatch(/^Simulated comparables: median of \d+ listings of the simulated eBay, not real eBay data\./);
    expect(answer.nearest.length).toBeGreaterThan(0);
    for (const comparable of answer.nearest) {
      expect(comparable.url).toMatch(/^http:\/\/localhost:3000\/simulated-ebay\/itm\/\d+$/);
      // The simulation's photos are on its loopback port, which the seller's browser cannot open.
      expect(comparable.imageUrl).toBeNull();
    }
    const page = await t.app.inject({ method: 'GET', url: new URL(answer.nearest[0]!.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${toDecimalString(answer.nearest[0]!.price)} USD`);
  });

  it('answers the same listings for the same item every time, and other ones for another item', async () => {
    const item = await jeans('Wrangler');
    const first = await comparablesOf(item.id);
    // Not the day's cache: the simulation itself answers the same.
    await t.deps.database.db.delete(comparablesCache);
    const again = await comparablesOf(item.id);
    expect(again.median).toEqual(first.median);
    expect(again.nearest).toEqual(first.nearest);
    const other = await comparablesOf((await jeans('Carhartt')).id);
    expect(other.nearest.map((n) => n.title)).not.toEqual(first.nearest.map((n) => n.title));
  });
});
