import { paced } from '@shared/testing/pace';
/**
 * Every API marketplace of the registry, against its simulation (the fakes answer a token ended or revoked early as
 * the marketplace's document has it): a call after the marketplace ended the access token before its time refreshes
 * it once and goes through; a refused refresh (or, where nothing refreshes, a refused token) leaves the connection
 * for the seller to make again, said in words on the Marketplaces screen and by "Check for sales". A fifth
 * marketplace gets these by registering (and saying how its simulation connects, below).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotPaths, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { channelsPaths, type ChannelConnectionStatus } from '@shared/contracts/channels';
import { depopMessages, depopPaths } from '@shared/contracts/depop';
import { salesPathOf } from '@shared/contracts/sales';
import { salesCheckMessages } from '@shared/domain/sales';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { channelAccounts, channelListings, items, sales } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { setUpFakeSellerPolicies } from '../test/fake-ebay-seller';
import { makeJpeg } from '../test/images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../test/listings';
import { connectSimulated } from '../test/simulated-consent';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import type { ChannelSetup } from './channel-module';
import { registeredChannels } from './registry';

let t: TestApp;
let pool: WorkerPool;
beforeAll(async () => {
  t = await createTestApp(Object.fromEntries(registeredChannels.map((channel) => [channel.config.simulationEnv, 'auto'])));
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

/** How each marketplace's simulation is connected, as the browser does it; the compiler asks a new one for its line. */
const connect: Record<ApiChannel, (user: TestUser) => Promise<void>> = {
  ebay: (user) => connectSimulated(t.app, user.cookie, 'ebay'),
  etsy: (user) => connectSimulated(t.app, user.cookie, 'etsy'),
  shopify: (user) => connectSimulated(t.app, user.cookie, 'shopify'),
  depop: (user) => connectSimulated(t.app, user.cookie, 'depop'),
};

const accountOf = async (user: TestUser, channel: ApiChannel) =>
  (
    await db()
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, channel)))
  )[0]!;

/** The simulation's hold on the seller's tokens there. */
async function simulatedTokens(user: TestUser, channel: ApiChannel) {
  const setup = (t.deps.channelSetups as Record<ApiChannel, ChannelSetup>)[channel];
  const { accountRef } = await accountOf(user, channel);
  return { endEarly: () => setup.simulation!.tokens.endEarly(accountRef), revoke: () => setup.simulation!.tokens.revoke(accountRef) };
}

const statusOf = async (user: TestUser, channel: ApiChannel) =>
  ((await api(user, 'GET', channelsPaths.all)).json() as { channels: ChannelConnectionStatus[] }).channels.find(
    (c) => c.channel === channel,
  )!;

describe.each(registeredChannels.map((module) => [module.label, module.name] as const))(
  '%s: a token the marketplace ends early',
  (label, channel) => {
    it('is refreshed once and the call goes through (where the token cannot be refreshed: reconnect, in words)', async () => {
      const user = await t.makeUser();
      await connect[channel](user);
      expect((await api(user, 'POST', salesPathOf(channel))).statusCode).toBe(200);
      const before = await accountOf(user, channel);
      (await simulatedTokens(user, channel)).endEarly();

      const check = await api(user, 'POST', salesPathOf(channel));
      if (before.refreshToken === null) {
        // An offline token (Shopify's) has nothing to refresh it: the seller connects again, and is told so.
        expect(check.statusCode).toBe(409);
        expect(check.json().error.message).toMatch(/connect/i);
        expect(check.json().error.message).toContain(label);
        expect((await statusOf(user, channel)).status).toBe('expired');
        return;
      }
      expect(check.statusCode, check.body).toBe(200);
      const refreshed = await accountOf(user, channel);
      expect(refreshed.accessToken).not.toBe(before.accessToken);
      // Once: the next call uses the new token as it is.
      expect((await api(user, 'POST', salesPathOf(channel))).statusCode).toBe(200);
      expect((await accountOf(user, channel)).accessToken).toBe(refreshed.accessToken);
      expect((await statusOf(user, channel)).status).toBe('connected');
    });

    it('a refused refresh leaves the connection to be made again, said on the Marketplaces screen and by Check for sales', async () => {
      const user = await t.makeUser();
      await connect[channel](user);
      const tokens = await simulatedTokens(user, channel);
      tokens.revoke();
      tokens.endEarly();

      const check = await api(user, 'POST', salesPathOf(channel));
      expect(check.statusCode).toBe(409);
      const said = (check.json() as { error: { message: string } }).error.message;
      expect(said).not.toBe(salesCheckMessages.failed);
      expect(said).not.toMatch(/try again/i);
      expect(said).toContain(label);
      expect(said).toMatch(/connect/i);
      expect(await statusOf(user, channel)).toMatchObject({ status: 'expired', salesReadable: false });
      // Said the same way the next time, without asking the marketplace again.
      expect((await api(user, 'POST', salesPathOf(channel))).json().error.message).toBe(said);
    });
  },
);

describe.each(registeredChannels.map((module) => [module.label, module.name] as const))(
  '%s: a product on autopilot when the marketplace no longer takes the connection',
  (label, channel) => {
    it('waits at once, saying to connect again (never "just now"), and is checked again once the seller does', async () => {
      const user = await t.makeUser();
      await connect[channel](user);
      const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
      await writeLeviJeansListing(db(), item.id);
      await db().update(items).set({ category: 'Mens Jeans', brand: 'Levi’s', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
      const tokens = await simulatedTokens(user, channel);
      tokens.revoke();
      tokens.endEarly();
      // The marketplace refused the refresh (here at a Check for sales; else at the next pull): reconnect, in words.
      expect((await api(user, 'POST', salesPathOf(channel))).statusCode).toBe(409);

      const rule = { channels: [channel], priceBasis: 'ai', percent: 0, floor: null };
      const added = await api(user, 'POST', autopilotPaths.items, { itemIds: [item.id], rule });
      expect(added.statusCode, added.body).toBe(200);
      await drain(pool);
      const reasonsNow = async () => {
        const run = (await api(user, 'GET', autopilotPaths.run)).json() as AutopilotRunResponse;
        return run.run!.review.find((waiting) => waiting.itemId === item.id)?.reasons.filter((r) => r.channel === channel) ?? null;
      };
      const waiting = await reasonsNow();
      const connectAgain = waiting?.find((reason) => /connect/i.test(reason.message));
      expect(connectAgain, JSON.stringify(waiting)).toMatchObject({ code: 'refused', channel });
      expect(connectAgain!.message).toContain(label);
      expect(JSON.stringify(waiting)).not.toMatch(/just now|try again/i);

      // The seller connects again: the product is checked again without a tap, and no longer asks for the connection.
      await connect[channel](user);
      await drain(pool);
      expect(JSON.stringify(await reasonsNow())).not.toContain(connectAgain!.message);
    });
  },
);

describe('Depop refuses the refresh', () => {
  it('a listing sent then says on its card, in words, to connect the shop again', async () => {
    const user = await t.makeUser();
    await connect.depop(user);
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(db(), item.id);
    await db().update(items).set({ category: 'Mens Jeans', brand: 'Levi’s', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
    const answers = await api(user, 'PUT', depopPaths.itemAnswers.replace(':id', item.id), {
      productType: null,
      sizeSetId: 60,
      sizeId: 28,
      nationalShipping: { amountMinor: 350, currency: 'USD' },
    });
    expect(answers.statusCode, answers.body).toBe(200);
    const tokens = await simulatedTokens(user, 'depop');
    tokens.revoke();
    tokens.endEarly();
    expect((await api(user, 'POST', channelsPaths.listings, { itemIds: [item.id], channels: ['depop'] })).statusCode).toBe(200);
    await drain(pool);
    const [row] = await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, item.id), eq(channelListings.channel, 'depop')));
    expect(row).toMatchObject({ error: depopMessages.expired });
    expect(row!.status).not.toBe('live');
  });
});

describe('Depop ends the token early while an item is live on Depop and eBay', () => {
  /** A seller on Depop and eBay with one item live on both; Depop's token then ended early. */
  async function liveOnDepopAndEbay() {
    const user = await t.makeUser();
    await connect.ebay(user);
    await setUpFakeSellerPolicies(t.app, user.cookie);
    await connect.depop(user);
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(db(), item.id);
    await db().update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
    expect((await api(user, 'POST', `/api/items/${item.id}/publish`, leviJeansPublishForm)).statusCode).toBe(202);
    const answers = await api(user, 'PUT', depopPaths.itemAnswers.replace(':id', item.id), {
      productType: null,
      // Waist 32, as the eBay listing says.
      sizeSetId: 60,
      sizeId: 28,
      nationalShipping: { amountMinor: 350, currency: 'USD' },
    });
    expect(answers.statusCode, answers.body).toBe(200);
    expect((await api(user, 'POST', channelsPaths.listings, { itemIds: [item.id], channels: ['depop'] })).statusCode).toBe(200);
    await drain(pool);
    expect(await listingStatus(item.id)).toEqual({ ebay: 'live', depop: 'live' });
    const depopSellerId = Number((await accountOf(user, 'depop')).accountRef);
    (await simulatedTokens(user, 'depop')).endEarly();
    return { user, item, depopSellerId };
  }

  const listingStatus = async (itemId: string) =>
    Object.fromEntries(
      (await db().select().from(channelListings).where(eq(channelListings.itemId, itemId))).map((row) => [row.channel, row.status]),
    );
  const depopSales = (user: TestUser) =>
    db()
      .select()
      .from(sales)
      .where(and(eq(sales.userId, user.id), eq(sales.channel, 'depop')));
  const simulatedDepop = () => t.deps.channelSetups.depop.simulation!;

  it('a sale Depop pushes is recorded and the eBay listing is ended', async () => {
    const { user, item, depopSellerId } = await liveOnDepopAndEbay();
    expect(await simulatedDepop().buy(depopSellerId, item.sku)).not.toBeNull();
    expect(await depopSales(user)).toHaveLength(1);
    await drain(pool);
    expect(await listingStatus(item.id)).toMatchObject({ depop: 'sold', ebay: expect.not.stringMatching(/^live$/) });
  });

  it('a sale Check for sales pulls is recorded and the eBay listing is ended', async () => {
    const { user, item, depopSellerId } = await liveOnDepopAndEbay();
    simulatedDepop().fake.configure({ webhookUrl: '' });
    try {
      expect(await simulatedDepop().buy(depopSellerId, item.sku)).not.toBeNull();
    } finally {
      simulatedDepop().fake.configure({ webhookUrl: `${t.deps.config.publicUrl}${depopPaths.webhooks}` });
    }
    const check = await api(user, 'POST', salesPathOf('depop'));
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ newSales: 1, soldItemIds: [item.id] });
    await drain(pool);
    expect(await depopSales(user)).toHaveLength(1);
    expect(await listingStatus(item.id)).toMatchObject({ depop: 'sold', ebay: expect.not.stringMatching(/^live$/) });
  });
});
