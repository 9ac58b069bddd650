import type { PublishedFees } from '@shared/domain/profit-floor';

/**
 * eBay's published fees for a US seller without a Store, in Clothing, Shoes & Accessories (issue 45, decision 086):
 * the final value fee of 13.25% of the total, and the per-order fee of $0.30 for orders of $10 and under, $0.40 over
 * $10 (from March 15, 2024). The profit floor's estimate until the seller's own sales on eBay give their real rate
 * (the Finances API's fees).
 */
export const ebayPublishedFees: PublishedFees = {
  schedule: {
    currency: 'USD',
    tiers: [
      { fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 },
      { fromMinor: 1001, ratePpm: 132_500, fixedMinor: 40 },
    ],
  },
  source: 'https://www.ebay.com/sellercenter/resources/seller-updates/2024-winter/financials',
  checkedOn: '2026-11-26',
  note:
    'Final value fee 13.25% (Clothing, Shoes & Accessories, no Store: https://closo.co/blogs/community/what-is-the-ebay-selling-fee-in-2025) ' +
    'plus $0.30 per order up to $10, $0.40 over $10. eBay counts the fee on the total the buyer pays; the floor counts it on the price.',
};
