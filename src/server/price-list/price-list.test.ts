import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListMessages, priceListPaths, type PriceListBody } from '@shared/contracts/price-list';
import { sellerRegionRoutes } from '@shared/contracts/seller-region';
import type { SellerCountry } from '@shared/domain/seller-region';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/** The seller's own price list, one per seller, empty until they fill it in. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const inject = (user: TestUser, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url: priceListPaths.priceList, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

const sellFrom = async (user: TestUser, country: SellerCountry) => {
  const answer = await t.app.inject({
    method: 'PUT',
    url: sellerRegionRoutes.region,
    headers: { cookie: user.cookie },
    payload: { country },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const list: PriceListBody = {
  currency: 'USD',
  rows: [
    { category: 'Mens Tops', amountMinor: 1500 },
    { category: 'Mens Jeans', amountMinor: 2800 },
  ],
  adjustments: [{ condition: 'fair', percent: -20 }],
};

describe('GET and PUT /api/price-list', () => {
  it('starts empty and not yet answered; keeps what the seller saves, theirs alone', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    expect((await inject(owner, 'GET')).json()).toEqual({
      currency: 'USD',
      rows: [],
      adjustments: [],
      answered: false,
      sellerCurrency: 'USD',
    });

    const saved = await inject(owner, 'PUT', list);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject(owner, 'GET')).json()).toEqual({ ...list, answered: true, sellerCurrency: 'USD' });
    expect((await inject(other, 'GET')).json()).toEqual({
      currency: 'USD',
      rows: [],
      adjustments: [],
      answered: false,
      sellerCurrency: 'USD',
    });
  });

  it('skipping the offer after sign-up saves an empty list: answered, nothing priced', async () => {
    const user = await t.makeUser();
    expect((await inject(user, 'PUT', { currency: 'USD', rows: [], adjustments: [] })).statusCode).toBe(200);
    expect((await inject(user, 'GET')).json()).toMatchObject({ rows: [], answered: true });
  });

  it('refuses dollars as floats, a category twice and a percent out of range, saying why', async () => {
    const user = await t.makeUser();
    for (const [body, message] of [
      [{ ...list, rows: [{ category: 'Mens Tops', amountMinor: 15.5 }] }, 'A price is a whole number of cents above 0'],
      [{ ...list, rows: [list.rows[0], list.rows[0]] }, 'Each category once'],
      [{ ...list, adjustments: [{ condition: 'fair', percent: -95 }] }, 'from -90 to +100'],
      [{ ...list, rows: [{ category: 'Spacesuits', amountMinor: 100 }] }, ''],
    ] as const) {
      const answer = await inject(user, 'PUT', body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect((await inject(user, 'GET')).json()).toMatchObject({ answered: false });
  });
});

/** The price list is in the seller's currency, stored and answered in it. */
describe("the price list in the seller's currency", () => {
  it.each([
    ['GB', 'GBP'],
    ['DE', 'EUR'],
  ] as const)('a seller in %s starts with an empty list in %s, saves it in it, and is refused dollars', async (country, currency) => {
    const seller = await t.makeUser();
    await sellFrom(seller, country);
    expect((await inject(seller, 'GET')).json()).toEqual({
      currency,
      rows: [],
      adjustments: [],
      answered: false,
      sellerCurrency: currency,
    });

    const theirs = { ...list, currency };
    const saved = await inject(seller, 'PUT', theirs);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject(seller, 'GET')).json()).toEqual({ ...theirs, answered: true, sellerCurrency: currency });

    const dollars = await inject(seller, 'PUT', { ...list, currency: 'USD' });
    expect(dollars.statusCode).toBe(400);
    expect(dollars.json().error.message).toBe(priceListMessages.otherCurrency('USD', currency));
    expect((await inject(seller, 'GET')).json()).toMatchObject({ currency, rows: theirs.rows });
  });

  it('a seller who moves keeps their list in its own currency, marked as not theirs, until they save one in their new currency', async () => {
    const seller = await t.makeUser();
    expect((await inject(seller, 'PUT', list)).statusCode).toBe(200);
    await sellFrom(seller, 'GB');
    // Kept as it was: dollars, never read as pounds; the answer says the seller's currency is now GBP.
    expect((await inject(seller, 'GET')).json()).toEqual({ ...list, answered: true, sellerCurrency: 'GBP' });
    const pounds = { ...list, currency: 'GBP', rows: [{ category: 'Mens Tops', amountMinor: 1200 }] } as const;
    expect((await inject(seller, 'PUT', pounds)).statusCode).toBe(200);
    expect((await inject(seller, 'GET')).json()).toEqual({ ...pounds, answered: true, sellerCurrency: 'GBP' });
  });
});
