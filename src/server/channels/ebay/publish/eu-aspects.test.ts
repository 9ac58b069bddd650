import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { SIZE_TYPES } from '@shared/domain/catalog';
import { answerFakeConsent } from '../../../../../fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { composeServices } from '../../../compose';
import { items } from '../../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { ebayListingRow } from '../../../test/ebay-listings';
import { clientForFake, consentThroughApp, fakeEbayEnv } from '../../../test/fake-ebay-seller';
import { makeJpeg } from '../../../test/images';
import { silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { EbayApiError } from '../api/ebay-api-error';
import type { OfferDetails } from '../api/ebay-types';
import { ebaySetupFrom } from '../setup';

/**
 * Decisions 114 and 115: on eBay's German and French sites Taxonomy names the aspects and lists their values in
 * the site's language, and the Inventory API takes them so. A seller in Berlin (Paris) lists a black women's jumper in
 * EU size 38: the fake eBay sees "Größe" and "Marke", "Damen", "Schwarz" and "Normal" ("Taille", "Femme", "Noir"...),
 * and refuses a listing that names the aspects, or gives a selection-only value, in English there.
 */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;

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

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

const sites = {
  DE: {
    marketplaceId: 'EBAY_DE',
    language: 'de-DE',
    address: { addressLine1: 'Friedrichstraße 43', city: 'Berlin', postalCode: '10117', country: 'DE' },
    names: { size: 'Größe', sizeType: 'Größentyp', brand: 'Marke', color: 'Farbe', department: 'Abteilung' },
    values: { department: 'Damen', sizeType: 'Normal', color: 'Schwarz' },
  },
  FR: {
    marketplaceId: 'EBAY_FR',
    language: 'fr-FR',
    address: { addressLine1: '12 Rue de Rivoli', city: 'Paris', postalCode: '75004', country: 'FR' },
    names: { size: 'Taille', sizeType: 'Type de taille', brand: 'Marque', color: 'Couleur', department: 'Département' },
    values: { department: 'Femme', sizeType: 'Standard', color: 'Noir' },
  },
} as const;
type Site = (typeof sites)[keyof typeof sites];

const bodenSafety = {
  manufacturer: { companyName: 'Boden Ltd', addressLine1: '1 Long Acre', city: 'London', postalCode: 'WC2E 9LH', country: 'GB' },
  responsiblePerson: {
    companyName: 'Boden EU Representative',
    addressLine1: '5 Merrion Square',
    city: 'Dublin',
    postalCode: 'D02 X285',
    country: 'IE',
    contactUrl: 'https://eu.boden.example/safety',
  },
};

/** A seller of the site's country, connected, with policies, a location and Boden's product safety details. */
async function connectSeller(user: TestUser, ebayUserId: string, site: Site) {
  fake.state.sellers.push({ userId: ebayUserId, username: `${ebayUserId}_eu`, address: site.address });
  const exchange = await api(user, 'POST', '/api/channels/ebay/connection', await consentThroughApp(t.app, user.cookie, ebayUserId));
  expect(exchange.statusCode, exchange.body).toBe(200);
  expect((await api(user, 'GET', '/api/ebay/connection')).json().connection.marketplaceId).toBe(site.marketplaceId);
  const [service] = (await api(user, 'GET', '/api/ebay/shipping-services')).json().services as { code: string }[];
  const policies = await api(user, 'POST', '/api/ebay/policies', {
    handlingTimeDays: 1,
    shippingServiceCode: service!.code,
    shippingCost: '4.50',
    freeShipping: false,
    returnPeriodDays: 30,
  });
  expect(policies.statusCode, policies.body).toBe(200);
  const { city, postalCode, country } = site.address;
  const location = await api(user, 'PUT', '/api/ebay/location', { name: 'Home', city, postalCode, country });
  expect(location.statusCode, location.body).toBe(200);
  const safety = await api(user, 'PUT', '/api/ebay/product-safety/Boden', bodenSafety);
  expect(safety.statusCode, safety.body).toBe(200);
}

/**
 * A black women's jumper, written, in eBay's Sweaters category at 18 € in EU size 38, published through the app; `words`:
 * the item's own department, size type and colour (the app's English by default, or a German seller's).
 */
async function publishJumper(user: TestUser, words = { department: 'Women', sizeType: 'Regular', color: 'Black' }) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({
      aiTitle: 'Boden Merino Jumper EU 38 Black',
      aiDescription: 'A soft merino jumper in black, worn a few times, no pilling.',
      extractedDepartment: words.department,
      // Publish Settings choose among our size types; a German word comes from Quick Fix or the label.
      extractedSizeType: words.sizeType,
      category: 'Womens Tops',
      condition: 'excellent',
    })
    .where(eq(items.id, item.id));
  const form = {
    price: money(1800, 'EUR'),
    quantity: 1,
    condition: 'excellent',
    categoryId: '63866',
    size: '38',
    ...((SIZE_TYPES as readonly string[]).includes(words.sizeType) ? { sizeType: words.sizeType } : {}),
    brand: 'Boden',
    color: words.color,
  };
  expect((await api(user, 'PUT', `/api/items/${item.id}/publish-settings`, form)).statusCode).toBe(200);
  const readiness = (await api(user, 'GET', `/api/items/${item.id}/readiness`)).json();
  expect(readiness.preflight.problems).toEqual([]);
  const publish = await api(user, 'POST', `/api/items/${item.id}/publish`, form);
  expect(publish.statusCode, publish.body).toBe(202);
  await runAllDue();
  expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'published', publishError: null });
  return item;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sentItemOf = (ebayUserId: string, sku: string) => fake.state.sellerData.get(ebayUserId)!.items.get(sku) as Record<string, any>;

describe.each([sites.DE, sites.FR])('a seller on $marketplaceId', (site) => {
  it(`lists a jumper under the site's names (${site.names.size}, ${site.names.brand}) and values (${site.values.department}, ${site.values.color})`, async () => {
    const user = await t.makeUser();
    const ebayUserId = `eu-aspects-${site.marketplaceId.toLowerCase()}`;
    await connectSeller(user, ebayUserId, site);
    await publishJumper(user);

    const [offer] = [...fake.state.offers.values()].filter((o) => o.userId === ebayUserId);
    expect(offer).toMatchObject({ marketplaceId: site.marketplaceId, contentLanguage: site.language, status: 'PUBLISHED' });
    const aspects = sentItemOf(ebayUserId, offer!.sku).product.aspects as Record<string, string[]>;
    expect(aspects).toEqual({
      [site.names.brand]: ['Boden'],
      [site.names.department]: [site.values.department],
      [site.names.size]: ['38'],
      [site.names.sizeType]: [site.values.sizeType],
      [site.names.color]: [site.values.color],
    });
  });
});

describe('a seller on EBAY_DE who writes in German', () => {
  it('is told of nothing to fix for "Damen", "Normal" and "Schwarz", and the item keeps its words', async () => {
    const user = await t.makeUser();
    const ebayUserId = 'eu-aspects-german-words';
    await connectSeller(user, ebayUserId, sites.DE);
    // publishJumper asserts the readiness has no problem before it publishes.
    const item = await publishJumper(user, { department: 'Damen', sizeType: 'Normal', color: 'Schwarz' });

    const [offer] = [...fake.state.offers.values()].filter((o) => o.userId === ebayUserId);
    expect(sentItemOf(ebayUserId, offer!.sku).product.aspects).toMatchObject({
      Abteilung: ['Damen'],
      Größentyp: ['Normal'],
      Farbe: ['Schwarz'],
    });
    const stored = (await api(user, 'GET', `/api/items/${item.id}`)).json();
    expect(stored).toMatchObject({ extractedDepartment: 'Damen', extractedSizeType: 'Normal', extractedColor: 'Schwarz' });
  });
});

describe('the fake eBay on EBAY_DE', () => {
  it("refuses a listing whose required aspects are named in English, with eBay's 25002 naming the site's aspect", async () => {
    const user = await t.makeUser();
    const ebayUserId = 'eu-aspects-english';
    await connectSeller(user, ebayUserId, sites.DE);
    await publishJumper(user);
    const [published] = [...fake.state.offers.values()].filter((o) => o.userId === ebayUserId);

    // The same seller through eBay's API directly, with the jumper's item named as on eBay US.
    const client = clientForFake(fake);
    const callback = await answerFakeConsent(client.oauth.consentUrl('eu-aspects'), 'agree', ebayUserId);
    const { accessToken } = await client.oauth.exchangeCode(callback.get('code')!);
    const english = structuredClone(sentItemOf(ebayUserId, published!.sku));
    english.product.aspects = { Brand: ['Boden'], Department: ['Women'], Size: ['38'], 'Size Type': ['Regular'], Color: ['Blue'] };
    delete english.sku;
    delete english.locale;
    await client.inventory.putInventoryItem(accessToken, 'EN-NAMED-1', english, 'EBAY_DE');
    const { offerId } = await client.offers.saveOfferForSku(accessToken, {
      ...(published!.details as OfferDetails),
      sku: 'EN-NAMED-1',
      marketplaceId: 'EBAY_DE',
      format: 'FIXED_PRICE',
    });
    const failure = await client.offers.publishOffer(accessToken, offerId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EbayApiError);
    expect((failure as EbayApiError).errors[0]).toMatchObject({
      errorId: 25002,
      message: expect.stringContaining('The item specific Marke is missing'),
      parameters: [{ name: '0', value: 'Marke' }],
    });

    // Named in German but valued in English: Abteilung is SELECTION_ONLY and eBay Germany lists "Damen", not "Women".
    const taxonomy = await client.taxonomy.getItemAspectsForCategory('77', '63866');
    const department = taxonomy.find((a) => a.localizedAspectName === 'Abteilung');
    expect(department?.aspectConstraint?.aspectMode).toBe('SELECTION_ONLY');
    expect(department?.aspectValues?.map((v) => v.localizedValue)).toEqual(['Damen']);
    const englishValues = structuredClone(english);
    englishValues.product.aspects = { Marke: ['Boden'], Abteilung: ['Women'], Größe: ['38'], Größentyp: ['Normal'], Farbe: ['Schwarz'] };
    await client.inventory.putInventoryItem(accessToken, 'EN-VALUED-1', englishValues, 'EBAY_DE');
    const valued = await client.offers.saveOfferForSku(accessToken, {
      ...(published!.details as OfferDetails),
      sku: 'EN-VALUED-1',
      marketplaceId: 'EBAY_DE',
      format: 'FIXED_PRICE',
    });
    const refused = await client.offers.publishOffer(accessToken, valued.offerId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EbayApiError);
    expect((refused as EbayApiError).errors[0]).toMatchObject({
      errorId: 25002,
      message: expect.stringContaining('The item specific Abteilung has an invalid value "Women"'),
      parameters: [{ name: '0', value: 'Abteilung' }],
    });
    // And the size type, which eBay Germany lists as "Normal".
    englishValues.product.aspects = { ...englishValues.product.aspects, Abteilung: ['Damen'], Größentyp: ['Regular'] };
    await client.inventory.putInventoryItem(accessToken, 'EN-VALUED-1', englishValues, 'EBAY_DE');
    const sizeType = await client.offers.publishOffer(accessToken, valued.offerId).catch((error: unknown) => error);
    expect((sizeType as EbayApiError).errors[0]).toMatchObject({ errorId: 25002, parameters: [{ name: '0', value: 'Größentyp' }] });
  });
});

describe('a seller on EBAY_DE, whose screens speak English', () => {
  it("is asked eBay Germany's required item specifics by their English names and values, and the answers go in German", async () => {
    const user = await t.makeUser();
    const ebayUserId = 'eu-aspects-asked-in-english';
    await connectSeller(user, ebayUserId, sites.DE);
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await t.deps.database.db
      .update(items)
      .set({
        aiTitle: 'Boden Merino Jumper',
        aiDescription: 'A soft merino jumper, worn a few times, no pilling.',
        category: 'Womens Tops',
      })
      .where(eq(items.id, item.id));
    const form = { price: money(1800, 'EUR'), quantity: 1, condition: 'excellent', categoryId: '63866' };
    expect((await api(user, 'PUT', `/api/items/${item.id}/publish-settings`, form)).statusCode).toBe(200);

    const asked = (await api(user, 'GET', `/api/items/${item.id}/readiness`)).json().preflight.problems as {
      message: string;
      aspect?: { name: string; allowedValues: string[] };
    }[];
    const names = asked.flatMap((p) => (p.aspect ? [p.aspect.name] : []));
    expect(names).toEqual(expect.arrayContaining(['Brand', 'Size', 'Color']));
    for (const german of ['Marke', 'Größe', 'Farbe', 'Größentyp', 'Abteilung']) {
      expect(JSON.stringify(asked)).not.toContain(german);
    }
    // eBay Germany's colours, each in English: "Black", "Ivory" for "Schwarz", "Elfenbein".
    const colour = asked.find((p) => p.aspect?.name === 'Color');
    expect(colour?.aspect?.allowedValues).toEqual(expect.arrayContaining(['Black', 'Gray', 'Ivory', 'Silver']));
    expect(colour?.message).toMatch(/^Color is required by eBay: one of .*Black/);
    expect(asked.find((p) => p.aspect?.name === 'Size Type')?.aspect?.allowedValues).toContain('Regular');
    for (const german of ['Schwarz', 'Elfenbein', 'Silber', 'Normal']) expect(JSON.stringify(asked)).not.toContain(german);

    const fix = await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, {
      aspects: { Brand: 'Boden', Size: '38', 'Size Type': 'Regular', Color: 'Black', Department: 'Women' },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const publish = await api(user, 'POST', `/api/items/${item.id}/publish`, {
      ...form,
      size: '38',
      sizeType: 'Regular',
      brand: 'Boden',
      color: 'Black',
    });
    expect(publish.statusCode, publish.body).toBe(202);
    await runAllDue();
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'published', publishError: null });
    const [offer] = [...fake.state.offers.values()].filter((o) => o.userId === ebayUserId);
    expect(sentItemOf(ebayUserId, offer!.sku).product.aspects).toMatchObject({
      Marke: ['Boden'],
      Farbe: ['Schwarz'],
      Größentyp: ['Normal'],
    });
  });
});
