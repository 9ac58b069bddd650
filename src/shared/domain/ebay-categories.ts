import { PRODUCT_KINDS, productKindOf, type ProductKind } from './category-table';
import { sellerMarketplaceIds, type SellerMarketplaceId } from './ebay-sites';

/**
 * The eBay LEAF category each row of the category table (category-table.ts, decision 132) goes in on each eBay site
 * we support, by the row's key; eBay's own since decision 177. Tested against eBay's aspects
 * (src/server/channels/ebay/publish/category-table-leaves.test.ts).
 *
 * Sources: eBay's ids are eBay US's (fakes/ebay/CATEGORIES.md); eBay UK and the EU sites share them for these
 * clothing, shoe and accessory leaves (the fake's trees do; check a site's id against its live Taxonomy API with
 * `/test-ebay-config` before relying on it).
 */
export interface EbayLeaf {
  id: string;
  /** eBay's path, root first: "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans". */
  name: string;
}

const CSA = 'Clothing, Shoes & Accessories';
const mensClothing = `${CSA} > Men > Men's Clothing`;
const womensClothing = `${CSA} > Women > Women's Clothing`;

/** One leaf on every eBay site we support (they share these ids). */
const everySite = (id: string, name: string): Record<SellerMarketplaceId, EbayLeaf> =>
  Object.fromEntries(sellerMarketplaceIds.map((site) => [site, { id, name }])) as Record<SellerMarketplaceId, EbayLeaf>;

const leavesByKind: Readonly<Record<string, Readonly<Record<SellerMarketplaceId, EbayLeaf>>>> = {
  'Mens Tops|Men': everySite('15687', `${mensClothing} > Shirts > T-Shirts`),
  'Mens Jeans|Men': everySite('11483', `${mensClothing} > Jeans`),
  'Mens Pants|Men': everySite('57989', `${mensClothing} > Pants`),
  'Mens Shorts|Men': everySite('15689', `${mensClothing} > Shorts`),
  'Mens Outerwear|Men': everySite('57988', `${mensClothing} > Coats, Jackets & Vests`),
  'Womens Tops|Women': everySite('53159', `${womensClothing} > Tops`),
  'Womens Jeans|Women': everySite('11554', `${womensClothing} > Jeans`),
  'Womens Pants|Women': everySite('63863', `${womensClothing} > Pants`),
  'Womens Shorts|Women': everySite('11555', `${womensClothing} > Shorts`),
  'Womens Outerwear|Women': everySite('63862', `${womensClothing} > Coats, Jackets & Vests`),
  'Other Clothing|Women': everySite('63861', `${womensClothing} > Dresses`),
  'Other Clothing|Men': everySite('11484', `${mensClothing} > Sweaters`),
  'Shoes|Men': everySite('15709', `${CSA} > Men > Men's Shoes > Athletic Shoes`),
  'Shoes|Women': everySite('95672', `${CSA} > Women > Women's Shoes > Athletic Shoes`),
  'Accessories|Men': everySite('2993', `${CSA} > Men > Men's Accessories > Belts`),
  'Accessories|Women': everySite('3003', `${CSA} > Women > Women's Accessories > Belts`),
  'Unisex|Men': everySite('15687', `${mensClothing} > Shirts > T-Shirts`),
  'Unisex|Women': everySite('53159', `${womensClothing} > Tops`),
};

/** A row's leaf on each site; null for a key the table does not have (ebay-categories.test.ts: every row has one). */
export const ebayLeavesOfKind = (kind: Pick<ProductKind, 'key'>): Readonly<Record<SellerMarketplaceId, EbayLeaf>> | null =>
  leavesByKind[kind.key] ?? null;

/** The eBay leaf an item of this category (and department) goes in on the site; eBay US's where the site is unknown. */
export function ebayLeafOf(
  category: string | null | undefined,
  department?: string | null,
  marketplaceId?: string | null,
): EbayLeaf | null {
  const kind = productKindOf(category, department);
  const leaves = kind && ebayLeavesOfKind(kind);
  if (!leaves) return null;
  return leaves[
    (sellerMarketplaceIds as readonly string[]).includes(marketplaceId ?? '') ? (marketplaceId as SellerMarketplaceId) : 'EBAY_US'
  ];
}

/** The eBay category an item of this category is listed in by default (decision 066, now this table): eBay US's. */
export const ebayCategoryOf = (category: string | null | undefined, department?: string | null, marketplaceId?: string | null) =>
  ebayLeafOf(category, department, marketplaceId);

/** Every eBay leaf of the table on a site, each once (the size question tries them all). */
export const ebayLeavesOn = (marketplaceId: string | null | undefined): EbayLeaf[] => [
  ...new Map(
    PRODUCT_KINDS.flatMap((kind) => ebayLeafOf(kind.category, kind.department, marketplaceId) ?? []).map((leaf) => [leaf.id, leaf]),
  ).values(),
];

/** The leaf of a known eBay category id, by the table (its name for an item stored with the id alone). */
export const ebayLeafById = (id: string): EbayLeaf | null =>
  PRODUCT_KINDS.flatMap((kind) => ebayLeavesOfKind(kind)?.EBAY_US ?? []).find((leaf) => leaf.id === id) ?? null;
