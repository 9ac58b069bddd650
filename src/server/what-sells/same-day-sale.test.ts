import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatSellsResponse } from '@shared/contracts/what-sells';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * An item sold the day it was bought and listed ties its cost up one day, not a fraction of one: its profit per day
 * tied up is its profit, on the screen and in the CSV alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

describe('a same-day sale on What sells', () => {
  it('counts one day tied up: the profit per day is the profit, in the JSON and the CSV', async () => {
    const seller = await t.makeUser();
    const sheet = [
      'Sold date,Listed date,Marketplace,Title,Brand,Cost,Price,Fees,Shipping cost',
      // 20.00 − 2.00 fees − 0.00 shipping − 4.00 cost = 14.00, sold the day it went live.
      "2026-05-01,2026-05-01,eBay,Levi's 501 jeans,Levi's,4.00,20.00,2.00,0.00",
      // 30.00 − 3.00 − 1.00 − 5.00 = 21.00 over 4 days: 5.25 a day.
      '2026-05-05,2026-05-01,eBay,Zara dress,Zara,5.00,30.00,3.00,1.00',
    ].join('\n');
    const imported = await api(seller, 'POST', '/api/what-sells/past-sales', { csv: sheet, locale: 'en-US' });
    expect(imported.json()).toMatchObject({ imported: 2, problems: [] });

    const { groups } = (await api(seller, 'GET', '/api/what-sells?by=brand')).json() as WhatSellsResponse;
    const levis = groups.find((group) => group.label === "Levi's")!;
    expect(levis).toMatchObject({ medianDaysToSale: 0, profit: { amountMinor: 1400, currency: 'USD' } });
    expect(levis.profitPerDayTiedUp).toEqual({ amountMinor: 1400, currency: 'USD' });
    expect(groups.find((group) => group.label === 'Zara')!.profitPerDayTiedUp).toEqual({ amountMinor: 525, currency: 'USD' });

    const { groups: all } = (await api(seller, 'GET', '/api/what-sells?by=marketplace')).json() as WhatSellsResponse;
    // 35.00 over 1 + 4 days.
    expect(all[0]!.profitPerDayTiedUp).toEqual({ amountMinor: 700, currency: 'USD' });

    const csv = (await api(seller, 'GET', '/api/what-sells.csv?by=brand')).body.trim().split('\r\n');
    const column = csv[0]!.split(',').indexOf('Profit per day tied up');
    const row = csv.find((line) => line.startsWith('brand,Levi'))!;
    expect(row.split(',')[column]).toBe('14.00');
  });
});
