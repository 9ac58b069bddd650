import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import type { EbayClient } from '../api/ebay-client';
import { clientForFake } from '../../../test/fake-ebay-seller';
import { createEbayCatalog, type EbayCatalog } from './ebay-catalog';
import { checkContractLimits, preflight, suggestionQueryOf, type PreflightListing, type SellerPolicies } from './preflight';

let fake: FakeEbay;
let client: EbayClient;
let catalog: EbayCatalog;

beforeAll(async () => {
  fake = await startFakeEbay();
  client = clientForFake(fake);
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const MENS_JEANS = '11483';
const WOMENS_BAGS = '169291';
const MENS_CLOTHING = '1059';

const listing = (overrides: Partial<PreflightListing> = {}): PreflightListing => ({
  sku: 'DENIM-001',
  title: "Levi's 501 Men's Jeans 32x30 Blue",
  description: 'Classic straight-leg jeans in a mid-blue wash, lightly worn with no flaws.',
  categoryId: MENS_JEANS,
  condition: 'good',
  aspects: { Brand: ["Levi's"], Department: ['Men'], Size: ['32'], 'Size Type': ['Regular'], Color: ['Blue'] },
  imageCount: 5,
  ...overrides,
});

describe('pre-flight against eBay (fake)', () => {
  beforeAll(() => {
    catalog = createEbayCatalog(client);
  });

  it('passes a complete listing and maps good onto Pre-owned – Good (USED_EXCELLENT)', async () => {
    const result = await preflight(listing(), catalog);
    expect(result.problems).toEqual([]);
    expect(result.condition).toMatchObject({ id: 3000, enum: 'USED_EXCELLENT' });
  });

  it('names each missing required aspect with the values eBay allows; one with a single value is filled, not asked', async () => {
    const result = await preflight(listing({ aspects: { Brand: ["Levi's"], size: ['32'], Color: ['Blue'] } }), catalog);
    expect(result.problems.map((p) => p.aspect?.name)).toEqual(['Size Type']);
    expect(result.problems[0]).toMatchObject({ field: 'aspects', message: 'Size Type is required by eBay: one of Regular, Big & Tall' });
    expect(result.problems[0]!.aspect!.allowedValues).toEqual(['Regular', 'Big & Tall']);
    // Men's Jeans lists one Department: it is sent as eBay lists it.
    expect(result.normalisedAspects).toMatchObject({ Department: ['Men'] });
  });

  it('refuses a Size or selection-only value eBay does not list', async () => {
    const result = await preflight(listing({ aspects: { ...listing().aspects, Size: ['XL'], Department: ['Women'] } }), catalog);
    expect(result.problems.map((p) => p.message)).toEqual([
      'Department "Women" is not one of eBay\'s values: Men',
      expect.stringMatching(/^Size "XL" is not one of eBay's sizes for this category: choose one of 28, 29, 30/),
    ]);
    expect(result.problems[1]!.aspect).toMatchObject({ name: 'Size', allowedValues: expect.arrayContaining(['32', '32x30']) });
  });

  it('sends Size and Size Type in the category’s standard values, or asks for the one that has none (2026 sizes)', async () => {
    const mapped = await preflight(listing({ aspects: { ...listing().aspects, Size: ['W32 L30'], 'Size Type': ['Tall'] } }), catalog);
    expect(mapped.problems).toEqual([]);
    expect(mapped.normalisedAspects).toEqual({ Size: ['32x30'], 'Size Type': ['Big & Tall'] });
    const petite = await preflight(listing({ aspects: { ...listing().aspects, 'Size Type': ['Petite'] } }), catalog);
    expect(petite.problems).toEqual([
      {
        field: 'aspects',
        message: 'Size type "Petite" is not one eBay takes for this category: choose one of Regular, Big & Tall',
        aspect: { name: 'Size Type', allowedValues: ['Regular', 'Big & Tall'] },
      },
    ]);
  });

  it('a parent category is refused and leaf suggestions for the title come back', async () => {
    const result = await preflight(listing({ categoryId: MENS_CLOTHING }), catalog);
    expect(result.problems).toEqual([
      { field: 'category', message: `eBay category ${MENS_CLOTHING} is a parent category; choose one of its subcategories` },
    ]);
    expect(result.categorySuggestions[0]).toMatchObject({ id: MENS_JEANS, name: 'Jeans' });
  });

  it('suggests categories from the seller’s category and brand, not a stale title', async () => {
    const stale = listing({ title: 'Black Clothing or Accessory', categoryId: null, category: 'Mens Jeans', brand: 'Ralph Lauren' });
    expect(suggestionQueryOf(stale)).toBe("Ralph Lauren Men's Jeans");
    const result = await preflight(stale, catalog);
    expect(result.categorySuggestions.map((s) => s.id)).toContain(MENS_JEANS);
    expect(suggestionQueryOf(listing({ category: 'Womens Tops', brand: null }))).toBe("Women's Top");
    expect(suggestionQueryOf(listing({ category: null }))).toBe("Levi's 501 Men's Jeans 32x30 Blue");
  });

  it('an unknown or missing category asks for one, with suggestions', async () => {
    const unknown = await preflight(listing({ categoryId: '999999' }), catalog);
    expect(unknown.problems[0]!.message).toBe('eBay has no category 999999; choose another');
    const missing = await preflight(listing({ categoryId: null }), catalog);
    expect(missing.problems).toEqual([{ field: 'category', message: 'Choose an eBay category' }]);
    expect(missing.categorySuggestions.map((s) => s.id)).toContain(MENS_JEANS);
  });

  it('a category that does not take the clothing condition gets the nearest one it allows, never a better one', async () => {
    const bag = {
      categoryId: WOMENS_BAGS,
      aspects: { Brand: ['Coach'], Department: ['Women'], Color: ['Brown'], MPN: ['Does Not Apply'] },
    };
    const excellent = await preflight(listing({ ...bag, condition: 'excellent' }), catalog);
    expect(excellent.problems).toEqual([]);
    expect(excellent.condition).toMatchObject({ id: 3000 }); // 2990 is not allowed; 1500 would claim better
    const withTags = await preflight(listing({ ...bag, condition: 'new_with_tags' }), catalog);
    expect(withTags.condition).toMatchObject({ id: 1000, enum: 'NEW' });
  });

  it('asks for a condition when there is none', async () => {
    const result = await preflight(listing({ condition: null }), catalog);
    expect(result.problems).toEqual([{ field: 'condition', message: 'Choose a condition' }]);
  });

  it('offers eBay’s suggestions for the item beside a category already set: a men’s polo in its default T-shirts sees Polos', async () => {
    const polo = listing({
      title: "Ralph Lauren Men's Polo Shirt Large Navy",
      categoryId: '15687', // Men's T-Shirts: the default for Mens Tops (decision 066)
      category: 'Mens Tops',
      brand: 'Ralph Lauren',
      aspects: { Brand: ['Ralph Lauren'], Department: ['Men'], Size: ['L'], 'Size Type': ['Regular'], Color: ['Blue'] },
    });
    const result = await preflight(polo, catalog);
    expect(result.problems).toEqual([]);
    expect(result.categorySuggestions.map((s) => `${s.path} > ${s.name}`)).toContain(
      "Clothing, Shoes & Accessories > Men > Men's Clothing > Shirts > Polos",
    );
  });

  it('a category already set is checked even when eBay cannot suggest others just then', async () => {
    const failing: EbayCatalog = { ...catalog, suggestions: () => Promise.reject(new Error('eBay is down')) };
    const result = await preflight(listing(), failing);
    expect(result.problems).toEqual([]);
    expect(result.categorySuggestions).toEqual([]);
    await expect(preflight(listing({ categoryId: null }), failing)).rejects.toThrow('eBay is down');
  });

  it('asks eBay once per category and once per suggestion query however many items are checked at once, and again after a day', async () => {
    let now = 0;
    const calls: string[] = [];
    const counting = {
      taxonomy: new Proxy(client.taxonomy, {
        get:
          (target, name: keyof EbayClient['taxonomy']) =>
          (...args: never[]) => {
            calls.push(name);
            return (target[name] as (...a: never[]) => unknown)(...args);
          },
      }),
      metadata: client.metadata,
    };
    const cachedCatalog = createEbayCatalog(counting, { now: () => now });
    const oncePerDay = ['getCategorySuggestions', 'getDefaultCategoryTreeId', 'getItemAspectsForCategory'];
    await Promise.all(Array.from({ length: 20 }, () => preflight(listing(), cachedCatalog)));
    expect(calls.toSorted()).toEqual(oncePerDay);
    // Items of another category and the same query: only that category's aspects are asked for.
    await Promise.all(Array.from({ length: 5 }, () => preflight(listing({ categoryId: WOMENS_BAGS }), cachedCatalog)));
    expect(calls.toSorted()).toEqual([...oncePerDay, 'getItemAspectsForCategory'].toSorted());
    now += 25 * 60 * 60 * 1000;
    calls.length = 0;
    await preflight(listing(), cachedCatalog);
    expect(calls.toSorted()).toEqual(oncePerDay);
  });
});

describe('the rules of preflight-rules/ (brand and MPN, package, policies)', () => {
  const ATHLETIC_SHOES = '15709';
  const shoe = (aspects: Record<string, string[]> = {}) =>
    listing({
      categoryId: ATHLETIC_SHOES,
      aspects: { Brand: ['Nike'], Department: ['Men'], Size: ['10'], 'Size Type': ['Regular'], Color: ['White'], ...aspects },
    });
  const policy = (overrides: Partial<NonNullable<SellerPolicies['fulfillment']>> = {}) => ({
    name: 'Ground',
    marketplaceId: 'EBAY_US',
    shippingOptions: [
      { optionType: 'DOMESTIC', costType: 'FLAT_RATE', shippingServices: [{ shippingServiceCode: 'USPSGroundAdvantage' }] },
    ],
    ...overrides,
  });
  const seller = (overrides: Partial<SellerPolicies> = {}): SellerPolicies => ({
    marketplaceId: 'EBAY_US',
    fulfillment: policy(),
    payment: { name: 'Pay', marketplaceId: 'EBAY_US' },
    return: { name: '30 days', marketplaceId: 'EBAY_US', returnsAccepted: true, returnPeriod: { value: 30, unit: 'DAY' } },
    ...overrides,
  });

  it('fills eBay’s words for no MPN where the category requires one and lists them: the seller is not asked', async () => {
    const missing = await preflight(shoe(), catalog, seller());
    expect(missing.problems).toEqual([]);
    expect(missing.normalisedAspects).toMatchObject({ MPN: ['Does Not Apply'] });
    expect((await preflight(shoe({ MPN: ['Does Not Apply'] }), catalog, seller())).problems).toEqual([]);
    expect((await preflight(shoe({ MPN: ['DD1391-100'] }), catalog, seller())).problems).toEqual([]);
    // Jeans have no MPN: nothing asked.
    expect((await preflight(listing(), catalog, seller())).problems).toEqual([]);
  });

  it('names the package weight and size only when the shipping policy is calculated', async () => {
    const calculated = seller({
      fulfillment: policy({ name: 'Priority calculated', shippingOptions: [{ costType: 'CALCULATED', shippingServices: [{}] }] }),
    });
    const none = await preflight(listing(), catalog, calculated);
    expect(none.problems.map((p) => [p.field, p.message])).toEqual([
      ['package', 'Add the package weight: eBay works out postage from it for "Priority calculated" (calculated shipping)'],
      [
        'package',
        'Add the package size (length, width, height): eBay works out postage from it for "Priority calculated" (calculated shipping)',
      ],
    ]);
    const weighed = listing({
      package: { weight: { value: 12, unit: 'OUNCE' }, dimensions: { length: 12, width: 9, height: 2, unit: 'INCH' } },
    });
    expect((await preflight(weighed, catalog, calculated)).problems).toEqual([]);
    expect((await preflight(listing(), catalog, seller())).problems).toEqual([]);
  });

  it('names a policy eBay no longer has, one without a shipping service, and returns without a period', async () => {
    const result = await preflight(
      listing(),
      catalog,
      seller({ payment: null, fulfillment: policy({ shippingOptions: [] }), return: { name: 'Open', returnsAccepted: true } }),
    );
    expect(result.problems.map((p) => [p.field, p.message])).toEqual([
      ['policies', 'Your payment policy is no longer on eBay: choose or create one on the eBay screen (Business Policies)'],
      ['policies', 'Your shipping policy "Ground" has no shipping service: add one on eBay'],
      ['policies', 'Your return policy "Open" accepts returns but gives no return period: set one on eBay'],
    ]);
    // Policy problems are named whatever the category's state.
    expect((await preflight(listing({ categoryId: null }), catalog, seller({ payment: null }))).problems.map((p) => p.field)).toEqual([
      'category',
      'policies',
    ]);
  });
});

describe('contract limits (no eBay call)', () => {
  it('title 80, description 4000, aspect names 40 and values 50, 1 to 24 photos, SKU 50', () => {
    const problems = checkContractLimits(
      listing({
        sku: 'S'.repeat(51),
        title: 'T'.repeat(81),
        description: 'D'.repeat(4001),
        aspects: { ['N'.repeat(41)]: ['x'], Color: ['V'.repeat(51)] },
        imageCount: 25,
      }),
    );
    expect(problems.map((p) => p.field)).toEqual(['sku', 'title', 'description', 'images', 'aspects', 'aspects']);
    expect(problems[1]!.message).toBe('Title is 81 characters; eBay takes at most 80');
    expect(problems[0]!.message).toBe('SKU must be at most 50 characters');
    expect(checkContractLimits(listing({ imageCount: 0 }))).toEqual([{ field: 'images', message: 'eBay needs at least 1 photo' }]);
    expect(checkContractLimits(listing({ title: 'T'.repeat(80), description: 'D'.repeat(4000), imageCount: 24 }))).toEqual([]);
  });

  it('names a SKU saved before SKUs were checked as typed, which eBay would refuse (25707)', () => {
    expect(checkContractLimits(listing({ sku: 'PSTFSH 5!' }))).toEqual([
      { field: 'sku', message: 'SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.' },
    ]);
  });
});
