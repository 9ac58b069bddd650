import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Item } from '@shared/contracts/items';
import { items } from '../db/schema';
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
});
