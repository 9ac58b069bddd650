import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { clientForFake, connectFakeSeller, jeansItem, jeansOffer, prepareFakeSeller } from '../../../test/fake-ebay-seller';
import { EbayApiError } from './ebay-api-error';
import type { EbayClient } from './ebay-client';

let fake: FakeEbay;
let client: EbayClient;
let token: string;

beforeAll(async () => {
  fake = await startFakeEbay();
  client = clientForFake(fake);
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as EbayApiError,
  );

describe('eBay client: account', () => {
  it('opts in to business policies, then creates and lists the three policy kinds', async () => {
    token = await connectFakeSeller(client);
    const before = await failure(client.account.getPaymentPolicies(token));
    expect(before).toMatchObject({ httpStatus: 400, errorId: 20403 });
    expect(await client.account.isOptedInToBusinessPolicies(token)).toBe(false);

    const setup = await prepareFakeSeller(client, token);
    expect(await client.account.isOptedInToBusinessPolicies(token)).toBe(true);
    expect((await client.account.getFulfillmentPolicies(token)).map((p) => p.fulfillmentPolicyId)).toEqual([
      setup.listingPolicies.fulfillmentPolicyId,
    ]);
    expect((await client.account.getPaymentPolicies(token)).map((p) => p.name)).toEqual(['Immediate pay']);
    expect((await client.account.getReturnPolicies(token)).map((p) => p.returnPeriod)).toEqual([{ value: 30, unit: 'DAY' }]);

    const duplicate = await failure(
      client.account.createPaymentPolicy(token, {
        name: 'Immediate pay',
        marketplaceId: 'EBAY_US',
        categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES' }],
      }),
    );
    expect(duplicate).toMatchObject({ httpStatus: 400, errorId: 20400 });
  });
});

describe('eBay client: inventory', () => {
  it('creates a location once and treats the existing key (409) as success', async () => {
    token = await connectFakeSeller(client);
    const location = {
      location: { address: { city: 'San Jose', stateOrProvince: 'CA', country: 'US' } },
      locationTypes: ['WAREHOUSE'],
      name: 'Home',
    };
    expect(await client.locations.createInventoryLocation(token, 'home', location)).toEqual({ created: true });
    expect(await client.locations.createInventoryLocation(token, 'home', location)).toEqual({ created: false });
    expect((await client.locations.getInventoryLocation(token, 'home'))?.location?.address?.city).toBe('San Jose');
    expect(await client.locations.getInventoryLocation(token, 'elsewhere')).toBeNull();
  });

  it('puts an inventory item with aspects as name → values, and reads it back', async () => {
    token = await connectFakeSeller(client);
    await client.inventory.putInventoryItem(token, 'PSTFSH001', jeansItem());
    const item = await client.inventory.getInventoryItem(token, 'PSTFSH001');
    expect(item?.product?.aspects?.Department).toEqual(['Men']);
    expect(await client.inventory.getInventoryItem(token, 'PSTFSH404')).toBeNull();
  });

  it('keeps one offer per SKU: saveOfferForSku updates the existing one, and createOffer on it answers 25002 with its offerId', async () => {
    token = await connectFakeSeller(client);
    const setup = await prepareFakeSeller(client, token);
    expect(await client.offers.getOffersBySku(token, 'PSTFSH002')).toEqual([]);
    await client.inventory.putInventoryItem(token, 'PSTFSH002', jeansItem()); // eBay offers only an item it has (25702)
    const first = await client.offers.saveOfferForSku(token, jeansOffer('PSTFSH002', setup));
    expect(first.created).toBe(true);
    const second = await client.offers.saveOfferForSku(token, {
      ...jeansOffer('PSTFSH002', setup),
      pricingSummary: { price: { value: '19.99', currency: 'USD' } },
    });
    expect(second).toEqual({ offerId: first.offerId, created: false, liveListingId: null });
    const [offer] = await client.offers.getOffersBySku(token, 'PSTFSH002');
    expect(offer?.pricingSummary?.price?.value).toBe('19.99');

    const duplicate = await failure(client.offers.createOffer(token, jeansOffer('PSTFSH002', setup)));
    expect(duplicate).toMatchObject({ httpStatus: 400, errorId: 25002 });
    expect(duplicate!.parameter('offerId')).toBe(first.offerId);
    expect(fake.snapshot().offers).toHaveLength(1);
  });

  it('reuses the offer eBay names in a 25002 when the lookup missed it', async () => {
    token = await connectFakeSeller(client);
    const setup = await prepareFakeSeller(client, token);
    await client.inventory.putInventoryItem(token, 'PSTFSH003', jeansItem());
    const offerId = await client.offers.createOffer(token, jeansOffer('PSTFSH003', setup));
    fake.failNext('getOffers', { status: 404, errorId: 25713, message: 'This Offer is not available.' });
    expect(await client.offers.saveOfferForSku(token, jeansOffer('PSTFSH003', setup))).toEqual({
      offerId,
      created: false,
      liveListingId: null,
    });
    expect(fake.snapshot().offers).toHaveLength(1);
  });

  it('publishes an offer, republishes without a second listing, and withdraws it', async () => {
    token = await connectFakeSeller(client);
    const setup = await prepareFakeSeller(client, token);
    await client.inventory.putInventoryItem(token, 'PSTFSH004', jeansItem());
    const { offerId } = await client.offers.saveOfferForSku(token, jeansOffer('PSTFSH004', setup));
    const published = await client.offers.publishOffer(token, offerId);
    expect(published.listingId).toMatch(/^\d+$/);
    expect(client.listingUrl(published.listingId)).toBe(`https://sandbox.ebay.com/itm/${published.listingId}`);
    expect((await client.offers.publishOffer(token, offerId)).listingId).toBe(published.listingId);
    expect(fake.snapshot().listings).toEqual([
      expect.objectContaining({ listingId: published.listingId, publishCount: 2, status: 'ACTIVE' }),
    ]);
    expect((await client.offers.withdrawOffer(token, offerId)).listingId).toBe(published.listingId);
  });

  it.each<[string, { aspects?: Record<string, string[]>; condition?: string }, string, number, string]>([
    ['a missing Department aspect', { aspects: { Department: [] } }, '11483', 25002, 'Department'],
    ['a condition the category does not take', { condition: 'PRE_OWNED_EXCELLENT' }, '169291', 25021, 'condition'],
    ['a category that is not a leaf', {}, '1059', 25005, 'categoryId'],
  ])('answers publish with eBay’s error for %s', async (_name, change, categoryId, errorId, parameter) => {
    token = await connectFakeSeller(client);
    const setup = await prepareFakeSeller(client, token);
    const base = jeansItem(change.aspects);
    await client.inventory.putInventoryItem(token, 'PSTFSH005', { ...base, condition: change.condition ?? base.condition });
    const offerId = await client.offers.createOffer(token, jeansOffer('PSTFSH005', setup, categoryId));
    const error = await failure(client.offers.publishOffer(token, offerId));
    expect(error).toBeInstanceOf(EbayApiError);
    expect(error).toMatchObject({ httpStatus: 400, errorId });
    expect(error!.parameters.map((p) => p.value)).toContain(parameter);
    expect(fake.snapshot().listings).toEqual([]);
  });

  it('answers publish with eBay’s errors for the brand and MPN pair, the package under calculated shipping, and policies', async () => {
    token = await connectFakeSeller(client);
    const setup = await prepareFakeSeller(client, token);
    const common = { marketplaceId: 'EBAY_US', categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES' }] };
    const shipping = (name: string, costType: string, services: object[]) =>
      client.account.createFulfillmentPolicy(token, {
        ...common,
        name,
        handlingTime: { value: 1, unit: 'DAY' },
        shippingOptions: [{ optionType: 'DOMESTIC', costType, shippingServices: services }],
      });
    const service = { sortOrder: 1, shippingCarrierCode: 'USPS', shippingServiceCode: 'USPSPriority' };
    const calculated = (await shipping('Calculated', 'CALCULATED', [service])).fulfillmentPolicyId!;
    const noService = (await shipping('No service', 'FLAT_RATE', [])).fulfillmentPolicyId!;
    const shoe = (aspects: Record<string, string[]>, extra: object = {}) => ({
      ...jeansItem({ 'US Shoe Size': ['10'], ...aspects }),
      ...extra,
    });
    const refusal = async (sku: string, item: object, policies: object, categoryId = '15709') => {
      await client.inventory.putInventoryItem(token, sku, item as never);
      const offer = jeansOffer(sku, setup, categoryId);
      const offerId = await client.offers.createOffer(token, { ...offer, listingPolicies: { ...offer.listingPolicies, ...policies } });
      return failure(client.offers.publishOffer(token, offerId));
    };
    expect(await refusal('PF-MPN', shoe({}), {})).toMatchObject({ errorId: 25002, parameters: [{ value: 'MPN' }] });
    const parcel = { packageWeightAndSize: { weight: { value: 14, unit: 'OUNCE' } } };
    expect(await refusal('PF-PKG', jeansItem(), { fulfillmentPolicyId: calculated }, '11483')).toMatchObject({
      errorId: 25020,
      parameters: [{ value: 'packageWeightAndSize.weight' }],
    });
    expect(await refusal('PF-PKG2', { ...jeansItem(), ...parcel }, { fulfillmentPolicyId: calculated }, '11483')).toMatchObject({
      errorId: 25020,
      parameters: [{ value: 'packageWeightAndSize.dimensions' }],
    });
    expect(await refusal('PF-SHIP', jeansItem(), { fulfillmentPolicyId: noService }, '11483')).toMatchObject({ errorId: 25007 });
    // The same items with what the rules ask for are taken: a shoe with eBay's "Does Not Apply", a measured parcel.
    const measured = {
      packageWeightAndSize: { ...parcel.packageWeightAndSize, dimensions: { length: 12, width: 8, height: 4, unit: 'INCH' } },
    };
    for (const [sku, item, policies, categoryId] of [
      ['PF-MPN-OK', shoe({ MPN: ['Does Not Apply'] }), {}, '15709'],
      ['PF-PKG-OK', { ...jeansItem(), ...measured }, { fulfillmentPolicyId: calculated }, '11483'],
    ] as const) {
      await client.inventory.putInventoryItem(token, sku, item as never);
      const offer = jeansOffer(sku, setup, categoryId);
      const offerId = await client.offers.createOffer(token, { ...offer, listingPolicies: { ...offer.listingPolicies, ...policies } });
      expect((await client.offers.publishOffer(token, offerId)).listingId).toMatch(/^\d+$/);
    }
  });

  it('answers 25002 "No <Item.Country>" when the offer has no location, and forced failures once', async () => {
    token = await connectFakeSeller(client);
    const setup = await prepareFakeSeller(client, token);
    await client.inventory.putInventoryItem(token, 'PSTFSH006', jeansItem());
    const noLocation = await client.offers.createOffer(token, { ...jeansOffer('PSTFSH006', setup), merchantLocationKey: 'missing' });
    expect((await failure(client.offers.publishOffer(token, noLocation)))?.message).toMatch(/No <Item.Country> exists/);
    await client.offers.updateOffer(token, noLocation, {
      ...jeansOffer('PSTFSH006', setup),
      sku: undefined,
      marketplaceId: undefined,
      format: undefined,
    } as never);
    fake.failPublish('missing-department');
    expect(await failure(client.offers.publishOffer(token, noLocation))).toMatchObject({
      errorId: 25002,
      parameters: [{ name: '0', value: 'Department' }],
    });
    expect((await client.offers.publishOffer(token, noLocation)).listingId).toBeTruthy();
  });
});

describe('eBay client: media, taxonomy, metadata', () => {
  it('uploads an image as multipart and answers the eBay-hosted URL', async () => {
    token = await connectFakeSeller(client);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    const image = await client.media.createImageFromFile(token, { data: jpeg, filename: 'front.jpg', contentType: 'image/jpeg' });
    expect(image.imageUrl).toMatch(/^https:\/\/i\.ebayimg\./);
    expect(image.imageId).toMatch(/^v1\|/);
    const [stored] = Object.values(fake.snapshot().sellers)[0]!.images;
    expect(stored).toMatchObject({ bytes: jpeg.length, contentType: 'image/jpeg' });
  });

  it('reads the category tree id, suggestions and a category’s aspects with an application token', async () => {
    const treeId = await client.taxonomy.getDefaultCategoryTreeId();
    const suggestions = await client.taxonomy.getCategorySuggestions(treeId, "Levi's women's jeans");
    expect(suggestions[0]?.category?.categoryId).toBe('11554');
    expect(await client.taxonomy.getCategorySuggestions(treeId, 'zzzz')).toEqual([]);
    const aspects = await client.taxonomy.getItemAspectsForCategory(treeId, '11554');
    const department = aspects.find((a) => a.localizedAspectName === 'Department');
    expect(department?.aspectConstraint).toMatchObject({ aspectRequired: true, aspectMode: 'SELECTION_ONLY' });
    expect(department?.aspectValues?.map((v) => v.localizedValue)).toEqual(['Women']);
  });

  it('reads the conditions a category allows and the shipping services', async () => {
    const [policy] = await client.metadata.getItemConditionPolicies(['169291']);
    expect(policy?.itemConditions?.map((c) => c.conditionId)).toEqual(['1000', '1500', '3000']);
    const services = await client.metadata.getShippingServices();
    expect(services.map((s) => s.shippingService)).toContain('USPSGroundAdvantage');
  });
});

describe('eBay client: errors', () => {
  it('reads 429 with Retry-After into a retryable EbayApiError', async () => {
    fake.rateLimitNext(1, 7);
    const error = await failure(client.taxonomy.getDefaultCategoryTreeId());
    expect(error).toMatchObject({ httpStatus: 429, retryAfterSeconds: 7, retryable: true });
    expect(await client.taxonomy.getDefaultCategoryTreeId()).toBe('0');
  });

  it('reads an injected system error (25001) as retryable, with eBay’s message', async () => {
    token = await connectFakeSeller(client);
    fake.failNext('getInventoryItem', { status: 500, errorId: 25001, message: 'A system error has occurred.' });
    const error = await failure(client.inventory.getInventoryItem(token, 'X'));
    expect(error).toMatchObject({ httpStatus: 500, errorId: 25001, message: 'A system error has occurred.', retryable: true });
  });

  it('reaches the fake with the latency it is told to add', async () => {
    fake.setLatency(150);
    const started = Date.now();
    await client.metadata.getShippingServices();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    fake.setLatency(0);
  });
});
