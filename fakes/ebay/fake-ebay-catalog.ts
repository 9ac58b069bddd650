/**
 * The fake eBay's slice of eBay US's category tree: the clothing and shoe leaves a reseller uses, men's and women's,
 * with eBay's ids and the aspects eBay requires in practice (Brand, Department, Size, Size Type, Color), one bag
 * category that takes fewer conditions, and non-leaf parents. Taxonomy and Metadata answer from it, and publish enforces it (25005, 25021, 25002 for a missing aspect).
 * Bags and athletic shoes also require an MPN, which the Inventory API pairs with the brand (its `product.mpn` text): eBay's
 * Taxonomy lists "Does Not Apply" among the MPN's values, the text a seller gives when the maker printed none.
 */
import type { components as Metadata } from '../../src/server/channels/ebay/api/generated/metadata';
import type { components as Taxonomy } from '../../src/server/channels/ebay/api/generated/taxonomy';
import { fakeMarketplace } from './fake-ebay-marketplaces';
import { fakeAspectName } from './fake-ebay-aspect-names';
import { fakeAspectValue } from './fake-ebay-aspect-values';
import { standardSizes, standardSizeTypes, type SizeKind } from './fake-ebay-size-standards';

export { standardSizes, standardSizeTypes, type SizeKind };

export const CATEGORY_TREE_ID = '0';

interface FakeAspect {
  name: string;
  required: boolean;
  mode: 'FREE_TEXT' | 'SELECTION_ONLY';
  values: string[];
}

export interface FakeCategory {
  id: string;
  name: string;
  /** Ancestors, root first. */
  ancestors: { id: string; name: string }[];
  leaf: boolean;
  keywords: RegExp;
  conditions: ConditionCode[];
  aspects: FakeAspect[];
  /** Apparel leaves: which of eBay's standard size lists the category takes. */
  sizeKind?: SizeKind;
}

type ConditionCode = 1000 | 1500 | 1750 | 2990 | 3000 | 3010;

/** The inventory item's condition enum for each condition id (ebay.md "Conditions for clothing"). */
export const conditionEnumById: Record<ConditionCode, string> = {
  1000: 'NEW',
  1500: 'NEW_OTHER',
  1750: 'NEW_WITH_DEFECTS',
  2990: 'PRE_OWNED_EXCELLENT',
  3000: 'USED_EXCELLENT',
  3010: 'PRE_OWNED_FAIR',
};
const conditionNames: Record<ConditionCode, string> = {
  1000: 'New with tags',
  1500: 'New without tags',
  1750: 'New with imperfections',
  2990: 'Pre-owned - Excellent',
  3000: 'Pre-owned - Good',
  3010: 'Pre-owned - Fair',
};

/** eBay US's product-identifier text for "this product has none" (the Inventory API's `mpn`: Product Identifier Text). */
export const DOES_NOT_APPLY = 'Does Not Apply';
const mpnAspect: FakeAspect = { name: 'MPN', required: true, mode: 'FREE_TEXT', values: [DOES_NOT_APPLY] };

const clothingConditions: ConditionCode[] = [1000, 1500, 1750, 2990, 3000, 3010];
/**
 * eBay's Color values for clothing, shoes and accessories (its standard colour list, the one its search refines by),
 * each once; the aspect is FREE_TEXT, so a colour of the seller's own ("Navy") is taken too.
 */
export const fakeColors = [
  'Beige',
  'Black',
  'Blue',
  'Brown',
  'Clear',
  'Gold',
  'Gray',
  'Green',
  'Ivory',
  'Multicolor',
  'Orange',
  'Pink',
  'Purple',
  'Red',
  'Silver',
  'White',
  'Yellow',
];
const colors = fakeColors;

/**
 * eBay's shoe categories name their size by its system: "US Shoe Size" on eBay US (and Canada), "UK Shoe Size" on eBay
 * UK (and Australia), "EU Shoe Size" on the EU sites, each listing that system's sizes (aspectsOn renames it per site).
 */
export const SHOE_SIZE = 'US Shoe Size';

/** Trousers' inseam in inches, the way eBay's jeans and pants categories list it beside the waist Size. */
const inseamAspect: FakeAspect = {
  name: 'Inseam',
  required: false,
  mode: 'FREE_TEXT',
  values: ['26', '28', '29', '30', '31', '32', '33', '34', '36', '38'].map((inches) => `${inches} in`),
};

const clothingAspects = (department: Department, sizeKind: SizeKind, trousers = false): FakeAspect[] => [
  { name: 'Brand', required: true, mode: 'FREE_TEXT', values: [] },
  { name: 'Department', required: true, mode: 'SELECTION_ONLY', values: [department] },
  {
    name: sizeKind.endsWith('Shoes') ? SHOE_SIZE : 'Size',
    required: true,
    mode: 'SELECTION_ONLY',
    values: [...new Set(standardSizes.US[sizeKind])],
  },
  {
    name: 'Size Type',
    required: true,
    mode: 'SELECTION_ONLY',
    values: standardSizeTypes[sizeKind.endsWith('Shoes') ? 'Shoes' : department],
  },
  { name: 'Color', required: true, mode: 'FREE_TEXT', values: colors },
  { name: 'Style', required: false, mode: 'FREE_TEXT', values: ['Straight', 'Slim', 'Relaxed', 'Bootcut', 'Skinny'] },
  { name: 'Material', required: false, mode: 'FREE_TEXT', values: ['Cotton', 'Denim', 'Polyester', 'Wool'] },
  ...(trousers ? [inseamAspect] : []),
];

const root = { id: '11450', name: 'Clothing, Shoes & Accessories' };
const men = { id: '260012', name: 'Men' };
const mensClothing = { id: '1059', name: "Men's Clothing" };
const mensShirts = { id: '185100', name: 'Shirts' };
const mensShoes = { id: '93427', name: "Men's Shoes" };
const women = { id: '260010', name: 'Women' };
const womensClothing = { id: '15724', name: "Women's Clothing" };
const womensShoes = { id: '3034', name: "Women's Shoes" };
const womensBags = { id: '169291', name: "Women's Bags & Handbags" };
const mensAccessories = { id: '4250', name: "Men's Accessories" };
const womensAccessories = { id: '4251', name: "Women's Accessories" };

/** Belt sizes as eBay lists them: letters and waists in inches. */
const beltSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', ...Array.from({ length: 17 }, (_, i) => String(28 + i * 1))];
/** A belt leaf: Brand, its one Department, Size and Color required (eBay US's Belts, Men's and Women's Accessories). */
const belt = (id: string, department: Department, ancestors: { id: string; name: string }[]): FakeCategory => ({
  id,
  name: 'Belts',
  ancestors,
  leaf: true,
  keywords: /\bbelts?\b/i,
  conditions: clothingConditions,
  aspects: [
    { name: 'Brand', required: true, mode: 'FREE_TEXT', values: [] },
    { name: 'Department', required: true, mode: 'SELECTION_ONLY', values: [department] },
    { name: 'Size', required: true, mode: 'SELECTION_ONLY', values: beltSizes },
    { name: 'Color', required: true, mode: 'FREE_TEXT', values: colors },
    { name: 'Material', required: false, mode: 'FREE_TEXT', values: ['Leather', 'Canvas', 'Suede'] },
  ],
});

type Department = 'Men' | 'Women';
const parent = (node: { id: string; name: string }, ancestors: { id: string; name: string }[]): FakeCategory => ({
  ...node,
  ancestors,
  leaf: false,
  keywords: /^$/,
  conditions: [],
  aspects: [],
});
/** A clothing (or shoe) leaf of one department, with the aspects eBay requires in practice and its standard sizes. */
const leaf = (id: string, name: string, ancestors: { id: string; name: string }[], keywords: RegExp): FakeCategory => {
  const department: Department = ancestors.some((a) => a.id === women.id) ? 'Women' : 'Men';
  const shoes = ancestors.some((a) => a.id === mensShoes.id || a.id === womensShoes.id);
  const bottoms = /jeans|pants|shorts|skirts/i.test(name);
  const sizeKind: SizeKind =
    department === 'Men'
      ? shoes
        ? 'mensShoes'
        : name === 'Shorts'
          ? 'mensShorts'
          : bottoms
            ? 'mensBottoms'
            : 'mensTops'
      : shoes
        ? 'womensShoes'
        : bottoms
          ? 'womensBottoms'
          : 'womensTops';
  return {
    id,
    name,
    ancestors,
    leaf: true,
    keywords,
    conditions: clothingConditions,
    aspects: clothingAspects(department, sizeKind, !shoes && /jeans|pants/i.test(name)),
    sizeKind,
  };
};
/** A leaf whose products eBay identifies by brand and MPN (Taxonomy: MPN required). */
const withMpn = (category: FakeCategory): FakeCategory => ({ ...category, aspects: [...category.aspects, mpnAspect] });
const mens = [root, men, mensClothing];
const womens = [root, women, womensClothing];

/**
 * eBay US's clothing categories a reseller uses, men's and women's, by eBay's own ids (origin: fakes/ebay/CATEGORIES.md).
 * Each leaf's keywords are the words a seller's category or title uses for it.
 */
export const fakeCategories: FakeCategory[] = [
  parent(root, []),
  parent(mensClothing, [root, men]),
  parent(mensShirts, mens),
  parent(mensShoes, [root, men]),
  parent(womensClothing, [root, women]),
  parent(womensShoes, [root, women]),
  parent(mensAccessories, [root, men]),
  parent(womensAccessories, [root, women]),
  belt('2993', 'Men', [root, men, mensAccessories]),
  belt('3003', 'Women', [root, women, womensAccessories]),
  leaf('11483', 'Jeans', mens, /\bjeans?\b|\bdenim\b/i),
  leaf('57989', 'Pants', mens, /\b(pants|trousers|chinos|joggers)\b/i),
  leaf('15689', 'Shorts', mens, /\bshorts\b/i),
  leaf('57990', 'Casual Button-Down Shirts', [...mens, mensShirts], /\b(shirt|button[- ]?down|flannel|oxford|tops?)\b/i),
  leaf('57991', 'Dress Shirts', [...mens, mensShirts], /\bdress shirt\b/i),
  leaf('185101', 'Polos', [...mens, mensShirts], /\b(polos?|tops?)\b/i),
  leaf('15687', 'T-Shirts', [...mens, mensShirts], /\b(t-?shirts?|tees?|tops?)\b/i),
  leaf('11484', 'Sweaters', mens, /\b(sweaters?|cardigans?|pullovers?|jumpers?)\b/i),
  leaf('155183', 'Hoodies & Sweatshirts', mens, /\b(hoodies?|sweatshirts?|fleece)\b/i),
  leaf('57988', 'Coats, Jackets & Vests', mens, /\b(outerwear|coats?|jackets?|vests?|fleece|parkas?|blazers?)\b/i),
  leaf('185099', 'Activewear', mens, /\b(activewear|athletic|track ?suits?|gym|running)\b/i),
  leaf('11498', 'Boots', [root, men, mensShoes], /\bboots?\b/i),
  withMpn(leaf('15709', 'Athletic Shoes', [root, men, mensShoes], /\b(sneakers?|trainers?|athletic shoes?|running shoes?|shoes?)\b/i)),
  leaf('24087', 'Casual Shoes', [root, men, mensShoes], /\b(loafers?|casual shoes?|shoes?)\b/i),
  leaf('11554', 'Jeans', womens, /\bjeans?\b|\bdenim\b/i),
  leaf('63863', 'Pants', womens, /\b(pants|trousers|leggings|joggers)\b/i),
  leaf('11555', 'Shorts', womens, /\bshorts\b/i),
  leaf('53159', 'Tops', womens, /\b(tops?|blouses?|tees?|t-?shirts?|shirts?|tanks?)\b/i),
  leaf('63861', 'Dresses', womens, /\bdress(es)?\b/i),
  leaf('63864', 'Skirts', womens, /\bskirts?\b/i),
  leaf('63866', 'Sweaters', womens, /\b(sweaters?|cardigans?|pullovers?|jumpers?)\b/i),
  leaf('155226', 'Hoodies & Sweatshirts', womens, /\b(hoodies?|sweatshirts?|fleece)\b/i),
  leaf('63862', 'Coats, Jackets & Vests', womens, /\b(outerwear|coats?|jackets?|vests?|fleece|parkas?|blazers?)\b/i),
  leaf('3009', 'Jumpsuits & Rompers', womens, /\b(jumpsuits?|rompers?|overalls?)\b/i),
  leaf('53557', 'Boots', [root, women, womensShoes], /\bboots?\b/i),
  withMpn(leaf('95672', 'Athletic Shoes', [root, women, womensShoes], /\b(sneakers?|trainers?|athletic shoes?|running shoes?|shoes?)\b/i)),
  leaf('45333', 'Flats', [root, women, womensShoes], /\b(flats|ballet|loafers?|shoes?)\b/i),
  leaf('55793', 'Heels', [root, women, womensShoes], /\b(heels|pumps|stilettos?)\b/i),
  {
    ...womensBags,
    ancestors: [root, women],
    leaf: true,
    keywords: /\b(bag|handbag|purse|tote)\b/i,
    conditions: [1000, 1500, 3000],
    aspects: [
      { name: 'Brand', required: true, mode: 'FREE_TEXT', values: [] },
      { name: 'Department', required: true, mode: 'SELECTION_ONLY', values: ['Women'] },
      { name: 'Color', required: true, mode: 'FREE_TEXT', values: colors },
      mpnAspect,
    ],
  },
];

/** The department a query names ("Men's Polo", "womens dress"), or null. */
function departmentNamed(q: string): Department | null {
  if (/\bwom[ae]n'?s?\b/i.test(q)) return 'Women';
  if (/\bm[ae]n'?s?\b/i.test(q)) return 'Men';
  return null;
}
const departmentOfCategory = (c: FakeCategory): Department | null =>
  c.ancestors.some((a) => a.id === women.id) ? 'Women' : c.ancestors.some((a) => a.id === men.id) ? 'Men' : null;

export const categoryById = (id: string | undefined) => fakeCategories.find((c) => c.id === id);

export function categorySuggestions(q: string): Taxonomy['schemas']['CategorySuggestionResponse'] {
  // Like eBay: a query that names a department is answered with that department's categories.
  const department = departmentNamed(q);
  const matches = fakeCategories.filter(
    (c) => c.leaf && c.keywords.test(q) && (!department || !departmentOfCategory(c) || departmentOfCategory(c) === department),
  );
  return {
    categorySuggestions: matches.map((c) => ({
      category: { categoryId: c.id, categoryName: c.name },
      categoryTreeNodeLevel: c.ancestors.length + 1,
      categoryTreeNodeAncestors: [...c.ancestors].reverse().map((a, i) => ({
        categoryId: a.id,
        categoryName: a.name,
        categoryTreeNodeLevel: c.ancestors.length - i,
        categorySubtreeNodeHref: `/commerce/taxonomy/v1/category_tree/${CATEGORY_TREE_ID}/get_category_subtree?category_id=${a.id}`,
      })),
      relevancy: 'HIGH',
    })),
    categoryTreeId: CATEGORY_TREE_ID,
    categoryTreeVersion: '130',
  };
}

/**
 * The category's aspects on a marketplace, named and valued in its language ("Marke", "Größe", "Damen" on eBay Germany): an apparel leaf's
 * Size lists the marketplace's own size standard (eBay UK's UK sizes, the EU sites' EU sizes); the rest is the same on
 * every tree (eBay UK uses the same clothing ids). `usName` keeps eBay US's name, for the fake's own rules.
 */
export function aspectsOn(category: FakeCategory, marketplaceId: string | null | undefined): (FakeAspect & { usName: string })[] {
  const standard = fakeMarketplace(marketplaceId)?.sizeStandard ?? 'US';
  // A shoe's size is named by the site's system: "UK Shoe Size" on eBay UK, "EU Shoe Size" on the EU sites.
  const siteName = (name: string) => (name === SHOE_SIZE ? `${standard} Shoe Size` : name);
  return category.aspects.map((a) => ({
    ...a,
    name: fakeAspectName(siteName(a.name), marketplaceId),
    usName: a.name,
    values:
      category.sizeKind && standard !== 'US' && (a.name === 'Size' || a.name === SHOE_SIZE)
        ? [...new Set(standardSizes[standard][category.sizeKind])]
        : a.values.map((value) => fakeAspectValue(a.name, value, marketplaceId)),
  }));
}

export function itemAspects(category: FakeCategory, marketplaceId = 'EBAY_US'): Taxonomy['schemas']['AspectMetadata'] {
  return {
    aspects: aspectsOn(category, marketplaceId).map((a) => ({
      localizedAspectName: a.name,
      aspectConstraint: {
        aspectDataType: 'STRING',
        aspectMode: a.mode,
        aspectRequired: a.required,
        aspectUsage: a.required ? 'RECOMMENDED' : 'OPTIONAL',
        itemToAspectCardinality: a.usName === 'Material' ? 'MULTI' : 'SINGLE',
        aspectMaxLength: 65,
      },
      aspectValues: a.values.map((v) => ({ localizedValue: v })),
    })),
  };
}

export function conditionPolicies(categoryIds: string[]): Metadata['schemas']['ItemConditionPolicyResponse'] {
  return {
    itemConditionPolicies: categoryIds
      .map(categoryById)
      .filter((c): c is FakeCategory => Boolean(c?.leaf))
      .map((c) => ({
        categoryId: c.id,
        categoryTreeId: CATEGORY_TREE_ID,
        itemConditionRequired: true,
        itemConditions: c.conditions.map((id) => ({
          conditionId: String(id),
          conditionDescription: conditionNames[id],
          usage: 'RESTRICTED',
        })),
      })),
  };
}
