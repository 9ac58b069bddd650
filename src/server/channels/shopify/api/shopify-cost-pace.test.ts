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

  it('never sends a query Shopify’s bucket does not hold, however late the queries reach Shopify and their answers come', async () => {
    // 300 runs of 8 queries at once (a 10-point query, a 20-point bucket, 100 points back a second), each query and
    // each answer late by a seeded few milliseconds, or, one time in three, up to 400 ms (a loaded machine). Filled to
    // the maximum while queries were still on their way, our bucket once counted points Shopify's full one never got
    // back: 66 THROTTLED in these runs.
    let seed = 20_261_202;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const late = () => (random() < 0.3 ? random() * 400 : random() * 10);
    let throttled = 0;
    for (let run = 0; run < 300; run++) {
      let t = 0;
      const timers: Array<{ at: number; wake: () => void }> = [];
      const after = (ms: number) => new Promise<void>((wake) => timers.push({ at: t + ms, wake }));
      const pace = createCostPace({ now: () => t, sleep: after });
      const shopify = { available: 20, at: 0 };
      const spend = (): ThrottleStatus => {
        shopify.available = Math.min(20, shopify.available + ((t - shopify.at) / 1000) * 100);
        shopify.at = t;
        if (shopify.available >= 10) shopify.available -= 10;
        else throttled++;
        return bucket(Math.floor(shopify.available));
      };
      pace.observe(bucket(10), await pace.take(0));
      let done = false;
      void Promise.all(
        Array.from({ length: 8 }, async () => {
          const ticket = await pace.take(10);
          await after(late());
          const status = spend();
          await after(late());
          pace.observe(status, ticket);
        }),
      ).then(() => (done = true));
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) continue;
        t = Math.max(t, next.at);
        next.wake();
      }
    }
    expect(throttled).toBe(0);
  });

  it('a query that got no answer is no longer counted as on its way', async () => {
    const { clock, pace } = pacedClock();
    pace.observe(bucket(20), await pace.take(0));
    const lost = await pace.take(10);
    pace.unanswered(lost);
    clock.t = 100;
    await pace.take(10);
    await pace.take(10);
    expect(clock.t).toBe(100);
  });
});
