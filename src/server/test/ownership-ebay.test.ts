import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { expectOthersGet404 } from './ownership';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { consentThroughApp, fakeEbayEnv } from './fake-ebay-seller';

let fake: FakeEbay;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeEbay({
    callbackUrl: 'http://localhost:3000/ebay-callback',
    sellers: [
      { userId: 'owner-seller', username: 'owner_seller' },
      { userId: 'other-seller', username: 'other_seller' },
    ],
  });
  t = await createTestApp({
    ...fakeEbayEnv(fake),
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

const consent = (user: TestUser, seller: string) => consentThroughApp(t.app, user.cookie, seller);

describe('another user and the eBay routes', () => {
  it('gets 404 for the owner’s OAuth state and the owner’s policies, and changes nothing of the owner’s', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    // The owner's consent is under way (state issued to the owner, not yet used).
    const pending = await consent(owner, 'owner-seller');
    // The other user is connected to their own eBay account.
    const own = await consent(other, 'other-seller');
    expect((await api(other, 'POST', '/api/channels/ebay/connection', own)).statusCode).toBe(200);

    // The owner's connection with policies, set up through a second consent.
    const ownerConsent = await consent(owner, 'owner-seller');
    expect((await api(owner, 'POST', '/api/channels/ebay/connection', ownerConsent)).statusCode).toBe(200);
    const created = await api(owner, 'POST', '/api/ebay/policies', {
      handlingTimeDays: 1,
      shippingServiceCode: 'USPSGroundAdvantage',
      shippingCost: '5.99',
      freeShipping: false,
      returnPeriodDays: 30,
    });
    const ownerPolicies = created.json().policies;

    await expectOthersGet404(t.app, other.cookie, [
      { method: 'POST', url: '/api/channels/ebay/connection', payload: pending },
      { method: 'PUT', url: '/api/ebay/policies/defaults', payload: ownerPolicies },
    ]);

    const ownerView = (await api(owner, 'GET', '/api/ebay/connection')).json().connection;
    expect(ownerView).toMatchObject({ ebayUserId: 'owner-seller', policies: ownerPolicies });
    const otherView = (await api(other, 'GET', '/api/ebay/connection')).json().connection;
    expect(otherView).toMatchObject({
      ebayUserId: 'other-seller',
      policies: { paymentPolicyId: null, fulfillmentPolicyId: null, returnPolicyId: null },
    });
    // The owner's pending state is still usable by the owner.
    expect((await api(owner, 'POST', '/api/channels/ebay/connection', pending)).statusCode).toBe(200);
    expect(fake.contractViolations).toEqual([]);
  });
});
