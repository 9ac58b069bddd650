import type { PublishedFees } from '@shared/domain/profit-floor';

/** Etsy's listing fee, US$0.20 (https://www.etsy.com/legal/fees, read 2026-11-26): charged again at each renewal. */
export const etsyListingFeeMinor = 20;

/**
 * Etsy's published fees for a US shop (decision 086): the transaction fee of 6.5%, Etsy Payments'
 * processing of 3% + $0.25, and the $0.20 listing fee (charged again when an item sells from a listing of several, or
 * the listing renews). The profit floor's estimate until the seller's own sales on Etsy give their real rate (the
 * ledger's fees).
 */
export const etsyPublishedFees: PublishedFees = {
  schedule: { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 95_000, fixedMinor: 45 }] },
  source: 'https://wise.com/us/blog/how-much-does-etsy-take-per-sale',
  checkedOn: '2026-11-26',
  note:
    "Transaction fee 6.5% + payment processing 3% + $0.25 + listing fee $0.20 (US; Etsy's own page: https://www.etsy.com/legal/fees). " +
    'Offsite Ads (12% or 15%) are charged only on sales they bring and are not counted.',
};
