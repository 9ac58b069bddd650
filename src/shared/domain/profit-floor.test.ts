import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPrice,
  clearsFloor,
  feesAt,
  leastClearingPrice,
  marginAt,
  profitAt,
  profitFloor,
  percentToPpm,
  type FeeSchedule,
  type FloorInputs,
  type MinimumMargin,
} from './profit-floor';

const usd = (costMinor: number | null, shippingMinor: number, margin: MinimumMargin): FloorInputs => ({
  currency: 'USD',
  costMinor,
  shippingMinor,
  margin,
});

// Published schedules as the channels record them (decision 086), for the examples.
const ebay: FeeSchedule = {
  currency: 'USD',
  tiers: [
    { fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 },
    { fromMinor: 1001, ratePpm: 132_500, fixedMinor: 40 },
  ],
};
const poshmark: FeeSchedule = {
  currency: 'USD',
  tiers: [
    { fromMinor: 0, ratePpm: 0, fixedMinor: 295 },
    { fromMinor: 1500, ratePpm: 200_000, fixedMinor: 0 },
  ],
};

describe('profit floor: examples', () => {
  it('eBay: $8 cost, $4 shipping, $2 margin: the least price leaving $2 after 13.25% + $0.40', () => {
    const inputs = usd(800, 400, { kind: 'amount', amountMinor: 200 });
    const result = profitFloor(inputs, ebay);
    expect(result).toEqual({ kind: 'floor', floorMinor: 1660, breakEvenMinor: 1429 });
    // $16.60 − round(2.1995) 2.20 − 0.40 − 8 − 4 = 2.00; $16.59 leaves 1.99.
    expect(profitAt(inputs, ebay, 1660)).toBe(200);
    expect(profitAt(inputs, ebay, 1659)).toBe(199);
  });

  it('no cost entered: no floor, never free', () => {
    expect(profitFloor(usd(null, 400, { kind: 'amount', amountMinor: 0 }), ebay)).toEqual({ kind: 'no-cost' });
    expect(checkPrice(usd(null, 0, { kind: 'amount', amountMinor: 0 }), ebay, 'eBay', 1000, null).message).toBe('No cost entered');
  });

  it('Poshmark: the flat $2.95 under $15 floors below prices that fail at 20% just above it', () => {
    // Cost $9.01, margin $3: $14.96 − $2.95 leaves $12.01 (floor); $15.00 − 20% leaves $12.00: above the floor, not clear.
    const inputs = usd(901, 0, { kind: 'amount', amountMinor: 300 });
    expect(profitFloor(inputs, poshmark)).toEqual({ kind: 'floor', floorMinor: 1496, breakEvenMinor: 1196 });
    expect(clearsFloor(inputs, poshmark, 1496)).toBe(true);
    expect(clearsFloor(inputs, poshmark, 1500)).toBe(false);
    expect(clearsFloor(inputs, poshmark, 1502)).toBe(true);
    // Cost $9.20: nothing under $15 leaves $12.20, so the floor is in the 20% band: 0.8 × $15.25 = $12.20.
    expect(profitFloor(usd(920, 0, { kind: 'amount', amountMinor: 300 }), poshmark)).toEqual({
      kind: 'floor',
      floorMinor: 1525,
      breakEvenMinor: 1215,
    });
  });

  it('warns in the seller words: under the floor, the loss', () => {
    const inputs = usd(1000, 300, { kind: 'amount', amountMinor: 0 });
    const result = profitFloor(inputs, ebay);
    if (result.kind !== 'floor') throw new Error('no floor');
    const check = checkPrice(inputs, ebay, 'eBay', 1200, result.floorMinor);
    expect(check.message).toBe(`$12.00 is under your floor of $15.45 on eBay: you would lose $2.99`);
  });

  it('reads a percent exactly in parts per million', () => {
    expect(percentToPpm('13.25')).toBe(132_500);
    expect(percentToPpm(6.5)).toBe(65_000);
    expect(percentToPpm('1.00001')).toBeNull();
  });
});

const currencies = [
  { code: 'USD', unit: 100 },
  { code: 'GBP', unit: 100 },
  { code: 'EUR', unit: 100 },
  { code: 'JPY', unit: 1 },
] as const;

const tierArb = (currencyUnit: number) =>
  fc.record({
    ratePpm: fc.integer({ min: 0, max: 450_000 }),
    fixedMinor: fc.integer({ min: 0, max: 5 * currencyUnit }),
  });

const scheduleArb = (code: string, unit: number) =>
  fc
    .tuple(
      fc.array(tierArb(unit), { minLength: 1, maxLength: 3 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 200 * unit }), { minLength: 2, maxLength: 2 }),
    )
    .map(([tiers, starts]): FeeSchedule => {
      const sorted = [...starts].sort((a, b) => a - b);
      return {
        currency: code,
        tiers: tiers.map((tier, i) => ({ ...tier, fromMinor: i === 0 ? 0 : sorted[i - 1]! })),
      };
    });

const marginArb = (unit: number): fc.Arbitrary<MinimumMargin> =>
  fc.oneof(
    fc.integer({ min: 0, max: 50 * unit }).map((amountMinor) => ({ kind: 'amount' as const, amountMinor })),
    fc.integer({ min: 0, max: 4_000 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints })),
  );

describe('profit floor: properties', () => {
  for (const { code, unit } of currencies) {
    it(`in ${code}: the profit at the floor is at least the margin, one minor unit under it is not`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2_000 * unit }),
          fc.integer({ min: 0, max: 30 * unit }),
          marginArb(unit),
          scheduleArb(code, unit),
          (costMinor, shippingMinor, margin, schedule) => {
            const inputs: FloorInputs = { currency: code, costMinor, shippingMinor, margin };
            const result = profitFloor(inputs, schedule);
            expect(result.kind).toBe('floor');
            if (result.kind !== 'floor') return;
            const { floorMinor, breakEvenMinor } = result;
            expect(Number.isSafeInteger(floorMinor)).toBe(true);
            // At the floor: profit ≥ margin, in exact minor units.
            const profit = profitAt(inputs, schedule, floorMinor)!;
            expect(profit).toBe(floorMinor - feesAt(schedule, floorMinor) - costMinor - shippingMinor);
            expect(profit).toBeGreaterThanOrEqual(marginAt(margin, floorMinor));
            // One minor unit under: the margin is not met (the floor is the least such price)...
            if (floorMinor > 0) expect(profitAt(inputs, schedule, floorMinor - 1)!).toBeLessThan(marginAt(margin, floorMinor - 1));
            // ...and no lower price meets it either (checked below the floor in full for small floors).
            if (floorMinor <= 3_000) {
              for (let price = 0; price < floorMinor; price += 1) expect(clearsFloor(inputs, schedule, price)).toBe(false);
            }
            // Break-even: profit ≥ 0 there, < 0 one unit under; never above the floor.
            expect(profitAt(inputs, schedule, breakEvenMinor)!).toBeGreaterThanOrEqual(0);
            if (breakEvenMinor > 0) expect(profitAt(inputs, schedule, breakEvenMinor - 1)!).toBeLessThan(0);
            expect(breakEvenMinor).toBeLessThanOrEqual(floorMinor);
          },
        ),
        { numRuns: 400 },
      );
    });
  }
});

describe('leastClearingPrice: where an automatic cut lands', () => {
  const inputs = usd(800, 400, { kind: 'amount', amountMinor: 200 });
  const floorMinor = (profitFloor(inputs, ebay) as { floorMinor: number }).floorMinor;

  it('the wanted price when it clears the floor', () => {
    expect(leastClearingPrice(inputs, ebay, floorMinor + 300, floorMinor, floorMinor + 500)).toBe(floorMinor + 300);
  });

  it('under the floor: the least price from the floor up that clears it, never one that does not', () => {
    const price = leastClearingPrice(inputs, ebay, floorMinor - 300, floorMinor, floorMinor + 500);
    expect(price).toBe(floorMinor);
    expect(clearsFloor(inputs, ebay, price!)).toBe(true);
  });

  it('none at most the highest: null (a wanted price over the highest included: a cut is never raised back to it)', () => {
    expect(leastClearingPrice(inputs, ebay, floorMinor - 300, floorMinor, floorMinor - 1)).toBeNull();
    expect(leastClearingPrice(inputs, ebay, floorMinor + 300, floorMinor, floorMinor + 100)).toBeNull();
  });
});
