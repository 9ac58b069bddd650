import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListPaths, type PriceListBody } from '@shared/contracts/price-list';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/** Issue 42: the seller's own price list, one per seller, empty until they fill it in. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const inject = (user: TestUser, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url: priceListPaths.priceList, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

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
    expect((await inject(owner, 'GET')).json()).toEqual({ currency: 'USD', rows: [], adjustments: [], answered: false });

    const saved = await inject(owner, 'PUT', list);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject(owner, 'GET')).json()).toEqual({ ...list, answered: true });
    expect((await inject(other, 'GET')).json()).toEqual({ currency: 'USD', rows: [], adjustments: [], answered: false });
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
