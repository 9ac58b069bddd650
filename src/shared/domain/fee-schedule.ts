/**
 * A channel's fees as a function of the amount charged (decision 086): a rate of it plus a fixed fee, by tier. What the
 * profit floor and every profit estimate count a channel's fees with. Integer minor units (decision 067).
 */
import { divideRounded } from './money';

/** Parts per million: 13.25% is 132_500. Fee rates are kept this fine (an average of real fees is not a round percent). */
export const PPM = 1_000_000;

/** One band of a schedule: from `fromMinor` (inclusive) to the next band's start, a rate of the price plus a fixed fee. */
export interface FeeTier {
  fromMinor: number;
  ratePpm: number;
  /** In the schedule's currency. */
  fixedMinor: number;
}

/** A channel's fees as a function of the price. `currency` null: rates only (no fixed part), any currency. */
export interface FeeSchedule {
  currency: string | null;
  /** Ascending by `fromMinor`; the first starts at 0. */
  tiers: readonly FeeTier[];
}

/** Rates only, no fixed part: usable in any currency. */
export const rateSchedule = (ratePpm: number): FeeSchedule => ({ currency: null, tiers: [{ fromMinor: 0, ratePpm, fixedMinor: 0 }] });

/** The tier a price falls in. */
export function tierAt(schedule: FeeSchedule, priceMinor: number): FeeTier {
  let tier = schedule.tiers[0]!;
  for (const candidate of schedule.tiers) if (candidate.fromMinor <= priceMinor) tier = candidate;
  return tier;
}

/** A schedule can price this currency: rates only, or its fixed fees are in it. */
export const scheduleFits = (schedule: FeeSchedule, currency: string): boolean =>
  schedule.currency === null || schedule.currency === currency || schedule.tiers.every((tier) => tier.fixedMinor === 0);

/** The channel's fees at a price, in minor units: the rate rounded once (half away from zero), plus the fixed fee. */
export function feesAt(schedule: FeeSchedule, priceMinor: number): number {
  const tier = tierAt(schedule, priceMinor);
  return divideRounded(priceMinor * tier.ratePpm, PPM) + tier.fixedMinor;
}
