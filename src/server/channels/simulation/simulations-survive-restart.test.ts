import { paced } from '@shared/testing/pace';
/**
 * The simulated marketplaces survive a restart (decision 188): a newcomer connects every simulated marketplace of the
 * registry, lists an item on each, and the server stops; a server started again on the same DATA_DIR (its database
 * and its simulations' files) still holds the connections (the stored tokens work: nothing asks to reconnect), every
 * listing is still live there and "Simulate a sale" sells it, the sale reaching the app; listings made after the
 * restart get ids of their own.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Item } from '@shared/contracts/items';
import type { ChannelConnectionsResponse } from '@shared/contracts/channels';
import { depopPaths } from '@shared/contracts/depop';
import { salesPaths, simulatedSalePath } from '@shared/contracts/sales';
import { shopifyPaths } from '@shared/contracts/shopify';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { SIMULATED_ETSY_SALE_ROUTE } from '@shared/domain/simulated-etsy';
import { channelAccounts, channelListings } from '../../db/schema';
import { crosslistedItems, startApp, type RunningApp, type Seller } from '../../test/crosslisted-items';
import { setUpFakeSellerPolicies } from '../../test/fake-ebay-seller';
import { etsyShopSetup } from '../../test/fake-etsy-seller';
import { connectSimulated } from '../../test/simulated-consent';
import { sessionCookie } from '../../test/test-app';
import { registeredChannels } from '../registry';

/** Each channel's "Simulate a sale" route: a channel added to the registry adds its own here. */
const simulatedSaleRoutes: Record<ApiChannel, string> = {
  ebay: salesPaths.simulatedSale,
  etsy: SIMULATED_ETSY_SALE_ROUTE,
  shopify: shopifyPaths.simulatedSale,
  depop: depopPaths.simulatedSale,
};

const channels = registeredChannels.map((module) => module.name);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-simulations-restart-'));
// No marketplace keys: every simulation runs, as on `npm start`; the app's own workers run the listing jobs.
const env = { DATA_DIR: dataDir, WORKERS: '2', PUBLIC_URL: 'http://localhost:3000' };
let running: RunningApp | null = null;

afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(app: RunningApp['app']): Promise<Seller> {
  const credentials = { email: `restarted-${process.pid}-${Date.now()}@example.com`, password: 'correct-horse' };
  const up = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { ...credentials, name: 'seller' } });
  expect(up.statusCode, up.body).toBe(200);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: credentials });
  return { id: (signIn.json() as { user: { id: string } }).user.id, cookie: sessionCookie(signIn), ebayUserId: '' };
}

async function connections(app: RunningApp['app'], cookie: string) {
  const answer = await app.inject({ method: 'GET', url: '/api/channels', headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ChannelConnectionsResponse;
}

const storedAccounts = async (run: RunningApp, userId: string) =>
  run.deps.database.db.select().from(channelAccounts).where(eq(channelAccounts.userId, userId)).orderBy(channelAccounts.channel);

const externalIds = async (run: RunningApp, channel: ApiChannel) =>
  (
    await run.deps.database.db
      .select({ externalId: channelListings.externalId })
      .from(channelListings)
      .where(eq(channelListings.channel, channel))
  )
    .map((row) => row.externalId)
    .filter((id): id is string => id !== null);

describe('the simulated marketplaces after a restart', () => {
  it(
    'keep every connection and live listing: the stored tokens work, a simulated sale sells and reaches the app, new ids are new',
    async () => {
      expect(channels.length).toBeGreaterThan(0);
      running = await startApp(env);
      for (const channel of channels) expect(running.deps.channelSetups[channel].simulated, channel).toBe(true);
      const seller = await signUp(running.app);
      for (const channel of channels) {
        await connectSimulated(running.app, seller.cookie, channel);
        if (channel === 'ebay') await setUpFakeSellerPolicies(running.app, seller.cookie);
        if (channel === 'etsy') await running.deps.services.channels.etsy.account.setUpShop(seller.id, etsyShopSetup);
      }
      // One item live on each marketplace (an item sold on one is ended on the others).
      const listed = new Map<ApiChannel, string>();
      for (const channel of channels) listed.set(channel, (await crosslistedItems(running, seller, 1, [channel]))[0]!.itemId);
      const accountsBefore = await storedAccounts(running, seller.id);
      expect(accountsBefore.map((a) => a.channel).sort()).toEqual([...channels].sort());
      const idsBefore = new Map(await Promise.all(channels.map(async (c) => [c, await externalIds(running!, c)] as const)));

      await running.close();
      running = null;
      // Each simulation left its state in DATA_DIR/simulations.
      expect(readdirSync(path.join(dataDir, 'simulations')).sort()).toEqual(channels.map((c) => `${c}.v8`).sort());
      running = await startApp(env);

      // The same stored tokens (no reconnect asked), and every connection still connected.
      expect(await storedAccounts(running, seller.id)).toEqual(accountsBefore);
      const after = await connections(running.app, seller.cookie);
      for (const channel of channels) expect(after.channels.find((c) => c.channel === channel)?.status, channel).toBe('connected');

      // Each listing is still live on its simulation: "Simulate a sale" sells it, and the sale reaches the app.
      for (const channel of channels) {
        const itemId = listed.get(channel)!;
        const sold = await running.app.inject({
          method: 'POST',
          url: simulatedSalePath(simulatedSaleRoutes[channel], itemId),
          headers: { cookie: seller.cookie },
        });
        expect(sold.statusCode, `${channel}: ${sold.body}`).toBe(200);
        const deadline = Date.now() + 30_000;
        let item: Item;
        do {
          item = (
            await running.app.inject({ method: 'GET', url: `/api/items/${itemId}`, headers: { cookie: seller.cookie } })
          ).json() as Item;
          if (item.sale) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        } while (Date.now() < deadline);
        expect(item.sale, channel).toMatchObject({ channel });
      }

      // Listings made after the restart (with the same stored tokens) take ids no restored listing has.
      for (const channel of channels) await crosslistedItems(running, seller, 1, [channel]);
      for (const channel of channels) {
        const ids = await externalIds(running, channel);
        expect(ids.length, channel).toBe(idsBefore.get(channel)!.length + 1);
        expect(new Set(ids).size, `${channel}: ${ids.join(', ')}`).toBe(ids.length);
      }
    },
    paced(600_000),
  );
});
