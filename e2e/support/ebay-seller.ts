import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { answerFakeConsent } from '../../fakes/ebay/fake-ebay-consent';
import { e2eEnv } from './e2e-env';

/**
 * A seller of the fake eBay of the calling test's own, so no other test's listings, orders or injected failures
 * (`/__control/fail*` with its `sellerUserId`) are among theirs while the tests run in parallel.
 */
export async function newFakeEbaySeller(request: APIRequestContext): Promise<string> {
  const userId = `e2e${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const added = await request.post(`${e2eEnv.fakeEbayURL}/__control/add-seller`, { data: { userId, username: `seller_${userId}` } });
  expect(added.ok(), await added.text()).toBe(true);
  return userId;
}

/**
 * Connects the signed-in user's eBay account through the API and the fake's consent page (the fake eBay's, or the
 * simulated eBay's under the app's own address), with policies and a location. `baseURL` addresses another app
 * server than the request's own (the basic one); `ebayUserId` picks the fake eBay seller who agrees, else a new one
 * of this test's own; `setUp: false` leaves the policies and the location to the test. Answers the fake eBay seller's
 * id (null on the simulated eBay, whose seller is the app's user).
 */
export async function connectFakeEbaySeller(
  request: APIRequestContext,
  options: { baseURL?: string; ebayUserId?: string; setUp?: boolean } = {},
): Promise<string | null> {
  const base = options.baseURL ?? '';
  const start = await request.post(`${base}/api/channels/ebay/connect`);
  expect(start.ok(), await start.text()).toBe(true);
  const authUrl = new URL((await start.json()).url as string);
  const onTheFake = authUrl.origin === new URL(e2eEnv.fakeEbayURL).origin;
  const ebayUserId = options.ebayUserId ?? (onTheFake ? await newFakeEbaySeller(request) : undefined);
  // The simulated eBay's consent is the signed-in seller's own: it is sent with the app's session.
  const { cookies } = await request.storageState();
  const cookie = cookies
    .filter((c) => c.domain.replace(/^\./, '') === authUrl.hostname)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const callback = await answerFakeConsent(authUrl.href, 'agree', ebayUserId, cookie || undefined);
  const exchange = await request.post(`${base}/api/channels/ebay/connection`, {
    data: { code: callback.get('code'), state: callback.get('state') },
  });
  expect(exchange.ok(), await exchange.text()).toBe(true);
  if (options.setUp !== false) await setUpFakeEbayPolicies(request, base);
  return ebayUserId ?? null;
}

/** The connected, signed-in user's business policies and location, through the API of the app at `base`. */
export async function setUpFakeEbayPolicies(request: APIRequestContext, base = '') {
  const policies = await request.post(`${base}/api/ebay/policies`, {
    data: {
      handlingTimeDays: 1,
      shippingServiceCode: 'USPSGroundAdvantage',
      shippingCost: '5.99',
      freeShipping: false,
      returnPeriodDays: 30,
    },
  });
  expect(policies.ok(), await policies.text()).toBe(true);
  const location = await request.put(`${base}/api/ebay/location`, {
    data: { name: 'Home', city: 'San Jose', postalCode: '95125', country: 'US' },
  });
  expect(location.ok(), await location.text()).toBe(true);
}
