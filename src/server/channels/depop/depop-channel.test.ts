import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelsPaths } from '@shared/contracts/channels';
import { depopMessages, depopPaths } from '@shared/contracts/depop';
import { sellerRegionRoutes } from '@shared/contracts/seller-region';
import { sumMoney } from '@shared/domain/money';
import { channelAccounts, channelListings, items, jobs } from '../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { drain, silentLog } from '../../test/listings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { depopPreflightMessages } from './depop-preflight';
import { depopWebhookSignature } from './webhooks/verify-signature';
import { depopTestKit } from '../../test/depop-seller';

/**
 * Depop as an API channel, end to end against the simulated Depop the server runs in-process without keys (the
 * contract-checked fake of fakes/depop): connect and disconnect through the one OAuth module, publish, revise and end
 * by SKU, the webhook (signed, or refused), the orders pull that reconciles, refunds and fees.
 */
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  t = await createTestApp({ DEPOP_SIMULATION: 'auto' });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  expect(fake().contractViolations).toEqual([]);
});

const { depop, fake, db, api, connectedSeller, readyItem, liveOnDepop, listingOf, salesOf, productOf } = depopTestKit(
  () => t,
  () => pool,
);

describe('Depop, registered', () => {
  it('runs the simulated Depop in-process without keys, labelled simulated', async () => {
    const user = await t.makeUser();
    const list = (await api(user, 'GET', channelsPaths.all)).json() as {
      channels: { channel: string; simulated: boolean; status: string }[];
    };
    expect(list.channels.find((c) => c.channel === 'depop')).toMatchObject({ simulated: true, status: 'not-connected' });
  });
});

describe('connecting a Depop shop', () => {
  it('connects through OAuth with PKCE, keeps the tokens encrypted, and disconnects', async () => {
    const { user } = await connectedSeller();
    const [account] = await db()
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, 'depop')));
    expect(account!.accessToken).not.toMatch(/^pat_/);
    expect(account!.refreshToken).not.toMatch(/^prt_/);
    const list = (await api(user, 'GET', channelsPaths.all)).json() as { channels: { channel: string; status: string }[] };
    expect(list.channels.find((c) => c.channel === 'depop')).toMatchObject({ status: 'connected' });
    const end = await api(user, 'DELETE', channelsPaths.connection('depop'));
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toMatchObject({ message: depopMessages.disconnected });
    const after = (await api(user, 'GET', channelsPaths.all)).json() as { channels: { channel: string; status: string }[] };
    expect(after.channels.find((c) => c.channel === 'depop')).toMatchObject({ status: 'not-connected' });
  });

  it('the consent page starts on the Depop site of the seller’s own country: US for a US seller, UK for a British one', async () => {
    const siteChosen = async (country: string | null) => {
      const user = await t.makeUser();
      if (country) expect((await api(user, 'PUT', sellerRegionRoutes.region, { country })).statusCode).toBe(200);
      const consent = new URL(((await api(user, 'POST', channelsPaths.connect('depop'), {})).json() as { url: string }).url);
      const page = await api(user, 'GET', `${consent.pathname}${consent.search}`);
      expect(page.statusCode, page.body).toBe(200);
      return /<option value="(\w+)" selected>([^<]+)</.exec(page.body)?.[2];
    };
    expect(await siteChosen(null)).toBe('Depop US (prices in USD)');
    expect(await siteChosen('GB')).toBe('Depop UK (prices in GBP)');
    expect(await siteChosen('CA')).toBe('Depop US (prices in USD)');
  });

  it('refreshes an access token near its end before using it', async () => {
    const { user } = await connectedSeller();
    await db()
      .update(channelAccounts)
      .set({ accessExpiresAt: new Date(Date.now() + 1000) })
      .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, 'depop')));
    const before = fake().calls.exchangeToken ?? 0;
    const s = await depop().account.session(user.id);
    expect((await s.client.getShop(s.accessToken)).countryCode).toBe('US');
    expect(fake().calls.exchangeToken).toBe(before + 1);
  });
});

describe('the Depop listing', () => {
  it('names what the seller must fill before anything is sent', async () => {
    const { user } = await connectedSeller();
    const item = await readyItem(user, { shipping: false, size: false });
    const preflight = await t.deps.services.marketplaces.depop.preflight(user.id, item.id);
    expect(preflight.checked).toBe(true);
    expect(preflight.problems.map((p) => p.message)).toEqual([
      'Choose the item’s Depop size: Depop sizes tops by its own size chart.',
      depopPreflightMessages.shipping,
    ]);
    const calls = { ...fake().calls };
    const listed = (await api(user, 'POST', channelsPaths.listings, { itemIds: [item.id], channels: ['depop'] })).json();
    expect(JSON.stringify(listed)).toContain('Choose the item’s Depop size');
    expect(fake().calls.createOrUpdateProduct ?? 0).toBe(calls.createOrUpdateProduct ?? 0);
  });

  it('saving Depop’s own fields of a live product revises it there, to the new size and shipping', async () => {
    const { user } = await connectedSeller();
    const item = await readyItem(user);
    const row = await liveOnDepop(user, item.id);
    expect(productOf(row)).toMatchObject({ sizeIds: [5] });
    const saved = await api(user, 'PUT', depopPaths.itemAnswers.replace(':id', item.id), {
      productType: null,
      sizeSetId: 52,
      sizeId: 6,
      nationalShipping: { amountMinor: 450, currency: 'USD' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await drain(pool);
    expect(productOf(row)).toMatchObject({
      status: 'STATUS_ONSALE',
      sizeIds: [6],
      nationalShipping: { amountMinor: 450, currency: 'USD' },
    });
    expect(await listingOf(item.id, 'depop')).toMatchObject({ status: 'live', pendingChange: null });
  });

  it('publishes by SKU with the mapped fields, revises it in place, and deletes it to end it', async () => {
    const { user } = await connectedSeller();
    const item = await readyItem(user);
    const row = await liveOnDepop(user, item.id);
    const product = productOf(row)!;
    expect(product).toMatchObject({ status: 'STATUS_ONSALE', department: 'menswear', productType: 'tops', condition: 'used_good' });
    expect(product.sku).toBe(item.sku);
    // Its link leads to the simulated Depop's page under the app's address, labelled simulated.
    const page = await t.app.inject({ method: 'GET', url: new URL(row.url!).pathname });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Simulated Depop');
    await db().update(items).set({ askingPriceMinor: 5500 }).where(eq(items.id, item.id));
    await db().update(channelListings).set({ priceMinor: 5500 }).where(eq(channelListings.id, row.id));
    await t.deps.services.marketplaces.depop.revise(user.id, item.id);
    expect(productOf(row)!.price).toEqual({ amountMinor: 5500, currency: 'USD' });
    expect(
      fake()
        .snapshot()
        .products.filter((p) => p.sku === item.sku && p.sellerId === product.sellerId),
    ).toHaveLength(1);
    const ended = await t.deps.services.marketplaces.depop.end(user.id, [item.id], { itemsGo: false });
    expect(ended.ended).toEqual([item.id]);
    expect(productOf(row)!.status).toBe('STATUS_DELETED');
  });

  it('marks the product sold on Depop when the item sold on another channel', async () => {
    const { user } = await connectedSeller();
    const item = await readyItem(user);
    const row = await liveOnDepop(user, item.id);
    // Sold elsewhere (a Vinted sale the seller recorded): the one sale-ends path ends the rest.
    await db().insert(channelListings).values({ userId: user.id, itemId: item.id, channel: 'vinted', status: 'sold', currency: 'USD' });
    const before = fake().calls.markProductAsSold ?? 0;
    expect(await t.deps.services.sales.endElsewhereNow(user.id)).toBe(1);
    expect(fake().calls.markProductAsSold).toBe(before + 1);
    expect(productOf(row)!.status).toBe('STATUS_MARKED_AS_SOLD');
    expect(await listingOf(item.id, 'depop')).toMatchObject({ status: 'ended' });
  });
});

describe('sold on Depop', () => {
  async function liveOnDepopAndVinted() {
    const { user, depopSellerId } = await connectedSeller();
    const item = await readyItem(user);
    await liveOnDepop(user, item.id);
    const vinted = await api(user, 'POST', assistedPaths.listed(item.id, 'vinted'), { url: `https://www.vinted.com/items/${Date.now()}` });
    expect(vinted.statusCode, vinted.body).toBe(200);
    return { user, depopSellerId, item };
  }

  it('a simulated sale arrives by the signed webhook: recorded once, fees from the breakdown, the other listings ended', async () => {
    const { user, item } = await liveOnDepopAndVinted();
    const answer = await api(user, 'POST', depopPaths.simulatedSale.replace(':itemId', item.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ newSales: 1, soldItemIds: [item.id] });
    const [sale] = await salesOf(user.id);
    expect(sale).toMatchObject({ channel: 'depop', itemId: item.id, priceMinor: 6000, shippingChargedMinor: 350, cancelledAt: null });
    expect(await listingOf(item.id, 'depop')).toMatchObject({ status: 'sold' });
    const order = fake()
      .snapshot()
      .orders.find((o) => String(o.purchaseId) === sale!.externalOrderId)!;
    expect(sale!.feesMinor).toBe(sumMoney(order.fees.map((fee) => fee.amount)).amountMinor);
    const endJobs = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'end-sold-elsewhere'), eq(jobs.userId, user.id)));
    expect(endJobs.length).toBeGreaterThan(0);
    await drain(pool);
    expect((await listingOf(item.id, 'vinted'))?.delistTaskAt).toBeInstanceOf(Date);
    // The pull finds nothing new: the webhook recorded it.
    expect((await t.deps.services.sales.checkSalesOf(user.id, 'depop')).newSales).toBe(0);
    expect(await salesOf(user.id)).toHaveLength(1);
  });

  it('refuses an unsigned or tampered delivery with 401 and records nothing', async () => {
    const { user, depopSellerId, item } = await liveOnDepopAndVinted();
    fake().configure({ webhookUrl: '' });
    const purchaseId = await depop().simulation!.buy(depopSellerId, item.sku);
    fake().configure({ webhookUrl: `${t.deps.config.publicUrl}${depopPaths.webhooks}` });
    const body = JSON.stringify({
      id: 'x',
      event_type: 'v1:order.new',
      created_at: new Date().toISOString(),
      data: { seller_id: depopSellerId, purchase_id: purchaseId },
    });
    const stamp = String(Math.floor(Date.now() / 1000));
    const send = (headers: Record<string, string>, payload = body) =>
      t.app.inject({ method: 'POST', url: depopPaths.webhooks, payload, headers: { 'content-type': 'application/json', ...headers } });
    expect((await send({})).statusCode).toBe(401);
    const signature = depopWebhookSignature(depop().simulation!.webhookSecret, stamp, body);
    expect(
      (await send({ 'x-depop-timestamp': stamp, 'x-depop-signature': signature }, body.replace('order.new', 'order.neW'))).statusCode,
    ).toBe(401);
    expect(
      (await send({ 'x-depop-timestamp': stamp, 'x-depop-signature': depopWebhookSignature('another-secret', stamp, body) })).statusCode,
    ).toBe(401);
    expect(await salesOf(user.id)).toEqual([]);
    // Signed with the webhook secret, the same delivery is believed.
    expect((await send({ 'x-depop-timestamp': stamp, 'x-depop-signature': signature })).statusCode).toBe(200);
    expect(await salesOf(user.id)).toHaveLength(1);
  });

  it('the orders pull reconciles a sale whose webhook never arrived, once', async () => {
    const { user, depopSellerId, item } = await liveOnDepopAndVinted();
    fake().configure({ webhookUrl: '' });
    expect(await depop().simulation!.buy(depopSellerId, item.sku)).not.toBeNull();
    fake().configure({ webhookUrl: `${t.deps.config.publicUrl}${depopPaths.webhooks}` });
    expect(await salesOf(user.id)).toEqual([]);
    expect((await t.deps.services.sales.checkSalesOf(user.id, 'depop')).newSales).toBe(1);
    expect((await t.deps.services.sales.checkSalesOf(user.id, 'depop')).newSales).toBe(0);
    expect(await salesOf(user.id)).toHaveLength(1);
  });

  it('a refund of the order takes the sale back', async () => {
    const { user, item } = await liveOnDepopAndVinted();
    await api(user, 'POST', depopPaths.simulatedSale.replace(':itemId', item.id));
    const [sale] = await salesOf(user.id);
    await depop().simulation!.refund(sale!.externalOrderId);
    const [after] = await salesOf(user.id);
    expect(after!.cancelledAt).toBeInstanceOf(Date);
    expect((await listingOf(item.id, 'depop'))?.status).not.toBe('sold');
  });

  it('another seller’s item is not found', async () => {
    const { item } = await liveOnDepopAndVinted();
    const other = await t.makeUser();
    const answer = await api(other, 'POST', depopPaths.simulatedSale.replace(':itemId', item.id));
    expect(answer.statusCode).toBe(404);
  });
});
