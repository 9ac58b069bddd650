import { paced } from '@shared/testing/pace';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PastSalesResponse, WhatSellsResponse } from '@shared/contracts/what-sells';
import type { ProfitResponse } from '@shared/contracts/profit';
import { deleteEmptyItemsCreatedBefore } from '../items/item-writer';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * A seller's spreadsheet of past sales (decision 149): imported once (again: nothing twice), counted by "What sells"
 * and the profit view alike, never swept as an upload left half-way; a file with a problem imports nothing and says
 * which line.
 */
let t: TestApp;
const sheet = readFileSync(path.join(import.meta.dirname, '../../../e2e/fixtures/past-sales.csv'), 'utf8');

beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const importSheet = async (user: TestUser, csv: string, locale = 'en-US') => {
  const answer = await api(user, 'POST', '/api/what-sells/past-sales', { csv, locale });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as PastSalesResponse;
};

describe('past sales from a spreadsheet', () => {
  it('imports each row once; What sells and the profit view count them; the sweep leaves them', async () => {
    const seller = await t.makeUser();
    expect(await importSheet(seller, sheet)).toEqual({ imported: 8, alreadyImported: 0, problems: [] });
    expect(await importSheet(seller, sheet)).toEqual({ imported: 0, alreadyImported: 8, problems: [] });

    const bySource = (await (await api(seller, 'GET', '/api/what-sells?by=source')).json()) as WhatSellsResponse;
    expect(bySource.groups.map((group) => [group.label, group.sold])).toEqual(
      expect.arrayContaining([
        ['Goodwill', 5],
        ['Car boot sale', 3],
      ]),
    );
    const byBrand = (await (await api(seller, 'GET', '/api/what-sells?by=brand')).json()) as WhatSellsResponse;
    const patagonia = byBrand.groups.find((group) => group.label === 'Patagonia')!;
    // 58 + 64 + 72 − fees 7.84 + 6.40 + 9.65 − shipping 6.50 + 6.50 + 7.00 − cost 6 + 5 + 8 = 131.11
    expect(patagonia.profit).toEqual({ amountMinor: 13111, currency: 'USD' });
    expect(patagonia.medianDaysToSale).toBe(7);
    expect(byBrand.groups[0]!.label).toBe('Patagonia');

    const months = (await (await api(seller, 'GET', '/api/profit?tz=UTC')).json()) as ProfitResponse;
    const total = months.months.reduce((sum, month) => sum + month.profit.amountMinor, 0);
    expect(byBrand.groups.reduce((sum, group) => sum + group.profit.amountMinor, 0)).toBe(total);

    await deleteEmptyItemsCreatedBefore(t.deps.database.db, new Date(Date.now() + 86_400_000));
    const again = (await (await api(seller, 'GET', '/api/what-sells?by=brand')).json()) as WhatSellsResponse;
    expect(again.groups.reduce((sum, group) => sum + group.sold, 0)).toBe(8);
  });

  it('a file with a problem imports nothing and names each line; amounts are read in the seller’s locale', async () => {
    const seller = await t.makeUser();
    const broken = [
      'Sold date,Marketplace,Price,Cost',
      '2026-05-01,eBay,20.00,4.00',
      '01/05/2026,eBay,20.00,4.00',
      '2026-05-02,Amazon,20.00,4.00',
      '2026-05-03,Etsy,-3,4.00',
    ].join('\n');
    const answer = await importSheet(seller, broken);
    expect(answer.imported).toBe(0);
    expect(answer.problems.map((problem) => problem.line)).toEqual([3, 4, 5]);
    expect(answer.problems[0]!.message).toBe('Sold date: a day written as 2026-03-14.');
    expect(answer.problems[1]!.message).toContain('Marketplace: one of eBay');
    const groups = (await (await api(seller, 'GET', '/api/what-sells?by=brand')).json()) as WhatSellsResponse;
    expect(groups.groups).toEqual([]);

    const german = await importSheet(
      seller,
      'Sold date;Marketplace;Price;Cost\n2026-05-01;eBay;"20,50";"4,00"'.replaceAll(';', ','),
      'de-DE',
    );
    expect(german).toEqual({ imported: 1, alreadyImported: 0, problems: [] });
    const months = (await (await api(seller, 'GET', '/api/profit?tz=UTC')).json()) as ProfitResponse;
    expect(months.months[0]!.revenue.amountMinor).toBe(2050);

    const noHeader = await importSheet(seller, 'Date,Where,Amount\n2026-05-01,eBay,20');
    expect(noHeader.problems).toEqual([{ line: 1, message: 'The header row has no “Sold date”, “Marketplace”, “Price” column.' }]);
  });
});
