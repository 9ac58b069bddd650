import type { PublishedFees } from '@shared/domain/profit-floor';

/**
 * Shopify's published card rate for an online sale through Shopify Payments on the Basic plan (issue 45, decision
 * 086): 2.9% + 30¢. A store on a higher plan pays less (Shopify 2.6%, Advanced 2.4% + 30¢ in the same source), so this
 * estimate errs high, which keeps the floor above the real one; the seller's own sales replace it.
 */
export const shopifyPublishedFees: PublishedFees = {
  schedule: { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 29_000, fixedMinor: 30 }] },
  source: 'https://help.shopify.com/en/manual/intro-to-shopify/pricing-plans/pricing-overview',
  checkedOn: '2026-11-26',
  note: 'Basic plan, online card payments with Shopify Payments: 2.9% + 30¢ (https://ecorn.agency/blog/decoding-shopify-credit-card-charges-merchants-guide-fees). No fee to Shopify on top with Shopify Payments.',
};
