import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsPaths, type ListOnChannelsResponse } from '@shared/contracts/channels';
import { depopPaths } from '@shared/contracts/depop';
import { publishPaths, type PublishSettingsResponse } from '@shared/contracts/publish';
import { ebayPublishPaths } from '@shared/contracts/ebay-publish';
import type { Item } from '@shared/contracts/items';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import { money, type Money } from '@shared/domain/money';
import { SIZE_SETS } from '../../../fakes/depop/fake-depop-product-rules';
import { channelListings, items } from '../db/schema';
import { connectedSeller, type RunningApp, type Seller } from '../test/crosslisted-items';
import { startFourMarketplaces, type FourMarketplaces } from '../test/four-marketplaces';
import { makeJpeg } from '../test/images';
import { leviJeansPublishForm, writeLeviJeansListing } from '../test/listings';
import { createItemWithPhotos } from '../test/uploads';

/**
 * One revise path for every marketplace: an item live on eBay, Etsy, Shopify and Depop at the AI's price (the price it
 * went out at, not the seller's own), its price changed on Publish Settings: each live listing has the new price on
 * the marketplace itself (read back from each fake), through the one price function; eBay's own price stays eBay's;
 * a price under the seller's floor is not sent, and the listing says so.
 */
let fakes: FourMarketplaces['fakes'];
let running: RunningApp;
let four: FourMarketplaces;
let seller: Seller;

beforeAll(async () => {
  four = await startFourMarketplaces('revise-every');
  ({ fakes, running } = four);
  seller = await connectedSeller(running, fakes);
}, paced(120_000));
afterAll(() => four?.close());

const db = () => running.deps.database.db;
const inject = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  running.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });

async function listingOf(itemId: string, channel: ApiChannel) {
  const [row] = await db()
    .select()
    .from(channelListings)
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)));
  return row!;
}

const decimal = (price: Money) => (price.amountMinor / 100).toFixed(2);

/** The price each marketplace shows for the item now, read from its fake. */
async function pricesOnTheMarketplaces(itemId: string, sku: string): Promise<Record<ApiChannel, string | undefined>> {
  const ebaySku = (await listingOf(itemId, 'ebay')).data.ebaySku as string;
  const offer = [...fakes.ebay.state.offers.values()].find((o) => o.sku === ebaySku);
  const etsy = fakes.etsy.snapshot().listings.find((l) => l.sku === sku);
  const variant = [...fakes.shopify.shop(seller.shop!).products.values()].flatMap((p) => p.variants).find((v) => v.sku === sku);
  const depop = fakes.depop.snapshot().products.find((p) => p.sku === sku);
  return {
    ebay: (offer?.details as { pricingSummary?: { price?: { value?: string } } } | undefined)?.pricingSummary?.price?.value,
    etsy: etsy ? Number(etsy.price).toFixed(2) : undefined,
    shopify: variant ? Number(variant.price).toFixed(2) : undefined,
    depop: depop ? decimal(depop.price) : undefined,
  };
}

/** Every listing of the item settled: no change waiting on it. */
async function settled(itemId: string) {
  await expect
    .poll(
      async () => {
        const rows = await Promise.all(apiChannels.map((channel) => listingOf(itemId, channel)));
        return rows.every((row) => row.pendingChange === null);
      },
      { timeout: paced(30_000), interval: 100 },
    )
    .toBe(true);
}

/**
 * An item live on all four at the AI's price, as the autopilot or a bulk publish leaves it: no asking price of the
 * seller's; its brand, category and aspects saved on Publish Settings (no price), then eBay's bulk publish, and Etsy,
 * Shopify and Depop through the channels route (Etsy's when-made and Depop's own fields answered first).
 */
async function liveEverywhereAtTheAiPrice() {
  const { item } = await createItemWithPhotos(running.app, seller.cookie, [{ name: 'front.jpg', bytes: await makeJpeg(64, 48) }]);
  const itemId = item.id;
  await writeLeviJeansListing(db(), itemId);
  await db().update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, itemId));
  const { price: _price, ...withoutPrice } = leviJeansPublishForm;
  expect((await inject('PUT', publishPaths.settings(itemId), withoutPrice)).statusCode).toBe(200);
  const bulk = await inject('POST', ebayPublishPaths.bulk, { itemIds: [itemId] });
  expect(bulk.statusCode, bulk.body).toBe(202);
  await running.deps.services.channels.etsy.marketplace.saveWhenMade(seller.id, itemId, '1990s');
  const jeans = SIZE_SETS.find((set) => set.productTypes.includes('jeans'))!;
  const answers = { productType: null, sizeSetId: jeans.id, sizeId: jeans.sizes[0]!, nationalShipping: money(500) };
  expect((await inject('PUT', depopPaths.itemAnswers.replace(':id', itemId), answers)).statusCode).toBe(200);
  const listed = await inject('POST', channelsPaths.listings, { itemIds: [itemId], channels: ['etsy', 'shopify', 'depop'] });
  expect(listed.statusCode, listed.body).toBe(200);
  expect((listed.json() as ListOnChannelsResponse).channels.flatMap((outcome) => outcome.refused)).toEqual([]);
  for (const channel of apiChannels)
    await expect.poll(async () => (await listingOf(itemId, channel)).status, { timeout: paced(30_000), interval: 100 }).toBe('live');
  for (const channel of apiChannels) expect(await listingOf(itemId, channel)).toMatchObject({ priceSource: 'ai' });
  expect(await pricesOnTheMarketplaces(itemId, item.sku)).toEqual({ ebay: '30.00', etsy: '30.00', shopify: '30.00', depop: '30.00' });
  return { itemId, sku: item.sku };
}

describe('a change of the item’s price reaches every marketplace where it is live', () => {
  it(
    'eBay, Etsy, Shopify and Depop each take the new price; eBay’s own price stays eBay’s alone',
    async () => {
      const { itemId, sku } = await liveEverywhereAtTheAiPrice();

      // Publish Settings' price is the item's asking price (it had none) and eBay's own.
      const saved = await inject('PUT', publishPaths.settings(itemId), { ...leviJeansPublishForm, price: money(3450) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((saved.json() as PublishSettingsResponse).price).toEqual(money(3450));
      await settled(itemId);
      expect(await pricesOnTheMarketplaces(itemId, sku)).toEqual({ ebay: '34.50', etsy: '34.50', shopify: '34.50', depop: '34.50' });
      const item = (await inject('GET', `/api/items/${itemId}`)).json() as Item;
      for (const listing of item.listings) expect(listing).toMatchObject({ status: 'live', price: money(3450), error: null });

      // eBay's price changed again on its own form: eBay's alone (the item's price stays), the others keep the item's.
      expect((await inject('PUT', publishPaths.settings(itemId), { ...leviJeansPublishForm, price: money(3200) })).statusCode).toBe(200);
      await settled(itemId);
      expect(await pricesOnTheMarketplaces(itemId, sku)).toEqual({ ebay: '32.00', etsy: '34.50', shopify: '34.50', depop: '34.50' });
    },
    paced(120_000),
  );

  it(
    'the asking price typed on the item (no eBay form) reaches every marketplace; 0 is refused',
    async () => {
      const { itemId, sku } = await liveEverywhereAtTheAiPrice();
      const zero = await inject('PATCH', `/api/items/${itemId}`, { askingPrice: money(0) });
      expect(zero.statusCode, zero.body).toBe(400);
      const saved = await inject('PATCH', `/api/items/${itemId}`, { askingPrice: money(3600) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ askingPrice: money(3600), price: money(3600), priceSource: 'item' });
      await settled(itemId);
      expect(await pricesOnTheMarketplaces(itemId, sku)).toEqual({ ebay: '36.00', etsy: '36.00', shopify: '36.00', depop: '36.00' });
      // Emptied: the live listings keep the price they went out at (nothing is sent lower by surprise).
      const emptied = await inject('PATCH', `/api/items/${itemId}`, { askingPrice: null });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json()).toMatchObject({ askingPrice: null });
      await settled(itemId);
      expect(await pricesOnTheMarketplaces(itemId, sku)).toEqual({ ebay: '36.00', etsy: '36.00', shopify: '36.00', depop: '36.00' });
    },
    paced(120_000),
  );

  it(
    'an asking price under the floor on the item asks first (409, what it would lose, nothing saved); kept, it is sent everywhere',
    async () => {
      const { itemId, sku } = await liveEverywhereAtTheAiPrice();
      expect((await inject('PATCH', `/api/items/${itemId}`, { cost: money(2500) })).statusCode).toBe(200);
      await settled(itemId);
      const under = await inject('PATCH', `/api/items/${itemId}`, { askingPrice: money(2000) });
      expect(under.statusCode, under.body).toBe(409);
      expect(under.json()).toMatchObject({
        error: { code: 'UNDER_FLOOR', message: expect.stringMatching(/under your floor.*you would lose/) },
      });
      expect(((await inject('GET', `/api/items/${itemId}`)).json() as Item).askingPrice).toBeNull();
      const kept = await inject('PATCH', `/api/items/${itemId}`, { askingPrice: money(2000), confirmUnderFloor: true });
      expect(kept.statusCode, kept.body).toBe(200);
      await settled(itemId);
      expect(await pricesOnTheMarketplaces(itemId, sku)).toEqual({ ebay: '20.00', etsy: '20.00', shopify: '20.00', depop: '20.00' });
      for (const channel of apiChannels) expect((await listingOf(itemId, channel)).error).toBeNull();
    },
    paced(120_000),
  );

  it(
    'a new price under the seller’s floor is not sent where it was not confirmed, and the listing says so',
    async () => {
      const { itemId, sku } = await liveEverywhereAtTheAiPrice();
      // What it cost puts every floor above $20.00.
      expect((await inject('PATCH', `/api/items/${itemId}`, { cost: money(2500) })).statusCode).toBe(200);

      // Confirmed on eBay's form (for eBay): the item's price is $20.00 from now on.
      const under = { ...leviJeansPublishForm, price: money(2000) };
      expect((await inject('PUT', publishPaths.settings(itemId), under)).statusCode).toBe(409);
      expect((await inject('PUT', publishPaths.settings(itemId), { ...under, confirmUnderFloor: true })).statusCode).toBe(200);
      await settled(itemId);
      expect(await pricesOnTheMarketplaces(itemId, sku)).toEqual({ ebay: '20.00', etsy: '30.00', shopify: '30.00', depop: '30.00' });
      for (const channel of ['etsy', 'shopify', 'depop'] as const)
        expect((await listingOf(itemId, channel)).error).toMatch(/under your floor.*Not sent: confirm this price, or set another/);
    },
    paced(120_000),
  );
});
