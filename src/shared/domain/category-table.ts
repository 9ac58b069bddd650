import { CATEGORIES, type Category } from './catalog';
import { sellerMarketplaceIds, type SellerMarketplaceId } from './seller-marketplace';

/**
 * What each kind of product we offer is listed as on every marketplace we list on (decision 132): each of
 * our categories with its department (a category that names none, Shoes, Accessories, Other Clothing and Unisex, once
 * per department) is one row, said in the seller's words ("Men's trainers", "Dress"), with the eBay LEAF category it
 * goes in on each eBay site we support, its Etsy seller-taxonomy path and its Shopify product type. Fixed and tested
 * (category-table.test.ts, and src/server/channels/ebay/publish/category-table-leaves.test.ts against eBay's
 * aspects): the seller says what it is in words and is never asked for an id.
 *
 * Sources: eBay's ids are eBay US's (fakes/ebay/CATEGORIES.md); eBay UK and the EU sites share them for these
 * clothing, shoe and accessory leaves (the fake's trees do; check a site's id against its live Taxonomy API with
 * `/test-ebay-config` before relying on it). Etsy's paths are names of its seller taxonomy (getSellerTaxonomyNodes),
 * resolved to Etsy's own ids when listing. Shopify's product types are the leaf names of Shopify's Standard Product
 * Taxonomy (Apparel & Accessories).
 */
export type KindDepartment = 'Men' | 'Women';

export interface EbayLeaf {
  id: string;
  /** eBay's path, root first: "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans". */
  name: string;
}

export interface ProductKind {
  /** "Shoes|Women": the key the review form sends. */
  key: string;
  category: Category;
  department: KindDepartment;
  /** What it is, in the seller's words. */
  words: string;
  ebay: Readonly<Record<SellerMarketplaceId, EbayLeaf>>;
  etsyPath: readonly string[];
  shopifyProductType: string;
}

const CSA = 'Clothing, Shoes & Accessories';
const mensClothing = `${CSA} > Men > Men's Clothing`;
const womensClothing = `${CSA} > Women > Women's Clothing`;

/** One leaf on every eBay site we support (they share these ids). */
const everySite = (id: string, name: string): Record<SellerMarketplaceId, EbayLeaf> =>
  Object.fromEntries(sellerMarketplaceIds.map((site) => [site, { id, name }])) as Record<SellerMarketplaceId, EbayLeaf>;

const row = (
  category: Category,
  department: KindDepartment,
  words: string,
  ebay: [id: string, name: string],
  etsyPath: readonly string[],
  shopifyProductType: string,
): ProductKind => ({
  key: `${category}|${department}`,
  category,
  department,
  words,
  ebay: everySite(...ebay),
  etsyPath,
  shopifyProductType,
});

const etsyMen = ['Clothing', "Men's Clothing"];
const etsyWomen = ['Clothing', "Women's Clothing"];

export const PRODUCT_KINDS: readonly ProductKind[] = [
  row(
    'Mens Tops',
    'Men',
    "Men's T-shirt or top",
    ['15687', `${mensClothing} > Shirts > T-Shirts`],
    [...etsyMen, 'Shirts & Tees'],
    'T-Shirts',
  ),
  row('Mens Jeans', 'Men', "Men's jeans", ['11483', `${mensClothing} > Jeans`], [...etsyMen, 'Pants', 'Jeans'], 'Jeans'),
  row('Mens Pants', 'Men', "Men's trousers", ['57989', `${mensClothing} > Pants`], [...etsyMen, 'Pants'], 'Pants'),
  row('Mens Shorts', 'Men', "Men's shorts", ['15689', `${mensClothing} > Shorts`], [...etsyMen, 'Shorts'], 'Shorts'),
  row(
    'Mens Outerwear',
    'Men',
    "Men's coat or jacket",
    ['57988', `${mensClothing} > Coats, Jackets & Vests`],
    [...etsyMen, 'Coats & Jackets'],
    'Coats & Jackets',
  ),
  row('Womens Tops', 'Women', "Women's top", ['53159', `${womensClothing} > Tops`], [...etsyWomen, 'Tops & Tees'], 'Shirts & Tops'),
  row('Womens Jeans', 'Women', "Women's jeans", ['11554', `${womensClothing} > Jeans`], [...etsyWomen, 'Jeans'], 'Jeans'),
  row('Womens Pants', 'Women', "Women's trousers", ['63863', `${womensClothing} > Pants`], [...etsyWomen, 'Pants & Capris'], 'Pants'),
  row('Womens Shorts', 'Women', "Women's shorts", ['11555', `${womensClothing} > Shorts`], [...etsyWomen, 'Shorts'], 'Shorts'),
  row(
    'Womens Outerwear',
    'Women',
    "Women's coat or jacket",
    ['63862', `${womensClothing} > Coats, Jackets & Vests`],
    [...etsyWomen, 'Jackets & Coats'],
    'Coats & Jackets',
  ),
  row('Other Clothing', 'Women', 'Dress', ['63861', `${womensClothing} > Dresses`], [...etsyWomen, 'Dresses'], 'Dresses'),
  row('Other Clothing', 'Men', "Men's jumper or sweater", ['11484', `${mensClothing} > Sweaters`], [...etsyMen, 'Sweaters'], 'Sweaters'),
  row(
    'Shoes',
    'Men',
    "Men's trainers or sneakers",
    ['15709', `${CSA} > Men > Men's Shoes > Athletic Shoes`],
    ['Shoes', "Men's Shoes", 'Sneakers & Athletic Shoes'],
    'Sneakers',
  ),
  row(
    'Shoes',
    'Women',
    "Women's trainers or sneakers",
    ['95672', `${CSA} > Women > Women's Shoes > Athletic Shoes`],
    ['Shoes', "Women's Shoes", 'Sneakers & Athletic Shoes'],
    'Sneakers',
  ),
  row(
    'Accessories',
    'Men',
    "Men's belt",
    ['2993', `${CSA} > Men > Men's Accessories > Belts`],
    ['Accessories', 'Belts & Suspenders', 'Belts'],
    'Belts',
  ),
  row(
    'Accessories',
    'Women',
    "Women's belt",
    ['3003', `${CSA} > Women > Women's Accessories > Belts`],
    ['Accessories', 'Belts & Suspenders', 'Belts'],
    'Belts',
  ),
  row(
    'Unisex',
    'Men',
    'Unisex T-shirt or top (men’s sizes)',
    ['15687', `${mensClothing} > Shirts > T-Shirts`],
    ['Clothing', 'Unisex Adult Clothing', 'Tops & Tees'],
    'T-Shirts',
  ),
  row(
    'Unisex',
    'Women',
    'Unisex T-shirt or top (women’s sizes)',
    ['53159', `${womensClothing} > Tops`],
    ['Clothing', 'Unisex Adult Clothing', 'Tops & Tees'],
    'Shirts & Tops',
  ),
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

/** The eBay leaf an item of this category (and department) goes in on the site; eBay US's where the site is unknown. */
export function ebayLeafOf(
  category: string | null | undefined,
  department?: string | null,
  marketplaceId?: string | null,
): EbayLeaf | null {
  const kind = productKindOf(category, department);
  if (!kind) return null;
  return kind.ebay[
    (sellerMarketplaceIds as readonly string[]).includes(marketplaceId ?? '') ? (marketplaceId as SellerMarketplaceId) : 'EBAY_US'
  ];
}

/** The eBay category an item of this category is listed in by default (decision 066, now this table): eBay US's. */
export const ebayCategoryOf = (category: string | null | undefined, department?: string | null, marketplaceId?: string | null) =>
  ebayLeafOf(category, department, marketplaceId);

/** Every eBay leaf of the table on a site, each once (the size question tries them all). */
export const ebayLeavesOn = (marketplaceId: string | null | undefined): EbayLeaf[] => [
  ...new Map(
    PRODUCT_KINDS.map((kind) => ebayLeafOf(kind.category, kind.department, marketplaceId)!).map((leaf) => [leaf.id, leaf]),
  ).values(),
];

/** The leaf of a known eBay category id, by the table (its name for an item stored with the id alone). */
export const ebayLeafById = (id: string): EbayLeaf | null =>
  PRODUCT_KINDS.map((kind) => kind.ebay.EBAY_US).find((leaf) => leaf.id === id) ?? null;
