import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Connects the signed-in seller to a new shop of the fake Etsy through the one connection API (decision 094) and the
 * fake's consent page, then sets the shop up (shipping from 95125, 30-day returns); `setUp: false` leaves the shop's
 * setup to the test.
 */
export async function connectFakeEtsy(request: APIRequestContext, options: { setUp?: boolean } = {}) {
  const start = await request.post('/api/channels/etsy/connect');
  expect(start.status(), await start.text()).toBe(200);
  const consent = new URL(((await start.json()) as { url: string }).url);
  const form: Record<string, string> = { decision: 'allow' };
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form[name] = consent.searchParams.get(name) ?? '';
  const allowed = await request.post(`${consent.origin}/oauth/consent`, { form, maxRedirects: 0 });
  const back = new URL(allowed.headers().location ?? '');
  const exchange = await request.post('/api/channels/etsy/connection', {
    data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(exchange.status(), await exchange.text()).toBe(200);
  if (options.setUp === false) return;
  const setup = await request.post('/api/etsy/shop-setup', {
    data: {
      shipping: {
        originPostalCode: '95125',
        originCountry: 'US',
        price: { amountMinor: 500, currency: 'USD' },
        processingDaysMin: 1,
        processingDaysMax: 3,
      },
      returns: { acceptsReturns: true, days: 30 },
    },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
}
