import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../fakes/etsy/etsy-server';
import { composeServices, type Services } from '../../compose';
import { ebaySetupFrom } from '../ebay/setup';
import { channelListings, items, sales } from '../../db/schema';
import { useFakeEbaySales } from '../../test/fake-ebay-sales';
import { fakeEtsyEnv, etsyShopSetup } from '../../test/fake-etsy-seller';
import { silentLog } from '../../test/listings';
import { loadConfig } from '../../config';
import { etsySetupFrom } from './setup';

/** A sale on Etsy goes through the sales service like eBay's, and ends the item's eBay listing. */
const setup = useFakeEbaySales('etsysale');
let etsyFake: FakeEtsy;
let services: Services;

beforeAll(async () => {
  etsyFake = await startFakeEtsy({ callsPerSecond: 0 });
  const config = loadConfig({ ...fakeEtsyEnv(etsyFake), PUBLIC_URL: 'http://localhost:3000', DATA_DIR: setup.t.deps.config.dataDir });
  services = composeServices(
    { ...setup.t.deps, log: silentLog },
    { ebay: ebaySetupFrom(setup.t.deps.config), etsy: etsySetupFrom(config) },
  );
});
afterAll(async () => {
  await etsyFake?.close();
});

async function connectEtsy(userId: string) {
  const consent = new URL(await services.channels.etsy.account.startOAuth(userId));
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consent.searchParams.get(name) ?? '');
  const back = new URL(
    (await fetch(`${etsyFake.url}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location')!,
  );
  await services.channels.etsy.account.completeOAuth(userId, back.searchParams.get('code')!, back.searchParams.get('state')!);
  await services.channels.etsy.account.setUpShop(userId, etsyShopSetup);
}

describe('a sale on Etsy', () => {
  it('is recorded in the sales table and ends the live eBay listing of the same item', async () => {
    const db = setup.t.deps.database.db;
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    expect([...setup.fake.state.offers.values()].find((o) => o.sku === ebaySku)).toMatchObject({ status: 'PUBLISHED' });

    await connectEtsy(user.id);
    await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, itemId));
    await services.channels.etsy.marketplace.saveWhenMade(user.id, itemId, '1990s');
    await services.channels.etsy.marketplace.publish(user.id, itemId);
    const [item] = await db.select().from(items).where(eq(items.id, itemId));

    etsyFake.seedReceipt({ sku: item!.sku, price: 30, shipping: 5 });
    const pulled = await services.sales.pullSalesOf(user.id, 'etsy');
    expect(pulled).toMatchObject({ newSales: 1, sold: [itemId] });
    expect(
      await db
        .select()
        .from(sales)
        .where(and(eq(sales.userId, user.id), eq(sales.channel, 'etsy'))),
    ).toHaveLength(1);
    const rows = await db.select().from(channelListings).where(eq(channelListings.itemId, itemId));
    expect(rows.find((r) => r.channel === 'etsy')).toMatchObject({ status: 'sold' });
    // The eBay listing is ended on eBay (its row no longer live).
    expect([...setup.fake.state.listings.values()].find((l) => l.sku === ebaySku)).toMatchObject({ status: 'ENDED' });
    expect(rows.find((r) => r.channel === 'ebay')?.status).not.toBe('live');
    expect(etsyFake.contractViolations).toEqual([]);
  });

  it('a sale in the same second as the Etsy listing went live counts as after it: sold, and the eBay listing ended', async () => {
    const db = setup.t.deps.database.db;
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await connectEtsy(user.id);
    await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, itemId));
    await services.channels.etsy.marketplace.saveWhenMade(user.id, itemId, '1990s');
    await services.channels.etsy.marketplace.publish(user.id, itemId);
    const [item] = await db.select().from(items).where(eq(items.id, itemId));
    // Live at .750 of a second; Etsy stamps the receipt with that whole second (.000), as it does every time.
    const second = Math.floor(Date.now() / 1000) - 1;
    await db
      .update(channelListings)
      .set({ listedAt: new Date(second * 1000 + 750) })
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'etsy')));

    etsyFake.seedReceipt({ sku: item!.sku, price: 30, at: second * 1000 + 900 });
    expect(await services.sales.pullSalesOf(user.id, 'etsy')).toMatchObject({ newSales: 1, sold: [itemId] });
    const rows = await db.select().from(channelListings).where(eq(channelListings.itemId, itemId));
    expect(rows.find((r) => r.channel === 'etsy')).toMatchObject({ status: 'sold' });
    expect([...setup.fake.state.listings.values()].find((l) => l.sku === ebaySku)).toMatchObject({ status: 'ENDED' });
    expect(rows.find((r) => r.channel === 'ebay')?.status).not.toBe('live');
    expect(etsyFake.contractViolations).toEqual([]);
  });
});
