/**
 * The SKU sent to eBay (pure: no imports). eBay keys inventory by SKU per eBay account, so two shops on one eBay
 * account (or listings made elsewhere) can hold the same SKU: a per-seller prefix keeps ours apart. Only the SKU
 * sent to eBay carries it; the item's own SKU never changes.
 */

/** eBay's limit on a SKU (Inventory API). */
export const EBAY_SKU_MAX_LENGTH = 50;
export const EBAY_SKU_PREFIX_MAX_LENGTH = 20;

export const ebaySkuMessages = {
  prefixInvalid: `The eBay SKU prefix can have up to ${EBAY_SKU_PREFIX_MAX_LENGTH} letters, digits and hyphens.`,
  taken: (ebaySku: string) =>
    `${ebaySku} is already used on your eBay account by a listing this product did not create (another Resale Studio account, or a listing made on eBay), so nothing was sent to eBay. Set an eBay SKU prefix on the eBay Integration screen, or change this product's SKU, then publish again.`,
  tooLong: (ebaySku: string) =>
    `The eBay SKU ${ebaySku} is longer than eBay's ${EBAY_SKU_MAX_LENGTH} characters. Shorten the eBay SKU prefix or this product's SKU.`,
  sharedAccount:
    'This eBay account is also connected to another Resale Studio account. eBay keeps one listing per SKU, so give each account its own eBay SKU prefix: a SKU the other account already uses on eBay will not be published from here.',
} as const;

/** What a typed prefix is stored as: trimmed and upper-cased, like SKUs. */
export function normaliseEbaySkuPrefix(typed: string): string {
  return typed.trim().toUpperCase();
}

/** Why a prefix cannot be used, or null when it can (after normaliseEbaySkuPrefix; empty means no prefix). */
export function ebaySkuPrefixProblem(typed: string): string | null {
  const prefix = normaliseEbaySkuPrefix(typed);
  return prefix.length <= EBAY_SKU_PREFIX_MAX_LENGTH && /^[A-Z0-9-]*$/.test(prefix) ? null : ebaySkuMessages.prefixInvalid;
}

/** The SKU eBay gets for an item: the seller's prefix, then the item's SKU. */
export function ebaySkuOf(prefix: string, sku: string): string {
  return `${normaliseEbaySkuPrefix(prefix)}${sku}`;
}
