import { describe, expect, it } from 'vitest';
import { chanceSoldWithin, estimateDaysToSale, kaplanMeier, type SaleObservation } from './estimator.js';

/** mulberry32: the same histories every run. */
function uniform(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Shape {
  name: string;
  sample: (u: () => number) => number;
  median: number;
}

const positive = (u: () => number) => 1 - u(); // (0, 1]: never log(0)
const normal = (u: () => number) => Math.sqrt(-2 * Math.log(positive(u))) * Math.cos(2 * Math.PI * u());

const shapes: Shape[] = [
  { name: 'exponential, mean 20 days', sample: (u) => -20 * Math.log(positive(u)), median: 20 * Math.LN2 },
  {
    name: 'Weibull shape 0.7 (most sell early, a long tail)',
    sample: (u) => 30 * (-Math.log(positive(u))) ** (1 / 0.7),
    median: 30 * Math.LN2 ** (1 / 0.7),
  },
  {
    name: 'Weibull shape 2 (sales bunch around a month)',
    sample: (u) => 35 * (-Math.log(positive(u))) ** (1 / 2),
    median: 35 * Math.LN2 ** (1 / 2),
  },
  { name: 'log-normal, median 14 days, sigma 0.9', sample: (u) => Math.exp(Math.log(14) + 0.9 * normal(u)), median: 14 },
];

/** Censoring independent of the sale: uniform over [0, cap], cap chosen per shape for the share asked. */
function history(shape: Shape, n: number, censorCap: number, u: () => number): SaleObservation[] {
  return Array.from({ length: n }, () => {
    const sale = shape.sample(u);
    const censor = u() * censorCap;
    return sale <= censor ? { days: sale, sold: true } : { days: censor, sold: false };
  });
}

/** A cap for about 35 % censored: found once per shape from a large sample, so the test needs no tuning by hand. */
function capForCensoredShare(shape: Shape, share: number): number {
  const u = uniform(7);
  const sales = Array.from({ length: 4000 }, () => shape.sample(u));
  let lo = 1;
  let hi = 10_000;
  for (let k = 0; k < 40; k += 1) {
    const cap = (lo + hi) / 2;
    // P(censored) = P(C < T) with C ~ U(0, cap): mean of min(T, cap) / cap.
    const censored = sales.reduce((sum, t) => sum + Math.min(t, cap) / cap, 0) / sales.length;
    if (censored > share) lo = cap;
    else hi = cap;
  }
  return (lo + hi) / 2;
}

describe('Kaplan–Meier', () => {
  it('treats an unsold listing as censored, not as a sale that never came', () => {
    const observations: SaleObservation[] = [
      { days: 2, sold: true },
      { days: 3, sold: false },
      { days: 5, sold: true },
      { days: 8, sold: true },
      { days: 9, sold: false },
    ];
    const steps = kaplanMeier(observations);
    // 5 at risk on day 2 (1 sells), 3 on day 5 (the day-3 listing left unsold), 2 on day 8.
    expect(steps.map((step) => [step.days, step.atRisk, step.sold])).toEqual([
      [2, 5, 1],
      [5, 3, 1],
      [8, 2, 1],
    ]);
    expect(steps[1]!.survival).toBeCloseTo((4 / 5) * (2 / 3), 12);
    expect(steps[2]!.survival).toBeCloseTo((4 / 5) * (2 / 3) * (1 / 2), 12);
    expect(chanceSoldWithin(observations, 6)).toBeCloseTo(1 - (4 / 5) * (2 / 3), 12);
    expect(chanceSoldWithin(observations, 30)).toBeNull();
  });

  it('answers "not enough" under 8 sales and when fewer than half have sold', () => {
    const few = Array.from({ length: 7 }, (_, i) => ({ days: i + 1, sold: true }));
    expect(estimateDaysToSale(few)).toMatchObject({ kind: 'not-enough', reason: 'too-few-sales', sales: 7 });
    const slow = [
      ...Array.from({ length: 10 }, (_, i) => ({ days: i + 1, sold: true })),
      ...Array.from({ length: 30 }, () => ({ days: 60, sold: false })),
    ];
    expect(estimateDaysToSale(slow)).toMatchObject({ kind: 'not-enough', reason: 'median-not-reached', sales: 10 });
  });
});

describe('the median on generated histories whose distribution is known (about 35 % censored)', () => {
  const replications = 200;
  const n = 300;

  for (const [index, shape] of shapes.entries()) {
    // Measured at n = 300: 95.5-100 % within 25 %, coverage 85.5-90.5 %.
    it(`${shape.name}: within 25 % of the true median in 90 % of histories; the 90 % interval covers it in 85-95 %`, () => {
      const cap = capForCensoredShare(shape, 0.35);
      const u = uniform(1000 + index);
      let withinError = 0;
      let covered = 0;
      let censored = 0;
      for (let r = 0; r < replications; r += 1) {
        const observations = history(shape, n, cap, u);
        censored += observations.filter((observation) => !observation.sold).length;
        const estimate = estimateDaysToSale(observations);
        expect(estimate.kind).toBe('estimate');
        if (estimate.kind !== 'estimate') continue;
        if (Math.abs(estimate.medianDays - shape.median) / shape.median <= 0.25) withinError += 1;
        if (estimate.low <= shape.median && (estimate.high === null || shape.median <= estimate.high)) covered += 1;
      }
      const censoredShare = censored / (replications * n);
      expect(censoredShare).toBeGreaterThan(0.25);
      expect(censoredShare).toBeLessThan(0.45);
      expect(withinError / replications).toBeGreaterThanOrEqual(0.9);
      // 200 replications at 90 %: a standard error of 2.1 points, so 85-95 % is a band of about ±2.4 of them.
      expect(covered / replications).toBeGreaterThanOrEqual(0.85);
      expect(covered / replications).toBeLessThanOrEqual(0.95);
    });
  }
});
