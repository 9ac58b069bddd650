import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { clientForFake, connectFakeSeller, jeansItem, jeansOffer, prepareFakeSeller } from './fake-ebay-seller';

let fake: FakeEbay;
let token: string;
let setup: Awaited<ReturnType<typeof prepareFakeSeller>>;

beforeAll(async () => {
  fake = await startFakeEbay();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const headers = { 'content-type': 'application/json', 'content-language': 'en-US' };
async function send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const answer = await fetch(fake.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : headers), ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}
const putItem = (sku: string, item: unknown) => send('PUT', `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, item);
const errorIdOf = (answer: { body?: { errors?: { errorId: number }[] } }) => answer.body?.errors?.[0]?.errorId;

async function seller() {
  const client = clientForFake(fake);
  token = await connectFakeSeller(client);
  setup = await prepareFakeSeller(client, token);
  expect((await putItem('JEANS1', jeansItem())).status).toBe(201);
}

describe('the fake eBay answers the inventory item errors its contract documents', () => {
  it('refuses what eBay refuses in an item, each with its documented errorId', async () => {
    await seller();
    const item = jeansItem();
    const cases: [string, unknown, number][] = [
      ['BAD SKU', item, 25708],
      ['A', { ...item, product: { ...item.product, subtitle: 'S'.repeat(56) } }, 25080],
      ['A', { ...item, product: { ...item.product, description: 'D'.repeat(4001) } }, 25080],
      ['A', { ...item, product: { ...item.product, aspects: { Color: ['B'.repeat(51)] } } }, 25080],
      ['A', { ...item, product: { ...item.product, aspects: { Color: [' '] } } }, 25022],
      ['A', { ...item, product: { ...item.product, aspects: { ' ': ['Blue'] } } }, 25601],
      ['A', { ...item, condition: 'GENTLY_WORN' }, 25016],
      ['A', { ...item, availability: { shipToLocationAvailability: { quantity: -1 } } }, 25004],
      ['A', { ...item, availability: { pickupAtLocationAvailability: [{ merchantLocationKey: 'nowhere' }] } }, 25012],
      ['A', { ...item, product: { ...item.product, imageUrls: ['not a url'] } }, 25015],
      ['A', { ...item, product: { ...item.product, upc: ['12-34'] } }, 25604],
      ['A', { ...item, product: { ...item.product, epid: 'abc' } }, 25503],
      ['A', { ...item, packageWeightAndSize: { weight: { value: -2, unit: 'POUND' } } }, 25715],
      ['A', { ...item, condition: 'CERTIFIED_REFURBISHED' }, 25047],
    ];
    for (const [sku, body, errorId] of cases) {
      const answer = await putItem(sku, body);
      expect({ sku, errorId: errorIdOf(answer), status: answer.status }).toEqual({ sku, errorId, status: 400 });
    }
    expect((await send('GET', `/sell/inventory/v1/inventory_item/${'X'.repeat(51)}`)).body.errors[0].errorId).toBe(25702);
    expect((await send('DELETE', `/sell/inventory/v1/inventory_item/${'X'.repeat(51)}`)).body.errors[0].errorId).toBe(25702);
  });

  it('saves an item with the retiring grading aspects and warns (25126)', async () => {
    await seller();
    const answer = await putItem('JEANS1', jeansItem({ Grade: ['MS 65'] }));
    expect(answer.status).toBe(200);
    expect(answer.body.warnings).toEqual([expect.objectContaining({ errorId: 25126 })]);
  });
});

describe('the fake eBay answers the offer errors its contract documents', () => {
  it('refuses an offer for a SKU without an item (25702) and the fields eBay refuses', async () => {
    await seller();
    const offer = jeansOffer('JEANS1', setup);
    const { fulfillmentPolicyId, paymentPolicyId } = setup.listingPolicies;
    const auction = { ...offer, format: 'AUCTION', listingDuration: 'DAYS_7', availableQuantity: undefined };
    const start = { value: '1.00', currency: 'USD' };
    const cases: [unknown, number][] = [
      [{ ...offer, sku: 'NOITEM' }, 25702],
      [{ ...offer, listingStartDate: 'tomorrow' }, 25752],
      [{ ...offer, listingDuration: 'DAYS_7' }, 25006],
      [{ ...offer, pricingSummary: { ...offer.pricingSummary, auctionStartPrice: start } }, 25758],
      [{ ...auction, listingDuration: undefined }, 25755],
      [{ ...auction, listingDuration: 'DAYS_2' }, 25006],
      [auction, 25757],
      [{ ...auction, pricingSummary: { auctionStartPrice: start, originalRetailPrice: start } }, 25761],
      [{ ...auction, pricingSummary: { auctionStartPrice: start }, availableQuantity: 1 }, 25762],
      [{ ...auction, pricingSummary: { auctionStartPrice: start }, quantityLimitPerBuyer: 1 }, 25763],
      [
        {
          ...auction,
          pricingSummary: { auctionStartPrice: start },
          listingPolicies: { ...offer.listingPolicies, eBayPlusIfEligible: true },
        },
        25764,
      ],
      [{ ...offer, availableQuantity: -1 }, 25004],
      [{ ...offer, lotSize: 0 }, 25031],
      [{ ...offer, tax: { vatPercentage: 120 } }, 25011],
      [{ ...offer, secondaryCategoryId: '11483' }, 25032],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, fulfillmentPolicyId: paymentPolicyId } }, 25036],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, paymentPolicyId: fulfillmentPolicyId } }, 25036],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, takeBackPolicyId: 'abc' } }, 25766],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, productCompliancePolicyIds: ['x1'] } }, 25767],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, productCompliancePolicyIds: ['1', '2', '3', '4', '5', '6', '7'] } }, 25089],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, productCompliancePolicyIds: ['1'] } }, 25076],
      [{ ...offer, listingPolicies: { ...offer.listingPolicies, takeBackPolicyId: '5' } }, 25076],
    ];
    const regions = (policyIds: string[], country = 'GB') => ({ countryPolicies: [{ country, policyIds }] });
    const sevenIds = ['1', '2', '3', '4', '5', '6', '7'];
    for (const [listingPolicies, errorId] of [
      [{ regionalProductCompliancePolicies: regions(['1'], 'US') }, 25095],
      [{ regionalProductCompliancePolicies: regions(sevenIds) }, 25090],
      [
        {
          productCompliancePolicyIds: ['1'],
          regionalProductCompliancePolicies: { countryPolicies: Array(6).fill({ country: 'GB', policyIds: sevenIds.slice(1) }) },
        },
        25091,
      ],
      [{ regionalTakeBackPolicies: regions(['1', '2']) }, 25093],
      [{ takeBackPolicyId: '1', regionalTakeBackPolicies: { countryPolicies: Array(6).fill({ country: 'DE', policyIds: ['2'] }) } }, 25094],
    ] as const)
      cases.push([{ ...offer, listingPolicies: { ...offer.listingPolicies, ...listingPolicies } }, errorId]);
    const contact = { companyName: 'Levi Strauss', country: 'DE', city: 'Berlin', postalCode: '10115', addressLine1: 'Str. 1' };
    const person = { ...contact, types: ['EUResponsiblePerson'] };
    const label = { imageURL: 'https://i.ebayimg.com/images/label.jpg', productInformationSheet: 'https://example.com/sheet.pdf' };
    for (const [regulatory, errorId] of [
      [{ manufacturer: { ...contact, email: 'no-at-sign' } }, 25088],
      [{ manufacturer: contact, responsiblePersons: [{ ...person, contactUrl: 'levi dot com' }] }, 25122],
      [{ repairScore: 5.65 }, 25079],
      [{ repairScore: 11 }, 25079],
      [{ energyEfficiencyLabel: { imageDescription: 'Rated E' } }, 25083],
      [{ energyEfficiencyLabel: { imageURL: label.imageURL } }, 25084],
      [{ energyEfficiencyLabel: { ...label, imageURL: 'https://example.com/label.jpg' } }, 25086],
      [{ hazmat: { pictograms: ['SGH01'] } }, 25081],
      [{ hazmat: { statements: ['H200'], component: 'C'.repeat(121) } }, 25080],
      [{ productSafety: { pictograms: ['1', '2', '3'] } }, 25108],
      [{ productSafety: { statements: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] } }, 25108],
      [{ productSafety: { component: 'Tipping hazard' } }, 25109],
      [{ documents: [{ documentId: 'D1' }, { documentId: 'D1' }] }, 25077],
      [{ documents: [{ documentId: 'D1' }] }, 25104],
    ] as const)
      cases.push([{ ...offer, regulatory }, errorId]);
    for (const [body, errorId] of cases) {
      const answer = await send('POST', '/sell/inventory/v1/offer', body);
      expect({ body, errorId: errorIdOf(answer), status: answer.status }).toEqual({ body, errorId, status: 400 });
    }
    // updateOffer checks the same fields.
    const created = await send('POST', '/sell/inventory/v1/offer', offer);
    expect(created.status).toBe(201);
    const { sku: _sku, marketplaceId: _m, format: _f, ...details } = offer;
    const update = await send('PUT', `/sell/inventory/v1/offer/${created.body.offerId}`, { ...details, lotSize: -3 });
    expect(errorIdOf(update)).toBe(25031);
  });

  it('warns of what it drops: VAT on eBay US, a start date once live, a new item’s condition notes', async () => {
    await seller();
    const { sku: _sku, marketplaceId: _m, format: _f, ...details } = jeansOffer('JEANS1', setup);
    const created = await send('POST', '/sell/inventory/v1/offer', { ...jeansOffer('JEANS1', setup), tax: { vatPercentage: 19 } });
    expect(created.body.warnings).toEqual([expect.objectContaining({ errorId: 25028 })]);
    const offerId = created.body.offerId as string;
    expect((await putItem('JEANS1', { ...jeansItem(), condition: 'NEW' })).status).toBe(204);
    const published = await send('POST', `/sell/inventory/v1/offer/${offerId}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.warnings.map((w: { errorId: number }) => w.errorId)).toEqual([25028, 25030]);
    const updated = await send('PUT', `/sell/inventory/v1/offer/${offerId}`, {
      ...details,
      listingStartDate: '2030-01-01T00:00:00Z',
      extendedProducerResponsibility: { ecoParticipationFee: { value: '0.50', currency: 'USD' } },
    });
    expect(updated.body.warnings.map((w: { errorId: number }) => w.errorId)).toEqual([25753, 25037]);
  });

  it('refuses to publish an auction of a SKU with none in stock (25760)', async () => {
    await seller();
    expect((await putItem('JEANS1', { ...jeansItem(), availability: { shipToLocationAvailability: { quantity: 0 } } })).status).toBe(204);
    const auction = {
      ...jeansOffer('JEANS1', setup),
      format: 'AUCTION',
      listingDuration: 'DAYS_7',
      availableQuantity: undefined,
      pricingSummary: { price: { value: '24.99', currency: 'USD' }, auctionStartPrice: { value: '9.99', currency: 'USD' } },
    };
    const created = await send('POST', '/sell/inventory/v1/offer', auction);
    expect(created.status).toBe(201);
    expect(errorIdOf(await send('POST', `/sell/inventory/v1/offer/${created.body.offerId}/publish`))).toBe(25760);
  });
});

describe('the fake eBay answers the Fulfillment, Finances and Negotiation query errors their contracts document', () => {
  const day = 24 * 60 * 60 * 1000;
  const iso = (at: number) => new Date(at).toISOString();

  it('getOrders and getOrder: the filter’s dates, orderIds, limit, offset and fieldGroups', async () => {
    await seller();
    const now = Date.now();
    const cases: [string, number][] = [
      ['filter=colour:{red}', 30700],
      ['filter=lastmodifieddate:2026-01-01', 30800],
      ['filter=orderfulfillmentstatus:{SHIPPED}', 30800],
      ['filter=lastmodifieddate:[2026-01-01..]', 30810],
      [`filter=creationdate:[..${iso(now)}]`, 30820],
      [`filter=creationdate:[${iso(now - 800 * day)}..${iso(now)}]`, 30830],
      [`filter=creationdate:[${iso(now - day)}..${iso(now - 2 * day)}]`, 30840],
      [`filter=lastmodifieddate:[${iso(now + 2 * day)}..]`, 30850],
      [`orderIds=${Array.from({ length: 51 }, (_, i) => `1-${i}`).join(',')}`, 30900],
      ['offset=-1', 31000],
      ['limit=201', 31100],
      ['fieldGroups=BUYER', 32800],
    ];
    for (const [query, errorId] of cases) {
      const answer = await send('GET', `/sell/fulfillment/v1/order?${query}`);
      expect({ query, errorId: errorIdOf(answer), status: answer.status }).toEqual({ query, errorId, status: 400 });
    }
    expect(errorIdOf(await send('GET', '/sell/fulfillment/v1/order/1-1?fieldGroups=BUYER'))).toBe(32800);
    const fine = `filter=lastmodifieddate:[${iso(now - day)}..],orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}&fieldGroups=TAX_BREAKDOWN`;
    expect((await send('GET', `/sell/fulfillment/v1/order?${fine}`)).status).toBe(200);
  });

  it('getTransactions: pagination, sort, and the type, status and date filters', async () => {
    await seller();
    const now = Date.now();
    const cases: [string, number][] = [
      ['limit=1001', 135003],
      ['offset=x', 135003],
      ['sort=amount', 135005],
      ['filter=transactionType:{GIFT}', 135006],
      ['filter=transactionType:{SALE},transactionStatus:{LOST}', 135007],
      ['filter=transactionDate:[yesterday..]', 135008],
      ['filter=transactionStatus:{PAYOUT}', 135009],
      [`filter=transactionDate:[${iso(now - 6 * 366 * day)}..${iso(now - 5 * 366 * day)}]`, 135015],
      [`filter=transactionDate:[${iso(now - 40 * 31 * day)}..${iso(now)}]`, 135016],
    ];
    for (const [query, errorId] of cases) {
      const answer = await send('GET', `/sell/finances/v1/transaction?${query}`, undefined, { 'x-ebay-c-marketplace-id': 'EBAY_US' });
      expect({ query, errorId: errorIdOf(answer), status: answer.status }).toEqual({ query, errorId, status: 400 });
    }
  });

  it('sendOfferToInterestedBuyers and findEligibleItems: the header, the listing id, an auction, the quantity', async () => {
    await seller();
    const publish = async (offer: unknown) => {
      const created = await send('POST', '/sell/inventory/v1/offer', offer);
      const published = await send('POST', `/sell/inventory/v1/offer/${created.body.offerId}/publish`);
      expect(published.status).toBe(200);
      fake.state.negotiation.watch(published.body.listingId, ['buyer1']);
      return published.body.listingId as string;
    };
    const fixed = await publish(jeansOffer('JEANS1', setup));
    expect((await putItem('JEANS2', jeansItem())).status).toBe(201);
    const auction = await publish({
      ...jeansOffer('JEANS2', setup),
      format: 'AUCTION',
      listingDuration: 'DAYS_7',
      availableQuantity: undefined,
      pricingSummary: { price: { value: '24.99', currency: 'USD' }, auctionStartPrice: { value: '9.99', currency: 'USD' } },
    });
    const offerTo = async (listingId: string, extra: Record<string, unknown> = {}, marketplace: Record<string, string> = {}) => {
      const answer = await fetch(`${fake.url}/sell/negotiation/v1/send_offer_to_interested_buyers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...marketplace },
        body: JSON.stringify({ offeredItems: [{ listingId, discountPercentage: '10', ...extra }] }),
      });
      return { status: answer.status, errorId: ((await answer.json()) as { errors: { errorId: number }[] }).errors?.[0]?.errorId };
    };
    const us = { 'x-ebay-c-marketplace-id': 'EBAY_US' };
    expect(await offerTo(fixed)).toEqual({ status: 400, errorId: 150001 });
    expect(await offerTo('abc', {}, us)).toEqual({ status: 409, errorId: 150013 });
    expect(await offerTo(auction, {}, us)).toEqual({ status: 409, errorId: 150017 });
    expect(await offerTo(fixed, { quantity: 2 }, us)).toEqual({ status: 409, errorId: 150014 });
    const eligible = await fetch(`${fake.url}/sell/negotiation/v1/find_eligible_items`, { headers: { authorization: `Bearer ${token}` } });
    expect([eligible.status, ((await eligible.json()) as { errors: { errorId: number }[] }).errors[0]!.errorId]).toEqual([400, 150001]);
    expect(fake.contractViolations.map((v) => v.operationId)).toEqual(['sendOfferToInterestedBuyers', 'findEligibleItems']);
    fake.contractViolations.length = 0;
  });
});

describe('the fake eBay answers the Location, Account, Media and Metadata errors their contracts document', () => {
  it('locations: a key eBay cannot take (25804), no location (25801), a country that is not a code (25800)', async () => {
    await seller();
    const location = { location: { address: { postalCode: '95125', country: 'US' } }, locationTypes: ['WAREHOUSE'], name: 'Shed' };
    expect(errorIdOf(await send('POST', `/sell/inventory/v1/location/${'k'.repeat(37)}`, location))).toBe(25804);
    expect(errorIdOf(await send('GET', `/sell/inventory/v1/location/${'k'.repeat(37)}`))).toBe(25804);
    expect(errorIdOf(await send('POST', '/sell/inventory/v1/location/shed', { name: 'Shed' }))).toBe(25801);
    const usa = { ...location, location: { address: { postalCode: '95125', country: 'USA' } } };
    expect(errorIdOf(await send('POST', '/sell/inventory/v1/location/shed', usa))).toBe(25800);
    expect((await send('POST', '/sell/inventory/v1/location/shed', location)).status).toBe(204);
  });

  it('optInToProgram without programType is 20401', async () => {
    await seller();
    const answer = await fetch(`${fake.url}/sell/account/v1/program/opt_in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect([answer.status, ((await answer.json()) as { errors: { errorId: number }[] }).errors[0]!.errorId]).toEqual([400, 20401]);
  });

  it('media: an unsupported format (190203), another seller’s image (190013), no such image (190200)', async () => {
    const client = clientForFake(fake);
    const ann = await connectFakeSeller(client);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0xff, 0xd9]);
    const refused = await client.media
      .createImageFromFile(ann, { data: jpeg, filename: 'a.svg', contentType: 'image/svg+xml' })
      .catch((error: { errors?: { errorId: number }[] }) => error.errors?.[0]?.errorId);
    expect(refused).toBe(190203);
    await client.media.createImageFromFile(ann, { data: jpeg, filename: 'a.jpg', contentType: 'image/jpeg' });
    const imageId = [...fake.state.sellerData.values()].flatMap((data) => [...data.images.keys()])[0]!;
    token = fake.state.issueAccessToken('user', ['https://api.ebay.com/oauth/api_scope/sell.inventory'], 'another-seller').token;
    const get = (id: string) => send('GET', `/commerce/media/v1_beta/image/${encodeURIComponent(id)}`);
    expect([(await get(imageId)).status, errorIdOf(await get(imageId))]).toEqual([403, 190013]);
    expect([(await get('v1|nothing')).status, errorIdOf(await get('v1|nothing'))]).toEqual([404, 190200]);
  });

  it('metadata: an unknown marketplace (46001) and the condition policy warnings (46002-46004)', async () => {
    token = fake.state.issueAccessToken('application', ['https://api.ebay.com/oauth/api_scope']).token;
    const policies = (query: string, marketplace = 'EBAY_US') =>
      send('GET', `/sell/metadata/v1/marketplace/${marketplace}/get_item_condition_policies${query}`);
    expect(errorIdOf(await policies('', 'EBAY_XX'))).toBe(46001);
    expect(errorIdOf(await send('GET', '/sell/metadata/v1/shipping/marketplace/EBAY_XX/get_shipping_services'))).toBe(46001);
    const warned = async (query: string) =>
      ((await policies(query)).body.warnings ?? []).map((w: { errorId: number }) => w.errorId) as number[];
    expect(await warned('?filter=categoryIds:11483')).toEqual([46002]);
    expect(await warned('?filter=categoryIds:{11483|999999}')).toEqual([46003]);
    expect(await warned(`?filter=categoryIds:{${Array(51).fill('11483').join('|')}}`)).toEqual([46004]);
    expect(await warned('?filter=categoryIds:{11483}')).toEqual([]);
  });
});

describe('the fake eBay answers the Browse query errors its contract documents', () => {
  it('search and searchByImage refuse the paging, sort, categories and filters eBay refuses, and warn of what it ignores', async () => {
    token = fake.state.issueAccessToken('application', ['https://api.ebay.com/oauth/api_scope']).token;
    const us = { 'x-ebay-c-marketplace-id': 'EBAY_US' };
    const search = (query: string, marketplace = us) =>
      send('GET', `/buy/browse/v1/item_summary/search?q=jeans&${query}`, undefined, marketplace);
    const cases: [string, number][] = [
      ['offset=-50', 12004],
      ['offset=1.5', 12005],
      ['limit=201', 12006],
      ['limit=ten', 12007],
      ['sort=cheapest', 12008],
      ['category_ids=jeans', 12009],
      ['category_ids=11483,57989', 12030],
      ['offset=10000', 12029],
      ['limit=50&offset=25', 12515],
      ['fieldgroups=EVERYTHING', 12016],
      ['aspect_filter=Size:{32}', 12017],
      ['epid=abc', 12021],
      ['gtin=12', 12022],
      ['charity_ids=x1', 12024],
      [`charity_ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`, 12025],
      ['auto_correct=ALL', 12027],
      ['filter=guaranteedDeliveryInDays:{3}', 12507],
      ['filter=itemLocationCountry:US,itemLocationRegion:NORTH_AMERICA', 12517],
      [`filter=sellers:{${Array.from({ length: 251 }, (_, i) => `s${i}`).join('|')}}`, 12032],
    ];
    for (const [query, errorId] of cases) {
      const answer = await search(query);
      expect({ query, errorId: errorIdOf(answer), status: answer.status }).toEqual({ query, errorId, status: 400 });
    }
    const oneLetter = await send('GET', '/buy/browse/v1/item_summary/search?q=j&filter=searchInDescription:true', undefined, us);
    expect(errorIdOf(oneLetter)).toBe(12516);
    const elsewhere = await search('', { 'x-ebay-c-marketplace-id': 'EBAY_XX' });
    expect([elsewhere.status, errorIdOf(elsewhere)]).toEqual([409, 12019]);
    const byImage = await send('POST', '/buy/browse/v1/item_summary/search_by_image?limit=0', { image: 'AAAA' }, us);
    expect(errorIdOf(byImage)).toBe(12006);
    const notAnImage = await send('POST', '/buy/browse/v1/item_summary/search_by_image', { image: 'not base64!' }, us);
    expect(errorIdOf(notAnImage)).toBe(12501);
    const warned = async (filter: string) =>
      (((await search(`filter=${filter}`)).body.warnings ?? []) as { errorId: number }[]).map((w) => w.errorId);
    expect(await warned('conditionIds:{used}')).toEqual([12520]);
    expect(await warned('price:[10..20]')).toEqual([12012]);
    expect(await warned('deliveryPostalCode:95125')).toEqual([12011]);
    expect(await warned('pickupCountry:US,pickupRadius:5')).toEqual([12010]);
    expect(await warned('conditionIds:{3000|1000}')).toEqual([]);
  });
});
