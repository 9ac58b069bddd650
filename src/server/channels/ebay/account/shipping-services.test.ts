import { paced } from '@shared/testing/pace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { EbayApiError } from '../api/ebay-api-error';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { clientForFake, connectFakeEbayAccount, connectFakeSeller, fakeEbayEnv } from '../../../test/fake-ebay-seller';

/**
 * Each eBay marketplace's own shipping services, as its Metadata API lists them: a seller sees and picks only
 * those of the marketplace they sell on, a service of another marketplace is refused (by the app, and by eBay as its
 * Account API documents), and each marketplace's list is read once and kept.
 */
let fake: FakeEbay;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({ ...fakeEbayEnv(fake) });
}, paced(240_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

interface Site {
  country: string;
  marketplaceId: string;
  name: string;
  currency: string;
  address: { city: string; postalCode: string; country: string };
  /** A domestic service a seller there uses every day. */
  everyday: string;
  /** The prefix of its service codes (eBay US's have none). */
  prefix: RegExp;
  /** A service of another marketplace, which this one does not offer. */
  foreign: string;
}

const sites: Site[] = [
  {
    country: 'US',
    marketplaceId: 'EBAY_US',
    name: 'eBay US',
    currency: 'USD',
    address: { city: 'San Jose', postalCode: '95125', country: 'US' },
    everyday: 'USPSGroundAdvantage',
    prefix: /^(?![A-Z]{2}_)/,
    foreign: 'DE_DHLPaket',
  },
  {
    country: 'GB',
    marketplaceId: 'EBAY_GB',
    name: 'eBay UK',
    currency: 'GBP',
    address: { city: 'London', postalCode: 'WC2E 9LH', country: 'GB' },
    everyday: 'UK_RoyalMailSecondClassStandard',
    prefix: /^UK_/,
    foreign: 'USPSPriority',
  },
  {
    country: 'DE',
    marketplaceId: 'EBAY_DE',
    name: 'eBay Germany',
    currency: 'EUR',
    address: { city: 'Berlin', postalCode: '10117', country: 'DE' },
    everyday: 'DE_DHLPaket',
    prefix: /^DE_/,
    foreign: 'USPSPriority',
  },
  {
    country: 'FR',
    marketplaceId: 'EBAY_FR',
    name: 'eBay France',
    currency: 'EUR',
    address: { city: 'Paris', postalCode: '75004', country: 'FR' },
    everyday: 'FR_ColiposteColissimo',
    prefix: /^FR_/,
    foreign: 'DE_DHLPaket',
  },
  {
    country: 'IT',
    marketplaceId: 'EBAY_IT',
    name: 'eBay Italy',
    currency: 'EUR',
    address: { city: 'Roma', postalCode: '00184', country: 'IT' },
    everyday: 'IT_PriorityMail',
    prefix: /^IT_/,
    foreign: 'UK_RoyalMailSecondClassStandard',
  },
  {
    country: 'ES',
    marketplaceId: 'EBAY_ES',
    name: 'eBay Spain',
    currency: 'EUR',
    address: { city: 'Madrid', postalCode: '28013', country: 'ES' },
    everyday: 'ES_PaqueteAzul',
    prefix: /^ES_/,
    foreign: 'FR_ColiposteColissimo',
  },
];

const policies = (shippingServiceCode: string) => ({
  handlingTimeDays: 1,
  shippingServiceCode,
  shippingCost: '4.50',
  freeShipping: false,
  returnPeriodDays: 30,
});

/** A seller of the site's country with an eBay account registered there, connected through the app. */
async function sellerOn(site: Site, tag: string) {
  const user = await t.makeUser();
  expect((await api(user, 'PUT', '/api/seller-region', { country: site.country })).statusCode).toBe(200);
  const ebayUserId = `ship-${tag}-${site.country.toLowerCase()}`;
  fake.state.sellers.push({
    userId: ebayUserId,
    username: `${ebayUserId}_seller`,
    address: { addressLine1: '1 Main St', ...site.address },
  });
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId });
  return { user, ebayUserId };
}

const servicesAsked = (marketplaceId: string) =>
  fake.state.calls.filter((c) => c.path.includes(`/sell/metadata/v1/shipping/marketplace/${marketplaceId}/get_shipping_services`)).length;

describe.each(sites)('a seller on $marketplaceId', (site) => {
  it("is offered only the marketplace's domestic services, read once from eBay and kept", async () => {
    const { user } = await sellerOn(site, 'list');
    const answer = await api(user, 'GET', '/api/ebay/shipping-services');
    expect(answer.statusCode, answer.body).toBe(200);
    const services = answer.json().services as { code: string; description: string }[];
    const codes = services.map((s) => s.code);
    expect(codes).toContain(site.everyday);
    expect(codes.every((code) => site.prefix.test(code))).toBe(true);
    expect(codes).not.toContain(site.foreign);
    // Domestic only: the marketplace's international service is not offered for a domestic policy.
    expect(services.some((s) => /international|intl/i.test(s.description))).toBe(false);

    // A second seller on the same marketplace reads the kept list.
    const second = await sellerOn(site, 'list2');
    expect((await api(second.user, 'GET', '/api/ebay/shipping-services')).json().services).toEqual(services);
    expect(servicesAsked(site.marketplaceId)).toBe(1);
  });

  it("creates its shipping policy with the marketplace's service, and refuses another marketplace's in words", async () => {
    const { user, ebayUserId } = await sellerOn(site, 'create');
    const refused = await api(user, 'POST', '/api/ebay/policies', policies(site.foreign));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(`${site.foreign} is not a shipping service of ${site.name}`);
    expect(fake.state.seller(ebayUserId).policies.fulfillment.size).toBe(0);

    const created = await api(user, 'POST', '/api/ebay/policies', policies(site.everyday));
    expect(created.statusCode, created.body).toBe(200);
    const [policy] = [...fake.state.seller(ebayUserId).policies.fulfillment.values()] as {
      marketplaceId: string;
      shippingOptions: { shippingServices: { shippingServiceCode: string; shippingCost: { currency: string } }[] }[];
    }[];
    expect(policy!.marketplaceId).toBe(site.marketplaceId);
    expect(policy!.shippingOptions[0]!.shippingServices[0]).toMatchObject({
      shippingServiceCode: site.everyday,
      shippingCost: { currency: site.currency },
    });
  });

  it("the simulated eBay refuses a fulfillment policy naming another marketplace's service (20403, Invalid shippingServiceCode)", async () => {
    const client = clientForFake(fake);
    const token = await connectFakeSeller(client);
    await client.account.optInToBusinessPolicies(token);
    const policy = {
      name: `Shipping ${site.marketplaceId}`,
      marketplaceId: site.marketplaceId,
      categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES' }],
      handlingTime: { value: 1, unit: 'DAY' },
      shippingOptions: [
        {
          optionType: 'DOMESTIC',
          costType: 'FLAT_RATE',
          shippingServices: [{ sortOrder: 1, shippingServiceCode: site.foreign, shippingCost: { value: '4.50', currency: site.currency } }],
        },
      ],
    };
    const error = await client.account.createFulfillmentPolicy(token, policy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EbayApiError);
    expect(error).toMatchObject({ httpStatus: 400, errorId: 20403 });
    expect((error as EbayApiError).parameter('fieldName')).toBe('shippingServiceCode');
  });
});

describe('eBay refusing a service its list still showed', () => {
  it('says the service is not one of the marketplace (never that business policies are still being enabled) and reads the list again', async () => {
    const site = sites.find((s) => s.country === 'DE')!;
    const { user, ebayUserId } = await sellerOn(site, 'stale');
    await api(user, 'GET', '/api/ebay/shipping-services');
    const before = servicesAsked(site.marketplaceId);
    fake.state.failNext(
      'createFulfillmentPolicy',
      {
        status: 400,
        errorId: 20403,
        message: 'Invalid shippingServiceCode.',
        parameters: [{ name: 'fieldName', value: 'shippingServiceCode' }],
      },
      1,
      ebayUserId,
    );
    const refused = await api(user, 'POST', '/api/ebay/policies', policies('DE_HermesPaket'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Hermes Paket is not a shipping service of eBay Germany');
    await api(user, 'GET', '/api/ebay/shipping-services');
    expect(servicesAsked(site.marketplaceId)).toBe(before + 1);
  });
});
