/**
 * The seller's fields a listing is written from (the generator's request: category, condition, brand). The
 * fingerprint is stored when the listing is written; when the fields no longer match it, the listing's title,
 * description and notes may say something else ("Black Clothing or Accessory", "Condition not stated"
 * after the seller set Mens Tops, Excellent, Ralph Lauren), so it is out of date until regenerated.
 */
export interface ListingInputs {
  category: string | null;
  condition: string | null;
  brand: string | null;
  /** A brand the seller typed for the listing (Publish Settings, Quick Fix) counts when the item has none of its own. */
  extractedBrand?: string | null;
  sellerFields?: readonly string[];
}

const norm = (value: string | null | undefined) => value?.trim().toLowerCase() ?? '';

/**
 * The brand a listing is written with: the item's, else one the seller typed for the listing. An AI's extracted
 * brand is not an input (Levi's set after the listing was written stayed out of the live title).
 */
export function listingBrandOf(inputs: ListingInputs): string | null {
  return inputs.brand?.trim() || (inputs.sellerFields?.includes('brand') ? inputs.extractedBrand?.trim() || null : null);
}

export function listingInputsFingerprint(inputs: ListingInputs): string {
  return JSON.stringify([norm(inputs.category), norm(inputs.condition), norm(listingBrandOf(inputs))]);
}

/** Out of date: written from other inputs than the item has now. A listing written before fingerprints is not. */
export function isListingOutOfDate(item: ListingInputs & { aiInputsFingerprint?: string | null }): boolean {
  return typeof item.aiInputsFingerprint === 'string' && item.aiInputsFingerprint !== listingInputsFingerprint(item);
}
