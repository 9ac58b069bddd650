import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelsPaths, type DelistTasksResponse } from '@shared/contracts/channels';
import type { Item } from '@shared/contracts/items';
import { salesPathOf } from '@shared/contracts/sales';
import { channelModeMessages } from '@shared/domain/channel-mode';
import { money } from '@shared/domain/money';
import { channelAccounts, channelListings } from '../db/schema';
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
}, 120_000);
afterAll(() => four?.close());

const db = () => running.deps.database.db;
const inject = (seller: Seller, method: 'GET' | 'POST', url: string, payload?: object) =>
  running.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });

async function etsyShopOf(seller: Seller): Promise<number> {
  const [row] = await db()
    .select({ ref: channelAccounts.accountRef })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.userId, seller.id), eq(channelAccounts.channel, 'etsy')));
  return Number(row!.ref);
}

/** The item sells on Etsy and the seller checks for sales there (the pull every seller's Etsy sales come by). */
async function soldOnEtsy(seller: Seller, sku: string) {
  four.fakes.etsy.seedReceipt({ sku, price: 30, shipping: 5, shopId: await etsyShopOf(seller) });
  const checked = await inject(seller, 'POST', salesPathOf('etsy'));
  expect(checked.statusCode, checked.body).toBe(200);
}

const depopListingOf = async (itemId: string) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'depop')))
  )[0]!;

describe('Depop by API for a seller who connected it, handed over for one who did not', () => {
  it('an Etsy sale ends the live Depop product through its API, and leaves no delist task', async () => {
    const seller = await connectedSeller(running, four.fakes);
    const [item] = await crosslistedItems(running, seller, 1, ['ebay', 'etsy', 'depop']);
    const { itemId, sku } = item!;

    await soldOnEtsy(seller, sku);

    await expect.poll(async () => (await depopListingOf(itemId)).status, { timeout: 30_000, interval: 100 }).toBe('ended');
    const product = four.fakes.depop.snapshot().products.find((p) => p.sku === sku && p.sellerId === seller.depopSellerId);
    expect(product?.status).toBe('sold');
    const tasks = (await inject(seller, 'GET', channelsPaths.delistTasks)).json() as DelistTasksResponse;
    expect(tasks.tasks).toEqual([]);
    const shown = (await inject(seller, 'GET', `/api/items/${itemId}`)).json() as Item;
    expect(shown.listings.find((listing) => listing.channel === 'depop')).toMatchObject({ status: 'ended', delistTask: false });

    // Its Depop sales come through the connection: none is recorded by hand, nor a hand-over step taken.
    const byHand = await inject(seller, 'POST', channelsPaths.sale(itemId, 'depop'), { price: money(2900), fees: money(0), soldAt: '2026-11-20' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json()).toMatchObject({ message: channelModeMessages.byApi('Depop') });
    expect((await inject(seller, 'POST', assistedPaths.listed(itemId, 'depop'), { url: null })).statusCode).toBe(409);
  }, 120_000);

  it('a seller without a Depop connection posts the hand-over themselves, and an Etsy sale leaves them a delist task', async () => {
    const seller = await connectedSeller(running, { ebay: four.fakes.ebay, etsy: four.fakes.etsy });
    const [item] = await crosslistedItems(running, seller, 1, ['ebay', 'etsy']);
    const { itemId, sku } = item!;
    const url = `https://www.depop.com/products/${seller.id.slice(0, 8)}-levis-501/`;
    const listed = await inject(seller, 'POST', assistedPaths.listed(itemId, 'depop'), { url });
    expect(listed.statusCode, listed.body).toBe(200);

    await soldOnEtsy(seller, sku);

    const tasks = (await inject(seller, 'GET', channelsPaths.delistTasks)).json() as DelistTasksResponse;
    expect(tasks.tasks).toEqual([expect.objectContaining({ itemId, channel: 'depop', url })]);
    const shown = (await inject(seller, 'GET', `/api/items/${itemId}`)).json() as Item;
    expect(shown.listings.find((listing) => listing.channel === 'depop')).toMatchObject({ status: 'live', delistTask: true });
    // Taken down by hand and ticked: the task is gone.
    expect((await inject(seller, 'POST', channelsPaths.delisted(itemId, 'depop'))).statusCode).toBeLessThan(300);
    expect(((await inject(seller, 'GET', channelsPaths.delistTasks)).json() as DelistTasksResponse).tasks).toEqual([]);
  }, 120_000);
});
