import { describe, expect, it } from 'vitest';
import { manualClock } from '../test/listings';
import { createProviderRateLimiter } from './provider-rate-limiter';

describe('the provider rate limiter', () => {
  it('lets requests through until the provider states a limit, then spaces them at 60 s / limit', async () => {
    const clock = manualClock(0);
    const limiter = createProviderRateLimiter(clock);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.now()).toBe(0);
    await limiter.observe({ limitPerMinute: 600, remaining: 598, resetMs: 200 });
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await limiter.acquire();
      starts.push(clock.now());
    }
    expect(starts).toEqual([0, 100, 200, 300, 400]);
  });

  it('holds everyone for a 429’s Retry-After (60 s when not stated)', async () => {
    const clock = manualClock(0);
    const limiter = createProviderRateLimiter(clock);
    await limiter.penalize(7);
    await limiter.acquire();
    expect(clock.now()).toBe(7000);
    await limiter.penalize(null);
    await limiter.acquire();
    expect(clock.now()).toBe(67_000);
  });

  it('waits for the reset when the provider says nothing is left and gives no limit', async () => {
    const clock = manualClock(0);
    const limiter = createProviderRateLimiter(clock);
    await limiter.observe({ remaining: 0, resetMs: 1500 });
    await limiter.acquire();
    expect(clock.now()).toBe(1500);
  });
});
