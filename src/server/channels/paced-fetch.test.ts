import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pacedFetch } from './paced-fetch';

/** A manual clock: sleeping moves it forward, so the test measures pacing without waiting. */
function clock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

const answer = (status: number, headers: Record<string, string> = {}) => new Response(status === 204 ? null : '{}', { status, headers });

describe('a marketplace’s paced fetch', () => {
  it('starts calls no closer than the keyset’s rate', async () => {
    const c = clock();
    const starts: number[] = [];
    const paced = pacedFetch(async () => (starts.push(c.now()), answer(200)), { callsPerSecond: 20, ...c });
    for (let i = 0; i < 5; i++) await paced('https://api.ebay.test/x');
    expect(starts).toEqual([0, 50, 100, 150, 200]);
  });

  it('waits out a short Retry-After for every call, and sends the refused call again', async () => {
    const c = clock();
    const calls: Array<{ at: number; url: string }> = [];
    let refused = false;
    const paced = pacedFetch(
      async (url) => {
        calls.push({ at: c.now(), url: String(url) });
        if (!refused) {
          refused = true;
          return answer(429, { 'retry-after': '2' });
        }
        return answer(200);
      },
      { ...c },
    );
    const first = await paced('https://api.ebay.test/a');
    const second = await paced('https://api.ebay.test/b');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(calls).toEqual([
      { at: 0, url: 'https://api.ebay.test/a' },
      { at: 2000, url: 'https://api.ebay.test/a' },
      { at: 2000, url: 'https://api.ebay.test/b' },
    ]);
  });

  it('hands a long Retry-After, or a fourth 429, back to the caller', async () => {
    const c = clock();
    const long = pacedFetch(async () => answer(429, { 'retry-after': '60' }), { ...c });
    expect((await long('https://api.ebay.test/a')).status).toBe(429);
    expect(c.now()).toBe(0);
    let sent = 0;
    const always = pacedFetch(async () => (sent++, answer(429, { 'retry-after': '1' })), { ...c });
    expect((await always('https://api.ebay.test/a')).status).toBe(429);
    expect(sent).toBe(4);
  });

  it('after the process was held up, sends the calls it held back about an interval apart, not all at once', async () => {
    let t = 0;
    let stalls = [400, 0, 0, 0];
    const sleep = async (ms: number) => void (t += ms + (stalls.shift() ?? 0));
    const starts: number[] = [];
    const paced = pacedFetch(async () => (starts.push(t), answer(200)), { callsPerSecond: 10, now: () => t, sleep });
    await Promise.all(Array.from({ length: 4 }, () => paced('https://openapi.etsy.test/x')));
    // The first kept a quarter of a token of the hold-up (LATE_CREDIT): the rest start 75 and 100 ms after it.
    expect(starts).toEqual([0, 500, 575, 675]);
    stalls = [];
  });

  it('keeps to its rate when every timer fires late', async () => {
    let t = 0;
    const sleep = async (ms: number) => void (t += ms + 8); // the event loop fires each timer 8 ms late
    const starts: number[] = [];
    const paced = pacedFetch(async () => (starts.push(t), answer(200)), { callsPerSecond: 9, now: () => t, sleep });
    let left = 91;
    const caller = async () => {
      while (left-- > 0) await paced('https://openapi.etsy.test/x');
    };
    await Promise.all(Array.from({ length: 6 }, caller));
    // 90 intervals at 9 a second: 10 s (paced without the credit, each call lost its 8 ms: 10.7 s).
    expect(starts.at(-1)).toBeLessThan(10_150);
  });

  it('lets a full bucket start `burst` calls at once, then keeps to the rate', async () => {
    const c = clock();
    const starts: number[] = [];
    const paced = pacedFetch(async () => (starts.push(c.now()), answer(200)), { callsPerSecond: 10, burst: 3, ...c });
    await Promise.all(Array.from({ length: 5 }, () => paced('https://api.ebay.test/x')));
    expect(starts).toEqual([0, 0, 0, 100, 200]);
  });

  it('starts the calls in the order they asked', async () => {
    const c = clock();
    const order: string[] = [];
    const paced = pacedFetch(async (url) => (order.push(String(url)), answer(200)), { callsPerSecond: 5, ...c });
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => paced(`https://api.ebay.test/${name}`)));
    expect(order).toEqual(['a', 'b', 'c', 'd'].map((name) => `https://api.ebay.test/${name}`));
  });

  it('after a 429 waits out its Retry-After, then starts with an empty bucket', async () => {
    const c = clock();
    const starts: number[] = [];
    let refused = false;
    const paced = pacedFetch(
      async () => {
        starts.push(c.now());
        if (refused) return answer(200);
        refused = true;
        return answer(429, { 'retry-after': '1' });
      },
      { callsPerSecond: 10, burst: 5, ...c },
    );
    await Promise.all([paced('https://openapi.etsy.test/a'), paced('https://openapi.etsy.test/b'), paced('https://openapi.etsy.test/c')]);
    expect(starts).toEqual([0, 0, 1100, 1200]);
  });

  it('never starts more calls in any second than the bucket and its rate allow, however the process is held up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (rate, burst, holdUps, callers) => {
          let t = 0;
          const stalls = [...holdUps];
          const sleep = async (ms: number) => void (t += ms + (stalls.shift() ?? 0));
          const starts: number[] = [];
          const paced = pacedFetch(async () => (starts.push(t), answer(200)), { callsPerSecond: rate, burst, now: () => t, sleep });
          const calls = 3 * rate + burst;
          let left = calls;
          const caller = async () => {
            while (left-- > 0) await paced('https://openapi.etsy.test/x');
          };
          await Promise.all(Array.from({ length: callers }, caller));
          expect(starts).toHaveLength(calls);
          for (const [i, at] of starts.entries()) {
            const inSecond = starts.slice(i).filter((s) => s < at + 1000).length;
            expect(inSecond).toBeLessThanOrEqual(burst + rate);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
