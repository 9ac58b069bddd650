import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit of `key` in the current fixed window, in the database so every server process shares it.
 * Answers whether the hit is within `limit`.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitVerdict> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 24 * 3600_000));
  return { allowed: (row?.count ?? 1) <= limit, retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000) };
}
