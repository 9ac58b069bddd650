/**
 * The profit floor (decision 086): the least price at which a sale on a channel still leaves the seller's
 * minimum margin after the item's cost, the channel's fees at that price and the seller's usual shipping cost.
 * Integer minor units throughout (decision 067); the floor is rounded up, never under.
 *
 *   profit(P) = P − fees(P) − cost − shipping          fees(P) = round(P × rate) + fixed   (the tier P falls in)
 *   floor     = the least P with profit(P) ≥ margin(P)  margin(P) = an amount, or ⌈P × percent⌉
 *
 * A fee that is a percent of the price makes profit(P) step by 0 or 1 minor unit at a time, and a tiered schedule
 * (Poshmark: $2.95 under $15, 20% from $15) can make it fall at a tier's start: so the floor is searched exactly, tier
 * by tier, between two bounds worked out in integers, and `clearsFloor` (not `price ≥ floor`) is what an automatic
 * price must pass.
 */
import { divideRounded, formatMoney, money, type Money } from './money';
import { PPM, scheduleFits, type FeeSchedule, type FeeTier } from './fee-schedule';
import { saleProfit } from './profit';

export { PPM, feesAt, rateSchedule, scheduleFits, type FeeSchedule, type FeeTier } from './fee-schedule';

/** Basis points: 12.5% is 1_250. The seller's percent margin is typed with at most two decimals. */
export const BASIS_POINTS = 10_000;

export type MinimumMargin = { kind: 'amount'; amountMinor: number } | { kind: 'percent'; basisPoints: number };

/** What the floor is worked out from, in one currency. `costMinor` null: no cost entered (no floor, never free). */
export interface FloorInputs {
  currency: string;
  costMinor: number | null;
  shippingMinor: number;
  margin: MinimumMargin;
}

/** A percent written as decimal text or a number (13.25) in parts per million, exactly; null when finer than 1 ppm. */
export function percentToPpm(percent: number | string): number | null {
  const match = /^(\d+)(?:\.(\d{0,4}))?$/.exec(String(percent).trim());
  if (!match) return null;
  return Number(`${match[1]}${(match[2] ?? '').padEnd(4, '0')}`);
}

/** The margin the seller wants at a price: the amount, or the percent of the price rounded up (never under). */
export function marginAt(margin: MinimumMargin, priceMinor: number): number {
  if (margin.kind === 'amount') return margin.amountMinor;
  return ceilDivide(priceMinor * margin.basisPoints, BASIS_POINTS);
}

function ceilDivide(numerator: number, denominator: number): number {
  if (numerator <= 0) return -Math.floor(-numerator / denominator);
  return Math.floor((numerator + denominator - 1) / denominator);
}

/**
 * Profit of a sale at this price, in minor units; null without a cost. The one profit function's (profit.ts
 * `saleProfit`): the price, no shipping charged, the fees at the schedule and the usual shipping as estimates.
 */
export function profitAt(inputs: FloorInputs, schedule: FeeSchedule, priceMinor: number): number | null {
  return saleProfit(
    { priceMinor, shippingChargedMinor: 0, feesMinor: null, shippingCostMinor: null, unitCostMinor: inputs.costMinor, quantity: 1 },
    { fees: schedule, usualShippingMinor: inputs.shippingMinor },
  ).profitMinor;
}

/** The price leaves at least the minimum margin: what an automatic price (offer, drop) must pass. */
export function clearsFloor(inputs: FloorInputs, schedule: FeeSchedule, priceMinor: number): boolean {
  const profit = profitAt(inputs, schedule, priceMinor);
  return profit !== null && profit >= marginAt(inputs.margin, priceMinor);
}

/**
 * The price an automatic cut (an offer, a drop) lands on, at most `highest`: `wanted` when it clears the floor, else the
 * least price above both it and the floor that clears it (no price under the floor clears it; above it a tiered schedule
 * is not monotone, so each price is tried); null when none does.
 */
export function leastClearingPrice(
  inputs: FloorInputs,
  schedule: FeeSchedule,
  wanted: number,
  floorMinor: number,
  highest: number,
): number | null {
  if (wanted <= highest && clearsFloor(inputs, schedule, wanted)) return wanted;
  for (let price = Math.max(0, wanted + 1, floorMinor); price <= highest; price += 1)
    if (clearsFloor(inputs, schedule, price)) return price;
  return null;
}

export type FloorResult =
  | { kind: 'floor'; floorMinor: number; breakEvenMinor: number }
  | { kind: 'no-cost' }
  | { kind: 'unreachable' }
  | { kind: 'currency-mismatch' };

/** The largest price searched: a hundred million units (a safe integer times a rate in ppm stays exact). */
export const MAX_FLOOR_MINOR = 1e9;

/**
 * The least price P (in a tier, from a lower bound) with P − fees(P) − marginPercent(P) ≥ need, or null when none in
 * the tier. Bounds (exact, in BigInt): P·D/1e6 + ½ − fixed ≥ that value ≥ P·D/1e6 − 3/2 − fixed, D = 1e6 − rate − margin%.
 */
function leastInTier(need: number, tier: FeeTier, upTo: number, marginBasisPoints: number): number | null {
  const d = BigInt(PPM - tier.ratePpm - marginBasisPoints * (PPM / BASIS_POINTS));
  // Fees and margin taking 99% of the price or more: no price is reachable in the range searched.
  if (d < 10_000n) return null;
  const target = BigInt(need + tier.fixedMinor);
  // Lower: P ≥ (2·target − 1)·1e6 / (2D). Upper: P ≥ (2·target + 3)·1e6 / (2D) always qualifies.
  const lowerNumerator = (2n * target - 1n) * BigInt(PPM);
  const lower = lowerNumerator <= 0n ? 0n : (lowerNumerator + 2n * d - 1n) / (2n * d);
  const upperNumerator = (2n * target + 3n) * BigInt(PPM);
  const upper = upperNumerator <= 0n ? 0n : (upperNumerator + 2n * d - 1n) / (2n * d);
  const from = Math.max(tier.fromMinor, Number(lower));
  const to = Math.min(upTo, Math.max(from, Number(upper)));
  for (let price = from; price <= to; price += 1) {
    const fees = divideRounded(price * tier.ratePpm, PPM) + tier.fixedMinor;
    if (price - fees - ceilDivide(price * marginBasisPoints, BASIS_POINTS) >= need) return price;
  }
  return null;
}

/**
 * The floor: the least price whose profit is at least the margin, and the break-even (the same with no margin).
 * No cost entered: no floor ("No cost entered"), never worked out as free.
 */
export function profitFloor(inputs: FloorInputs, schedule: FeeSchedule): FloorResult {
  if (inputs.costMinor === null) return { kind: 'no-cost' };
  if (!scheduleFits(schedule, inputs.currency)) return { kind: 'currency-mismatch' };
  const floorMinor = leastPrice(inputs, schedule, inputs.margin);
  const breakEvenMinor = leastPrice(inputs, schedule, { kind: 'amount', amountMinor: 0 });
  if (floorMinor === null || breakEvenMinor === null) return { kind: 'unreachable' };
  return { kind: 'floor', floorMinor, breakEvenMinor };
}

function leastPrice(inputs: FloorInputs, schedule: FeeSchedule, margin: MinimumMargin): number | null {
  const base = (inputs.costMinor ?? 0) + inputs.shippingMinor + (margin.kind === 'amount' ? margin.amountMinor : 0);
  const basisPoints = margin.kind === 'percent' ? margin.basisPoints : 0;
  const { tiers } = schedule;
  for (let i = 0; i < tiers.length; i += 1) {
    const upTo = Math.min(MAX_FLOOR_MINOR, (tiers[i + 1]?.fromMinor ?? Infinity) - 1);
    if (tiers[i]!.fromMinor > upTo) continue;
    const found = leastInTier(base, tiers[i]!, upTo, basisPoints);
    if (found !== null) return found;
  }
  return null;
}

/** What a price means against the floor, in the seller's words (the warning where a price is typed). */
export interface PriceCheck {
  profitMinor: number | null;
  under: boolean;
  message: string | null;
}

export function checkPrice(
  inputs: FloorInputs,
  schedule: FeeSchedule,
  channelLabel: string,
  priceMinor: number,
  floorMinor: number | null,
): PriceCheck {
  const profitMinor = profitAt(inputs, schedule, priceMinor);
  if (profitMinor === null) return { profitMinor, under: false, message: 'No cost entered' };
  if (floorMinor === null || clearsFloor(inputs, schedule, priceMinor)) return { profitMinor, under: false, message: null };
  const show = (minor: number) => formatMoney(money(minor, inputs.currency));
  const head = `${show(priceMinor)} is under your floor of ${show(floorMinor)} on ${channelLabel}`;
  if (profitMinor < 0) return { profitMinor, under: true, message: `${head}: you would lose ${show(-profitMinor)}` };
  const margin = marginAt(inputs.margin, priceMinor);
  return {
    profitMinor,
    under: true,
    message: `${head}: you would make ${show(profitMinor)}, under your minimum margin of ${show(margin)}`,
  };
}

/** The floor as Money, or null. */
export const floorMoney = (result: FloorResult, currency: string): Money | null =>
  result.kind === 'floor' ? money(result.floorMinor, currency) : null;

/**
 * A channel's published fee schedule, kept in the channel's own folder (decision 086): an estimate until the seller's
 * own sales there give their real rate. `source` is the page it was read from, `checkedOn` the day it was read.
 */
export interface PublishedFees {
  schedule: FeeSchedule;
  source: string;
  checkedOn: string;
  /** What the schedule counts and leaves out, in a sentence. */
  note: string;
  /**
   * The sellers' countries (ISO 3166-1) it is published for, where the channel's fees differ by country (eBay's per
   * marketplace); absent: any seller whose amounts are in its currency.
   */
  countries?: readonly string[];
}

/**
 * The published fees a seller's item is estimated with on a channel: the first of the channel's schedules in the
 * item's currency (or rates only) that is published for the seller's country; none is an unknown fee, never another
 * currency's schedule.
 */
export function publishedFeesFor(schedules: readonly PublishedFees[], currency: string, country: string): PublishedFees | null {
  return schedules.find((fees) => scheduleFits(fees.schedule, currency) && (!fees.countries || fees.countries.includes(country))) ?? null;
}

/** A percent as typed ("12.5") in basis points (1250), exactly; null when it is no percent or finer than 0.01. */
export function parsePercentBasisPoints(text: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
}

/** Basis points as the seller reads a percent: 1250 is "12.5". */
export const basisPointsText = (basisPoints: number): string => String(basisPoints / 100);
