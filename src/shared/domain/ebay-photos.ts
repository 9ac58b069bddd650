/**
 * eBay's picture policy (ebay.com/help/policies/listing-policies/picture-policy): "Photos must be at least 500 pixels
 * on the longest side." A crop below it is warned about before it is saved (eBay's trait, photo-minimum.ts).
 */
export const EBAY_MIN_LONG_SIDE_PX = 500;
