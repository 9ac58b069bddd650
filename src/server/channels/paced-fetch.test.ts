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
});
