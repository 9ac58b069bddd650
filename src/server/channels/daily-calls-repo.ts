import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ebayAppCalls } from '../db/schema';

/**
 * Daily call counters per UTC day and name: the comparables' Browse budget (`ebay_app_calls`' first use) and each
 * channel's sales checks (decision 078).
 */

/** The UTC day a call counts against ('YYYY-MM-DD'). */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * Counts one application-token call of `api` today, unless today's calls have reached `limit`: true when the call
 * may go. One statement, so two servers asking at once never both take the last call.
 */
export async function takeAppCall(db: Db, api: string, limit: number, now: number): Promise<boolean> {
  if (limit <= 0) return false;
  const taken = await db
    .insert(ebayAppCalls)
    .values({ day: utcDay(now), api, calls: 1 })
    .onConflictDoUpdate({
      target: [ebayAppCalls.day, ebayAppCalls.api],
      set: { calls: sql`${ebayAppCalls.calls} + 1` },
      setWhere: sql`${ebayAppCalls.calls} < ${limit}`,
    })
    .returning({ calls: ebayAppCalls.calls });
  return taken.length > 0;
}

/** Today's application-token calls of `api`. */
export async function appCallsToday(db: Db, api: string, now: number): Promise<number> {
  const [row] = await db
    .select({ calls: ebayAppCalls.calls })
    .from(ebayAppCalls)
    .where(and(eq(ebayAppCalls.day, utcDay(now)), eq(ebayAppCalls.api, api)));
  return row?.calls ?? 0;
}

/** The name a listing's revisions are counted under per UTC day, where its marketplace limits them (decision 090). */
export const revisionCounter = (channel: string, itemId: string) => `revise:${channel}:${itemId}`;
