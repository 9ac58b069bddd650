/** Test helper: a client pointed at a fake eBay and a seller connected through the fake's consent page. */
import { answerFakeConsent } from '../../../fakes/ebay/fake-ebay-consent';
import type { FakeEbay } from '../../../fakes/ebay/ebay-server';
import type { FastifyInstance } from 'fastify';
import { createEbayClient, type EbayClient } from '../channels/ebay/api/ebay-client';
import type { InventoryItem, OfferDetails } from '../channels/ebay/api/ebay-types';
import type { SellerSession } from '../channels/ebay/publish/seller-session';

export function clientForFake(fake: FakeEbay): EbayClient {
  return createEbayClient({
    environment: 'sandbox',
    keyset: { clientId: fake.clientId, clientSecret: fake.clientSecret, ruName: fake.ruName },
    hosts: { api: fake.url, apiz: fake.url, apim: fake.url, auth: fake.url },
  });
}

export async function connectFakeSeller(client: EbayClient): Promise<string> {
  const callback = await answerFakeConsent(client.oauth.consentUrl('test-state'));
  return (await client.oauth.exchangeCode(callback.get('code')!)).accessToken;
}

/**
 * The app's OAuth start for the signed-in user (`cookie`), answered Agree on the fake's consent page by `ebayUserId`
 * (its first seller by default): the code and state the callback receives, not yet exchanged.
 */
export async function consentThroughApp(app: FastifyInstance, cookie: string, ebayUserId?: string) {
  const start = await app.inject({ method: 'POST', url: '/api/channels/ebay/connect', headers: { cookie } });
  if (start.statusCode !== 200) throw new Error(`oauth/start answered ${start.statusCode}: ${start.body}`);
  const callback = await answerFakeConsent(start.json().url, 'agree', ebayUserId);
  return { code: callback.get('code')!, state: callback.get('state')! };
}

/** Connects the signed-in user's eBay account through the app and the fake's consent page; optionally policies and a location too. */
export async function connectFakeEbayAccount(
  app: FastifyInstance,
  cookie: string,
  options: { ebayUserId?: string; readyToPublish?: boolean } = {},
) {
  const exchange = await app.inject({
    method: 'POST',
    url: '/api/channels/ebay/connection',
    headers: { cookie },
    payload: await consentThroughApp(app, cookie, options.ebayUserId),
  });
  if (exchange.statusCode !== 200) throw new Error(`oauth/exchange answered ${exchange.statusCode}: ${exchange.body}`);
  if (options.readyToPublish) await setUpFakeSellerPolicies(app, cookie);
}

/** What a test seller enters on the eBay screen before publishing: Create Policies, then Set Location. */
export const testSellerPolicies = {
  handlingTimeDays: 1,
  shippingServiceCode: 'USPSGroundAdvantage',
  shippingCost: '5.99',
  freeShipping: false,
  returnPeriodDays: 30,
};
export const testSellerLocation = { name: 'Home', postalCode: '95125', country: 'US' };

/** The connected, signed-in user's business policies and location, through the app's routes. */
export async function setUpFakeSellerPolicies(app: FastifyInstance, cookie: string) {
  for (const [method, url, payload] of [
    ['POST', '/api/ebay/policies', testSellerPolicies],
    ['PUT', '/api/ebay/location', testSellerLocation],
  ] as const) {
    const answer = await app.inject({ method, url, headers: { cookie }, payload });
    if (answer.statusCode !== 200) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
  }
}

/** The fake seller connected and ready to publish, as the publisher's seller session (tests' `sellers.forUser`). */
export async function fakeSellerSession(fake: FakeEbay): Promise<SellerSession> {
  const client = clientForFake(fake);
  const accessToken = await connectFakeSeller(client);
  return { client, accessToken, marketplaceId: 'EBAY_US', currency: 'USD', ...(await prepareFakeSeller(client, accessToken)) };
}

/** A seller ready to publish: opted in, three policies, a location. */
export async function prepareFakeSeller(client: EbayClient, token: string) {
  await client.account.optInToBusinessPolicies(token);
  const common = { marketplaceId: 'EBAY_US', categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES' }] };
  const fulfillment = await client.account.createFulfillmentPolicy(token, {
    ...common,
    name: 'Ground 1 day',
    handlingTime: { value: 1, unit: 'DAY' },
    shippingOptions: [
      {
        optionType: 'DOMESTIC',
        costType: 'FLAT_RATE',
        shippingServices: [
          {
            sortOrder: 1,
            shippingCarrierCode: 'USPS',
            shippingServiceCode: 'USPSGroundAdvantage',
            shippingCost: { value: '5.99', currency: 'USD' },
            freeShipping: false,
          },
        ],
      },
    ],
  });
  const payment = await client.account.createPaymentPolicy(token, { ...common, name: 'Immediate pay', immediatePay: true });
  const returns = await client.account.createReturnPolicy(token, {
    ...common,
    name: '30 day returns',
    returnsAccepted: true,
    returnPeriod: { value: 30, unit: 'DAY' },
    returnShippingCostPayer: 'BUYER',
    refundMethod: 'MONEY_BACK',
  });
  await client.locations.createInventoryLocation(token, 'home', {
    location: { address: { postalCode: '95125', country: 'US' } },
    locationTypes: ['WAREHOUSE'],
    name: 'Home',
  });
  return {
    listingPolicies: {
      fulfillmentPolicyId: fulfillment.fulfillmentPolicyId!,
      paymentPolicyId: payment.paymentPolicyId!,
      returnPolicyId: returns.returnPolicyId!,
    },
    merchantLocationKey: 'home',
  };
}

export const jeansItem = (aspects: Record<string, string[]> = {}): InventoryItem => ({
  product: {
    title: "Levi's 501 Men's Jeans Blue Straight 32x30",
    description: 'Classic straight jeans in medium blue.',
    imageUrls: ['https://i.ebayimg.sandbox.ebay.com/images/g/abc/s-l1600.jpg'],
    aspects: { Brand: ["Levi's"], Department: ['Men'], Size: ['32'], 'Size Type': ['Regular'], Color: ['Blue'], ...aspects },
  },
  condition: 'USED_EXCELLENT',
  conditionDescription: 'Light fading at the hems.',
  availability: { shipToLocationAvailability: { quantity: 1 } },
});

export const jeansOffer = (
  sku: string,
  setup: Awaited<ReturnType<typeof prepareFakeSeller>>,
  categoryId = '11483',
): OfferDetails & { sku: string } => ({
  sku,
  marketplaceId: 'EBAY_US',
  format: 'FIXED_PRICE',
  listingDuration: 'GTC',
  availableQuantity: 1,
  categoryId,
  listingDescription: '<p>Classic straight jeans.</p>',
  listingPolicies: setup.listingPolicies,
  pricingSummary: { price: { value: '24.99', currency: 'USD' } },
  merchantLocationKey: setup.merchantLocationKey,
});

/** The app's eBay settings pointing every eBay host at the fake, with its keyset. */
export function fakeEbayEnv(fake: Pick<FakeEbay, 'url' | 'clientId' | 'clientSecret' | 'ruName'>): Record<string, string> {
  return {
    EBAY_CLIENT_ID: fake.clientId,
    EBAY_CLIENT_SECRET: fake.clientSecret,
    EBAY_RU_NAME: fake.ruName,
    EBAY_API_BASE: fake.url,
    EBAY_APIZ_BASE: fake.url,
    EBAY_APIM_BASE: fake.url,
    EBAY_AUTH_BASE: fake.url,
  };
}
