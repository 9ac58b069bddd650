import { describe, expect, it } from 'vitest';
import { feesAt, profitAt, profitFloor, publishedFeesFor, type FloorInputs } from '@shared/domain/profit-floor';
import { channelsServing, servesSellerIn } from '@shared/domain/marketplace-countries';
import { assistedChannels, type Channel } from '@shared/domain/channel-listing';
import { sellerCountries, sellerRegionOf } from '@shared/domain/seller-region';
import { registeredChannels } from '../channels/registry';
import { publishedFeesOf } from './published-fees';

/**
 * Which published schedule a seller's item is estimated with, per channel and seller region (decisions 106, 118): the
 * channel's schedules as the registered modules expose them, picked as the service picks them.
 */
const published = publishedFeesOf(registeredChannels);

/** The schedule's currency and first rate for a seller of each region, on their own currency; null: fees unknown. */
function pickedFor(channel: Channel) {
  const picked: Record<string, string | null> = {};
  for (const country of sellerCountries) {
    const fees = publishedFeesFor(published[channel], sellerRegionOf(country).currency, country);
    picked[country] = fees ? `${fees.schedule.currency} ${fees.schedule.tiers[0]!.ratePpm}` : null;
  }
  return picked;
}

describe("each seller region's published estimate", () => {
  it('eBay: its own marketplace’s schedule in its currency; none where no clothing rate was found (FR, IT, ES, CA)', () => {
    expect(pickedFor('ebay')).toEqual({
      US: 'USD 132500',
      GB: 'GBP 131500',
      DE: 'EUR 110000',
      AU: 'AUD 134000',
      // France, Italy and Spain price in euros too: Germany's schedule is never theirs.
      FR: null,
      IT: null,
      ES: null,
      CA: null,
    });
  });

  it('Shopify: the US and UK card rates; Etsy: its US schedule only', () => {
    expect(pickedFor('shopify')).toMatchObject({ US: 'USD 29000', GB: 'GBP 20000', DE: null, FR: null, CA: null, AU: null });
    expect(Object.entries(pickedFor('etsy')).filter(([, picked]) => picked !== null)).toEqual([['US', 'USD 95000']]);
  });

  it('every schedule says where it was read and when; each of eBay’s names its marketplace’s country', () => {
    for (const fees of [...published.ebay, ...published.etsy, ...published.shopify]) {
      expect(fees.source).toMatch(/^https:\/\//);
      expect(fees.checkedOn).toMatch(/^2026-11-2[67]$/);
    }
    expect(published.ebay.map((fees) => fees.countries)).toEqual([['US'], ['GB'], ['DE'], ['AU']]);
  });
});

/**
 * An assisted marketplace's schedule is its country's, never the US one in another currency (a UK seller was
 * shown Mercari's US 10% with Vinted's note in dollars). Where no page was found, the fees are not known.
 */
describe("each assisted marketplace's estimate, per seller country", () => {
  const rate = (picked: Record<string, string | null>) =>
    Object.fromEntries(Object.entries(picked).map(([country, p]) => [country, p === null ? null : p.split(' ')[1]]));

  it('Mercari and Poshmark: the US only; Depop: the US and the UK; Vinted: the US, the UK, Germany and France', () => {
    expect(rate(pickedFor('mercari'))).toEqual({ US: '100000', GB: null, DE: null, FR: null, IT: null, ES: null, CA: null, AU: null });
    expect(rate(pickedFor('poshmark'))).toEqual({ US: '0', GB: null, DE: null, FR: null, IT: null, ES: null, CA: null, AU: null });
    expect(rate(pickedFor('depop'))).toEqual({ US: '100000', GB: '100000', DE: null, FR: null, IT: null, ES: null, CA: null, AU: null });
    expect(rate(pickedFor('vinted'))).toEqual({ US: '0', GB: '0', DE: '0', FR: '0', IT: null, ES: null, CA: null, AU: null });
    expect(rate(pickedFor('grailed'))).toEqual(Object.fromEntries(sellerCountries.map((c) => [c, null])));
  });

  it("each note is in the seller's own currency: no dollar in a UK or German seller's", () => {
    for (const country of ['GB', 'DE'] as const)
      for (const channel of assistedChannels) {
        const fees = publishedFeesFor(published[channel], sellerRegionOf(country).currency, country);
        if (fees) expect(fees.note, `${channel} ${country}`).not.toContain('$');
      }
  });

  it('a schedule is published only for a country the marketplace serves', () => {
    for (const channel of assistedChannels)
      for (const fees of published[channel])
        for (const country of fees.countries ?? []) expect(servesSellerIn(channel, country), `${channel} ${country}`).toBe(true);
  });

  it('offers a UK and a German seller neither Mercari nor Poshmark', () => {
    expect(channelsServing('GB')).toEqual(['ebay', 'etsy', 'shopify', 'depop', 'vinted', 'grailed']);
    expect(channelsServing('DE')).toEqual(['ebay', 'etsy', 'shopify', 'vinted', 'grailed']);
    expect(channelsServing('US')).toEqual(['ebay', 'etsy', 'shopify', 'depop', 'poshmark', 'mercari', 'vinted', 'grailed']);
    expect(channelsServing('CA')).toEqual(['ebay', 'etsy', 'shopify', 'poshmark', 'grailed']);
  });
});

describe('eBay Australia, worked by hand', () => {
  const fees = publishedFeesFor(published.ebay, 'AUD', 'AU')!;

  it('13.4% of the price plus A$0.30 up to A$10, A$0.40 over', () => {
    // A$10.00: round(134.0) + 30 = 164; A$10.01: round(134.134) + 40 = 174.
    expect(feesAt(fees.schedule, 1000)).toBe(164);
    expect(feesAt(fees.schedule, 1001)).toBe(174);
  });

  it('A$12 cost, A$5 shipping, A$3 margin: the least price leaving A$3 is A$23.56', () => {
    const inputs: FloorInputs = { currency: 'AUD', costMinor: 1200, shippingMinor: 500, margin: { kind: 'amount', amountMinor: 300 } };
    // P − round(0.134 P) − 40 ≥ 2000 ⇔ 0.866 P ≥ 2040 (within rounding) ⇒ P = 2356: 2356 − round(315.704) 316 − 40 = 2000.
    expect(profitFloor(inputs, fees.schedule)).toEqual({ kind: 'floor', floorMinor: 2356, breakEvenMinor: 2009 });
    expect(profitAt(inputs, fees.schedule, 2356)).toBe(300);
    // A$23.55: 2355 − round(315.57) 316 − 40 − 1700 = 299.
    expect(profitAt(inputs, fees.schedule, 2355)).toBe(299);
  });
});
