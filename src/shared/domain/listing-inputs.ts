/**
 * The seller's fields a listing is written from (the generator's request: category, condition, brand). The
 * fingerprint is stored when the listing is written; when the fields no longer match it, the listing's title,
 * description and notes may say something else (issue 31: "Black Clothing or Accessory", "Condition not stated"
 * after the seller set Mens Tops, Excellent, Ralph Lauren), so it is out of date until regenerated.
 */
export interface ListingInputs {
  category: string | null;
  condition: string | null;
  brand: string | null;
}

const norm = (value: string | null | undefined) => value?.trim().toLowerCase() ?? '';

export function listingInputsFingerprint(inputs: ListingInputs): string {
  return JSON.stringify([norm(inputs.category), norm(inputs.condition), norm(inputs.brand)]);
}

/** Out of date: written from other inputs than the item has now. A listing written before fingerprints is not. */
export function isListingOutOfDate(item: ListingInputs & { aiInputsFingerprint?: string | null }): boolean {
  return typeof item.aiInputsFingerprint === 'string' && item.aiInputsFingerprint !== listingInputsFingerprint(item);
}
