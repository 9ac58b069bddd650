/**
 * Days to sale, back-tested (decision 147): a generated seller's year of listings (four categories, five
 * brands, eBay and Depop, each with its own speed; log-normal days with a long tail), split by time. Trained on what
 * the seller could see on day 240 (listings still unsold then are censored there), predicted for every item listed on
 * days 240-365, scored against its true days to sale (known: the history is generated, so an item not yet sold by the
 * year's end still counts, at its true days).
 *
 * The estimator: the service's own narrowing (brand and category, else category, else all; 8 sales needed) and the
 * Kaplan–Meier median, on the item's marketplace. The naive baseline: the category's median days among the items sold
 * by the split (censoring ignored). Mean absolute error in days, over the items the estimator answers, and the share
 * it answers. Several seeds; no database (the SQL is the route test's).
 */
import type { Channel } from '@shared/domain/channel-listing';
import { estimateDaysToSale } from '../src/server/days-to-sale/estimator';
import type { ListingObservation } from '../src/server/days-to-sale/repo';
import { narrowToItem } from '../src/server/days-to-sale/service';
import { seeded } from '../src/server/test/seeded-random';

const categories = { Jeans: 18, Jackets: 30, Shoes: 12, Tops: 22 } as const;
const brands = { "Levi's": 0.8, Patagonia: 0.6, Zara: 1.6, Carhartt: 0.9, Nike: 1.0 } as const;
const channelSpeed: Record<'ebay' | 'depop', number> = { ebay: 1.0, depop: 0.6 };
const SPLIT = 240;
const YEAR = 365;
const SEEDS = [1, 2, 3, 4, 5];

interface Listing {
  channel: Channel;
  category: string;
  brand: string;
  listedDay: number;
  trueDays: number;
}

function generate(seed: number, perDay = 3): Listing[] {
  const random = seeded(seed);
  const uniform = () => random.int(1, 1_000_000) / 1_000_001;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const listings: Listing[] = [];
  for (let day = 0; day < YEAR; day += 1) {
    for (let k = 0; k < perDay; k += 1) {
      const category = random.pick(Object.keys(categories) as (keyof typeof categories)[]);
      const brand = random.pick(Object.keys(brands) as (keyof typeof brands)[]);
      const channel = random.pick(['ebay', 'depop'] as const);
      const median = categories[category] * brands[brand] * channelSpeed[channel];
      listings.push({ channel, category, brand, listedDay: day + uniform(), trueDays: median * Math.exp(0.8 * normal()) });
    }
  }
  return listings;
}

/** What the seller saw on the split day: sold by then, else censored at the days it had been up. */
function trainingObservations(listings: readonly Listing[]): ListingObservation[] {
  return listings
    .filter((listing) => listing.listedDay < SPLIT)
    .map((listing) => {
      const sold = listing.listedDay + listing.trueDays <= SPLIT;
      return {
        channel: listing.channel,
        category: listing.category,
        brand: listing.brand.toLowerCase(),
        days: sold ? listing.trueDays : SPLIT - listing.listedDay,
        sold,
      };
    });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
}

function backTest(seed: number) {
  const listings = generate(seed);
  const train = trainingObservations(listings);
  const baseline = new Map<string, number>();
  for (const category of Object.keys(categories))
    baseline.set(category, median(train.filter((o) => o.sold && o.category === category).map((o) => o.days)));
  const test = listings.filter((listing) => listing.listedDay >= SPLIT);
  const estimates = new Map<string, number | null>();
  let estimatorError = 0;
  let baselineError = 0;
  let baselineErrorAll = 0;
  let answered = 0;
  for (const listing of test) {
    const key = `${listing.channel}|${listing.category}|${listing.brand}`;
    if (!estimates.has(key)) {
      const { observations } = narrowToItem(
        train.filter((o) => o.channel === listing.channel),
        { category: listing.category, brand: listing.brand },
      );
      const estimate = estimateDaysToSale(observations);
      estimates.set(key, estimate.kind === 'estimate' ? estimate.medianDays : null);
    }
    const predicted = estimates.get(key)!;
    const naive = baseline.get(listing.category)!;
    baselineErrorAll += Math.abs(naive - listing.trueDays);
    if (predicted === null) continue;
    answered += 1;
    estimatorError += Math.abs(predicted - listing.trueDays);
    baselineError += Math.abs(naive - listing.trueDays);
  }
  return {
    seed,
    items: test.length,
    answered,
    estimatorMae: estimatorError / answered,
    baselineMae: baselineError / answered,
    baselineMaeAll: baselineErrorAll / test.length,
  };
}

const results = SEEDS.map(backTest);
for (const r of results)
  console.log(
    `seed ${r.seed}: ${r.answered}/${r.items} answered; MAE estimator ${r.estimatorMae.toFixed(2)} d, baseline ${r.baselineMae.toFixed(2)} d (baseline on all ${r.baselineMaeAll.toFixed(2)} d)`,
  );
const mean = (pick: (r: (typeof results)[number]) => number) => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
const estimator = mean((r) => r.estimatorMae);
const naive = mean((r) => r.baselineMae);
const share = mean((r) => r.answered / r.items);
console.log(
  `days to sale back-test, ${SEEDS.length} seeds: MAE estimator ${estimator.toFixed(2)} days vs naive category median ${naive.toFixed(2)} days ` +
    `(${(estimator / naive).toFixed(3)}x) on the ${(share * 100).toFixed(1)} % of items it answers; ` +
    (estimator < naive ? 'beats the baseline' : 'does NOT beat the baseline'),
);
