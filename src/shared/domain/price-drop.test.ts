import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerPrice } from './offer-price';
import { dropPrice, priceLessPercent, relistPrice, stepsDue } from './price-drop';
import { clearsFloor, profitAt, type FeeSchedule, type FloorInputs, type MinimumMargin } from './profit-floor';

const etsy: FeeSchedule = { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 95_000, fixedMinor: 45 }] };
const poshmark: FeeSchedule = {
  currency: 'USD',
  tiers: [
    { fromMinor: 0, ratePpm: 0, fixedMinor: 295 },
    { fromMinor: 1500, ratePpm: 200_000, fixedMinor: 0 },
  ],
};
const usd = (costMinor: number | null, margin: MinimumMargin = { kind: 'amount', amountMinor: 0 }, shippingMinor = 0): FloorInputs => ({
  currency: 'USD',
  costMinor,
  shippingMinor,
  margin,
});

describe('price drop', () => {
  it('10% off $42.00 on Etsy with a $10 cost: $37.80 and its profit', () => {
    // $37.80 − round(9.5% × 3780 = 359.1) − 45 − $10 = $23.76
    expect(dropPrice(4200, 1000, usd(1000), etsy)).toMatchObject({
      kind: 'drop',
      priceMinor: 3780,
      stoppedAtFloor: false,
      profitMinor: 2376,
    });
  });

  it('stops at the floor, and says so', () => {
    const inputs = usd(3000, { kind: 'amount', amountMinor: 500 });
    const drop = dropPrice(4200, 2000, inputs, etsy);
    expect(drop.kind).toBe('drop');
    if (drop.kind !== 'drop') return;
    expect(drop.stoppedAtFloor).toBe(true);
    expect(drop.priceMinor).toBe(drop.floorMinor);
    expect(clearsFloor(inputs, etsy, drop.priceMinor)).toBe(true);
    expect(clearsFloor(inputs, etsy, drop.priceMinor - 1)).toBe(false);
  });

  it('no drop at the floor, none without a cost', () => {
    const inputs = usd(3000, { kind: 'amount', amountMinor: 500 });
    const floor = dropPrice(4200, 2000, inputs, etsy);
    if (floor.kind !== 'drop') throw new Error('expected a drop');
    expect(dropPrice(floor.priceMinor, 1000, inputs, etsy)).toEqual({ kind: 'at-floor', floorMinor: floor.floorMinor });
    expect(dropPrice(4200, 1000, usd(null), etsy)).toEqual({ kind: 'no-cost' });
  });

  it('a relist keeps its price when it clears the floor, none under it; no cost: kept (never below its price)', () => {
    expect(relistPrice(4200, usd(1000), etsy)).toMatchObject({ kind: 'relist', priceMinor: 4200 });
    expect(relistPrice(1100, usd(1000), etsy)).toMatchObject({ kind: 'under-floor' });
    expect(relistPrice(1200, usd(null), etsy)).toEqual({ kind: 'relist', priceMinor: 1200, profitMinor: null, floorMinor: null });
  });

  it('steps due within the horizon, the taken ones left out', () => {
    const listed = new Date('2026-11-01T00:00:00Z');
    const now = new Date('2026-11-12T00:00:00Z');
    const steps = [
      { afterDays: 14, basisPoints: 1000 },
      { afterDays: 28, basisPoints: 1000 },
    ];
    expect(stepsDue(steps, listed, now, 7, new Set()).map((s) => s.index)).toEqual([0]);
    expect(stepsDue(steps, listed, now, 7, new Set([0]))).toEqual([]);
  });
});

/** Any schedule of one to three tiers, rates up to 45% and fixed fees, as decision 086's property test. */
const schedules = fc
  .array(fc.record({ ratePpm: fc.integer({ min: 0, max: 450_000 }), fixedMinor: fc.integer({ min: 0, max: 500 }) }), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((tiers) =>
    fc.uniqueArray(fc.integer({ min: 1, max: 20_000 }), { minLength: tiers.length - 1, maxLength: tiers.length - 1 }).map((starts) => {
      const from = [0, ...starts.sort((a, b) => a - b)];
      return { currency: 'USD', tiers: tiers.map((tier, i) => ({ ...tier, fromMinor: from[i]! })) } satisfies FeeSchedule;
    }),
  );
const margins: fc.Arbitrary<MinimumMargin> = fc.oneof(
  fc.integer({ min: 0, max: 3_000 }).map((amountMinor) => ({ kind: 'amount' as const, amountMinor })),
  fc.integer({ min: 0, max: 3_000 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints })),
);
const floorInputs = fc.record({
  currency: fc.constant('USD'),
  costMinor: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null, freq: 8 }),
  shippingMinor: fc.integer({ min: 0, max: 2_000 }),
  margin: margins,
});

describe('property: no offer, drop or relist price is under the floor, and the money is exact', () => {
  it('for any cost, fee schedule and rule', () => {
    fc.assert(
      fc.property(
        floorInputs,
        fc.oneof(schedules, fc.constant(poshmark)),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 100, max: 5_000 }),
        fc.integer({ min: 5, max: 90 }),
        (inputs, schedule, priceMinor, dropBasisPoints, offerPercent) => {
          const drop = dropPrice(priceMinor, dropBasisPoints, inputs, schedule);
          if (inputs.costMinor === null) expect(drop.kind).toBe('no-cost');
          if (drop.kind === 'drop') {
            expect(Number.isSafeInteger(drop.priceMinor)).toBe(true);
            expect(drop.priceMinor).toBeLessThan(priceMinor);
            expect(clearsFloor(inputs, schedule, drop.priceMinor)).toBe(true);
            expect(drop.profitMinor).toBe(profitAt(inputs, schedule, drop.priceMinor));
            // Never more off than the rule asked: exactly its price, or (stopped at the floor) above it.
            const wanted = priceLessPercent(priceMinor, dropBasisPoints);
            expect(drop.priceMinor).toBeGreaterThanOrEqual(wanted);
            if (!drop.stoppedAtFloor) expect(drop.priceMinor).toBe(wanted);
          } else if (drop.kind === 'at-floor') {
            // Nothing between the rule's price and the current one clears the floor.
            const from = Math.max(0, priceLessPercent(priceMinor, dropBasisPoints));
            for (let p = from; p < priceMinor && p < from + 400; p += 1) expect(clearsFloor(inputs, schedule, p)).toBe(false);
          }
          const relist = relistPrice(priceMinor, inputs, schedule);
          if (relist.kind === 'relist') {
            expect(relist.priceMinor).toBe(priceMinor);
            if (inputs.costMinor !== null) expect(clearsFloor(inputs, schedule, relist.priceMinor)).toBe(true);
          }
          const offer = offerPrice(priceMinor, offerPercent, inputs, schedule);
          if (offer.kind === 'offer') {
            expect(Number.isSafeInteger(offer.priceMinor)).toBe(true);
            expect(clearsFloor(inputs, schedule, offer.priceMinor)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
