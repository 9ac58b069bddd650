import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelListings } from '../../../db/schema';
import { listingSubject } from '../../../jobs/job-subject';
import { enqueue } from '../../../jobs/queue';
import { ebayListingRow } from '../../../test/ebay-listings';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { drain } from '../../../test/listings';

/**
 * A kill -9 between eBay's answer to publishOffer and our commit. eBay has the listing live, our row
 * still says publishing; the publish job run again reads the offer (PUBLISHED, with its listing) and records it live,
 * without a second publishOffer.
 */
const setup = useFakeEbaySales('lostanswer');
const db = () => setup.t.deps.database.db;
const publishOfferCalls = () => setup.fake.state.calls.filter((call) => call.operationId === 'publishOffer').length;

describe('the publish job after eBay published but our commit was lost', () => {
  it('records the live listing eBay already has: one publishOffer, one listing, live here', async () => {
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    const live = await ebayListingRow(db(), itemId);
    expect(publishOfferCalls()).toBe(1);

    // As the crash left it: our row publishing with no listing, the job waiting to run again.
    await db()
      .update(channelListings)
      .set({ status: 'publishing', externalId: null, url: null })
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')));
    // Due a minute ago: the database's now() is finer than the workers' milliseconds, and the drain must find it due.
    await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(itemId, 'ebay'), runAfterMs: Date.now() - 60_000 });
    await drain(setup.pool);

    expect(publishOfferCalls()).toBe(1);
    const listings = [...setup.fake.state.listings.values()].filter((listing) => listing.sku === ebaySku);
    expect(listings).toEqual([expect.objectContaining({ status: 'ACTIVE', publishCount: 1, listingId: live!.listingId })]);
    expect(await ebayListingRow(db(), itemId)).toMatchObject({
      publishStatus: 'published',
      listingId: live!.listingId,
      listingUrl: live!.listingUrl,
      publishError: null,
    });
  });
});
