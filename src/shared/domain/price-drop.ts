/**
 * Scheduled price drops and relists (decision 090): a percent off the listing's price, never a price that
 * fails the seller's profit floor (`clearsFloor`, decision 086: tiered schedules are not monotone, so the test is the
 * floor's own, not `price ≥ floor`). A drop that would go under the floor stops at the least price that clears it
 * ("stopped at your floor"); an item with no cost entered gets no drop at all (flagged, never treated as free). A relist
 * keeps the price, and is planned only when that price clears the floor (or the item has no cost: nothing goes below
 * its price). Integer minor units throughout, rounded once.
 */
import { divideRounded } from './money';
import { BASIS_POINTS, clearsFloor, leastClearingPrice, profitAt, profitFloor, type FeeSchedule, type FloorInputs } from './profit-floor';

/** The most one drop may take off: past this a drop is a give-away, not a nudge. */
export const MAX_DROP_BASIS_POINTS = 5_000;
/** The least: a drop under 1% is not worth a revision. */
export const MIN_DROP_BASIS_POINTS = 100;

export type DropPrice =
  | {
      kind: 'drop';
      priceMinor: number;
      /** The percent would have gone under the floor: the least price that clears it instead. */
      stoppedAtFloor: boolean;
      profitMinor: number;
      floorMinor: number;
    }
  /** No cost entered: no drop below the price (flagged). */
  | { kind: 'no-cost' }
  /** The price is already the least that clears the floor (or under it): nothing to drop. */
  | { kind: 'at-floor'; floorMinor: number | null }
  | { kind: 'currency-mismatch' };

/** The price less `basisPoints` (1 000 = 10 %), rounded once, half away from zero. */
export const priceLessPercent = (priceMinor: number, basisPoints: number): number =>
  priceMinor - divideRounded(priceMinor * basisPoints, BASIS_POINTS);

/** One drop of `basisPoints` off `currentMinor`, stopped at the floor. */
export function dropPrice(currentMinor: number, basisPoints: number, inputs: FloorInputs, schedule: FeeSchedule): DropPrice {
  if (!Number.isSafeInteger(currentMinor) || currentMinor <= 0) throw new Error(`dropPrice: bad price ${currentMinor}`);
  if (!(Number.isInteger(basisPoints) && basisPoints >= MIN_DROP_BASIS_POINTS && basisPoints <= MAX_DROP_BASIS_POINTS)) {
    throw new Error(`dropPrice: percent ${basisPoints} bp out of range`);
  }
  const floor = profitFloor(inputs, schedule);
  if (floor.kind === 'no-cost') return { kind: 'no-cost' };
  if (floor.kind === 'currency-mismatch') return { kind: 'currency-mismatch' };
  if (floor.kind === 'unreachable') return { kind: 'at-floor', floorMinor: null };
  const wanted = priceLessPercent(currentMinor, basisPoints);
  const highest = currentMinor - 1;
  // Under the floor (or a rounding to no drop): the least price from the floor up that clears it, still a drop.
  const price = leastClearingPrice(inputs, schedule, wanted, floor.floorMinor, highest);
  if (price === null) return { kind: 'at-floor', floorMinor: floor.floorMinor };
  return {
    kind: 'drop',
    priceMinor: price,
    stoppedAtFloor: price !== wanted,
    profitMinor: profitAt(inputs, schedule, price)!,
    floorMinor: floor.floorMinor,
  };
}

export type RelistPrice =
  | { kind: 'relist'; priceMinor: number; profitMinor: number | null; floorMinor: number | null }
  /** The listing's price fails the floor: a relist would put a losing price up again; not planned. */
  | { kind: 'under-floor'; floorMinor: number | null }
  | { kind: 'currency-mismatch' };

/** A relist keeps the price: planned when it clears the floor, or the item has no cost (nothing below its price). */
export function relistPrice(currentMinor: number, inputs: FloorInputs, schedule: FeeSchedule | null): RelistPrice {
  if (inputs.costMinor === null || schedule === null)
    return { kind: 'relist', priceMinor: currentMinor, profitMinor: null, floorMinor: null };
  const floor = profitFloor(inputs, schedule);
  if (floor.kind === 'currency-mismatch') return { kind: 'currency-mismatch' };
  const floorMinor = floor.kind === 'floor' ? floor.floorMinor : null;
  if (!clearsFloor(inputs, schedule, currentMinor)) return { kind: 'under-floor', floorMinor };
  return { kind: 'relist', priceMinor: currentMinor, profitMinor: profitAt(inputs, schedule, currentMinor), floorMinor };
}

/** A schedule of drops: each step a percent off the price then, after so many days listed (10 % at 14, 10 % at 28). */
export interface DropStep {
  afterDays: number;
  basisPoints: number;
}

/** The steps due within `horizonDays` from `now` for a listing live since `listedAt`, not yet taken (by index). */
export function stepsDue(steps: readonly DropStep[], listedAt: Date, now: Date, horizonDays: number, taken: ReadonlySet<number>) {
  const day = 86_400_000;
  return steps
    .map((step, index) => ({ ...step, index, dueAt: new Date(listedAt.getTime() + step.afterDays * day) }))
    .filter((step) => !taken.has(step.index) && step.dueAt.getTime() <= now.getTime() + horizonDays * day);
}
