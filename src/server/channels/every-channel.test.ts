import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelMessages, channelsPaths } from '@shared/contracts/channels';
import type { AssistedChannel } from '@shared/domain/channel-listing';
import { channelListings, items, sales } from '../db/schema';
import { seedEbayFields } from '../test/ebay-listings';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { makeJpeg } from '../test/images';
import { drain, writeLeviJeansListing } from '../test/listings';
import type { TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { money } from '@shared/domain/money';

/** Decision 052: listing on every channel at once, a sale by hand (the delist tasks a sale leaves: delist-tasks/). */
const setup = useFakeEbaySales('every');
const db = () => setup.t.deps.database.db;
const inject = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  setup.t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const listingOf = async (itemId: string, channel: string) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel as AssistedChannel)))
  )[0];

/** The seller recorded the item live on an assisted channel (the assisted screen's part: written here directly). */
async function recordLive(user: TestUser, itemId: string, channel: AssistedChannel, url = `https://${channel}.example/listing/${itemId}`) {
  await db()
    .insert(channelListings)
    .values({ userId: user.id, itemId, channel, status: 'live', url, listedAt: new Date(Date.now() - 3_600_000) })
    .onConflictDoUpdate({ target: [channelListings.itemId, channelListings.channel], set: { status: 'live', url } });
}

/** An item eBay's bulk publish takes as it is: its listing written, a suggested price, category and aspects. */
async function readyItem(user: TestUser) {
  const { item } = await createItemWithPhotos(setup.t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await writeLeviJeansListing(db(), item.id);
  await db()
    .update(items)
    .set({
      extractedBrand: "Levi's",
      extractedSize: '32',
      extractedSizeType: 'Regular',
      extractedColor: 'Blue',
      aiSuggestedPriceMinor: 1950,
    })
    .where(eq(items.id, item.id));
  await seedEbayFields(db(), user.id, item.id, { categoryId: '11483', conditionGrade: 'good' });
  return item.id;
}

describe('listing on several channels at once', () => {
  it('queues the publish on eBay and prepares the assisted listings; again: already queued, still prepared', async () => {
    const user = await setup.connectedSeller();
    const itemId = await readyItem(user);
    const bare = (await createItemWithPhotos(setup.t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }])).item.id;

    const answer = await inject(user, 'POST', channelsPaths.listings, { itemIds: [itemId, bare], channels: ['ebay', 'vinted'] });
    expect(answer.statusCode, answer.body).toBe(200);
    const [ebay, vinted] = answer.json().channels;
    expect(ebay).toMatchObject({ channel: 'ebay', queued: [itemId], alreadyQueued: [], prepared: [] });
    // The bare item (no listing written) is refused by eBay with words; Vinted prepares both.
    expect(ebay.refused).toEqual([expect.objectContaining({ itemId: bare, message: expect.any(String) })]);
    expect(vinted).toMatchObject({ channel: 'vinted', queued: [], alreadyQueued: [], refused: [] });
    expect(vinted.prepared.sort()).toEqual([itemId, bare].sort());
    expect(await listingOf(itemId, 'vinted')).toMatchObject({ status: 'draft', userId: user.id });

    const again = (await inject(user, 'POST', channelsPaths.listings, { itemIds: [itemId], channels: ['ebay', 'vinted'] })).json();
    expect(again.channels[0]).toMatchObject({ queued: [], alreadyQueued: [itemId] });
    expect(again.channels[1]).toMatchObject({ prepared: [itemId] });

    await drain(setup.pool);
    expect(await listingOf(itemId, 'ebay')).toMatchObject({ status: 'live' });
    // Live on an assisted channel (the seller listed it): left alone, said so.
    const listed = await inject(user, 'POST', assistedPaths.listed(itemId, 'poshmark'), { url: 'https://poshmark.com/listing/1' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(await listingOf(itemId, 'poshmark')).toMatchObject({ status: 'live', url: 'https://poshmark.com/listing/1' });
    const live = (await inject(user, 'POST', channelsPaths.listings, { itemIds: [itemId], channels: ['poshmark', 'ebay'] })).json();
    expect(live.channels[0]).toMatchObject({ prepared: [], refused: [{ itemId, message: channelMessages.alreadyListed('Poshmark') }] });
    // Live on eBay too: no second publish.
    expect(live.channels[1]).toMatchObject({
      queued: [],
      alreadyQueued: [],
      refused: [{ itemId, message: channelMessages.alreadyListed('eBay') }],
    });

    // Every item lists on the channel it is on, and the filter finds it there ("listed on": not a draft).
    const listedOn = async (channel: string) =>
      (await inject(user, 'GET', `/api/items?view=listings&channel=${channel}`)).json().items.map((i: { id: string }) => i.id);
    expect(await listedOn('ebay')).toEqual([itemId]);
    expect(await listedOn('poshmark')).toEqual([itemId]);
    expect(await listedOn('depop')).toEqual([]);
    expect(await listedOn('mercari')).toEqual([]);
    expect((await inject(user, 'GET', '/api/items?view=listings&channel=nowhere')).statusCode).toBe(400);
  });

  it("answers 404 for another seller's item and writes nothing", async () => {
    const user = await setup.t.makeUser();
    const other = await setup.t.makeUser();
    const itemId = (await createItemWithPhotos(setup.t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }])).item.id;
    const mine = (await createItemWithPhotos(setup.t.app, other.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }])).item.id;
    const answer = await inject(other, 'POST', channelsPaths.listings, { itemIds: [mine, itemId], channels: ['depop'] });
    expect(answer.statusCode).toBe(404);
    expect(await listingOf(itemId, 'depop')).toBeUndefined();
    expect(await listingOf(mine, 'depop')).toBeUndefined();
    expect((await inject(other, 'POST', channelsPaths.listings, { itemIds: [mine], channels: ['depop', 'depop'] })).statusCode).toBe(400);
  });
});

describe('a sale anywhere', () => {
  it('"Sold on Depop" records the sale, ends the eBay listing and tasks the other assisted ones', async () => {
    const user = await setup.connectedSeller();
    const { itemId } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'depop');
    await recordLive(user, itemId, 'grailed');

    // Decimals, a fraction of a cent and another currency than the item's are refused, and nothing is recorded.
    for (const price of [40, { amountMinor: 40.5, currency: 'USD' }, money(4000, 'EUR'), money(-1)]) {
      const refused = await inject(user, 'POST', channelsPaths.sale(itemId, 'depop'), { price, fees: money(0), soldAt: '2026-11-20' });
      expect(refused.statusCode, JSON.stringify(price)).toBe(400);
    }
    const future = await inject(user, 'POST', channelsPaths.sale(itemId, 'depop'), {
      price: money(4000),
      fees: money(0),
      soldAt: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);
    const answer = await inject(user, 'POST', channelsPaths.sale(itemId, 'depop'), {
      price: money(4250),
      shipping: money(400),
      fees: money(425),
      soldAt: '2026-11-20',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ delistTasks: 1, endedElsewhere: 1 });
    const [sale, ...more] = await db().select().from(sales).where(eq(sales.userId, user.id));
    expect(more).toEqual([]);
    expect(sale).toMatchObject({
      channel: 'depop',
      itemId,
      priceMinor: 4250,
      shippingChargedMinor: 400,
      feesMinor: 425,
      quantity: 1,
      cancelledAt: null,
    });
    // Profit counts it (the fees the seller gave; the cost is not entered).
    const profit = (await inject(user, 'GET', '/api/profit')).json();
    expect(profit.months).toEqual([expect.objectContaining({ month: '2026-11', sales: 1, revenue: money(4650), fees: money(425) })]);
    expect(sale!.externalOrderId).toMatch(/^manual-/);
    expect(await listingOf(itemId, 'depop')).toMatchObject({ status: 'sold', delistTaskAt: null });
    const ebayListingId = (await listingOf(itemId, 'ebay'))!.externalId;
    // Ended on eBay: the listing stays on the item, ended (sold-out.test.ts follows it on every screen).
    expect((await listingOf(itemId, 'ebay'))!.status).toBe('ended');
    expect((await listingOf(itemId, 'grailed'))!.delistTaskAt).not.toBeNull();
    // The eBay offer was withdrawn on the fake.
    const offer = [...setup.fake.state.offers.values()].find((o) => o.listingId === ebayListingId);
    expect(offer?.status).not.toBe('PUBLISHED');

    const again = await inject(user, 'POST', channelsPaths.sale(itemId, 'depop'), {
      price: money(4250),
      fees: money(0),
      soldAt: '2026-11-20',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(channelMessages.alreadySold);
    // Sold: nothing left to list anywhere.
    const listAgain = (await inject(user, 'POST', channelsPaths.listings, { itemIds: [itemId], channels: ['ebay', 'mercari'] })).json();
    for (const outcome of listAgain.channels) expect(outcome.refused).toEqual([expect.objectContaining({ message: channelMessages.sold })]);
    // Another seller's item: 404.
    const stranger = await setup.t.makeUser();
    expect(
      (await inject(stranger, 'POST', channelsPaths.sale(itemId, 'mercari'), { price: money(100), fees: money(0), soldAt: '2026-11-20' }))
        .statusCode,
    ).toBe(404);
  });
});
