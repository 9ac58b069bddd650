import { paced } from '@shared/testing/pace';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfitResponse } from '@shared/contracts/profit';
import { whatSellsCsvColumns, whatSellsDimensions, type SellerTime, type WhatSellsResponse } from '@shared/contracts/what-sells';
import { money } from '@shared/domain/money';
import { sales } from '../db/schema';
import { generateHistory, writeHistory, type GeneratedItem } from '../test/generated-sales-history';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * "What sells" (decision 149) against a generated history of 300 items: each group's profit is the profit view's
 * (the sum over the groups is the month's total), its sell-through and median days are the history's own, another
 * seller's items never count, the seller's own minutes change the profit per hour, and the CSV says what the screen
 * says.
 */
let t: TestApp;
let seller: TestUser;
let other: TestUser;
let history: GeneratedItem[];
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.makeUser();
  other = await t.makeUser();
  history = generateHistory(300, { seed: 61, now });
  await writeHistory(t.deps.database.db, seller.id, history);
  await writeHistory(t.deps.database.db, other.id, generateHistory(40, { seed: 7, now }));
  const settings = { currency: 'USD', shippingCost: money(500, 'USD'), minimumMargin: { kind: 'amount', amount: money(0, 'USD') } };
  expect((await api(seller, 'PUT', '/api/profit-floor/settings', settings)).statusCode).toBe(200);
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const api = (user: TestUser, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const groupsBy = async (user: TestUser, by: string) => {
  const answer = await api(user, 'GET', `/api/what-sells?by=${by}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as WhatSellsResponse;
};

const day = 86_400_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};

describe('What sells', () => {
  it('every dimension’s groups add up to the profit view’s profit, items and sales', async () => {
    const months = (await api(seller, 'GET', '/api/profit?tz=UTC')).json() as ProfitResponse;
    const profitViewTotal = months.months.reduce((sum, month) => sum + month.profit.amountMinor, 0);
    const soldItems = history.filter((item) => item.sale).length;
    for (const by of whatSellsDimensions) {
      const { groups } = await groupsBy(seller, by);
      expect(
        groups.reduce((sum, group) => sum + group.profit.amountMinor, 0),
        by,
      ).toBe(profitViewTotal);
      expect(
        groups.reduce((sum, group) => sum + group.sold, 0),
        by,
      ).toBe(soldItems);
      if (by !== 'marketplace')
        expect(
          groups.reduce((sum, group) => sum + group.items, 0),
          by,
        ).toBe(history.length);
      else expect(groups.reduce((sum, group) => sum + group.items, 0)).toBe(history.reduce((sum, item) => sum + item.listings.length, 0));
    }
  });

  it('by brand: sell-through and median days to sale are the history’s own; best per hour first', async () => {
    const { groups } = await groupsBy(seller, 'brand');
    for (const group of groups) {
      const mine = history.filter((item) => item.brand === group.value);
      expect(group.items).toBe(mine.length);
      const days = mine
        .filter((item) => item.sale)
        .map((item) => (item.sale!.soldAt.getTime() - item.listings[0]!.listedAt.getTime()) / day);
      expect(group.medianDaysToSale).toBeCloseTo(median(days), 1);
      const exposed = mine.filter((item) => item.listings[0]!.listedAt.getTime() <= now.getTime() - 30 * day);
      const soldIn30 = exposed.filter((item) => item.sale && item.sale.soldAt.getTime() - item.listings[0]!.listedAt.getTime() <= 30 * day);
      expect(group.sellThrough.within30).toBeCloseTo(soldIn30.length / exposed.length, 2);
    }
    const perHour = groups.map((group) => group.profitPerHour!.amountMinor);
    expect(perHour).toEqual([...perHour].sort((a, b) => b - a));
    // The generator sells Patagonia in about 8 days and Zara in about 45.
    const byBrand = Object.fromEntries(groups.map((group) => [group.label, group]));
    expect(byBrand.Patagonia!.medianDaysToSale!).toBeLessThan(byBrand.Zara!.medianDaysToSale!);
  });

  it('another seller’s items never count; a price band and a source are named in words', async () => {
    const { groups } = await groupsBy(other, 'source');
    expect(groups.reduce((sum, group) => sum + group.items, 0)).toBe(40);
    expect(groups.map((group) => group.label)).toContain('No source');
    const bands = await groupsBy(seller, 'price-band');
    expect(bands.groups.map((group) => group.label)).toEqual(expect.arrayContaining(['$10 to $25', '$100 to $250']));
  });

  it('the seller’s own minutes per item change the profit per hour, and the estimate stays beside them', async () => {
    const before = await groupsBy(seller, 'brand');
    const saved = await api(seller, 'PUT', '/api/what-sells/seller-time', { capture: 10, review: 5, handOver: null, shipping: 8 });
    expect(saved.statusCode, saved.body).toBe(200);
    const time = saved.json() as SellerTime;
    expect(time.parts.find((part) => part.part === 'capture')).toMatchObject({ minutes: 10, own: 10, estimate: 3 });
    expect(time.parts.find((part) => part.part === 'handOver')).toMatchObject({ minutes: 4, own: null });
    const after = await groupsBy(seller, 'brand');
    for (const group of after.groups) {
      const earlier = before.groups.find((other) => other.value === group.value)!;
      expect(group.minutes).toBeGreaterThan(earlier.minutes);
      expect(group.profitPerHour!.amountMinor).toBe(Math.round((group.profit.amountMinor * 60) / group.minutes));
    }
    const refused = await api(seller, 'PUT', '/api/what-sells/seller-time', { capture: -1, review: null, handOver: null, shipping: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Minutes cannot be negative.');
  });

  it('an item sold on two marketplaces, fees pending on one: each marketplace counts its own sale once', async () => {
    const twice = await t.makeUser();
    const soldAt = new Date(now.getTime() - 5 * day);
    const item: GeneratedItem = {
      id: randomUUID(),
      brand: 'Patagonia',
      source: null,
      costMinor: 1_000,
      createdAt: new Date(now.getTime() - 20 * day),
      listings: [
        { channel: 'ebay', listedAt: new Date(now.getTime() - 15 * day), externalId: 'ebay-1' },
        { channel: 'depop', listedAt: new Date(now.getTime() - 15 * day), externalId: 'depop-1' },
      ],
      sale: { channel: 'ebay', soldAt, priceMinor: 4_000, shippingChargedMinor: 500, feesMinor: null, shippingCostMinor: 400 },
    };
    const db = t.deps.database.db;
    await writeHistory(db, twice.id, [item]);
    await db.insert(sales).values({
      userId: twice.id,
      itemId: item.id,
      channel: 'depop',
      externalOrderId: `order-depop-${item.id}`,
      externalLineId: 'line-1',
      sku: `GEN-${item.id}`,
      priceMinor: 3_000,
      shippingChargedMinor: 0,
      currency: 'USD',
      soldAt,
      feesMinor: 300,
      shippingCostMinor: 400,
    });
    const months = (await api(twice, 'GET', '/api/profit?tz=UTC')).json() as ProfitResponse;
    const profitViewTotal = months.months.reduce((sum, month) => sum + month.profit.amountMinor, 0);
    for (const by of ['marketplace', 'brand']) {
      const { groups } = await groupsBy(twice, by);
      expect(
        groups.reduce((sum, group) => sum + group.profit.amountMinor, 0),
        by,
      ).toBe(profitViewTotal);
    }
    const { groups } = await groupsBy(twice, 'marketplace');
    // Depop's sale is all in: 3,000 − 300 fees − 400 shipping − 1,000 cost.
    expect(groups.find((group) => group.value === 'depop')?.profit.amountMinor).toBe(1_300);
  });

  it('the CSV holds the screen’s rows in its order', async () => {
    const { groups } = await groupsBy(seller, 'marketplace');
    const answer = await api(seller, 'GET', '/api/what-sells.csv?by=marketplace');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const rows = answer.body.trim().split('\r\n');
    expect(rows[0]).toBe(whatSellsCsvColumns.join(','));
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual(groups.map((group) => group.label));
  });
});
