/**
 * The fake eBay's small slice of eBay US's category tree: a few clothing leaves with the aspects eBay requires in
 * practice (Brand, Department, Size, Size Type, Color), one bag category that takes fewer conditions, and non-leaf
 * parents. Taxonomy and Metadata answer from it, and publish enforces it (25005, 25021, 25002 for a missing aspect).
 */
import type { components as Metadata } from '../../src/server/channels/ebay/api/generated/metadata';
import type { components as Taxonomy } from '../../src/server/channels/ebay/api/generated/taxonomy';

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

const clothingConditions: ConditionCode[] = [1000, 1500, 1750, 2990, 3000, 3010];
const sizeTypes = ['Regular', 'Petite', 'Plus', 'Big & Tall', 'Maternity'];
const colors = ['Black', 'Blue', 'Brown', 'Gray', 'Green', 'Multicolor', 'Red', 'White'];
const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '28', '29', '30', '31', '32', '33', '34', '36', '38', '40'];

const clothingAspects = (departments: string[]): FakeAspect[] => [
  { name: 'Brand', required: true, mode: 'FREE_TEXT', values: [] },
  { name: 'Department', required: true, mode: 'SELECTION_ONLY', values: departments },
  { name: 'Size', required: true, mode: 'SELECTION_ONLY', values: sizes },
  { name: 'Size Type', required: true, mode: 'SELECTION_ONLY', values: sizeTypes },
  { name: 'Color', required: true, mode: 'FREE_TEXT', values: colors },
  { name: 'Style', required: false, mode: 'FREE_TEXT', values: ['Straight', 'Slim', 'Relaxed', 'Bootcut', 'Skinny'] },
  { name: 'Material', required: false, mode: 'FREE_TEXT', values: ['Cotton', 'Denim', 'Polyester', 'Wool'] },
];

const root = { id: '11450', name: 'Clothing, Shoes & Accessories' };
const men = { id: '260012', name: 'Men' };
const mensClothing = { id: '1059', name: "Men's Clothing" };
const women = { id: '260010', name: 'Women' };
const womensClothing = { id: '15724', name: "Women's Clothing" };
const womensBags = { id: '169291', name: "Women's Bags & Handbags" };

export const fakeCategories: FakeCategory[] = [
  { ...root, ancestors: [], leaf: false, keywords: /^$/, conditions: [], aspects: [] },
  { ...mensClothing, ancestors: [root, men], leaf: false, keywords: /^$/, conditions: [], aspects: [] },
  { ...womensClothing, ancestors: [root, women], leaf: false, keywords: /^$/, conditions: [], aspects: [] },
  {
    id: '11483',
    name: 'Jeans',
    ancestors: [root, men, mensClothing],
    leaf: true,
    keywords: /\b(men'?s?|male)\b.*\bjeans?\b|\bjeans?\b.*\bmen'?s?\b/i,
    conditions: clothingConditions,
    aspects: clothingAspects(['Men']),
  },
  {
    id: '11554',
    name: 'Jeans',
    ancestors: [root, women, womensClothing],
    leaf: true,
    keywords: /\bjeans?\b/i,
    conditions: clothingConditions,
    aspects: clothingAspects(['Women']),
  },
  {
    id: '57989',
    name: 'Pants',
    ancestors: [root, men, mensClothing],
    leaf: true,
    keywords: /\b(pants|trousers|chinos)\b/i,
    conditions: clothingConditions,
    aspects: clothingAspects(['Men']),
  },
  {
    id: '57990',
    name: 'Casual Button-Down Shirts',
    ancestors: [root, men, mensClothing],
    leaf: true,
    keywords: /\bshirt\b/i,
    conditions: clothingConditions,
    aspects: clothingAspects(['Men']),
  },
  {
    id: '53159',
    name: 'Tops',
    ancestors: [root, women, womensClothing],
    leaf: true,
    keywords: /\b(top|blouse|tee)\b/i,
    conditions: clothingConditions,
    aspects: clothingAspects(['Women']),
  },
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
    ],
  },
];

export const categoryById = (id: string | undefined) => fakeCategories.find((c) => c.id === id);

export function categorySuggestions(q: string): Taxonomy['schemas']['CategorySuggestionResponse'] {
  const matches = fakeCategories.filter((c) => c.leaf && c.keywords.test(q));
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

export function itemAspects(category: FakeCategory): Taxonomy['schemas']['AspectMetadata'] {
  return {
    aspects: category.aspects.map((a) => ({
      localizedAspectName: a.name,
      aspectConstraint: {
        aspectDataType: 'STRING',
        aspectMode: a.mode,
        aspectRequired: a.required,
        aspectUsage: a.required ? 'RECOMMENDED' : 'OPTIONAL',
        itemToAspectCardinality: a.name === 'Material' ? 'MULTI' : 'SINGLE',
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

export const shippingServices: Metadata['schemas']['ShippingServiceResponse'] = {
  shippingServices: [
    {
      shippingService: 'USPSGroundAdvantage',
      shippingCarrier: 'USPS',
      description: 'USPS Ground Advantage',
      shippingCategory: 'STANDARD',
      minShippingTime: 2,
      maxShippingTime: 5,
      validForSellingFlow: true,
      internationalService: false,
      shippingCostTypes: ['FLAT', 'CALCULATED'],
    },
    {
      shippingService: 'USPSPriority',
      shippingCarrier: 'USPS',
      description: 'USPS Priority Mail',
      shippingCategory: 'EXPEDITED',
      minShippingTime: 1,
      maxShippingTime: 3,
      validForSellingFlow: true,
      internationalService: false,
      shippingCostTypes: ['FLAT', 'CALCULATED'],
    },
    {
      shippingService: 'UPSGround',
      shippingCarrier: 'UPS',
      description: 'UPS Ground',
      shippingCategory: 'STANDARD',
      minShippingTime: 1,
      maxShippingTime: 5,
      validForSellingFlow: true,
      internationalService: false,
      shippingCostTypes: ['FLAT', 'CALCULATED'],
    },
    {
      shippingService: 'USPSFirstClassMailInternational',
      shippingCarrier: 'USPS',
      description: 'USPS First Class Mail Intl',
      shippingCategory: 'ECONOMY',
      minShippingTime: 7,
      maxShippingTime: 21,
      validForSellingFlow: true,
      internationalService: true,
      shippingCostTypes: ['FLAT'],
    },
  ],
};
