import { paced } from '@shared/testing/pace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { etsyShopSetupMessages } from '@shared/contracts/etsy';
import { startFakeEtsy, type FakeEtsy } from '../../../../fakes/etsy/etsy-server';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from '../../test/fake-etsy-seller';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The Etsy shop setup refuses a processing time whose fewest days exceed its most, and a country that is no ISO code. */
let fake: FakeEtsy;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
  t = await createTestApp(fakeEtsyEnv(fake));
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

describe('Etsy shop setup', () => {
  it('refuses fewest days above most days, and a country that is not a two-letter ISO code, with clear messages; makes nothing', async () => {
    const user = await t.makeUser();
    expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
    const setUp = (shipping: Partial<typeof etsyShopSetup.shipping>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/etsy/shop-setup',
        payload: { ...etsyShopSetup, shipping: { ...etsyShopSetup.shipping, ...shipping } },
        headers: { cookie: user.cookie },
      });
    const refused: Array<[Partial<typeof etsyShopSetup.shipping>, string]> = [
      [{ processingDaysMin: 5, processingDaysMax: 2 }, etsyShopSetupMessages.processingDays],
      [{ originCountry: 'U<' }, etsyShopSetupMessages.country],
      [{ originCountry: 'ZZ' }, etsyShopSetupMessages.country],
      [{ originCountry: 'UK' }, etsyShopSetupMessages.country],
      [{ originCountry: '12' }, etsyShopSetupMessages.country],
      [{ originCountry: 'USA' }, etsyShopSetupMessages.country],
    ];
    for (const [shipping, message] of refused) {
      const answer = await setUp(shipping);
      expect(answer.statusCode, `${JSON.stringify(shipping)}: ${answer.body}`).toBe(400);
      expect(answer.json().error.message, JSON.stringify(shipping)).toContain(message);
    }
    expect(fake.snapshot().shippingProfiles).toEqual([]);

    const same = await setUp({ processingDaysMin: 3, processingDaysMax: 3, originCountry: 'gb' });
    expect(same.statusCode, same.body).toBe(200);
    expect(fake.snapshot().shippingProfiles).toEqual([expect.objectContaining({ origin_country_iso: 'GB' })]);
  });

  it('takes the shipping price as money in the shop’s currency, never a float: sent to Etsy exact', async () => {
    const user = await t.makeUser();
    expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
    const setUp = (price: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/etsy/shop-setup',
        payload: { ...etsyShopSetup, shipping: { ...etsyShopSetup.shipping, price } },
        headers: { cookie: user.cookie },
      });
    for (const price of [
      12.345,
      12.34,
      '12.34',
      { amountMinor: 1234.5, currency: 'USD' },
      { amountMinor: -1, currency: 'USD' },
      { amountMinor: 1234, currency: 'EUR' },
    ]) {
      const answer = await setUp(price);
      expect({ price, status: answer.statusCode }).toEqual({ price, status: 400 });
    }
    expect(fake.snapshot().shippingProfiles).toEqual([]);
    const connection = (await setUp({ amountMinor: 1234, currency: 'USD' })).json();
    expect(connection.connection.shop.currency).toBe('USD');
    expect(fake.snapshot().shippingProfiles).toEqual([expect.objectContaining({ primary_cost: 12.34 })]);
  });
});
