import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { manualClock } from '../test/listings';
import { openTestDatabase } from '../test/test-database';
import { createSharedRateLimiters } from './shared-rate-limiter';

/** Two limiter sets over one database stand for two server processes (two-servers.test.ts runs real ones). */
describe('the provider rate limiter shared through the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('spaces the requests of both processes at 60 s / limit together, not each at the full rate', async () => {
    const clock = manualClock(1_000_000);
    const [a, b] = [
      createSharedRateLimiters(database.db, clock).for('openai:spacing'),
      createSharedRateLimiters(database.db, clock).for('openai:spacing'),
    ];
    await a.acquire();
    await a.observe({ limitPerMinute: 600, remaining: 598, resetMs: 200 });
    const starts: number[] = [];
    for (const limiter of [b, a, b, a]) {
      await limiter.acquire();
      starts.push(clock.now() - 1_000_000);
    }
    expect(starts).toEqual([0, 100, 200, 300]);
  });

  it('holds the other process too for a 429’s Retry-After', async () => {
    const clock = manualClock(2_000_000);
    const [a, b] = [
      createSharedRateLimiters(database.db, clock).for('openai:429'),
      createSharedRateLimiters(database.db, clock).for('openai:429'),
    ];
    await a.penalize(7);
    await b.acquire();
    expect(clock.now()).toBe(2_007_000);
  });

  it('keeps providers apart', async () => {
    const clock = manualClock(3_000_000);
    const limiters = createSharedRateLimiters(database.db, clock);
    await limiters.for('anthropic:x').penalize(30);
    await limiters.for('openai:y').acquire();
    expect(clock.now()).toBe(3_000_000);
  });
});
