import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { etsyProcessingSwitchMessages } from '@shared/contracts/etsy';
import { startFakeEtsy, type FakeEtsy } from '../../../../fakes/etsy/etsy-server';
import { items } from '../../db/schema';
import { makeJpeg } from '../../test/images';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from '../../test/fake-etsy-seller';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createItemWithPhotos } from '../../test/uploads';
import { etsyListings } from './listing-repo';

/** Etsy's 2026 changes on the server: an answer from last year's eras, and the processing profile switch asked first. */
let fake: FakeEtsy;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
  t = await createTestApp(fakeEtsyEnv(fake));
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const api = (user: TestUser, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const db = () => t.deps.database.db;
const market = () => t.deps.services.channels.etsy.marketplace;
const preflight = async (user: TestUser, itemId: string) =>
  (await api(user, 'GET', `/api/items/${itemId}/listings/etsy/preflight`)).json() as {
    whenMade: string | null;
    problems: { message: string }[];
    processingSwitch: { profile: string } | null;
  };

/** A connected seller with the shop set up (shipping, returns, a processing profile) and a written item. */
async function sellerWithItem() {
  const user = await t.makeUser();
  expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/etsy/shop-setup',
    payload: etsyShopSetup,
    headers: { cookie: user.cookie },
  });
  expect(setup.statusCode).toBe(200);
  const shopId = Number((setup.json() as { connection: { shop: { shopId: string } } }).connection.shop.shopId);
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await db()
    .update(items)
    .set({
      aiTitle: "Vintage Levi's 501 Jeans 32x30",
      aiDescription: 'Straight-leg jeans in a faded medium wash, made in the USA in the 1990s.',
      aiTags: ['levis', 'vintage denim'],
      aiSuggestedPriceMinor: 4500,
      category: 'Mens Jeans',
    })
    .where(eq(items.id, item.id));
  return { user, item, shopId };
}

describe("Etsy's when_made, 2026", () => {
  it("reads an answer given in an earlier year's eras by its years, and asks again when it no longer fits one", async () => {
    const { user, item } = await sellerWithItem();
    const stored = async (whenMade: string) => {
      await etsyListings.save(db(), user.id, item.id, { data: { whenMade } });
      return preflight(user, item.id);
    };
    expect(await stored('2000_2005')).toMatchObject({ whenMade: '2000_2006', problems: [], processingSwitch: null });
    expect(await stored('before_2006')).toMatchObject({ whenMade: 'before_2007', problems: [] });
    const recent = await stored('2020_2025');
    expect(recent.whenMade).toBe('2020_2026');
    expect(recent.problems.map((p) => p.message)).toEqual([expect.stringContaining('only when they are vintage')]);
    const across = await stored('2006_2009');
    expect(across.whenMade).toBeNull();
    expect(across.problems.map((p) => p.message)).toEqual([expect.stringContaining('answer it again for Etsy')]);
    // The answer the app takes is one of the contract's; last year's is refused.
    expect((await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '2006_2009' })).statusCode).toBe(400);
    expect((await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '2007_2009' })).statusCode).toBe(200);
    expect((await preflight(user, item.id)).problems.map((p) => p.message)).toEqual([expect.stringContaining('2007 to 2009')]);
  });
});

describe("a listing on its own processing times (before Etsy's processing profiles)", () => {
  it('is never switched silently: the update is refused in words until the seller says yes, then switched once', async () => {
    const { user, item, shopId } = await sellerWithItem();
    const { listingId } = fake.seedLegacyListing({ shopId, sku: 'OLD-1' });
    await etsyListings.save(db(), user.id, item.id, {
      columns: { externalId: String(listingId), status: 'live' },
      data: { whenMade: '1990s' },
    });
    const onEtsy = () => fake.snapshot().listings.find((l) => l.listing_id === listingId)!;

    const asked = await preflight(user, item.id);
    expect(asked.processingSwitch).toEqual({ profile: expect.stringMatching(/\S/) });
    await expect(market().revise(user.id, item.id)).rejects.toThrow(etsyProcessingSwitchMessages.needed);
    await expect(market().publish(user.id, item.id)).rejects.toThrow(etsyProcessingSwitchMessages.needed);
    expect(onEtsy().readiness_state_id).toBeNull();
    expect(fake.calls.updateListingInventory ?? 0).toBe(0);

    // Another seller's item answers 404, and switches nothing.
    const other = await t.makeUser();
    const theirs = await api(other, 'PUT', `/api/items/${item.id}/listings/etsy/processing-profile`, { confirm: true });
    expect(theirs.statusCode).toBe(404);
    // A yes must be a yes.
    expect((await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/processing-profile`, {})).statusCode).toBe(400);
    expect(onEtsy().readiness_state_id).toBeNull();

    const yes = await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/processing-profile`, { confirm: true });
    expect(yes.json()).toEqual({ itemId: item.id, switched: true });
    const profileId = fake.snapshot().processingProfiles.find((p) => p.readiness_state_id === onEtsy().readiness_state_id);
    expect(profileId).toBeDefined();
    expect(onEtsy()).toMatchObject({ sku: 'OLD-1', price: 25, quantity: 1 });
    expect((await preflight(user, item.id)).processingSwitch).toBeNull();
    // Once switched, updates go through; a second yes has nothing left to switch.
    await market().revise(user.id, item.id);
    expect((await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/processing-profile`, { confirm: true })).json()).toEqual({
      itemId: item.id,
      switched: false,
    });
  });
});
