import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SellingPlanRule } from '@shared/contracts/selling-plan';
import { clearsFloor, type FeeSchedule, type FloorInputs } from '@shared/domain/profit-floor';
import { dropStepsOf, planListing } from './planner';
import type { LiveListingRow } from './repo';

/**
 * Decision 152: a rule timed to the prediction moves its drops so the first falls on the day the listing passes its
 * predicted days to sale on its marketplace, the others keeping their spacing; with no prediction, its fixed days,
 * flagged; never a price under the floor either way.
 */
const DAY_MS = 86_400_000;
const periodStart = new Date(Date.UTC(2026, 10, 1));
const ebay: FeeSchedule = { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 }] };
const inputs: FloorInputs = { currency: 'USD', costMinor: 1500, shippingMinor: 0, margin: { kind: 'amount', amountMinor: 500 } };
const listing = { itemId: '7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b', sku: 'JEAN-1', channel: 'ebay', currency: 'USD' } as LiveListingRow;
const rule = (dropTiming: SellingPlanRule['dropTiming']): SellingPlanRule => ({
  scope: 'all',
  enabled: true,
  dropSteps: [
    { afterDays: 14, basisPoints: 1000 },
    { afterDays: 28, basisPoints: 1000 },
  ],
  relistAfterDays: null,
  automatic: false,
  dropTiming,
});
const basis = { inputs, schedule: ebay, fees: {} } as Parameters<typeof planListing>[0]['basis'];

function plan(dropTiming: SellingPlanRule['dropTiming'], predictedDays: number | null, priceMinor = 6000, dayNow = 40) {
  return planListing(
    { listing, priceMinor, periodStart, rule: rule(dropTiming), basis, recorded: [], predictedDays },
    new Date(periodStart.getTime() + dayNow * DAY_MS),
    7,
  );
}
const daysOf = (date: Date) => (date.getTime() - periodStart.getTime()) / DAY_MS;

describe('drops timed to the predicted days to sale (decision 152)', () => {
  it('a fixed rule keeps its days, a prediction or not', () => {
    expect(plan('fixed', 20).planned.map((p) => daysOf(p.dueAt))).toEqual([14, 28]);
    expect(plan(undefined, 20).planned.map((p) => daysOf(p.dueAt))).toEqual([14, 28]);
  });

  it('moves the first drop to the predicted day and keeps the spacing of the next', () => {
    const { planned, flags } = plan('predicted', 20);
    expect(planned.map((p) => daysOf(p.dueAt))).toEqual([20, 34]);
    expect(planned.map((p) => p.step)).toEqual([0, 1]);
    expect(flags).toEqual([]);
    // A prediction shorter than the first step brings the drops earlier; never before the listing went live.
    expect(plan('predicted', 3).planned.map((p) => daysOf(p.dueAt))).toEqual([3, 17]);
    // A sale predicted within a day counts one day: the first drop comes the day after it goes live, not at once.
    expect(dropStepsOf(rule('predicted'), 0)).toEqual({
      steps: [expect.objectContaining({ afterDays: 1 }), expect.objectContaining({ afterDays: 15 })],
      timedTo: 1,
    });
    expect(dropStepsOf(rule('predicted'), 0.4).timedTo).toBe(1);
  });

  it('with no prediction, drops on the fixed days and says so', () => {
    const { planned, flags } = plan('predicted', null);
    expect(planned.map((p) => daysOf(p.dueAt))).toEqual([14, 28]);
    expect(flags).toEqual([expect.objectContaining({ reason: 'no-prediction', message: expect.stringMatching(/fixed days/) })]);
  });

  it('not yet past the predicted day, nothing is due this week', () => {
    expect(plan('predicted', 60, 6000, 40).planned).toEqual([]);
  });

  it('never plans a drop under the floor, whatever the prediction and the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.integer({ min: 100, max: 100_000 }), (predicted, priceMinor) => {
        const { planned } = plan('predicted', predicted, priceMinor, 400);
        for (const drop of planned) expect(clearsFloor(inputs, ebay, drop.priceMinor)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
