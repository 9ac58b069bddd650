/**
 * eBay's picture policy (ebay.com/help/policies/listing-policies/picture-policy): "Photos must be at least 500 pixels
 * on the longest side." A crop below it is warned about before it is saved.
 */
export const EBAY_MIN_LONG_SIDE_PX = 500;

/** Whether a photo of this size is under eBay's minimum on its longest side. */
export function underEbayMinimum(size: { width: number; height: number }): boolean {
  return Math.max(size.width, size.height) < EBAY_MIN_LONG_SIDE_PX;
}

/** The warning a seller reads about such a photo. */
export function ebayMinimumWarning(size: { width: number; height: number }): string {
  return `This crop is ${size.width} x ${size.height} pixels: eBay needs photos at least ${EBAY_MIN_LONG_SIDE_PX} pixels on the longest side. Choose a larger area, or keep the photo uncropped.`;
}
