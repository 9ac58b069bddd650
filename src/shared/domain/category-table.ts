import { CATEGORIES, type Category } from './catalog';

/**
 * What each kind of product we offer is listed as on every marketplace we list on (decision 132): each of
 * our categories with its department (a category that names none, Shoes, Accessories, Other Clothing and Unisex, once
 * per department) is one row, said in the seller's words ("Men's trainers", "Dress"), with its Etsy seller-taxonomy
 * path and its Shopify product type; the leaf each row goes in on each eBay site is eBay's own (ebay-categories.ts,
 * decision 177), by the row's key. Fixed and tested (src/server/channels/ebay/publish/category-table-leaves.test.ts
 * against eBay's aspects): the seller says what it is in words and is never asked for an id.
 *
 * Sources: Etsy's paths are names of its seller taxonomy (getSellerTaxonomyNodes), resolved to Etsy's own ids when
 * listing. Shopify's product types are the leaf names of Shopify's Standard Product Taxonomy (Apparel & Accessories).
 */
export type KindDepartment = 'Men' | 'Women';

export interface ProductKind {
  /** "Shoes|Women": the key the review form sends. */
  key: string;
  category: Category;
  department: KindDepartment;
  /** What it is, in the seller's words. */
  words: string;
  etsyPath: readonly string[];
  shopifyProductType: string;
}

const row = (
  category: Category,
  department: KindDepartment,
  words: string,
  etsyPath: readonly string[],
  shopifyProductType: string,
): ProductKind => ({
  key: `${category}|${department}`,
  category,
  department,
  words,
  etsyPath,
  shopifyProductType,
});

const etsyMen = ['Clothing', "Men's Clothing"];
const etsyWomen = ['Clothing', "Women's Clothing"];

export const PRODUCT_KINDS: readonly ProductKind[] = [
  row('Mens Tops', 'Men', "Men's T-shirt or top", [...etsyMen, 'Shirts & Tees'], 'T-Shirts'),
  row('Mens Jeans', 'Men', "Men's jeans", [...etsyMen, 'Pants', 'Jeans'], 'Jeans'),
  row('Mens Pants', 'Men', "Men's trousers", [...etsyMen, 'Pants'], 'Pants'),
  row('Mens Shorts', 'Men', "Men's shorts", [...etsyMen, 'Shorts'], 'Shorts'),
  row('Mens Outerwear', 'Men', "Men's coat or jacket", [...etsyMen, 'Coats & Jackets'], 'Coats & Jackets'),
  row('Womens Tops', 'Women', "Women's top", [...etsyWomen, 'Tops & Tees'], 'Shirts & Tops'),
  row('Womens Jeans', 'Women', "Women's jeans", [...etsyWomen, 'Jeans'], 'Jeans'),
  row('Womens Pants', 'Women', "Women's trousers", [...etsyWomen, 'Pants & Capris'], 'Pants'),
  row('Womens Shorts', 'Women', "Women's shorts", [...etsyWomen, 'Shorts'], 'Shorts'),
  row('Womens Outerwear', 'Women', "Women's coat or jacket", [...etsyWomen, 'Jackets & Coats'], 'Coats & Jackets'),
  row('Other Clothing', 'Women', 'Dress', [...etsyWomen, 'Dresses'], 'Dresses'),
  row('Other Clothing', 'Men', "Men's jumper or sweater", [...etsyMen, 'Sweaters'], 'Sweaters'),
  row('Shoes', 'Men', "Men's trainers or sneakers", ['Shoes', "Men's Shoes", 'Sneakers & Athletic Shoes'], 'Sneakers'),
  row('Shoes', 'Women', "Women's trainers or sneakers", ['Shoes', "Women's Shoes", 'Sneakers & Athletic Shoes'], 'Sneakers'),
  row('Accessories', 'Men', "Men's belt", ['Accessories', 'Belts & Suspenders', 'Belts'], 'Belts'),
  row('Accessories', 'Women', "Women's belt", ['Accessories', 'Belts & Suspenders', 'Belts'], 'Belts'),
  row('Unisex', 'Men', 'Unisex T-shirt or top (men’s sizes)', ['Clothing', 'Unisex Adult Clothing', 'Tops & Tees'], 'T-Shirts'),
  row('Unisex', 'Women', 'Unisex T-shirt or top (women’s sizes)', ['Clothing', 'Unisex Adult Clothing', 'Tops & Tees'], 'Shirts & Tops'),
];

/** The department a category names itself (Mens Jeans: Men), or null (Shoes, Accessories, Other Clothing, Unisex). */
export function departmentNamedBy(category: string | null | undefined): KindDepartment | null {
  const c = (category ?? '').toLowerCase();
  if (c.startsWith('mens')) return 'Men';
  if (c.startsWith('womens')) return 'Women';
  return null;
}

const asDepartment = (value: string | null | undefined): KindDepartment | null =>
  /^wom[ae]n/i.test(value?.trim() ?? '') ? 'Women' : /^m[ae]n/i.test(value?.trim() ?? '') ? 'Men' : null;

/**
 * The kind an item is: its category with the department the category names, else the one it was given (the seller's
 * in "What it is", the AI's); null when neither says (a pair of Shoes of no known department is asked, not guessed).
 */
export function productKindOf(category: string | null | undefined, department?: string | null): ProductKind | null {
  if (!(CATEGORIES as readonly string[]).includes(category ?? '')) return null;
  const wanted = departmentNamedBy(category) ?? asDepartment(department);
  return PRODUCT_KINDS.find((kind) => kind.category === category && kind.department === wanted) ?? null;
}

/**
 * What a category says on a marketplace whatever its department: the kind's where it is known, else what its rows
 * share (Etsy's "Shoes" node for shoes of no known department; Belts for either department's belt).
 */
export function sharedOfCategory<T>(
  category: string | null | undefined,
  department: string | null | undefined,
  of: (kind: ProductKind) => readonly T[],
): readonly T[] | null {
  const kind = productKindOf(category, department);
  if (kind) return of(kind);
  const rows = PRODUCT_KINDS.filter((row) => row.category === category).map(of);
  if (!rows.length) return null;
  const first = rows[0]!;
  let shared = 0;
  while (shared < first.length && rows.every((row) => row[shared] === first[shared])) shared++;
  return shared ? first.slice(0, shared) : null;
}

export const productKindByKey = (key: string | null | undefined): ProductKind | null =>
  PRODUCT_KINDS.find((kind) => kind.key === key) ?? null;
