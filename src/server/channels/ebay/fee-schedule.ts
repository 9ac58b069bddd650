import type { PublishedFees } from '@shared/domain/profit-floor';

/**
 * eBay's published fees for a US seller without a Store, in Clothing, Shoes & Accessories (decision 086):
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
  countries: ['US'],
};

/**
 * eBay UK's published fees for a business seller without a Shop, in Clothes, Shoes & Accessories (decision 106): a
 * final value fee of 12.8% plus the regulatory operating fee of 0.35%, both on the total, and £0.30 per order. A
 * private seller pays no final value fee on clothing in the UK: the estimate errs high for them, keeping the floor
 * above the real one, until their own sales give their rate.
 */
export const ebayUkPublishedFees: PublishedFees = {
  schedule: { currency: 'GBP', tiers: [{ fromMinor: 0, ratePpm: 131_500, fixedMinor: 30 }] },
  source: 'https://www.ebay.co.uk/help/selling/fees-credits-invoices/fees-business-sellers-activated-managed-payments?id=4809',
  checkedOn: '2026-11-27',
  note:
    'Business seller, no Shop: final value fee 12.8% (Clothes, Shoes & Accessories) + regulatory operating fee 0.35% + £0.30 per order ' +
    '(https://www.droopify.co/docs/documentation/professional-sellers-gb). Private sellers pay no final value fee on clothing; ' +
    'the international fee (buyers outside the UK) is not counted.',
  countries: ['GB'],
};

/**
 * eBay Germany's published fees for a business seller (gewerblicher Verkäufer) without a Shop (decision 106): 11% of
 * the total up to €1,990 in most categories, clothing among them, and €0.35 per order. Private sellers in Germany pay
 * no selling fee since 1 March 2023: the estimate errs high for them.
 */
export const ebayGermanyPublishedFees: PublishedFees = {
  schedule: { currency: 'EUR', tiers: [{ fromMinor: 0, ratePpm: 110_000, fixedMinor: 35 }] },
  source: 'https://ezfox.ai/de/blog/ebay-gebuhren-fur-gewerbliche-verkaufer',
  checkedOn: '2026-11-27',
  note:
    'Gewerblich, no Shop: Verkaufsprovision 11% of the total (to €1,990; 2% above, not counted) + €0.35 per order ' +
    '(eBay’s own page: https://www.ebay.de/help/selling/fees-credits-invoices/gebhren-fr-gewerbliche-verkufer?id=4809). ' +
    'Private sellers pay no selling fee.',
  countries: ['DE'],
};

/**
 * eBay Australia's published fees for a seller without an eBay Store (Australia has no separate business rate), in
 * Clothing, Shoes & Accessories, which pays the "everything else" rate: 13.4% of the total up to A$4,000, plus A$0.30 an
 * order of A$10 and under, A$0.40 over A$10 (decision 118). The 2.5% above A$4,000 and the A$440 cap on the fee are not
 * counted: they lower the fee only on items over about A$3,280, where the estimate errs high.
 */
export const ebayAustraliaPublishedFees: PublishedFees = {
  schedule: {
    currency: 'AUD',
    tiers: [
      { fromMinor: 0, ratePpm: 134_000, fixedMinor: 30 },
      { fromMinor: 1001, ratePpm: 134_000, fixedMinor: 40 },
    ],
  },
  source: 'https://www.kiloapps.co/feewise/guides/ebay-australia-fees-gst',
  checkedOn: '2026-11-27',
  note:
    'No Store: final value fee 13.4% of the total (GST included) up to A$4,000 in most categories, clothing among them, + A$0.30 an order ' +
    'of A$10 or less, A$0.40 over (guide updated 2026-01-05; eBay’s own page: https://www.ebay.com.au/help/selling/fees-credits-invoices/selling-fees?id=4364). ' +
    'Another summary (https://www.dataede.com/ebay-fee-calculator/au) gives A$0.30 on every order: the higher is counted. ' +
    'The 2.5% above A$4,000, the A$440 cap and the international fee are not counted.',
  countries: ['AU'],
};

/**
 * eBay's published schedules, one per marketplace the app knows them for (decisions 106, 118). eBay France, Italy, Spain
 * and Canada are not here: no published clothing rate for their sellers was found in the sources searched, so a seller
 * there has no estimate until their own sales give their rate, rather than another marketplace's rate.
 */
export const ebayPublishedFeesByMarketplace: readonly PublishedFees[] = [
  ebayPublishedFees,
  ebayUkPublishedFees,
  ebayGermanyPublishedFees,
  ebayAustraliaPublishedFees,
];
