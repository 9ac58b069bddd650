import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highestOfferMinor, offerAtPrice, offerPrice } from './offer-price';
import { clearsFloor, type FeeSchedule, type FloorInputs, type MinimumMargin } from './profit-floor';

const ebay: FeeSchedule = {
  currency: 'USD',
  tiers: [
    { fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 },
    { fromMinor: 1001, ratePpm: 132_500, fixedMinor: 40 },
  ],
};
const usd = (costMinor: number | null, shippingMinor = 0, margin: MinimumMargin = { kind: 'amount', amountMinor: 0 }): FloorInputs => ({
  currency: 'USD',
  costMinor,
  shippingMinor,
  margin,
});

describe('offer price', () => {
  it('10% off $50 with a $10 cost: $45.00, above the floor, with its profit', () => {
    const offer = offerPrice(5000, 10, usd(1000, 500), ebay);
    // $45.00 − round(13.25% × 4500 = 596.25) − 40 − $10 − $5 = $23.64
    expect(offer).toEqual({ kind: 'offer', priceMinor: 4500, percentOffBasisPoints: 1000, raisedToFloor: false, profitMinor: 2364 });
  });

  it('raised to the least price that clears the floor when the percent would go under it', () => {
    const inputs = usd(3000, 400, { kind: 'amount', amountMinor: 200 });
    const offer = offerPrice(5000, 20, inputs, ebay);
    expect(offer.kind).toBe('offer');
    if (offer.kind !== 'offer') return;
    expect(offer.raisedToFloor).toBe(true);
    expect(clearsFloor(inputs, ebay, offer.priceMinor)).toBe(true);
    expect(clearsFloor(inputs, ebay, offer.priceMinor - 1)).toBe(false);
    expect(offer.priceMinor).toBeLessThanOrEqual(4750);
  });

  it('no offer when even the floor is not 5% under the listing price, and none without a cost', () => {
    expect(offerPrice(5000, 10, usd(4500), ebay)).toMatchObject({ kind: 'under-floor' });
    expect(offerPrice(5000, 10, usd(null), ebay)).toEqual({ kind: 'no-cost' });
  });

  it('refuses a percent eBay does not take (under 5%)', () => {
    expect(() => offerPrice(5000, 4, usd(100), ebay)).toThrow(/percent/);
  });

  it('property: any cost, shipping, margin, schedule and percent: an offer clears the floor, is 5% under, least when raised', () => {
    const schedule = fc.record({
      ratePpm: fc.integer({ min: 0, max: 450_000 }),
      fixedMinor: fc.integer({ min: 0, max: 500 }),
    });
    const margin = fc.oneof(
      fc.integer({ min: 0, max: 5000 }).map((amountMinor): MinimumMargin => ({ kind: 'amount', amountMinor })),
      fc.integer({ min: 0, max: 5000 }).map((basisPoints): MinimumMargin => ({ kind: 'percent', basisPoints })),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500_000 }),
        fc.integer({ min: 5, max: 90 }),
        fc.option(fc.integer({ min: 0, max: 400_000 }), { nil: null }),
        fc.integer({ min: 0, max: 3000 }),
        margin,
        schedule,
        (listingMinor, percent, costMinor, shippingMinor, m, s) => {
          const fees: FeeSchedule = { currency: 'USD', tiers: [{ fromMinor: 0, ...s }] };
          const inputs = usd(costMinor, shippingMinor, m);
          const offer = offerPrice(listingMinor, percent, inputs, fees);
          if (costMinor === null) {
            expect(offer.kind).toBe('no-cost');
            return;
          }
          if (offer.kind !== 'offer') {
            expect(offer.kind).toBe('under-floor');
            // No price eBay would take clears the floor (checked in full for small listings).
            if (listingMinor <= 5000)
              for (let p = 1; p <= highestOfferMinor(listingMinor); p += 1) expect(clearsFloor(inputs, fees, p)).toBe(false);
            return;
          }
          expect(Number.isInteger(offer.priceMinor)).toBe(true);
          expect(clearsFloor(inputs, fees, offer.priceMinor)).toBe(true);
          expect(offer.priceMinor).toBeLessThanOrEqual(highestOfferMinor(listingMinor));
          expect(offer.priceMinor * 100).toBeLessThanOrEqual(listingMinor * 95);
          const wanted = Math.round((listingMinor * (100 - percent)) / 100);
          if (!offer.raisedToFloor) expect(offer.priceMinor).toBe(Math.min(wanted, highestOfferMinor(listingMinor)));
          else {
            expect(offer.priceMinor).toBeGreaterThan(Math.min(wanted, highestOfferMinor(listingMinor)));
            // Least: no lower price from the wanted one up clears the floor (checked in full for short spans).
            if (offer.priceMinor - wanted <= 3000)
              for (let p = Math.max(1, wanted); p < offer.priceMinor; p += 1) expect(clearsFloor(inputs, fees, p)).toBe(false);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a typed price: offered as typed when it clears the floor and is 5% under; refused in each other case', () => {
    // $30.00 listing, $8.00 cost: $27.00 leaves $27.00 − $3.58 − $0.40 − $8.00 = $15.02.
    expect(offerAtPrice(3000, 2700, usd(800), ebay)).toEqual({
      kind: 'offer',
      priceMinor: 2700,
      percentOffBasisPoints: 1000,
      raisedToFloor: false,
      profitMinor: 1502,
    });
    expect(offerAtPrice(3000, 2851, usd(800), ebay)).toEqual({ kind: 'not-enough-off', highestMinor: 2850 });
    expect(offerAtPrice(3000, 0, usd(800), ebay)).toEqual({ kind: 'not-a-price' });
    expect(offerAtPrice(3000, 2700, usd(null), ebay)).toEqual({ kind: 'no-cost' });
    // $9.00 − $1.19 − $0.30 − $8.00: a loss of $0.49; the floor is $9.57 ($9.57 − $1.27 − $0.30 = $8.00).
    expect(offerAtPrice(3000, 900, usd(800), ebay)).toEqual({ kind: 'under-floor', floorMinor: 957, profitMinor: -49 });
    expect(clearsFloor(usd(800), ebay, 957)).toBe(true);
    expect(clearsFloor(usd(800), ebay, 956)).toBe(false);
  });

  it('property: a typed price is offered exactly when it clears the floor and is at most 95% of the listing price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: -10, max: 100_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 2000 }),
        (listingMinor, priceMinor, costMinor, marginMinor) => {
          const inputs = usd(costMinor, 0, { kind: 'amount', amountMinor: marginMinor });
          const answer = offerAtPrice(listingMinor, priceMinor, inputs, ebay);
          const takes = priceMinor > 0 && priceMinor <= highestOfferMinor(listingMinor) && clearsFloor(inputs, ebay, priceMinor);
          expect(answer.kind === 'offer').toBe(takes);
          if (answer.kind === 'offer') expect(answer.priceMinor).toBe(priceMinor);
        },
      ),
      { numRuns: 300 },
    );
  });
});
