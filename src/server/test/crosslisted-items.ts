import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { channelsPaths, type ListOnChannelsResponse } from '@shared/contracts/channels';
import { depopPaths } from '@shared/contracts/depop';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { FakeDepop } from '../../../fakes/depop/depop-server';
import { SIZE_SETS } from '../../../fakes/depop/fake-depop-product-rules';
import type { FakeEbay } from '../../../fakes/ebay/ebay-server';
import type { FakeEtsy } from '../../../fakes/etsy/etsy-server';
import type { FakeShopify } from '../../../fakes/shopify/shopify-server';
import { closeDeps, composeDeps, startWorkers, type AppDeps } from '../compose';
import { loadConfig } from '../config';
import { channelAccounts, channelListings, items } from '../db/schema';
import { buildApp } from '../http/app';
import { connectFakeEbayAccount, fakeEbayEnv } from './fake-ebay-seller';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from './fake-etsy-seller';
import { makeJpeg } from './images';
import { leviJeansPublishForm, writeLeviJeansListing } from './listings';
import { consentForm } from './simulated-consent';
import { sessionCookie } from './test-app';
import { createItemWithPhotos } from './uploads';

/**
 * The cross-listing measurements (bench/sale-ends-elsewhere.ts, sales/sale-load.test.ts): the real app (its HTTP server,
 * workers and scheduled tasks, as `npm start` composes them) on a data folder, against the fake marketplaces, and a
 * seller whose items are live on several API channels, listed through the app's routes and services.
 */
export interface RunningApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Where the app listens (plain HTTP on loopback: what a TLS-terminating proxy at PUBLIC_URL forwards to). */
  url: string;
  close(): Promise<void>;
}

export interface Fakes {
  ebay: FakeEbay;
  etsy?: FakeEtsy;
  shopify?: FakeShopify;
  /** A fake Depop on a port (startFakeDepop): its consent page is fetched like a browser would. */
  depop?: FakeDepop;
}

/** The app's environment pointed at the fakes. */
export const fakesEnv = ({ ebay, etsy, shopify, depop }: Fakes): Record<string, string> => ({
  ...fakeEbayEnv(ebay),
  ...(etsy ? fakeEtsyEnv(etsy) : {}),
  ...(shopify ? { SHOPIFY_API_KEY: shopify.clientId, SHOPIFY_API_SECRET: shopify.clientSecret, SHOPIFY_SHOP_ORIGIN: shopify.url } : {}),
  ...(depop
    ? {
        DEPOP_CLIENT_ID: depop.clientId,
        DEPOP_CLIENT_SECRET: depop.clientSecret,
        DEPOP_WEBHOOK_SECRET: depop.webhookSecret,
        DEPOP_API_BASE: depop.url,
        DEPOP_OAUTH_BASE: depop.url,
      }
    : {}),
});

/** composeDeps, buildApp, listen and the workers: main.ts's order, in this process. */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000', ...env });
  const deps = await composeDeps(config);
  const app = await buildApp(deps);
  const workers = await startWorkers(deps, { role: 'server', log: app.log });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    deps,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await workers.stop();
      await closeDeps(deps);
    },
  };
}

export interface Seller {
  id: string;
  cookie: string;
  ebayUserId: string;
  shop?: string;
  /** The fake Depop's seller the consent made (its shop in dollars). */
  depopSellerId?: number;
}

let sellers = 0;

/**
 * A new seller signed up, connected to a new eBay user of the fake (ready to publish), to Etsy, to Shopify and to Depop
 * if given.
 */
export async function connectedSeller(running: RunningApp, fakes: Fakes): Promise<Seller> {
  const { app } = running;
  sellers += 1;
  const email = `crosslister-${process.pid}-${sellers}-${Date.now()}@example.com`;
  const password = 'correct-horse';
  const up = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: 'seller' } });
  if (up.statusCode !== 200) throw new Error(`sign-up: ${up.statusCode} ${up.body}`);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const cookie = sessionCookie(signIn);
  const id = (signIn.json() as { user: { id: string } }).user.id;
  const ebayUserId = `crosslister${process.pid}x${sellers}`;
  fakes.ebay.state.sellers.push({ userId: ebayUserId, username: `crosslister_${process.pid}_${sellers}` });
  await connectFakeEbayAccount(app, cookie, { ebayUserId, readyToPublish: true });
  if (fakes.etsy) {
    const etsy = await connectEtsyThroughApp(app, cookie);
    if (etsy.statusCode !== 200) throw new Error(`Etsy connect: ${etsy.statusCode}`);
    await running.deps.services.channels.etsy.account.setUpShop(id, etsyShopSetup);
  }
  let shop: string | undefined;
  if (fakes.shopify) {
    shop = `crosslister-${process.pid}-${sellers}.myshopify.com`;
    const start = await app.inject({ method: 'POST', url: channelsPaths.connect('shopify'), payload: { shop }, headers: { cookie } });
    if (start.statusCode !== 200) throw new Error(`Shopify connect: ${start.statusCode} ${start.body}`);
    const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const back = new URL(install.headers.get('location') ?? '');
    const callback = await app.inject({ method: 'GET', url: `${back.pathname}?${back.searchParams.toString()}`, headers: { cookie } });
    if (callback.headers.location !== '/channels') throw new Error(`Shopify callback: ${callback.statusCode} ${callback.body}`);
  }
  const depopSellerId = fakes.depop ? await connectDepop(running, cookie, id) : undefined;
  return { id, cookie, ebayUserId, shop, depopSellerId };
}

/**
 * Depop through the app's connect route (OAuth with PKCE): the fake's consent page fetched and allowed as the browser
 * does (a new US shop, in dollars as the items are), back to the Marketplaces screen, which posts the code.
 */
async function connectDepop(running: RunningApp, cookie: string, userId: string): Promise<number> {
  const { app } = running;
  const start = await app.inject({ method: 'POST', url: channelsPaths.connect('depop'), payload: {}, headers: { cookie } });
  if (start.statusCode !== 200) throw new Error(`Depop connect: ${start.statusCode} ${start.body}`);
  const consent = new URL((start.json() as { url: string }).url);
  const page = await fetch(consent);
  if (page.status !== 200) throw new Error(`Depop consent page: ${page.status}`);
  const form = consentForm({ body: await page.text() }, 'allow');
  form.set('country', 'US');
  const decision = await fetch(new URL(consent.pathname, consent), {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const back = new URL(decision.headers.get('location') ?? '');
  const done = await app.inject({
    method: 'POST',
    url: channelsPaths.connection('depop'),
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    headers: { cookie },
  });
  if (done.statusCode >= 300) throw new Error(`Depop connection: ${done.statusCode} ${done.body}`);
  const [account] = await running.deps.database.db
    .select({ accountRef: channelAccounts.accountRef })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, 'depop')));
  return Number(account!.accountRef);
}

export interface ListedItem {
  itemId: string;
  sku: string;
}

/**
 * `count` items of the seller's, each written and listed on every channel of `channels` (eBay through the publish
 * route, Etsy through its marketplace, Shopify and Depop through the channels route; the jobs run on the app's
 * workers), answered once every listing is live. What Depop asks that the item does not tell is written on its Depop
 * listing as the seller's Depop fields would: the jeans' size from the fake's size chart for jeans, and the shipping
 * price a buyer in the shop's country pays.
 */
export async function crosslistedItems(running: RunningApp, seller: Seller, count: number, channels: ApiChannel[]): Promise<ListedItem[]> {
  const { app, deps } = running;
  const db = deps.database.db;
  const headers = { cookie: seller.cookie };
  const photo = await makeJpeg(64, 48);
  const listed: ListedItem[] = [];
  for (let i = 0; i < count; i++) {
    const { item } = await createItemWithPhotos(app, seller.cookie, [{ name: 'front.jpg', bytes: photo }]);
    await writeLeviJeansListing(db, item.id);
    await db.update(items).set({ category: 'Mens Jeans', brand: "Levi's", aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
    if (channels.includes('ebay')) {
      const answer = await app.inject({ method: 'POST', url: `/api/items/${item.id}/publish`, payload: leviJeansPublishForm, headers });
      if (answer.statusCode !== 202) throw new Error(`eBay publish: ${answer.statusCode} ${answer.body}`);
    }
    if (channels.includes('etsy')) {
      await deps.services.channels.etsy.marketplace.saveWhenMade(seller.id, item.id, '1990s');
      await deps.services.channels.etsy.marketplace.publish(seller.id, item.id);
    }
    if (channels.includes('depop')) {
      const jeans = SIZE_SETS.find((set) => set.productTypes.includes('jeans'))!;
      const answer = await app.inject({
        method: 'PUT',
        url: depopPaths.itemAnswers.replace(':id', item.id),
        payload: {
          productType: null,
          sizeSetId: jeans.id,
          sizeId: jeans.sizes[0]!,
          nationalShipping: { amountMinor: 500, currency: 'USD' },
        },
        headers,
      });
      if (answer.statusCode !== 200) throw new Error(`Depop's fields: ${answer.statusCode} ${answer.body}`);
    }
    const routed = channels.filter((channel) => channel === 'shopify' || channel === 'depop');
    if (routed.length) {
      const answer = await app.inject({
        method: 'POST',
        url: channelsPaths.listings,
        payload: { itemIds: [item.id], channels: routed },
        headers,
      });
      if (answer.statusCode !== 200) throw new Error(`${routed.join(' and ')} listing: ${answer.statusCode} ${answer.body}`);
      const refused = (answer.json() as ListOnChannelsResponse).channels.filter((outcome) => outcome.refused.length);
      if (refused.length) throw new Error(`listing refused: ${JSON.stringify(refused)}`);
    }
    listed.push({ itemId: item.id, sku: item.sku });
  }
  const ids = listed.map((l) => l.itemId);
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const rows = await db
      .select({ status: channelListings.status, channel: channelListings.channel })
      .from(channelListings)
      .where(and(inArray(channelListings.itemId, ids), inArray(channelListings.channel, channels)));
    const live = rows.filter((r) => r.status === 'live').length;
    const failed = rows.filter((r) => r.status === 'failed');
    if (failed.length) throw new Error(`${failed.length} listings failed: ${failed.map((f) => f.channel).join(', ')}`);
    if (live === ids.length * channels.length) return listed;
    if (Date.now() > deadline) throw new Error(`${live} of ${ids.length * channels.length} listings live after 20 min`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each item's listing status per channel (the app's rows, written once the marketplace answered). */
export async function listingStatuses(deps: AppDeps, itemIds: string[]): Promise<Map<string, Map<string, string>>> {
  const rows = await deps.database.db
    .select({ itemId: channelListings.itemId, channel: channelListings.channel, status: channelListings.status })
    .from(channelListings)
    .where(inArray(channelListings.itemId, itemIds));
  const of = new Map<string, Map<string, string>>();
  for (const row of rows) of.set(row.itemId, (of.get(row.itemId) ?? new Map<string, string>()).set(row.channel, row.status));
  return of;
}
