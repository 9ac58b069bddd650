import { paced } from '@shared/testing/pace';
import { money, moneyFromDecimal } from '@shared/domain/money';
import { moneyMessages } from '@shared/contracts/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profitCsvColumns, profitCsvSaleColumns, type ProfitMonth } from '@shared/contracts/profit';
import { timeZoneMessage } from '@shared/domain/time-zone';
import { channelListings, items, sales } from '../db/schema';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { createProfitService } from './service';

/** Cost, profit per sale and the Profit view's months and CSV, over sales as the pull records them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const usd = (amountMinor: number) => money(amountMinor, 'USD');
const api = (user: TestUser, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

let orders = 0;
/** An item of the seller's (with `cost` entered through the item's route when given) and its listing on eBay since `listedAt`. */
async function itemOf(user: TestUser, options: { cost?: number; listedAt?: Date } = {}) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(32, 32) }]);
  const cost = options.cost === undefined ? undefined : usd(minor(options.cost));
  if (cost) expect((await api(user, 'PATCH', `/api/items/${item.id}`, { cost })).statusCode).toBe(200);
  if (options.listedAt) {
    await db()
      .insert(channelListings)
      .values({ userId: user.id, itemId: item.id, channel: 'ebay', status: 'sold', listedAt: options.listedAt });
  }
  return item.id;
}

const skuOf = async (itemId: string) => (await db().select({ sku: items.sku }).from(items).where(eq(items.id, itemId)))[0]!.sku;

/** Dollars as the tests write them, in cents. */
const minor = (dollars: number) => moneyFromDecimal(dollars)!.amountMinor;

/** A sale as the pull records it (sales/sales.ts). */
async function sale(
  user: TestUser,
  itemId: string | null,
  figures: { soldAt: string; price: number; shipping?: number; quantity?: number; fees?: number | null; cancelled?: boolean },
) {
  orders += 1;
  const [row] = await db()
    .insert(sales)
    .values({
      userId: user.id,
      itemId,
      channel: 'ebay',
      externalOrderId: `27-${orders}`,
      externalLineId: `${orders}01`,
      quantity: figures.quantity ?? 1,
      priceMinor: minor(figures.price),
      shippingChargedMinor: minor(figures.shipping ?? 0),
      currency: 'USD',
      soldAt: new Date(figures.soldAt),
      feesMinor: figures.fees == null ? null : minor(figures.fees),
      cancelledAt: figures.cancelled ? new Date(figures.soldAt) : null,
    })
    .returning();
  return row!;
}

const monthsOf = async (user: TestUser, tz = 'UTC'): Promise<ProfitMonth[]> => {
  const answer = await api(user, 'GET', `/api/profit?tz=${encodeURIComponent(tz)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().months;
};

describe('cost and profit', () => {
  it('an item keeps the cost the seller enters in its currency, exactly, and clears it (decision 081)', async () => {
    const user = await t.makeUser();
    const itemId = await itemOf(user, { cost: 4.5 });
    expect((await api(user, 'GET', `/api/items/${itemId}`)).json()).toMatchObject({ currency: 'USD', cost: usd(450) });
    const list = await api(user, 'GET', '/api/items?view=batches');
    expect(list.json().items.find((i: { id: string }) => i.id === itemId)).toMatchObject({ cost: usd(450) });
    // A decimal, a fraction of a cent, a negative or another currency is refused, never rounded nor converted.
    for (const cost of [4.5, { amountMinor: 450.5, currency: 'USD' }, usd(-1), money(450, 'EUR')]) {
      const refused = await api(user, 'PATCH', `/api/items/${itemId}`, { cost });
      expect(refused.statusCode, JSON.stringify(cost)).toBe(400);
    }
    expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: money(450, 'EUR') })).json().error.message).toBe(
      'This amount must be in USD, the currency it is counted in.',
    );
    expect((await api(user, 'PATCH', `/api/items/${itemId}`, { brand: 'Levi' })).json()).toMatchObject({ cost: usd(450), brand: 'Levi' });
    expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: usd(1230) })).json()).toMatchObject({ cost: usd(1230) });
    expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: null })).json()).toMatchObject({ cost: null });
  });

  it('profit = price + shipping charged - fees - shipping cost - cost; estimated while fees are pending, unknown without a cost', async () => {
    const user = await t.makeUser();
    const costed = await itemOf(user, { cost: 6 });
    const sold = await sale(user, costed, { soldAt: '2026-03-10T12:00:00Z', price: 30, shipping: 5.99, fees: null });

    // eBay's fees pending: its published fees on what the buyer paid (13.25% of 35.99 + 0.40 = 5.17) stand in, named
    // as an estimate, as does the shipping cost: none set as usual, so the 5.99 the buyer paid for it (decision 182).
    // 30 + 5.99 - 5.17 - 5.99 - 6 = 18.83 (decision 127).
    const pending = (await api(user, 'GET', `/api/items/${costed}/profit`)).json();
    expect(pending).toMatchObject({
      cost: usd(600),
      sales: [
        {
          id: sold.id,
          fees: null,
          feesEstimate: usd(517),
          feesEstimateBasis: 'published',
          feesEstimated: true,
          shippingCost: null,
          shippingCostEstimate: usd(599),
          shippingCostEstimateBasis: 'buyer-paid',
          shippingCostEstimated: true,
          profit: usd(1883),
          profitEstimated: true,
        },
      ],
    });

    await db().update(sales).set({ feesMinor: 477 }).where(eq(sales.id, sold.id));
    expect((await api(user, 'GET', `/api/items/${costed}/profit`)).json().sales[0]).toMatchObject({
      fees: usd(477),
      feesEstimate: usd(517),
      feesEstimated: false,
      profit: usd(1923),
      profitEstimated: true,
    });
    // The seller enters what the label cost on the sold item: 30 + 5.99 - 4.77 - 7.45 - 6 = 17.77.
    const shipped = await api(user, 'PATCH', `/api/sales/${sold.id}`, { shippingCost: usd(745) });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toEqual({
      id: sold.id,
      channel: 'ebay',
      orderId: sold.externalOrderId,
      soldAt: '2026-03-10T12:00:00.000Z',
      quantity: 1,
      price: usd(3000),
      shippingCharged: usd(599),
      fees: usd(477),
      feesEstimate: usd(517),
      feesEstimateBasis: 'published',
      feesEstimated: false,
      shippingCost: usd(745),
      shippingCostEstimate: usd(599),
      shippingCostEstimateBasis: 'buyer-paid',
      shippingCostEstimated: false,
      currency: 'USD',
      cancelledAt: null,
      profit: usd(1777),
      profitEstimated: false,
    });
    expect((await api(user, 'GET', `/api/items/${costed}/profit`)).json().sales[0]).toMatchObject({ profit: usd(1777) });
    // A decimal, an amount finer than a cent, a negative one or one in another currency than the sale's: 400.
    for (const shippingCost of [
      7.45,
      { amountMinor: 7.5, currency: 'USD' },
      usd(-1),
      { amountMinor: 745, currency: 'EUR' },
      { amountMinor: 745, currency: 'XYZ' },
    ]) {
      const refused = await api(user, 'PATCH', `/api/sales/${sold.id}`, { shippingCost });
      expect(refused.statusCode, JSON.stringify(shippingCost)).toBe(400);
    }
    expect(
      (await api(user, 'PATCH', `/api/sales/${sold.id}`, { shippingCost: { amountMinor: 745, currency: 'EUR' } })).json().error.message,
    ).toBe(moneyMessages.otherCurrency('USD'));

    // Without a cost the profit is not known (never counted as free).
    const uncosted = await itemOf(user);
    await sale(user, uncosted, { soldAt: '2026-03-11T12:00:00Z', price: 20, fees: 2 });
    expect((await api(user, 'GET', `/api/items/${uncosted}/profit`)).json()).toMatchObject({ cost: null, sales: [{ profit: null }] });

    // Two units of a line: the cost is per unit.
    const pair = await itemOf(user, { cost: 3 });
    await sale(user, pair, { soldAt: '2026-03-12T12:00:00Z', price: 16, quantity: 2, fees: 2.5 });
    expect((await api(user, 'GET', `/api/items/${pair}/profit`)).json().sales[0]).toMatchObject({ profit: usd(750) });

    const [march, ...others] = await monthsOf(user);
    expect(others).toEqual([]);
    expect(march).toEqual({
      month: '2026-03',
      currency: 'USD',
      sold: 4,
      sales: 3,
      revenue: usd(7199),
      fees: usd(927),
      shippingCost: usd(745),
      cost: usd(1200),
      // The costed sales only: 17.77 + 7.50; the sale without cost is counted and flagged.
      profit: usd(2527),
      unknownProfit: 1,
      feesUnknown: 0,
      costMissing: 1,
      feesEstimated: 0,
      shippingCostEstimated: 2,
      // The pair's (no shipping cost entered: the usual one, nothing); the sale without cost has no profit.
      profitEstimated: 1,
      soldTwice: 0,
      averageDaysToSell: null,
    });
  });

  it('groups by the month in the seller’s time zone, leaves cancelled sales out, averages days from listed to sold', async () => {
    const user = await t.makeUser();
    const a = await itemOf(user, { cost: 5, listedAt: new Date('2026-01-01T00:00:00Z') });
    const b = await itemOf(user, { cost: 5, listedAt: new Date('2026-01-21T00:00:00Z') });
    const c = await itemOf(user, { cost: 5 });
    await sale(user, a, { soldAt: '2026-01-11T00:00:00Z', price: 20, fees: 2 }); // 10 days
    await sale(user, b, { soldAt: '2026-02-01T03:00:00Z', price: 40, fees: 4 }); // 11.125 days; in LA still January
    await sale(user, c, { soldAt: '2026-02-15T00:00:00Z', price: 100, fees: null, cancelled: true });
    await sale(user, null, { soldAt: '2026-02-16T00:00:00Z', price: 12, fees: 1 }); // item deleted since: no cost

    const utc = await monthsOf(user);
    expect(utc.map((m) => [m.month, m.sold, m.revenue, m.profit, m.costMissing, m.averageDaysToSell])).toEqual([
      ['2026-02', 2, usd(5200), usd(3100), 1, 11.1],
      ['2026-01', 1, usd(2000), usd(1300), 0, 10],
    ]);
    const la = await monthsOf(user, 'America/Los_Angeles');
    expect(la.map((m) => [m.month, m.sold, m.revenue, m.profit, m.averageDaysToSell])).toEqual([
      ['2026-02', 1, usd(1200), usd(0), null],
      ['2026-01', 2, usd(6000), usd(4400), 10.6],
    ]);
    expect((await api(user, 'GET', '/api/profit?tz=Mars%2FOlympus')).statusCode).toBe(400);
  });

  it('reads a numeric offset with its ordinary meaning: +05:00 is five hours ahead of UTC', async () => {
    const user = await t.makeUser();
    const item = await itemOf(user, { cost: 1 });
    await sale(user, item, { soldAt: '2021-01-31T22:00:00Z', price: 10, fees: 1 });
    const monthIn = async (tz: string) => (await monthsOf(user, tz)).map((m) => m.month);
    expect(await monthIn('+05:00')).toEqual(['2021-02']);
    expect(await monthIn('+0500')).toEqual(['2021-02']);
    expect(await monthIn('-05:00')).toEqual(['2021-01']);
    expect(await monthIn('-0500')).toEqual(['2021-01']);
    expect(await monthIn('+0530')).toEqual(['2021-02']);
    expect(await monthIn('+01:59')).toEqual(['2021-01']);
    expect(await monthIn('+02:00')).toEqual(['2021-02']);
    const csv = await api(user, 'GET', `/api/profit.csv?tz=${encodeURIComponent('+0530')}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('\r\n2021-02,USD,');
  });

  it('takes every IANA name the seller’s browser may send, old aliases too, once there are sales', async () => {
    const user = await t.makeUser();
    const item = await itemOf(user, { cost: 1 });
    await sale(user, item, { soldAt: '2021-02-01T03:00:00Z', price: 10, fees: 1 }); // in California still January
    for (const tz of ['US/Pacific-New', 'US/Pacific', 'America/Los_Angeles', 'PST8PDT']) {
      expect(
        (await monthsOf(user, tz)).map((m) => m.month),
        tz,
      ).toEqual(['2021-01']);
      const csv = await api(user, 'GET', `/api/profit.csv?tz=${encodeURIComponent(tz)}`);
      expect(csv.statusCode, `${tz}: ${csv.body}`).toBe(200);
    }
    for (const tz of ['Europe/Kyiv', 'Asia/Calcutta', 'utc', 'Etc/GMT+5']) expect((await monthsOf(user, tz)).length, tz).toBe(1);
  });

  it('answers 400 with a clear message to a time zone that is neither a known name nor an offset', async () => {
    const user = await t.makeUser();
    await sale(user, await itemOf(user, { cost: 1 }), { soldAt: '2021-01-31T22:00:00Z', price: 10, fees: 1 });
    for (const tz of [
      'Mars/Olympus',
      '+25:00',
      '+05:60',
      '+5',
      '+05',
      ' 05:00',
      'UTC+5',
      '05:00',
      '+05:00:00',
      "UTC'; --",
      '',
      'x'.repeat(65),
    ]) {
      for (const route of ['/api/profit', '/api/profit.csv']) {
        const answer = await api(user, 'GET', `${route}?tz=${encodeURIComponent(tz)}`);
        expect(answer.statusCode, `${route} ${tz}: ${answer.body}`).toBe(400);
        expect(answer.json().error.message, tz).toMatch(/time zone/);
      }
    }
  });

  it('a name the runtime knows and the database’s zone files do not answers 400 too, never 500', async () => {
    const user = await t.makeUser();
    await sale(user, await itemOf(user, { cost: 1 }), { soldAt: '2021-01-31T22:00:00Z', price: 10, fees: 1 });
    const profit = createProfitService({ db: db(), profitFloor: t.deps.services.profitFloor });
    await expect(profit.months(user.id, { kind: 'name', name: 'Nowhere/Atlantis' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: timeZoneMessage,
    });
  });

  it('exports the months as CSV, as the table shows them, then each sale on a line of its own', async () => {
    const user = await t.makeUser();
    const item = await itemOf(user, { cost: 2.5 });
    await db().update(items).set({ aiTitle: 'Levi’s 501, "raw" denim' }).where(eq(items.id, item));
    const sku = await skuOf(item);
    const april = await sale(user, item, { soldAt: '2026-04-02T10:00:00Z', price: 19.99, shipping: 4, fees: 3.18 });
    const may = await sale(user, null, { soldAt: '2026-05-02T10:00:00Z', price: 10, fees: null });
    await sale(user, item, { soldAt: '2026-05-03T10:00:00Z', price: 50, fees: 1, cancelled: true });
    const answer = await api(user, 'GET', '/api/profit.csv?tz=UTC');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="profit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.body.split('\r\n')).toEqual([
      profitCsvColumns.join(','),
      // May's fees are the published estimate (13.25% of 10.00 + 0.30); its sale has no cost: no profit counted.
      '2026-05,USD,1,1,10.00,1.63,0.00,0.00,0.00,1,0,1,1,1,0,',
      // April's buyer paid 4.00 shipping and none is set as usual: it counts as the postage (decision 182).
      '2026-04,USD,1,1,23.99,3.18,4.00,2.50,14.31,0,0,0,0,1,1,',
      '',
      profitCsvSaleColumns.join(','),
      // Newest first; no cost (the item was deleted): left empty, never 0; what the profit counts as an estimate is named.
      `2026-05-02,,,ebay,${may.externalOrderId},1,USD,10.00,0.00,1.63,0.00,,,fees and shipping cost`,
      `2026-04-02,${sku},"Levi’s 501, ""raw"" denim",ebay,${april.externalOrderId},1,USD,19.99,4.00,3.18,4.00,2.50,14.31,shipping cost`,
      '',
    ]);
  });

  it('a loss is a negative number in the CSV, while text that a spreadsheet would run as a formula stays text', async () => {
    const user = await t.makeUser();
    const item = await itemOf(user, { cost: 500 });
    await db().update(items).set({ aiTitle: '=HYPERLINK("http://evil.example","x")' }).where(eq(items.id, item));
    const sold = await sale(user, item, { soldAt: '2026-07-02T10:00:00Z', price: 1, fees: 0 });
    await db().update(sales).set({ externalOrderId: '-1+2' }).where(eq(sales.id, sold.id));
    const lines = (await api(user, 'GET', '/api/profit.csv')).body.split('\r\n');
    expect(lines[1]).toBe('2026-07,USD,1,1,1.00,0.00,0.00,500.00,-499.00,0,0,0,0,1,1,');
    expect(lines[4]).toBe(
      `2026-07-02,${await skuOf(item)},"'=HYPERLINK(""http://evil.example"",""x"")",ebay,'-1+2,1,USD,1.00,0.00,0.00,0.00,500.00,-499.00,shipping cost`,
    );
  });

  it('dates each sale in the seller’s time zone in the CSV, and keeps every cent of large and odd amounts', async () => {
    const user = await t.makeUser();
    const item = await itemOf(user, { cost: 0.01 });
    await sale(user, item, { soldAt: '2021-01-31T22:00:00Z', price: 999_999.99, shipping: 0.07, fees: 0.1, quantity: 3 });
    const lines = (await api(user, 'GET', `/api/profit.csv?tz=${encodeURIComponent('+05:00')}`)).body.split('\r\n');
    expect(lines[4]).toMatch(/^2021-02-01,/);
    expect(lines[4]).toMatch(/,3,USD,999999\.99,0\.07,0\.10,0\.07,0\.03,999999\.86,shipping cost$/);
  });

  it('another user sees none of it: empty months and CSV, 404 on the item’s profit and the sale', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const item = await itemOf(owner, { cost: 1 });
    const sold = await sale(owner, item, { soldAt: '2026-06-01T00:00:00Z', price: 10, fees: 1 });
    expect(await monthsOf(owner)).toHaveLength(1);

    expect(await monthsOf(other)).toEqual([]);
    expect((await api(other, 'GET', '/api/profit.csv')).body).toBe(
      `${profitCsvColumns.join(',')}\r\n\r\n${profitCsvSaleColumns.join(',')}\r\n`,
    );
    for (const answer of [
      await api(other, 'GET', `/api/items/${item}/profit`),
      await api(other, 'PATCH', `/api/sales/${sold.id}`, { shippingCost: usd(9900) }),
      await api(other, 'PATCH', `/api/items/${item}`, { cost: usd(9900) }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(owner.id);
    }
    const [after] = await db().select().from(sales).where(eq(sales.id, sold.id));
    expect(after!.shippingCostMinor).toBeNull();
    expect((await db().select({ cost: items.costMinor }).from(items).where(eq(items.id, item)))[0]!.cost).toBe(100);
  });
});
