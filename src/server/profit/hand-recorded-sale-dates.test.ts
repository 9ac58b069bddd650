import { paced } from '@shared/testing/pace';
import { money } from '@shared/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsPaths } from '@shared/contracts/channels';
import { saleDateMessages } from '@shared/domain/sale-date';
import { sales } from '../db/schema';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

/**
 * The day of a sale recorded by hand ("Sold on Depop", every route that takes one) is a real calendar day
 * or an ISO time with its zone, from 2000 on and at most a day ahead; what is stored is what was sent.
 */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
}, paced(120_000));
afterAll(() => t?.close());

async function newItem() {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(32, 32) }]);
  return item.id;
}
const recordSale = (itemId: string, soldAt: unknown) =>
  t.app.inject({
    method: 'POST',
    url: channelsPaths.sale(itemId, 'depop'),
    payload: { price: money(2000), fees: money(200), soldAt },
    headers: { cookie: user.cookie },
  });
const salesOf = (itemId: string) => t.deps.database.db.select().from(sales).where(eq(sales.itemId, itemId));

describe('a sale recorded by hand', () => {
  it('refuses a day that is no real date, a malformed one, one before 2000 or in the future, with a clear message; stores nothing', async () => {
    const itemId = await newItem();
    const tomorrowPlusOne = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
    const refused: Array<[unknown, string]> = [
      ['0000-01-01', saleDateMessages.tooOld],
      ['0001-01-01', saleDateMessages.tooOld],
      ['1999-12-31', saleDateMessages.tooOld],
      ['2024-02-30', saleDateMessages.notADate],
      ['2023-02-29', saleDateMessages.notADate],
      ['2024-13-01', saleDateMessages.notADate],
      ['2024-00-10', saleDateMessages.notADate],
      ['2024-01-01 junk', saleDateMessages.notADate],
      ['2024-01-01junk', saleDateMessages.notADate],
      ['2024-1-1', saleDateMessages.notADate],
      ['20240101', saleDateMessages.notADate],
      [' 2024-01-01', saleDateMessages.notADate],
      ['2024-01-01T25:00:00Z', saleDateMessages.notADate],
      ['2024-01-01T10:60:00Z', saleDateMessages.notADate],
      ['2024-01-01T10:00:00', saleDateMessages.notADate],
      ['2024-01-01T10:00:00+25:00', saleDateMessages.notADate],
      ['+002024-01-01', saleDateMessages.notADate],
      ['', saleDateMessages.notADate],
      ['2999-01-01', saleDateMessages.future],
      [tomorrowPlusOne, saleDateMessages.future],
    ];
    for (const [soldAt, message] of refused) {
      const answer = await recordSale(itemId, soldAt);
      expect(answer.statusCode, `${String(soldAt)}: ${answer.body}`).toBe(400);
      expect(answer.json().error.message, String(soldAt)).toContain(message);
    }
    expect(await salesOf(itemId)).toEqual([]);
  });

  it('stores the day and the instant it was sent, and reads them back the same', async () => {
    const sent: Array<[string, string]> = [
      ['2024-02-29', '2024-02-29T12:00:00.000Z'],
      ['2000-01-01', '2000-01-01T12:00:00.000Z'],
      ['2024-03-05T08:30:00Z', '2024-03-05T08:30:00.000Z'],
      ['2024-03-05T08:30:15.250+05:30', '2024-03-05T03:00:15.250Z'],
      ['2024-12-31T23:30:00-05:00', '2025-01-01T04:30:00.000Z'],
      [new Date().toISOString().slice(0, 10), `${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`],
    ];
    for (const [soldAt, stored] of sent) {
      const itemId = await newItem();
      const answer = await recordSale(itemId, soldAt);
      expect(answer.statusCode, `${soldAt}: ${answer.body}`).toBe(201);
      const [sale, ...more] = await salesOf(itemId);
      expect(more).toEqual([]);
      expect(sale!.soldAt.toISOString(), soldAt).toBe(stored);
      const profit = await t.app.inject({ method: 'GET', url: `/api/items/${itemId}/profit`, headers: { cookie: user.cookie } });
      expect(profit.json().sales[0].soldAt, soldAt).toBe(stored);
    }
  });
});
