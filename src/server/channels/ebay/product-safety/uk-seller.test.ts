import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import type { AgingItem } from '@shared/contracts/aging-stock';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { composeServices } from '../../../compose';
import { items } from '../../../db/schema';
import { ebaySetupFrom } from '../setup';
import { EbayApiError } from '../api/ebay-api-error';
import { ebayListingRow } from '../../../test/ebay-listings';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { makeJpeg } from '../../../test/images';
import { silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { clientForFake, connectFakeSeller, consentThroughApp, fakeEbayEnv, prepareFakeSeller } from '../../../test/fake-ebay-seller';

/**
 * End to end on the server, nothing swapped but eBay: a UK seller connects an EBAY_GB account and lists a
 * jumper in UK size 12 at £18, with the brand's EU product safety details (GPSR) entered once.
 */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;
/** The jumper the second test lists on eBay UK, for the money after it (offers, traffic, fees, the floor). */
let ukListing: { user: TestUser; itemId: string; sku: string; ebayUserId: string } | null = null;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({ ...fakeEbayEnv(fake) });
  const { jobs: registry } = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry, log: silentLog, concurrency: 1 });
}, paced(240_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

const londonAddress = { addressLine1: '1 Long Acre', city: 'London', postalCode: 'WC2E 9LH', country: 'GB' };
const bodenSafety = {
  manufacturer: { companyName: 'Boden Ltd', ...londonAddress, email: 'safety@boden.example' },
  responsiblePerson: {
    companyName: 'Boden EU Representative',
    addressLine1: '5 Merrion Square',
    city: 'Dublin',
    postalCode: 'D02 X285',
    country: 'IE',
    contactUrl: 'https://eu.boden.example/safety',
  },
};

async function connectUkSeller(user: TestUser, ebayUserId: string) {
  fake.state.sellers.push({ userId: ebayUserId, username: `${ebayUserId}_uk`, address: londonAddress });
  const exchange = await api(user, 'POST', '/api/channels/ebay/connection', await consentThroughApp(t.app, user.cookie, ebayUserId));
  expect(exchange.statusCode, exchange.body).toBe(200);
}

async function ukJumper(user: TestUser) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({
      aiTitle: "Boden Women's Jumper UK 12 Blue Merino",
      aiDescription: 'A soft merino jumper in blue, worn a few times, no pilling.',
      extractedDepartment: 'Women',
      category: 'Womens Tops',
      condition: 'excellent',
    })
    .where(eq(items.id, item.id));
  return item;
}

const jumperForm = {
  price: money(1800, 'GBP'),
  quantity: 1,
  condition: 'excellent',
  categoryId: '63866',
  sizeType: 'Regular',
  size: '12',
  brand: 'Boden',
  color: 'Blue',
};

describe('a UK seller on EBAY_GB', () => {
  it('takes the country from the eBay account: GBP, en-GB, EBAY_GB, policies in pounds on eBay UK, items in pounds', async () => {
    const user = await t.makeUser();
    expect((await api(user, 'GET', '/api/seller-region')).json()).toMatchObject({ country: 'US', currency: 'USD', source: 'default' });
    await connectUkSeller(user, 'uk-seller-region');

    expect((await api(user, 'GET', '/api/seller-region')).json()).toEqual({
      country: 'GB',
      label: 'United Kingdom (pounds)',
      currency: 'GBP',
      locale: 'en-GB',
      ebayMarketplaceId: 'EBAY_GB',
      productSafety: true,
      source: 'ebay-account',
    });
    expect((await api(user, 'GET', '/api/ebay/connection')).json().connection.marketplaceId).toBe('EBAY_GB');
    const services = (await api(user, 'GET', '/api/ebay/shipping-services')).json().services.map((s: { code: string }) => s.code);
    expect(services).toContain('UK_RoyalMailSecondClassStandard');
    const policies = await api(user, 'POST', '/api/ebay/policies', {
      handlingTimeDays: 1,
      shippingServiceCode: 'UK_RoyalMailSecondClassStandard',
      shippingCost: '3.20',
      freeShipping: false,
      returnPeriodDays: 30,
    });
    expect(policies.statusCode, policies.body).toBe(200);
    const fulfillment = [...fake.state.sellerData.get('uk-seller-region')!.policies.fulfillment.values()];
    expect(fulfillment).toMatchObject([
      {
        marketplaceId: 'EBAY_GB',
        shippingOptions: [{ shippingServices: [{ shippingCost: { value: '3.20', currency: 'GBP' } }] }],
      },
    ]);
    const item = await ukJumper(user);
    expect((await api(user, 'GET', `/api/items/${item.id}`)).json().currency).toBe('GBP');
  });

  it('pre-flight names the missing product safety details; saved once for the brand, the jumper at £18 in UK 12 goes out in GBP, en-GB, with them', async () => {
    const user = await t.makeUser();
    await connectUkSeller(user, 'uk-seller-jumper');
    const policies = await api(user, 'POST', '/api/ebay/policies', {
      handlingTimeDays: 1,
      shippingServiceCode: 'UK_RoyalMailSecondClassStandard',
      shippingCost: '3.20',
      freeShipping: false,
      returnPeriodDays: 30,
    });
    expect(policies.statusCode, policies.body).toBe(200);
    const location = await api(user, 'PUT', '/api/ebay/location', { name: 'Home', city: 'London', postalCode: 'WC2E 9LH', country: 'GB' });
    expect(location.statusCode, location.body).toBe(200);
    const item = await ukJumper(user);
    expect((await api(user, 'PUT', `/api/items/${item.id}/publish-settings`, jumperForm)).statusCode).toBe(200);

    const before = (await api(user, 'GET', `/api/items/${item.id}/readiness`)).json();
    expect(before.preflight.problems).toEqual([
      {
        field: 'safety',
        message: 'eBay UK needs the manufacturer and EU responsible person of Boden: add them once under Product safety in eBay settings',
      },
    ]);
    expect(before.canPublish).toBe(false);

    // eBay's rules in the seller's words: neither of them in the EU.
    const outsideEu = await api(user, 'PUT', '/api/ebay/product-safety/Boden', {
      ...bodenSafety,
      responsiblePerson: { ...bodenSafety.responsiblePerson, country: 'GB' },
    });
    expect(outsideEu.statusCode).toBe(400);
    expect(outsideEu.json().error.message).toContain('The manufacturer or the EU responsible person must have an address in the EU');
    const saved = await api(user, 'PUT', '/api/ebay/product-safety/Boden', bodenSafety);
    expect(saved.statusCode, saved.body).toBe(200);

    const after = (await api(user, 'GET', `/api/items/${item.id}/readiness`)).json();
    expect(after.preflight.problems).toEqual([]);
    const publish = await api(user, 'POST', `/api/items/${item.id}/publish`, jumperForm);
    expect(publish.statusCode, publish.body).toBe(202);
    await runAllDue();
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'published', publishError: null });

    const [offer] = [...fake.state.offers.values()].filter((o) => o.userId === 'uk-seller-jumper');
    expect(offer).toMatchObject({
      marketplaceId: 'EBAY_GB',
      contentLanguage: 'en-GB',
      status: 'PUBLISHED',
      details: {
        pricingSummary: { price: { value: '18.00', currency: 'GBP' } },
        regulatory: {
          manufacturer: { companyName: 'Boden Ltd', city: 'London', country: 'GB', email: 'safety@boden.example' },
          responsiblePersons: [
            {
              companyName: 'Boden EU Representative',
              country: 'IE',
              contactUrl: 'https://eu.boden.example/safety',
              types: ['EUResponsiblePerson'],
            },
          ],
        },
      },
    });
    const sentItem = fake.state.sellerData.get('uk-seller-jumper')!.items.get(offer!.sku) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(sentItem.locale).toBe('en_GB');
    expect(sentItem.product.aspects.Size).toEqual(['12']);
    const [ebayLocation] = [...fake.state.sellerData.get('uk-seller-jumper')!.locations.values()] as {
      location: { address: { country: string } };
    }[];
    expect(ebayLocation!.location.address.country).toBe('GB');
    ukListing = { user, itemId: item.id, sku: offer!.sku, ebayUserId: 'uk-seller-jumper' };
  });

  it('the money after listing is on eBay UK in pounds: the floor, an offer to watchers, the traffic report and the fees (decision 106)', async () => {
    expect(ukListing, 'the jumper listed by the test before').not.toBeNull();
    const { user, itemId, sku, ebayUserId } = ukListing!;
    const listingId = [...fake.state.listings.values()].find((l) => l.sku === sku && l.userId === ebayUserId)!.listingId;
    expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: money(400, 'GBP') })).statusCode).toBe(200);

    // The floor: settings in pounds by default, eBay UK's published fees (12.8% + 0.35% + £0.30), marked an estimate.
    const floor = (await api(user, 'GET', `/api/items/${itemId}/profit-floor`)).json();
    expect(floor.settings).toMatchObject({ currency: 'GBP', shippingCost: { amountMinor: 0, currency: 'GBP' } });
    const ebay = floor.channels.find((c: { channel: string }) => c.channel === 'ebay');
    expect(ebay).toMatchObject({
      status: 'floor',
      fees: { basis: 'published', schedule: { currency: 'GBP', tiers: [{ ratePpm: 131_500, fixedMinor: 30 }] } },
      floor: { amountMinor: 495, currency: 'GBP' },
      price: { amountMinor: 1800, currency: 'GBP' },
      profit: { amountMinor: 1800 - 237 - 30 - 400, currency: 'GBP' },
    });
    expect(ebay.fees.source).toContain('ebay.co.uk');
    // Etsy publishes no schedule in pounds: its fees are unknown, never its dollar schedule on a pound price.
    expect(floor.channels.find((c: { channel: string }) => c.channel === 'etsy').status).toBe('no-fees');

    // Offers: eBay UK's interested buyers (findEligibleItems and the offer on EBAY_GB; the fake answers per marketplace).
    fake.state.negotiation.watch(listingId, ['ukbuyer1']);
    const offer = await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 10 });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({ status: 'sent' });
    expect(fake.state.negotiation.offers.filter((o) => o.listingId === listingId)).toMatchObject([
      { price: { value: '16.20', currency: 'GBP' }, status: 'PENDING' },
    ]);

    // Traffic: the report filtered on EBAY_GB reports the listing (another marketplace's filter would leave it out).
    fake.state.traffic.set(listingId, { views: 42, impressions: 900 });
    const stock = (await api(user, 'GET', '/api/aging-stock')).json() as { bands: { items: AgingItem[] }[] };
    const aged = stock.bands.flatMap((band) => band.items).find((i) => i.itemId === itemId)!;
    expect(aged.listings.find((l) => l.channel === 'ebay')).toMatchObject({ views: 42, impressions: 900, interestedBuyers: true });

    // The sale and its fees, read from Finances on EBAY_GB: in pounds.
    const order = fake.state.sell(sku, { sellerUserId: ebayUserId });
    fake.state.setOrderFees(order.orderId, ['2.67']);
    expect(order).toMatchObject({ currency: 'GBP', marketplaceId: 'EBAY_GB' });
    expect((await api(user, 'POST', '/api/channels/ebay/sales/check')).statusCode).toBe(200);
    await runAllDue();
    const profit = (await api(user, 'GET', `/api/items/${itemId}/profit`)).json();
    expect(profit.sales[0]).toMatchObject({
      fees: { amountMinor: 267, currency: 'GBP' },
      profit: { amountMinor: 1800 - 267 - 400, currency: 'GBP' },
    });
  });

  it('the fake refuses a USD price on EBAY_GB (25003) and a US-English offer there (25709), as eBay does', async () => {
    const client = clientForFake(fake);
    const token = await connectFakeSeller(client);
    await prepareFakeSeller(client, token);
    await client.inventory.putInventoryItem(token, 'GB-USD-1', { product: { title: 'Jeans' } }, 'EBAY_GB');
    const offer = { sku: 'GB-USD-1', marketplaceId: 'EBAY_GB', format: 'FIXED_PRICE', availableQuantity: 1, categoryId: '63866' };
    const refusal = await client.offers
      .createOffer(token, { ...offer, pricingSummary: { price: { value: '18.00', currency: 'USD' } } })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EbayApiError);
    expect((refusal as EbayApiError).has(25003)).toBe(true);
    const offerId = await client.offers.createOffer(token, { ...offer, pricingSummary: { price: { value: '18.00', currency: 'GBP' } } });
    const wrongLanguage = await client.offers.updateOffer(token, offerId, { availableQuantity: 1 }, 'EBAY_US').catch((e: unknown) => e);
    expect((wrongLanguage as EbayApiError).has(25709)).toBe(true);
    fake.state.contractViolations.length = 0;
  });

  it('the seller’s own choice of country stays when they connect an account registered elsewhere', async () => {
    const user = await t.makeUser();
    expect((await api(user, 'PUT', '/api/seller-region', { country: 'FR' })).json()).toMatchObject({
      country: 'FR',
      currency: 'EUR',
      locale: 'fr-FR',
      ebayMarketplaceId: 'EBAY_FR',
      source: 'seller',
    });
    await connectUkSeller(user, 'uk-seller-in-france');
    expect((await api(user, 'GET', '/api/seller-region')).json()).toMatchObject({ country: 'FR', source: 'seller' });
    expect((await api(user, 'GET', '/api/ebay/connection')).json().connection.marketplaceId).toBe('EBAY_FR');
    expect((await api(user, 'PUT', '/api/seller-region', { country: 'XX' })).statusCode).toBe(400);
  });

  it('a brand’s details are the seller’s own: another seller neither lists nor deletes them', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    expect((await api(owner, 'PUT', '/api/ebay/product-safety/Boden', bodenSafety)).statusCode).toBe(200);
    expect((await api(other, 'GET', '/api/ebay/product-safety')).json()).toEqual({ required: false, brands: [] });
    expect((await api(other, 'DELETE', '/api/ebay/product-safety/Boden')).statusCode).toBe(404);
    const mine = (await api(owner, 'GET', '/api/ebay/product-safety')).json();
    expect(mine.brands.map((b: { brand: string }) => b.brand)).toEqual(['Boden']);
    // The same brand typed otherwise is the same brand.
    expect((await api(owner, 'DELETE', '/api/ebay/product-safety/%20boden%20')).statusCode).toBe(204);
    expect((await api(owner, 'GET', '/api/ebay/product-safety')).json().brands).toEqual([]);
  });
});
