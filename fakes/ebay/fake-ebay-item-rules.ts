/**
 * What eBay refuses in the inventory item itself (createOrReplaceInventoryItem), each as the Inventory API's error
 * list words it: the item's limits (Product: title 80, subtitle 55, description 4000, brand and MPN 65, aspect name
 * 40 and value 50; conditionDescription 1000), the quantity, pictures, package, condition, product identifiers and a
 * pickup location the seller does not have. Its warnings (25126) come back in the answer's `warnings`.
 */
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import type { SellerData } from './fake-ebay-state';

/* eslint-disable @typescript-eslint/no-explicit-any -- the request body as eBay takes it: checked here, field by field */
type Json = Record<string, any>;

const fieldError = (errorId: number, message: string, field: string) =>
  ebayError(400, errorId, message, { parameters: [{ name: '0', value: field }] });

/** ConditionEnum (Inventory API type slr:ConditionEnum). */
const CONDITIONS = new Set(
  'NEW LIKE_NEW NEW_OTHER NEW_WITH_DEFECTS MANUFACTURER_REFURBISHED CERTIFIED_REFURBISHED EXCELLENT_REFURBISHED VERY_GOOD_REFURBISHED GOOD_REFURBISHED SELLER_REFURBISHED USED_EXCELLENT USED_VERY_GOOD USED_GOOD USED_ACCEPTABLE FOR_PARTS_OR_NOT_WORKING PRE_OWNED_EXCELLENT PRE_OWNED_FAIR'.split(
    ' ',
  ),
);
/** The conditions of eBay Refurbished, open only to sellers the program admits; the fake's sellers are never admitted. */
export const PROGRAM_REFURBISHED = new Set(['CERTIFIED_REFURBISHED', 'EXCELLENT_REFURBISHED', 'VERY_GOOD_REFURBISHED', 'GOOD_REFURBISHED']);
/** Aspects eBay is retiring for the condition descriptors (25126, a warning: the item is still saved). */
const DEPRECATED_ASPECTS = ['Certification', 'Certification Number', 'Circulated/Uncirculated', 'Grade'];
const WEIGHT_UNITS = ['POUND', 'KILOGRAM', 'OUNCE', 'GRAM'];
const LENGTH_UNITS = ['INCH', 'FEET', 'CENTIMETER', 'METER'];

const tooLong = (field: string, max: number) =>
  fieldError(25080, `The value of the ${field} field is invalid. Field must not exceed ${max} characters.`, field);
const isUrl = (value: unknown) => {
  try {
    return ['http:', 'https:'].includes(new URL(String(value)).protocol);
  } catch {
    return false;
  }
};

function lengthProblem(item: Json): FakeAnswer | null {
  const product = (item.product ?? {}) as Json;
  for (const [field, value, max] of [
    ['product.subtitle', product.subtitle, 55],
    ['product.description', product.description, 4000],
    ['product.brand', product.brand, 65],
    ['product.mpn', product.mpn, 65],
    ['conditionDescription', item.conditionDescription, 1000],
  ] as const) {
    if (typeof value === 'string' && value.length > max) return tooLong(field, max);
  }
  for (const [name, values] of Object.entries((product.aspects ?? {}) as Record<string, unknown[]>)) {
    if (!name.trim()) return fieldError(25601, 'The aspect name is an invalid attribute.', 'product.aspects');
    if (name.length > 40) return tooLong(`product.aspects name ${name.slice(0, 40)}`, 40);
    for (const value of values ?? []) {
      if (typeof value !== 'string' || !value.trim()) return fieldError(25022, `Invalid attribute. product.aspects.${name}`, name);
      if (value.length > 50) return tooLong(`product.aspects value of ${name}`, 50);
    }
  }
  return null;
}

/** The item's own problems, in the order eBay reports them; null when it can be saved. */
export function inventoryItemProblem(seller: SellerData, sku: string, item: Json): FakeAnswer | null {
  // SKUs are the seller's keys in a path: eBay takes no blank and no whitespace in them.
  if (!sku.trim() || /\s/.test(sku)) return fieldError(25708, 'Invalid SKU.', 'sku');
  const lengths = lengthProblem(item);
  if (lengths) return lengths;
  if (item.condition !== undefined && !CONDITIONS.has(item.condition))
    return fieldError(25016, `The condition value is invalid. ${String(item.condition)} is not a ConditionEnum value.`, 'condition');
  const quantity = item.availability?.shipToLocationAvailability?.quantity;
  if (quantity !== undefined && !(Number.isInteger(quantity) && quantity >= 0))
    return fieldError(
      25004,
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid quantity. The quantity must be a whole number of 0 or more.',
      'availability.shipToLocationAvailability.quantity',
    );
  for (const pickup of (item.availability?.pickupAtLocationAvailability ?? []) as Json[]) {
    if (!seller.locations.has(pickup.merchantLocationKey))
      return fieldError(
        25012,
        `Invalid inventory location. ${String(pickup.merchantLocationKey)} is not a location of the seller.`,
        'merchantLocationKey',
      );
  }
  const images = (item.product?.imageUrls ?? []) as unknown[];
  if (images.some((url) => !isUrl(url)))
    return fieldError(
      25015,
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid picture URL.',
      'product.imageUrls',
    );
  for (const field of ['upc', 'ean', 'isbn'] as const) {
    const codes = (item.product?.[field] ?? []) as unknown[];
    if (codes.some((code) => !/^(\d+|Does Not Apply)$/i.test(String(code))))
      return fieldError(25604, `Input error. Every product.${field} is digits only.`, `product.${field}`);
  }
  if (item.product?.epid !== undefined && !/^\d+$/.test(String(item.product.epid)))
    return fieldError(
      25503,
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid product information. The ePID is not an eBay product number.',
      'product.epid',
    );
  const pack = item.packageWeightAndSize as Json | undefined;
  const weight = pack?.weight as Json | undefined;
  const size = pack?.dimensions as Json | undefined;
  const badNumber = (value: unknown) => value !== undefined && !(typeof value === 'number' && value > 0);
  if (
    (weight && (badNumber(weight.value) || (weight.unit !== undefined && !WEIGHT_UNITS.includes(weight.unit)))) ||
    (size && ([size.length, size.width, size.height].some(badNumber) || (size.unit !== undefined && !LENGTH_UNITS.includes(size.unit))))
  )
    return fieldError(25715, 'Invalid values for dimensions and/or weight of shipping package.', 'packageWeightAndSize');
  // eBay Refurbished takes sellers by application: none of the fake's sellers is in the program.
  if (PROGRAM_REFURBISHED.has(item.condition))
    return fieldError(25047, 'Seller is not eligible to use Refurbished Item Condition', 'condition');
  return null;
}

/** The warnings a saved item carries. */
export function inventoryItemWarnings(item: Json): { errorId: number; domain: string; category: string; message: string }[] {
  const aspects = Object.keys((item.product?.aspects ?? {}) as Json);
  return DEPRECATED_ASPECTS.some((name) => aspects.includes(name))
    ? [
        {
          errorId: 25126,
          domain: 'API_INVENTORY',
          category: 'REQUEST',
          message:
            'The Certification, Certification Number, Circulated/Uncirculated and Grade aspects will be deprecated in the near future. Please use the new condition grading conditions and descriptors.',
        },
      ]
    : [];
}
