import { items } from '../db/schema';

/**
 * The item's columns its listing is written from (`ListingInputs`, src/shared/domain/listing-inputs.ts) and the
 * fingerprint of those it was written from: what readiness and "out of date" read of an item.
 */
export const listingInputsColumns = {
  category: items.category,
  condition: items.condition,
  brand: items.brand,
  extractedBrand: items.extractedBrand,
  sellerFields: items.sellerFields,
  aiInputsFingerprint: items.aiInputsFingerprint,
};
