import type { Category } from '../domain/catalog';

/**
 * Depop's product types and size sets as the app offers them: the item's Depop answers (PUT
 * .../listings/depop/fields) are checked against them, and the item screen's "Depop's own fields" shows their labels.
 *
 * These are the simulated Depop's own (fakes/depop/fake-depop-product-rules.ts, SIZE_SETS), copied here, each size with
 * the words a seller reads. Depop's real ones come from its taxonomy endpoint (https://api.depop.com/api/v3/attributes/),
 * which the Seller API document we hold (contracts/depop) only points to: read it into this module once its document
 * is obtained, and keep the fake's sets in step.
 */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export interface DepopSize {
  id: number;
  label: string;
}

export interface DepopSizeSet {
  id: number;
  /** What the set sizes, in the seller's words. */
  label: string;
  /** The product types Depop sizes by it (aliases included: Depop names some types two ways). */
  productTypes: readonly string[];
  sizes: readonly DepopSize[];
}

const TOP_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', 'One size'];

export const depopSizeSets: readonly DepopSizeSet[] = [
  {
    id: 52,
    label: 'Tops, jackets and dresses',
    productTypes: ['tshirts', 't-shirts', 'shirts', 'tops', 'sweaters', 'jumpers', 'hoodies', 'sweatshirts', 'jackets', 'coats', 'dresses'],
    // Ids 1 to 12.
    sizes: TOP_SIZES.map((label, i) => ({ id: i + 1, label })),
  },
  {
    id: 60,
    label: 'Jeans, trousers, shorts and skirts (waist)',
    productTypes: ['jeans', 'trousers', 'shorts', 'skirts'],
    // Ids 20 to 40: waist 24 to 44 inches.
    sizes: range(20, 40).map((id) => ({ id, label: `W${id + 4}` })),
  },
  {
    id: 70,
    label: 'Shoes (UK sizes)',
    productTypes: ['sneakers', 'trainers', 'boots', 'shoes'],
    // Ids 100 to 130: UK 3 to 18 in half sizes.
    sizes: range(100, 130).map((id) => ({ id, label: `UK ${(3 + (id - 100) / 2).toString()}` })),
  },
];

/** The product types the seller picks from (one name each; the aliases stay valid in the size sets). */
export const depopProductTypes = [
  { value: 'tops', label: 'Tops' },
  { value: 'tshirts', label: 'T-shirts' },
  { value: 'shirts', label: 'Shirts' },
  { value: 'sweaters', label: 'Sweaters and jumpers' },
  { value: 'hoodies', label: 'Hoodies' },
  { value: 'sweatshirts', label: 'Sweatshirts' },
  { value: 'jackets', label: 'Jackets' },
  { value: 'coats', label: 'Coats' },
  { value: 'dresses', label: 'Dresses' },
  { value: 'jeans', label: 'Jeans' },
  { value: 'trousers', label: 'Trousers' },
  { value: 'shorts', label: 'Shorts' },
  { value: 'skirts', label: 'Skirts' },
  { value: 'shoes', label: 'Shoes' },
  { value: 'sneakers', label: 'Trainers and sneakers' },
  { value: 'boots', label: 'Boots' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'bags', label: 'Bags' },
  { value: 'hats', label: 'Hats' },
  { value: 'belts', label: 'Belts' },
  { value: 'scarves', label: 'Scarves' },
  { value: 'sunglasses', label: 'Sunglasses' },
  { value: 'jewellery', label: 'Jewellery' },
] as const;
export type DepopProductType = (typeof depopProductTypes)[number]['value'];
export const depopProductTypeValues = depopProductTypes.map((type) => type.value) as [DepopProductType, ...DepopProductType[]];

export const depopProductTypeLabel = (value: string): string => depopProductTypes.find((type) => type.value === value)?.label ?? value;

/** The size set Depop sizes a product type by; undefined: Depop does not size it. */
export const depopSizeSetOf = (productType: string): DepopSizeSet | undefined =>
  depopSizeSets.find((set) => set.productTypes.includes(productType));

/** A product of a sized type needs its size set and size. */
export const isSizedProductType = (productType: string) => depopSizeSetOf(productType) !== undefined;

/** The size's words ("W32"), or null when the set has no such size. */
export function depopSizeLabel(sizeSetId: number, sizeId: number): string | null {
  return depopSizeSets.find((set) => set.id === sizeSetId)?.sizes.find((size) => size.id === sizeId)?.label ?? null;
}

/** Our categories' Depop product types; a category that tells none (Unisex, Other Clothing) is null. */
const PRODUCT_TYPES: Partial<Record<Category, DepopProductType>> = {
  'Mens Jeans': 'jeans',
  'Womens Jeans': 'jeans',
  'Mens Pants': 'trousers',
  'Womens Pants': 'trousers',
  'Mens Shorts': 'shorts',
  'Womens Shorts': 'shorts',
  'Mens Tops': 'tops',
  'Womens Tops': 'tops',
  'Mens Outerwear': 'jackets',
  'Womens Outerwear': 'jackets',
  Shoes: 'shoes',
  Accessories: 'accessories',
};

/** The Depop product type our category names (the form's first choice); null when it names none. */
export const productTypeOf = (category: string | null | undefined): DepopProductType | null =>
  category ? (PRODUCT_TYPES[category as Category] ?? null) : null;
