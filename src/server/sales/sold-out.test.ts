import { money } from '@shared/domain/money';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { autopilotPaths } from '@shared/contracts/autopilot';
import { channelMessages, channelsPaths } from '@shared/contracts/channels';
import type { Item } from '@shared/contracts/items';
import { listingChangePaths } from '@shared/contracts/listing-changes';
import { publishPaths } from '@shared/contracts/publish';
import { ebayPublishPaths } from '@shared/contracts/ebay-publish';
import type { Channel } from '@shared/domain/channel-listing';
import { channelListings, items } from '../db/schema';
import { listingSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { seedEbayFields } from '../test/ebay-listings';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { makeJpeg } from '../test/images';
import { drain, leviJeansPublishForm, writeLeviJeansListing } from '../test/listings';
import type { TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

/**
 * An item sold on one channel (here by hand, "Sold on Depop") is sold everywhere: no publish
 * path puts it up again, and every listing of it has one state (the eBay listing the sale ended: Ended on eBay).
 */
const setup = useFakeEbaySales('soldout');
const db = () => setup.t.deps.database.db;
/** Due a minute ago: the database's now() has microseconds the workers' clock has not, so a job at now() can wait a poll. */
const dueNow = () => Date.now() - 60_000;
const inject = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  setup.t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const listingOf = async (itemId: string, channel: Channel) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0];

async function recordLive(user: TestUser, itemId: string, channel: Channel) {
  const listed = await inject(user, 'POST', assistedPaths.listed(itemId, channel), { url: `https://www.depop.com/products/${itemId}/` });
  expect(listed.statusCode, listed.body).toBe(200);
}

async function soldOnDepop(user: TestUser, itemId: string) {
  const sale = await inject(user, 'POST', channelsPaths.sale(itemId, 'depop'), {
    price: money(2900),
    fees: money(0),
    soldAt: '2026-11-20',
  });
  expect(sale.statusCode, sale.body).toBe(201);
  return sale.json() as { endedElsewhere: number };
}

/** An item eBay's bulk publish takes as it is (listing written, price, category, aspects), never published. */
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
      aiGenerationStatus: 'completed',
      aiGeneratedAt: new Date(),
    })
    .where(eq(items.id, item.id));
  await seedEbayFields(db(), user.id, item.id, { categoryId: '11483', conditionGrade: 'good' });
  return item.id;
}

const idsOf = async (user: TestUser, query: string) =>
  ((await inject(user, 'GET', `/api/items?view=listings&${query}`)).json() as { items: { id: string }[] }).items.map((i) => i.id);

const publishOfferCalls = () => setup.fake.state.calls.filter((call) => call.operationId === 'publishOffer').length;
const activeListingsOf = (ebaySku: string) =>
  [...setup.fake.state.listings.values()].filter((listing) => listing.sku === ebaySku && listing.status === 'ACTIVE');

describe('an item live on eBay sells on Depop', () => {
  it('its eBay listing ends and shows as ended (not live, not forgotten); the item is sold, not published', async () => {
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'depop');

    expect((await soldOnDepop(user, itemId)).endedElsewhere).toBe(1);

    expect(activeListingsOf(ebaySku)).toEqual([]);
    expect(await listingOf(itemId, 'ebay')).toMatchObject({ status: 'ended', pendingChange: null });
    expect((await listingOf(itemId, 'ebay'))!.endedAt).not.toBeNull();
    const item = (await inject(user, 'GET', `/api/items/${itemId}`)).json() as Item;
    expect(ebayPublishStateOf(item)?.status).toBe('ended');
    expect(item.listings.map((l) => [l.channel, l.status])).toEqual([
      ['ebay', 'ended'],
      ['depop', 'sold'],
    ]);
    expect(item.sale).toMatchObject({ channel: 'depop', price: money(2900), quantity: 1 });

    expect(await idsOf(user, 'status=published')).toEqual([]);
    expect(await idsOf(user, 'channel=ebay')).toEqual([]);
    expect(await idsOf(user, 'status=listing_ready')).toEqual([]);
    expect(await idsOf(user, 'status=sold')).toEqual([itemId]);
  });

  it('every publish path refuses it with words, and nothing goes live again', async () => {
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'depop');
    await soldOnDepop(user, itemId);
    const published = publishOfferCalls();

    // Publish to eBay (one item, with a price set), and the eBay screen's bulk publish.
    const single = await inject(user, 'POST', publishPaths.publish(itemId), leviJeansPublishForm);
    expect(single.statusCode, single.body).toBe(409);
    expect(single.json().error.message).toBe(channelMessages.sold);
    const bulk = await inject(user, 'POST', ebayPublishPaths.bulk, { itemIds: [itemId] });
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect(bulk.json()).toMatchObject({ queued: [], alreadyQueued: [], refused: [{ itemId, message: channelMessages.sold }] });
    // "List on..." every kind of channel.
    const listOn = await inject(user, 'POST', channelsPaths.listings, { itemIds: [itemId], channels: ['ebay', 'etsy', 'poshmark'] });
    expect(listOn.statusCode, listOn.body).toBe(200);
    for (const outcome of listOn.json().channels) {
      expect(outcome, outcome.channel).toMatchObject({ queued: [], prepared: [], refused: [{ itemId, message: channelMessages.sold }] });
    }
    // An assisted channel's hand-over: neither prepared nor recorded as listed.
    for (const path of [assistedPaths.prepare(itemId, 'mercari'), assistedPaths.listed(itemId, 'mercari')]) {
      const answer = await inject(user, 'POST', path, path.endsWith('listed') ? { url: null } : undefined);
      expect(answer.statusCode, path).toBe(409);
      expect(answer.json().error.message).toBe(channelMessages.sold);
    }
    expect(await listingOf(itemId, 'mercari')).toBeUndefined();
    // Relist the ended eBay listing.
    const relist = await inject(user, 'POST', listingChangePaths.relist(itemId, 'ebay'));
    expect(relist.statusCode, relist.body).toBe(409);
    expect(relist.json().error.message).toBe(channelMessages.sold);
    // Publish when ready.
    const autopilot = await inject(user, 'POST', autopilotPaths.items, {
      itemIds: [itemId],
      rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null },
    });
    expect(autopilot.json().refused, autopilot.body).toEqual([expect.objectContaining({ itemId })]);

    await drain(setup.pool);
    expect(publishOfferCalls()).toBe(published);
    expect(activeListingsOf(ebaySku)).toEqual([]);
    expect(await listingOf(itemId, 'ebay')).toMatchObject({ status: 'ended' });
  });

  it('a publish or relist job queued before the sale publishes nothing after it', async () => {
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'depop');
    await soldOnDepop(user, itemId);
    const published = publishOfferCalls();

    // As a job waiting from before the sale would find it: the listing on its way, the job in the queue.
    await db()
      .update(channelListings)
      .set({ status: 'publishing' })
      .where(eq(channelListings.id, (await listingOf(itemId, 'ebay'))!.id));
    await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, 'ebay'), runAfterMs: dueNow() });
    await db().insert(channelListings).values({ userId: user.id, itemId, channel: 'etsy', status: 'publishing', priceMinor: 3000 });
    await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, 'etsy'), runAfterMs: dueNow() });
    await drain(setup.pool);

    expect(publishOfferCalls()).toBe(published);
    expect(activeListingsOf(ebaySku)).toEqual([]);
    for (const channel of ['ebay', 'etsy'] as const) {
      expect(await listingOf(itemId, channel), channel).toMatchObject({ status: 'failed', error: channelMessages.sold });
    }

    // A relist waiting from before the sale: dropped, nothing put up.
    await db()
      .update(channelListings)
      .set({ status: 'ended', error: null, pendingChange: 'relist', changeRequestedAt: new Date() })
      .where(eq(channelListings.id, (await listingOf(itemId, 'ebay'))!.id));
    await enqueue(db(), 'relist-listing', { userId: user.id, subject: listingSubject(itemId, 'ebay'), runAfterMs: dueNow() });
    await drain(setup.pool);
    expect(publishOfferCalls()).toBe(published);
    expect(await listingOf(itemId, 'ebay')).toMatchObject({ status: 'ended', pendingChange: null });
  });

  it('a product on autopilot that sells on Depop before its turn is not published on eBay', async () => {
    const user = await setup.connectedSeller();
    const itemId = await readyItem(user);
    const added = await inject(user, 'POST', autopilotPaths.items, {
      itemIds: [itemId],
      rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().added).toEqual([itemId]);
    await recordLive(user, itemId, 'depop');
    await soldOnDepop(user, itemId);

    await drain(setup.pool);

    expect(publishOfferCalls()).toBe(0);
    expect((await listingOf(itemId, 'ebay'))?.status).not.toBe('live');
  });
});

describe('the published filters', () => {
  it('"Listed on eBay" and Published hold only the items live on eBay now: not sold, not failed and never live', async () => {
    const user = await setup.connectedSeller();
    const live = await setup.publishedItem(user);
    const sold = await setup.publishedItem(user);
    setup.fake.state.sell(sold.ebaySku);
    expect((await setup.services.sales.pullSalesOf(user.id, 'ebay')).sold).toEqual([sold.itemId]);
    const failed = await readyItem(user);
    setup.fake.failPublish('missing-department');
    const publish = await inject(user, 'POST', publishPaths.publish(failed), leviJeansPublishForm);
    expect(publish.statusCode, publish.body).toBe(202);
    await drain(setup.pool);
    expect(await listingOf(failed, 'ebay')).toMatchObject({ status: 'failed', listedAt: null });

    expect(await idsOf(user, 'channel=ebay')).toEqual([live.itemId]);
    expect(await idsOf(user, 'status=published')).toEqual([live.itemId]);
    expect(await idsOf(user, 'status=sold')).toEqual([sold.itemId]);
    const soldItem = (await inject(user, 'GET', `/api/items/${sold.itemId}`)).json() as Item;
    expect(ebayPublishStateOf(soldItem)?.status).toBe('sold');
  });
});
