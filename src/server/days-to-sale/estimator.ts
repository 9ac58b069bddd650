/**
 * Days to sale from a seller's own listings: Kaplan–Meier survival, where a sale is the event and a listing still
 * live (or ended unsold) is right-censored at the days it has been up, never a failure.
 *
 * The median's interval is Brookmeyer–Crowley's: the set of days whose survival the pointwise test does not reject
 * as 0.5, with Greenwood's variance on the log-log scale (the form R's `survival` uses by default for `conf.type =
 * "log-log"`). In a step function that set runs from the first day the lower confidence curve falls to 0.5 to the
 * first day the upper one does.
 */

export interface SaleObservation {
  /** Days from listing to the sale, or to now / the end of an unsold listing. */
  days: number;
  /** True when it sold; false when censored (still live, or ended unsold). */
  sold: boolean;
}

export interface SurvivalStep {
  days: number;
  atRisk: number;
  sold: number;
  /** Survival just after this day: the share of listings still unsold. */
  survival: number;
  /** Greenwood's sum, Σ d / (n (n − d)), up to this day. */
  greenwood: number;
}

/** Fewer sales than this and the seller's own history answers "not enough" (the marketplace's signals are asked). */
export const MIN_SALES = 8;

/** The 90 % interval the seller reads: z for a two-sided 90 % normal interval. */
export const Z_90 = 1.6448536269514722;

export function kaplanMeier(observations: readonly SaleObservation[]): SurvivalStep[] {
  const sorted = [...observations].sort((a, b) => a.days - b.days);
  const steps: SurvivalStep[] = [];
  let atRisk = sorted.length;
  let survival = 1;
  let greenwood = 0;
  let i = 0;
  while (i < sorted.length) {
    const day = sorted[i]!.days;
    let sold = 0;
    let leaving = 0;
    // Censored at the same day count as at risk at it (the usual convention: a sale precedes a tied censoring).
    while (i < sorted.length && sorted[i]!.days === day) {
      if (sorted[i]!.sold) sold += 1;
      leaving += 1;
      i += 1;
    }
    if (sold > 0) {
      survival *= 1 - sold / atRisk;
      greenwood += atRisk > sold ? sold / (atRisk * (atRisk - sold)) : Number.POSITIVE_INFINITY;
      steps.push({ days: day, atRisk, sold, survival, greenwood });
    }
    atRisk -= leaving;
  }
  return steps;
}

/** The survival curve's pointwise log-log interval at one step: S^exp(±z·se), se = √greenwood / |ln S|. */
function logLogBounds(step: SurvivalStep, z: number): { lower: number; upper: number } {
  if (step.survival <= 0 || !Number.isFinite(step.greenwood)) return { lower: 0, upper: step.survival };
  if (step.survival >= 1) return { lower: 1, upper: 1 };
  const se = Math.sqrt(step.greenwood) / Math.abs(Math.log(step.survival));
  return { lower: step.survival ** Math.exp(z * se), upper: step.survival ** Math.exp(-z * se) };
}

export type DaysToSaleEstimate =
  | {
      kind: 'estimate';
      medianDays: number;
      low: number;
      /** Null when the upper confidence curve never reaches one half: the upper end is longer than the history. */
      high: number | null;
      sales: number;
      items: number;
    }
  | { kind: 'not-enough'; reason: 'too-few-sales' | 'median-not-reached'; sales: number; items: number };

export function estimateDaysToSale(
  observations: readonly SaleObservation[],
  options: { minSales?: number; z?: number } = {},
): DaysToSaleEstimate {
  const minSales = options.minSales ?? MIN_SALES;
  const z = options.z ?? Z_90;
  const sales = observations.filter((observation) => observation.sold).length;
  const items = observations.length;
  if (sales < minSales) return { kind: 'not-enough', reason: 'too-few-sales', sales, items };
  const steps = kaplanMeier(observations);
  const median = steps.find((step) => step.survival <= 0.5);
  if (!median) return { kind: 'not-enough', reason: 'median-not-reached', sales, items };
  let low: number | null = null;
  let high: number | null = null;
  for (const step of steps) {
    const bounds = logLogBounds(step, z);
    if (low === null && bounds.lower <= 0.5) low = step.days;
    if (high === null && bounds.upper <= 0.5) high = step.days;
  }
  return { kind: 'estimate', medianDays: median.days, low: low ?? median.days, high, sales, items };
}

/** P(sold within `days` days), 1 − S(days); null past the last sale, where the curve says nothing. */
export function chanceSoldWithin(observations: readonly SaleObservation[], days: number): number | null {
  const steps = kaplanMeier(observations);
  const last = observations.reduce((max, observation) => Math.max(max, observation.days), 0);
  if (days > last) return null;
  let survival = 1;
  for (const step of steps) {
    if (step.days > days) break;
    survival = step.survival;
  }
  return 1 - survival;
}
