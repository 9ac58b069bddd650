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
 * model already took for, which Shopify has not yet counted. For the same reason the figure is read less the costs of
 * the queries sent after the one answered: followed down as it was, an answer slower than one query's restore time
 * (a loaded machine, a slow network) let the next query go before the bucket held it, and Shopify answered THROTTLED.
 * Queries wait their turn in the order they asked.
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
  let queue: Promise<unknown> = Promise.resolve();
  /** Every cost taken so far: a query's ticket is this total once its own cost is taken. */
  let taken = 0;
  /** The costs of the queries sent and not yet answered, by ticket: Shopify may not have taken them yet. */
  const unanswered = new Map<number, number>();
  const unansweredCost = () => [...unanswered.values()].reduce((sum, cost) => sum + cost, 0);

  /**
   * Fills our bucket at the restore rate, up to the maximum less what the unanswered queries cost: Shopify's bucket
   * holds those too until they reach it, and stops filling at the maximum. Filled to the maximum itself, a query slow
   * to reach Shopify let ours count points Shopify's full bucket never got back, and the next query was THROTTLED.
   */
  function fill() {
    if (!bucket) return;
    const at = now();
    const room = Math.max(0, bucket.maximum - unansweredCost());
    bucket.available = Math.min(room, bucket.available + ((at - bucket.at) / 1000) * bucket.restorePerSecond);
    bucket.at = at;
  }

  function sent(cost: number): number {
    taken += cost;
    unanswered.set(taken, cost);
    return taken;
  }

  async function take(cost: number): Promise<number> {
    for (;;) {
      fill();
      // Nothing known, or a cost the bucket can never hold (Shopify answers MAX_COST_EXCEEDED): no wait helps.
      if (!bucket || bucket.restorePerSecond <= 0 || cost > bucket.maximum) return sent(cost);
      if (bucket.available >= cost) {
        bucket.available -= cost;
        return sent(cost);
      }
      await sleep(Math.max(1, Math.ceil(((cost - bucket.available) / bucket.restorePerSecond) * 1000)));
    }
  }

  return {
    /**
     * Resolves when the bucket holds `cost` (taken from it), after every query that asked before, with the query's
     * ticket: hand it to `observe` with the query's answer.
     */
    take(cost: number): Promise<number> {
      const mine = queue.then(() => take(cost));
      queue = mine.catch(() => undefined);
      return mine;
    },
    /** The query of `ticket` got no answer (the network failed): no longer counted as on its way. */
    unanswered(ticket: number) {
      fill();
      unanswered.delete(ticket);
    },
    /** What Shopify's answer to the query of `ticket` says of the bucket. */
    observe(status: ThrottleStatus | undefined, ticket: number) {
      fill();
      unanswered.delete(ticket);
      if (!status) return;
      // Shopify's figure less what the queries sent since this one take, which it may not have counted yet.
      const available = status.currentlyAvailable - (taken - ticket);
      if (!bucket) {
        bucket = { maximum: status.maximumAvailable, available, restorePerSecond: status.restoreRate, at: now() };
        return;
      }
      bucket.maximum = status.maximumAvailable;
      bucket.restorePerSecond = status.restoreRate;
      bucket.available = Math.min(bucket.available, available);
    },
  };
}

export type CostPace = ReturnType<typeof createCostPace>;
