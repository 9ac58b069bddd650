import type { PackageWeightAndSize } from '@shared/contracts/publish';
import { toDecimalString, type Money } from '@shared/domain/money';
import { departmentOf } from '@shared/domain/catalog';
import type { EbayCondition } from '@shared/domain/ebay-conditions';
import type { InventoryItem, OfferDetails } from '../api/ebay-types';
import { ebayDataOf } from '../listing-data';
import { EBAY_LIMITS, type PreflightListing } from './preflight';
import type { PublishableItem, PublishItemRow } from './repo';
import type { ProductSafetyFacts } from '../product-safety/product-safety-preflight';

/** Where the seller's eBay listings go: their policies and their default location. */
export interface SellerListingSetup {
  marketplaceId: string;
  /** The marketplace's currency: a price in another is refused before eBay is called (eBay refuses it too). */
  currency: string;
  listingPolicies: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string };
  merchantLocationKey: string;
}

export interface PublishTerms {
  price: Money;
  quantity: number;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** The item's specifics as eBay takes them (name to values): the AI's attributes, the seller's brand, item specifics. */
export function aspectsOf(item: PublishItemRow): Record<string, string[]> {
  const named: Array<[string, string | null]> = [
    ['Brand', text(item.extractedBrand) ?? text(item.brand)],
    ['Department', text(item.extractedDepartment) ?? departmentOf(item.category)],
    ['Size', text(item.extractedSize)],
    ['Size Type', text(item.extractedSizeType)],
    ['Color', text(item.extractedColor)],
    ['Style', text(item.extractedStyle)],
    ['Material', text(item.extractedMaterial)],
  ];
  const aspects: Record<string, string[]> = {};
  for (const [name, value] of named) if (value) aspects[name] = [value];
  for (const [name, value] of Object.entries(item.itemSpecificsJson ?? {})) {
    if (text(name) && text(value) && !Object.keys(aspects).some((key) => key.toLowerCase() === name.trim().toLowerCase())) {
      aspects[name.trim()] = [value.trim()];
    }
  }
  return aspects;
}

/**
 * The item's aspects that its eBay category has (`categoryAspects`, Taxonomy's names; empty: not known, all sent):
 * specifics stored for another kind (a top's Sleeve Length on what is now jeans) are not eBay's to see.
 */
export function aspectsForCategory(aspects: Record<string, string[]>, categoryAspects: readonly string[]): Record<string, string[]> {
  if (categoryAspects.length === 0) return aspects;
  const names = new Set(categoryAspects.map((name) => name.trim().toLowerCase()));
  return Object.fromEntries(Object.entries(aspects).filter(([name]) => names.has(name.trim().toLowerCase())));
}

/** The inventory item: a full replacement each time, quantity always sent (ebay.md); only its category's aspects. */
export function inventoryItemOf(
  item: PublishItemRow,
  imageUrls: string[],
  condition: EbayCondition,
  terms: PublishTerms,
  categoryAspects: readonly string[],
  /** Aspects in eBay's standard values (the pre-flight's Size and Size Type), over the item's own words. */
  normalisedAspects: Record<string, string[]> = {},
  parcel: PackageWeightAndSize | null = null,
): InventoryItem {
  const conditionNotes = text(item.aiConditionNotes);
  return {
    product: {
      title: (item.aiTitle ?? '').trim().slice(0, EBAY_LIMITS.title),
      description: (item.aiDescription ?? '').trim().slice(0, EBAY_LIMITS.description),
      aspects: aspectsForCategory({ ...aspectsOf(item), ...normalisedAspects }, categoryAspects),
      imageUrls: imageUrls.slice(0, EBAY_LIMITS.images),
    },
    condition: condition.enum,
    // eBay ignores a condition description on new conditions.
    ...(conditionNotes && condition.rank > 1 ? { conditionDescription: conditionNotes.slice(0, 1000) } : {}),
    availability: { shipToLocationAvailability: { quantity: terms.quantity } },
    ...(parcel ? { packageWeightAndSize: parcel } : {}),
  };
}

/** The parcel the seller entered for the item's eBay listing, or null. */
export const packageOf = (listing: PublishableItem['listing']): PackageWeightAndSize | null => ebayDataOf(listing?.data).package ?? null;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The description as simple HTML paragraphs, the seller's text escaped. */
export function listingDescriptionOf(description: string): string {
  return description
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The fixed-price, good-till-cancelled offer for the SKU; with `regulatory`, the brand's EU product safety details
 * (GPSR) on eBay's EU and UK marketplaces.
 */
export function offerOf(
  item: PublishItemRow,
  categoryId: string,
  setup: SellerListingSetup,
  terms: PublishTerms,
  regulatory?: OfferDetails['regulatory'],
): OfferDetails & { sku: string } {
  return {
    sku: item.sku,
    marketplaceId: setup.marketplaceId,
    format: 'FIXED_PRICE',
    listingDuration: 'GTC',
    availableQuantity: terms.quantity,
    categoryId,
    listingDescription: listingDescriptionOf(item.aiDescription ?? ''),
    listingPolicies: setup.listingPolicies,
    pricingSummary: { price: { value: toDecimalString(terms.price), currency: terms.price.currency } },
    merchantLocationKey: setup.merchantLocationKey,
    ...(regulatory ? { regulatory } : {}),
  };
}

/** What the pre-flight checks of an item: its listing as it would go to eBay. */
export function preflightListingOf(
  { item, images, listing }: Pick<PublishableItem, 'item' | 'images'> & Partial<Pick<PublishableItem, 'listing'>>,
  productSafety?: ProductSafetyFacts,
): PreflightListing {
  return {
    sku: item.sku,
    title: item.aiTitle,
    description: item.aiDescription,
    categoryId: item.ebayCategoryId,
    condition: item.ebayConditionGrade ?? item.condition,
    aspects: aspectsOf(item),
    imageCount: images.length,
    category: item.category,
    brand: brandOf(item),
    package: packageOf(listing),
    ...(productSafety ? { productSafety } : {}),
  };
}

/** The brand the seller gave, else the one the AI read: what the listing's EU product safety details are kept under. */
export const brandOf = (item: Pick<PublishItemRow, 'brand' | 'extractedBrand'>) => text(item.brand) ?? text(item.extractedBrand);
