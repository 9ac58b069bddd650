import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { channelsPaths } from '@shared/contracts/channels';
import { channelAccounts, channelListings, items, sales } from '../db/schema';
import type { WorkerPool } from '../jobs/worker-pool';
import { makeJpeg } from './images';
import { drain } from './listings';
import type { TestApp, TestUser } from './test-app';
import { createItemWithPhotos } from './uploads';
import type { DepopServices } from '../channels/depop/module';
import { depopPaths } from '@shared/contracts/depop';

/**
 * The server tests' Depop seller on the simulated Depop the test app runs in-process: connected through the consent
 * (US, dollars), an item with what Depop needs, listed live; the fake and the rows to check. `app` and `workers` are read
 * when called (the tests make them in beforeAll).
 */
export function depopTestKit(app: () => TestApp, workers: () => WorkerPool) {
  const depop = () => app().deps.services.channels.depop as DepopServices;
  const fake = () => depop().simulation!.fake;
  const db = () => app().deps.database.db;
  const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app().app.inject({ method, url, payload, headers: { cookie: user.cookie } });

  /** A seller connected to a simulated Depop shop of their own (US: dollars, as the items' default currency). */
  async function connectedSeller() {
    const user = await app().makeUser();
    const start = await api(user, 'POST', channelsPaths.connect('depop'), {});
    expect(start.statusCode, start.body).toBe(200);
    const consent = new URL((start.json() as { url: string }).url);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('scope')?.split(' ').sort()).toEqual(
      ['offers_read', 'offers_write', 'orders_read', 'orders_write', 'products_read', 'products_write', 'shop_read'].sort(),
    );
    const page = await api(user, 'GET', `${consent.pathname}${consent.search}`);
    expect(page.statusCode, page.body).toBe(200);
    const form = new URLSearchParams({ decision: 'allow', country: 'US' });
    for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'])
      form.set(name, consent.searchParams.get(name) ?? '');
    const allowed = await app().app.inject({
      method: 'POST',
      url: consent.pathname,
      payload: form.toString(),
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(allowed.statusCode, allowed.body).toBe(302);
    const back = new URL(allowed.headers.location as string);
    const done = await api(user, 'POST', channelsPaths.connection('depop'), {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(done.statusCode, done.body).toBeLessThan(300);
    const [account] = await db()
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, 'depop')));
    return { user, depopSellerId: Number(account!.accountRef) };
  }

  /** An item of the seller's, with what Depop needs (its size ids and shipping on its Depop listing). */
  async function readyItem(user: TestUser, extra: { shipping?: boolean; size?: boolean } = {}) {
    const files = await Promise.all([1, 2].map(async (i) => ({ name: `${i}.jpg`, bytes: await makeJpeg(64 + i, 48) })));
    const { item } = await createItemWithPhotos(app().app, user.cookie, files);
    await db()
      .update(items)
      .set({
        aiTitle: 'Levi’s denim shirt',
        aiDescription: 'A navy denim shirt, worn twice. #denim #levis',
        aiSuggestedPriceMinor: 6000,
        category: 'Mens Tops',
        condition: 'good',
        brand: 'Levi’s',
        extractedColor: 'Navy / White',
      })
      .where(eq(items.id, item.id));
    // Depop's own fields, as the seller saves them (a tops size; $3.50 shipping).
    const fields = await api(user, 'PUT', depopPaths.itemAnswers.replace(':id', item.id), {
      productType: null,
      sizeSetId: extra.size === false ? null : 52,
      sizeId: extra.size === false ? null : 5,
      nationalShipping: extra.shipping === false ? null : { amountMinor: 350, currency: 'USD' },
    });
    expect(fields.statusCode, fields.body).toBe(200);
    return item;
  }

  async function liveOnDepop(user: TestUser, itemId: string) {
    const listed = await api(user, 'POST', channelsPaths.listings, { itemIds: [itemId], channels: ['depop'] });
    expect(listed.statusCode, listed.body).toBe(200);
    await drain(workers());
    const row = await listingOf(itemId, 'depop');
    expect(row, JSON.stringify(row)).toMatchObject({ status: 'live' });
    return row!;
  }

  const listingOf = async (itemId: string, channel: string) =>
    (await db().select().from(channelListings).where(eq(channelListings.itemId, itemId))).find((r) => r.channel === channel);
  const salesOf = (userId: string) => db().select().from(sales).where(eq(sales.userId, userId));
  /** The fake's product a listing names (SKUs repeat across sellers: each seller's first item has the same one). */
  const productOf = (listing: { externalId: string | null }) =>
    fake()
      .snapshot()
      .products.find((p) => String(p.productId) === listing.externalId);
  return { depop, fake, db, api, connectedSeller, readyItem, liveOnDepop, listingOf, salesOf, productOf };
}
