/**
 * Shopify's cost bucket kept on our side, one per shop, so the process sends a query only when the bucket holds its
 * cost instead of learning it from a THROTTLED answer (bench/selling-plan-week.ts: 1,112 THROTTLED answers while applying a
 * week's plan for 333 products, every worker's query sent at once and each waiting out its own refusal).
 *
 * Shopify's Admin GraphQL API answers every query with `extensions.cost`: the query's requested cost and the bucket's
 * `throttleStatus` (maximum, currently available, restore rate a second). The model starts from the first answer,
 * fills at the restore rate, takes each query's cost when it is sent (the last requested cost of that operation; an
 * operation not yet seen is sent at once and teaches its cost), and follows Shopify's figure down whenever an answer
 * shows less (another app, a dearer query). It never follows it up: an answer's figure is older than the queries our
 * model already took for, which Shopify has not yet counted. Queries wait their turn in the order they asked.
 */
/** `extensions.cost.throttleStatus` of a Shopify answer. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface CostPaceOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function createCostPace(options: CostPaceOptions = {}) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** Unknown until Shopify's first answer: queries go at once until then. */
  let bucket: { maximum: number; available: number; restorePerSecond: number; at: number } | null = null;
  let queue: Promise<void> = Promise.resolve();

  function fill() {
    if (!bucket) return;
    const at = now();
    bucket.available = Math.min(bucket.maximum, bucket.available + ((at - bucket.at) / 1000) * bucket.restorePerSecond);
    bucket.at = at;
  }

  async function take(cost: number) {
    for (;;) {
      fill();
      // Nothing known, or a cost the bucket can never hold (Shopify answers MAX_COST_EXCEEDED): no wait helps.
      if (!bucket || bucket.restorePerSecond <= 0 || cost > bucket.maximum) return;
      if (bucket.available >= cost) {
        bucket.available -= cost;
        return;
      }
      await sleep(Math.max(1, Math.ceil(((cost - bucket.available) / bucket.restorePerSecond) * 1000)));
    }
  }

  return {
    /** Resolves when the bucket holds `cost` (taken from it), after every query that asked before. */
    take(cost: number): Promise<void> {
      const mine = queue.then(() => take(cost));
      queue = mine.catch(() => undefined);
      return mine;
    },
    /** What Shopify's answer says of the bucket. */
    observe(status: ThrottleStatus | undefined) {
      if (!status) return;
      fill();
      const at = now();
      if (!bucket) {
        bucket = {
          maximum: status.maximumAvailable,
          available: status.currentlyAvailable,
          restorePerSecond: status.restoreRate,
          at,
        };
        return;
      }
      bucket.maximum = status.maximumAvailable;
      bucket.restorePerSecond = status.restoreRate;
      bucket.available = Math.min(bucket.available, status.currentlyAvailable);
    },
  };
}

export type CostPace = ReturnType<typeof createCostPace>;
