/** Test helper: a client pointed at a fake eBay and a seller connected through the fake's consent page. */
import { answerFakeConsent } from '../../../e2e/fakes/ebay/fake-ebay-consent';
import type { FakeEbay } from '../../../e2e/fakes/ebay/ebay-server';
import { createEbayClient, type EbayClient } from '../adapters/ebay/ebay-client';
import type { InventoryItem, OfferDetails } from '../adapters/ebay/ebay-types';

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
