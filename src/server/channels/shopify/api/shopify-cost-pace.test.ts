import { describe, expect, it } from 'vitest';
import { createCostPace, type ThrottleStatus } from './shopify-cost-pace';

/** A bucket of 20 points that gets back 100 a second: a 10-point query every tenth of a second. */
const bucket = (currentlyAvailable: number): ThrottleStatus => ({ maximumAvailable: 20, currentlyAvailable, restoreRate: 100 });

function pacedClock() {
  const clock = { t: 0, slept: [] as number[] };
  const pace = createCostPace({
    now: () => clock.t,
    sleep: async (ms) => {
      clock.slept.push(ms);
      clock.t += ms;
    },
  });
  return { clock, pace };
}

describe("Shopify's cost bucket on our side", () => {
  it('sends a query only once the bucket holds its cost', async () => {
    const { clock, pace } = pacedClock();
    pace.observe(bucket(10), await pace.take(0));
    await pace.take(10);
    await pace.take(10);
    expect(clock.t).toBe(100);
  });

  it('reads a slow answer less the queries sent after it, which Shopify had not counted yet', async () => {
    const { clock, pace } = pacedClock();
    pace.observe(bucket(10), await pace.take(0));
    const one = await pace.take(10); // at 0: the bucket's 10
    clock.t = 100;
    await pace.take(10); // at 100: the 10 points back since
    expect(clock.slept).toEqual([]);
    // Query one reached Shopify late (at 200, the bucket full again) and its answer comes at 250: 10 left, it says.
    // Query two reached Shopify at 210 and left 1 point. Going by the answer alone, a third query would go at once and
    // be THROTTLED (5 points at 250); it waits until query two's 10 are back.
    clock.t = 250;
    pace.observe(bucket(10), one);
    await pace.take(10);
    expect(clock.t).toBe(350);
  });

  it('follows the answer to the last query sent as it is, down to what another app left', async () => {
    const { clock, pace } = pacedClock();
    pace.observe(bucket(20), await pace.take(0));
    const only = await pace.take(10);
    // Another app spent the rest: Shopify says 0 after our query.
    pace.observe(bucket(0), only);
    await pace.take(10);
    expect(clock.t).toBe(100);
  });
});
