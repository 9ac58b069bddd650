import type { PackageWeightAndSize } from '@shared/contracts/publish';
import { toDecimalString, type Money } from '@shared/domain/money';
import { departmentOf } from '@shared/domain/catalog';
import type { EbayCondition } from '@shared/domain/ebay-conditions';
import type { InventoryItem, OfferDetails } from '../api/ebay-types';
import { ebayDataOf } from '../listing-data';
import { EBAY_LIMITS, type PreflightListing } from './preflight';
import type { PublishableItem, PublishItemRow } from './repo';
import type { EbayPricing } from './publish-pricing';
import type { ProductSafetyFacts } from '../product-safety/product-safety-preflight';
import { aspectMeaningOf, aspectNameFor, sameAspect } from '../aspect-names';
import { aspectValueOn } from '../aspect-values';
import { channelPriceOf } from '../../../price-rules/channel-price';

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

/**
 * The item's specifics as eBay takes them on the marketplace (name to values), under its names ("Größe" and "Marke" on
 * eBay Germany, aspect-names.ts) and with the values the app knows in its words ("Damen", "Schwarz": aspect-values.ts):
 * the AI's attributes, the seller's brand, then the item specifics not named already.
 */
export function aspectsOf(item: PublishItemRow, marketplaceId = 'EBAY_US'): Record<string, string[]> {
  const named: Array<[string, string | null]> = [
    ['Brand', text(item.extractedBrand) ?? text(item.brand)],
    ['Department', text(item.extractedDepartment) ?? departmentOf(item.category)],
    ['Size', text(item.extractedSize)],
    ['Size Type', text(item.extractedSizeType)],
    ['Color', text(item.extractedColor)],
    ['Style', text(item.extractedStyle)],
    ['Material', text(item.extractedMaterial)],
  ];
  const specifics = Object.entries(item.itemSpecificsJson ?? {})
    .filter(([name]) => !PRODUCT_CODES.includes(name as ProductCodeName))
    .map(([name, value]): [string, string | null] => [name, text(value)]);
  const aspects: Record<string, string[]> = {};
  for (const [name, value] of [...named, ...specifics]) {
    if (!text(name) || !value || Object.keys(aspects).some((key) => sameAspect(key, name))) continue;
    aspects[aspectNameFor(name, marketplaceId)] = [aspectValueOn(name, value, marketplaceId)];
  }
  return aspects;
}

/** The item specifics that are product identifiers (a tag's barcode, decision 165): eBay takes them on the product. */
const PRODUCT_CODES = ['UPC', 'EAN', 'ISBN'] as const;
type ProductCodeName = (typeof PRODUCT_CODES)[number];

/** The item's UPC, EAN and ISBN as eBay's product takes them (`upc: ["..."]`); none where the item has none. */
export function productCodesOf(item: Pick<PublishItemRow, 'itemSpecificsJson'>): { upc?: string[]; ean?: string[]; isbn?: string[] } {
  const codes: { upc?: string[]; ean?: string[]; isbn?: string[] } = {};
  for (const name of PRODUCT_CODES) {
    const value = text(item.itemSpecificsJson?.[name]);
    if (value && /^\d{8,14}$/.test(value)) codes[name.toLowerCase() as 'upc' | 'ean' | 'isbn'] = [value];
  }
  return codes;
}

/**
 * The item's aspects that its eBay category has (`categoryAspects`, Taxonomy's names; empty: not known, all sent),
 * each under Taxonomy's own name, matched by name or meaning: specifics stored for another kind (a top's Sleeve Length
 * on what is now jeans) are not eBay's to see. A later entry of the same aspect wins (the size check's standard value).
 */
export function aspectsForCategory(aspects: Record<string, string[]>, categoryAspects: readonly string[]): Record<string, string[]> {
  if (categoryAspects.length === 0) return aspects;
  const kept: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(aspects)) {
    const taxonomyName =
      categoryAspects.find((known) => known.trim().toLowerCase() === name.trim().toLowerCase()) ??
      (aspectMeaningOf(name) ? categoryAspects.find((known) => sameAspect(known, name)) : undefined);
    if (taxonomyName) kept[taxonomyName] = values;
  }
  return kept;
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
  /** Whose names the item's aspects go under when the category's are not known. */
  marketplaceId = 'EBAY_US',
): InventoryItem {
  const conditionNotes = text(item.aiConditionNotes);
  return {
    product: {
      title: (item.aiTitle ?? '').trim().slice(0, EBAY_LIMITS.title),
      description: (item.aiDescription ?? '').trim().slice(0, EBAY_LIMITS.description),
      aspects: aspectsForCategory({ ...aspectsOf(item, marketplaceId), ...normalisedAspects }, categoryAspects),
      imageUrls: imageUrls.slice(0, EBAY_LIMITS.images),
      ...productCodesOf(item),
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

/** What the pre-flight checks of an item: its listing as it would go to eBay's marketplace (the safety facts' by default). */
export function preflightListingOf(
  { item, images, listing }: Pick<PublishableItem, 'item' | 'images'> & Partial<Pick<PublishableItem, 'listing'>>,
  productSafety?: ProductSafetyFacts,
  marketplaceId = productSafety?.marketplaceId ?? 'EBAY_US',
  pricing: EbayPricing = { rule: null, priceList: null },
): PreflightListing {
  return {
    sku: item.sku,
    title: item.aiTitle,
    description: item.aiDescription,
    categoryId: item.ebayCategoryId,
    condition: item.ebayConditionGrade ?? item.condition,
    aspects: aspectsOf(item, marketplaceId),
    marketplaceId,
    imageCount: images.length,
    category: item.category,
    brand: brandOf(item),
    package: packageOf(listing),
    ...(productSafety ? { productSafety } : {}),
    itemCurrency: item.currency,
    price:
      channelPriceOf(
        listing && { ...listing, priceMinor: listing.priceMinor ?? null },
        {
          askingPriceMinor: item.askingPriceMinor ?? null,
          aiSuggestedPriceMinor: item.aiSuggestedPriceMinor ?? null,
          currency: item.currency,
          category: item.category,
          condition: item.condition,
        },
        pricing.rule,
        pricing.priceList,
      )?.price ?? null,
  };
}

/** The brand the seller gave, else the one the AI read: what the listing's EU product safety details are kept under. */
export const brandOf = (item: Pick<PublishItemRow, 'brand' | 'extractedBrand'>) => text(item.brand) ?? text(item.extractedBrand);
