import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelsPaths, type DelistTasksResponse } from '@shared/contracts/channels';
import type { Item } from '@shared/contracts/items';
import { salesPathOf } from '@shared/contracts/sales';
import { channelModeMessages } from '@shared/domain/channel-mode';
import { money } from '@shared/domain/money';
import { channelListings } from '../db/schema';
import { connectedSeller, crosslistedItems, type RunningApp, type Seller } from '../test/crosslisted-items';
import { startFourMarketplaces, type FourMarketplaces } from '../test/four-marketplaces';

/**
 * One mode per seller and marketplace: Depop is by API for a seller who connected it (a sale elsewhere ends the Depop
 * product through Depop's API, and no delist task asks them to do it again by hand), and handed over for one who did
 * not (the sale elsewhere leaves a delist task for the listing they posted themselves).
 */
let four: FourMarketplaces;
let running: RunningApp;

beforeAll(async () => {
  four = await startFourMarketplaces('one-mode');
  running = four.running;
}, paced(120_000));
afterAll(() => four?.close());

const db = () => running.deps.database.db;
const inject = (seller: Seller, method: 'GET' | 'POST', url: string, payload?: object) =>
  running.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });

/** The item sells on Etsy and the seller checks for sales there (the pull every seller's Etsy sales come by). */
async function soldOnEtsy(seller: Seller, item: { itemId: string; sku: string }) {
  // A buyer's receipt for the newest listing of the SKU: this seller's, just listed.
  four.fakes.etsy.seedReceipt({ sku: item.sku, price: 30, shipping: 5 });
  const checked = await inject(seller, 'POST', salesPathOf('etsy'));
  expect(checked.statusCode, checked.body).toBe(200);
  // Recorded by this check or by the schedule's pull a moment before it.
  await expect.poll(async () => (await listingOf(item.itemId, 'etsy')).status, { timeout: paced(30_000), interval: 100 }).toBe('sold');
}

const listingOf = async (itemId: string, channel: 'etsy' | 'depop') =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0]!;
const depopListingOf = (itemId: string) => listingOf(itemId, 'depop');

describe('Depop by API for a seller who connected it, handed over for one who did not', () => {
  it(
    'an Etsy sale ends the live Depop product through its API, and leaves no delist task',
    async () => {
      const seller = await connectedSeller(running, four.fakes);
      const [item] = await crosslistedItems(running, seller, 1, ['ebay', 'etsy', 'depop']);
      const { itemId, sku } = item!;

      await soldOnEtsy(seller, item!);

      await expect.poll(async () => (await depopListingOf(itemId)).status, { timeout: paced(30_000), interval: 100 }).toBe('ended');
      const product = four.fakes.depop.snapshot().products.find((p) => p.sku === sku && p.sellerId === seller.depopSellerId);
      expect(product?.status).toBe('STATUS_MARKED_AS_SOLD');
      const tasks = (await inject(seller, 'GET', channelsPaths.delistTasks)).json() as DelistTasksResponse;
      expect(tasks.tasks).toEqual([]);
      const shown = (await inject(seller, 'GET', `/api/items/${itemId}`)).json() as Item;
      expect(shown.listings.find((listing) => listing.channel === 'depop')).toMatchObject({ status: 'ended', delistTask: false });

      // Its Depop sales come through the connection: none is recorded by hand, nor a hand-over step taken.
      const byHand = await inject(seller, 'POST', channelsPaths.sale(itemId, 'depop'), {
        price: money(2900),
        fees: money(0),
        soldAt: '2026-11-20',
      });
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json()).toMatchObject({ error: { code: 'CONFLICT', message: channelModeMessages.byApi('Depop') } });
      expect((await inject(seller, 'POST', assistedPaths.listed(itemId, 'depop'), { url: null })).statusCode).toBe(409);
    },
    paced(120_000),
  );

  it(
    'a seller without a Depop connection posts the hand-over themselves, and an Etsy sale leaves them a delist task',
    async () => {
      const seller = await connectedSeller(running, { ebay: four.fakes.ebay, etsy: four.fakes.etsy });
      const [item] = await crosslistedItems(running, seller, 1, ['ebay', 'etsy']);
      const { itemId } = item!;
      const url = `https://www.depop.com/products/${seller.id.slice(0, 8)}-levis-501/`;
      const listed = await inject(seller, 'POST', assistedPaths.listed(itemId, 'depop'), { url });
      expect(listed.statusCode, listed.body).toBe(200);

      await soldOnEtsy(seller, item!);

      // The eBay listing ended through its API, the Depop one the seller posted is theirs to take down.
      const tasksOf = async () => ((await inject(seller, 'GET', channelsPaths.delistTasks)).json() as DelistTasksResponse).tasks;
      await expect
        .poll(tasksOf, { timeout: paced(30_000), interval: 100 })
        .toEqual([expect.objectContaining({ itemId, channel: 'depop', url })]);
      const shown = (await inject(seller, 'GET', `/api/items/${itemId}`)).json() as Item;
      expect(shown.listings.find((listing) => listing.channel === 'depop')).toMatchObject({ status: 'live', delistTask: true });
      // Taken down by hand and ticked: the task is gone.
      expect((await inject(seller, 'POST', channelsPaths.delisted(itemId, 'depop'))).statusCode).toBeLessThan(300);
      expect(await tasksOf()).toEqual([]);
    },
    paced(120_000),
  );
});
