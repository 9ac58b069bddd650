import type { PublishedFees } from '@shared/domain/profit-floor';

/**
 * Shopify's published card rate for an online sale through Shopify Payments on the Basic plan (decision
 * 086): 2.9% + 30¢. A store on a higher plan pays less (Shopify 2.6%, Advanced 2.4% + 30¢ in the same source), so this
 * estimate errs high, which keeps the floor above the real one; the seller's own sales replace it.
 */
export const shopifyPublishedFees: PublishedFees = {
  schedule: { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 29_000, fixedMinor: 30 }] },
  source: 'https://help.shopify.com/en/manual/intro-to-shopify/pricing-plans/pricing-overview',
  checkedOn: '2026-11-26',
  note: 'Basic plan, online card payments with Shopify Payments: 2.9% + 30¢ (https://ecorn.agency/blog/decoding-shopify-credit-card-charges-merchants-guide-fees). No fee to Shopify on top with Shopify Payments.',
};

/**
 * Shopify Payments' published online card rate for a UK store on the Basic plan (decision 118): 2% + 25p. Since Brexit
 * Shopify counts UK and EU cards as international, at a higher rate not counted here; the seller's own sales replace
 * the estimate.
 */
export const shopifyUkPublishedFees: PublishedFees = {
  schedule: { currency: 'GBP', tiers: [{ fromMinor: 0, ratePpm: 20_000, fixedMinor: 25 }] },
  source: 'https://developersdesignguru.org/shopify-payments-uk-the-complete-2026-merchant-guide',
  checkedOn: '2026-11-27',
  note:
    'Basic plan, online card payments with Shopify Payments in the UK: 2.0% + 25p (also "the Basic plan’s 2%": ' +
    'https://wallid.co/blog/tpost/exy4ceetc1-shopify-plan-uk-fees; Shopify’s own page: https://www.shopify.com/uk/pricing). ' +
    'International cards (UK and EU cards since Brexit, per https://help.shopify.com/en/manual/intro-to-shopify/pricing-plans/pricing-overview) cost more and are not counted.',
  countries: ['GB'],
};
