import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Item } from '@shared/contracts/items';
import type { SoldWithoutCostResponse } from '@shared/contracts/what-sells';
import { items, sales } from '../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem } from '../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

async function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
}

async function itemPriced(user: TestUser, asking: number | null, suggested: number | null): Promise<Item> {
  const item = await createItem(t.app, user.cookie);
  await t.deps.database.db.update(items).set({ askingPriceMinor: asking, aiSuggestedPriceMinor: suggested }).where(eq(items.id, item.id));
  return item;
}

const costOf = async (user: TestUser, id: string) => (await call(user, 'GET', `/api/items/${id}`)).json().cost;
const sourceOf = async (user: TestUser, id: string) => (await call(user, 'GET', `/api/items/${id}`)).json().source;

/** Past sales imported with no cost (decision 150): their items by SKU. */
async function soldItems(user: TestUser, csv: string): Promise<Record<string, string>> {
  const imported = await call(user, 'POST', '/api/what-sells/past-sales', { csv, locale: 'en-US' });
  expect(imported.json().problems).toEqual([]);
  const page = (await call(user, 'GET', '/api/what-sells/without-cost')).json() as SoldWithoutCostResponse;
  return Object.fromEntries(page.items.map((item) => [item.sku, item.id]));
}
const shareOf = (bundle: { items: { itemId: string; share: { amountMinor: number } }[] }, id: string) =>
  bundle.items.find((member) => member.itemId === id)?.share.amountMinor;

describe('bundles', () => {
  it('splits the cost by expected price (asking, else the AI’s, else the average) and writes each share as the cost', async () => {
    const user = await t.makeUser();
    const a = await itemPriced(user, 2000, 9999); // asking price wins over the suggestion
    const b = await itemPriced(user, null, 1000);
    const c = await itemPriced(user, null, null); // counts as the average, 1500
    const created = await call(user, 'POST', '/api/bundles', {
      cost: usd(3000),
      split: 'expected-price',
      source: 'Car boot, Sunday',
      itemIds: [a.id, b.id, c.id],
    });
    expect(created.statusCode).toBe(200);
    const bundle = created.json();
    expect(bundle.items.map((m: { share: { amountMinor: number } }) => m.share.amountMinor)).toEqual([1333, 667, 1000]);
    expect(await costOf(user, a.id)).toEqual(usd(1333));
    expect((await call(user, 'GET', `/api/items/${a.id}`)).json()).toMatchObject({ bundleId: bundle.id });

    // taking one out splits the cost over the other two; it keeps its last share
    const removed = await call(user, 'DELETE', `/api/bundles/${bundle.id}/items/${c.id}`);
    expect(removed.json().items.map((m: { share: { amountMinor: number } }) => m.share.amountMinor)).toEqual([2000, 1000]);
    expect((await call(user, 'GET', `/api/items/${c.id}`)).json()).toMatchObject({ cost: usd(1000), bundleId: null });

    const added = await call(user, 'POST', `/api/bundles/${bundle.id}/items`, { itemIds: [c.id] });
    expect(added.json().items).toHaveLength(3);
  });

  it('refuses a typed cost on a bundled item, and a bundle in another currency than its items', async () => {
    const user = await t.makeUser();
    const a = await itemPriced(user, 1000, null);
    const bundle = (await call(user, 'POST', '/api/bundles', { cost: usd(500), split: 'equal', itemIds: [a.id] })).json();
    expect(bundle.items).toHaveLength(1);
    const typed = await call(user, 'PATCH', `/api/items/${a.id}`, { cost: usd(100) });
    expect(typed.statusCode).toBe(409);
    const euro = await call(user, 'POST', '/api/bundles', { cost: { amountMinor: 500, currency: 'EUR' }, split: 'equal', itemIds: [a.id] });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().error.message).toContain('paid in EUR');
    expect(await costOf(user, a.id)).toEqual(usd(500));
  });

  it('remembers sources from items and bundles, distinct, most recent first, and only the caller’s', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const a = await createItem(t.app, user.cookie);
    const b = await createItem(t.app, user.cookie);
    expect((await call(user, 'PATCH', `/api/items/${a.id}`, { source: 'Goodwill Main St' })).json()).toMatchObject({
      source: 'Goodwill Main St',
    });
    await call(user, 'POST', '/api/bundles', { cost: usd(1000), split: 'equal', source: 'Estate sale', itemIds: [] });
    await call(user, 'PATCH', `/api/items/${b.id}`, { source: 'Goodwill Main St' });
    expect((await call(user, 'GET', '/api/sources')).json()).toEqual({ sources: ['Goodwill Main St', 'Estate sale'] });
    expect((await call(other, 'GET', '/api/sources')).json()).toEqual({ sources: [] });
    // an empty source clears it
    expect((await call(user, 'PATCH', `/api/items/${a.id}`, { source: '  ' })).json()).toMatchObject({ source: null });
  });

  it('splits by what a sold item sold for before its asking price; a cancelled sale does not count', async () => {
    const user = await t.makeUser();
    const sold = await soldItems(
      user,
      [
        'Sold date,Marketplace,SKU,Price',
        '2026-10-01,eBay,SOLD-A,20.00',
        '2026-10-02,Etsy,SOLD-B,10.00',
        '2026-10-03,eBay,SOLD-D,50.00',
      ].join('\n'),
    );
    const [a, b, d] = [sold['SOLD-A']!, sold['SOLD-B']!, sold['SOLD-D']!];
    const db = t.deps.database.db;
    await db.update(items).set({ askingPriceMinor: 9000 }).where(eq(items.id, a)); // it sold for $20: that counts
    await db.update(items).set({ askingPriceMinor: 1000 }).where(eq(items.id, d));
    await db.update(sales).set({ cancelledAt: new Date() }).where(eq(sales.itemId, d)); // no sale: its asking price counts
    const c = await itemPriced(user, 3000, null); // never sold
    const created = await call(user, 'POST', '/api/bundles', { cost: usd(7000), split: 'expected-price', itemIds: [a, b, c.id, d] });
    expect(created.statusCode, created.body).toBe(200);
    const bundle = created.json();
    expect([a, b, c.id, d].map((id) => shareOf(bundle, id))).toEqual([2000, 1000, 3000, 1000]);
    expect(await costOf(user, b)).toEqual(usd(1000));
  });

  it('gives a bundle’s source to each member with none, on creating it and on adding items; a member’s own source stays', async () => {
    const user = await t.makeUser();
    const own = await createItem(t.app, user.cookie);
    await call(user, 'PATCH', `/api/items/${own.id}`, { source: 'Goodwill Main St' });
    const bare = await createItem(t.app, user.cookie);
    const later = await createItem(t.app, user.cookie);
    const created = await call(user, 'POST', '/api/bundles', {
      cost: usd(1500),
      split: 'equal',
      source: ' Estate sale ',
      itemIds: [own.id, bare.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await sourceOf(user, own.id)).toBe('Goodwill Main St');
    expect(await sourceOf(user, bare.id)).toBe('Estate sale');
    expect(await sourceOf(user, later.id)).toBeNull();

    const added = await call(user, 'POST', `/api/bundles/${created.json().id}/items`, { itemIds: [later.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(await sourceOf(user, later.id)).toBe('Estate sale');
    expect(await costOf(user, later.id)).toEqual(usd(500));

    // A bundle with no source leaves its members' as they are.
    const plain = await createItem(t.app, user.cookie);
    await call(user, 'POST', '/api/bundles', { cost: usd(100), split: 'equal', itemIds: [plain.id] });
    expect(await sourceOf(user, plain.id)).toBeNull();
  });
});
