import { and, eq, inArray, sql } from 'drizzle-orm';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings } from '../db/schema';
import { appCallsToday, takeAppCall } from './ebay/comparables/app-call-budget-repo';

/**
 * The adaptive sales pull (issue 44, decision 078): while a seller has an item live here and on another API channel,
 * their sales here are checked every FAST_SALES_PULL_MS, not every SALES_PULL_INTERVAL_S; a channel that pushes this
 * seller's sales (eBay subscribed at an https PUBLIC_URL) needs no fast pull. Each channel's checks are counted per
 * UTC day; past SALES_CALL_BUDGET_SHARE of the marketplace's daily limit the fast pull falls back to the normal one.
 */
export const FAST_SALES_PULL_MS = 15_000;
/** The share of a marketplace's daily call limit the fast pull may spend; the rest is the normal pull's and others'. */
export const SALES_CALL_BUDGET_SHARE = 0.5;

/** Sales checks are counted in the daily app-call counter under this name per channel. */
const counterOf = (channel: ApiChannel) => `sales-pull:${channel}`;

/** One sales check (one pull) on the channel, counted against today (UTC). Never refused: the count only informs. */
export async function countSalesCheck(db: Db, channel: ApiChannel, now: number): Promise<void> {
  await takeAppCall(db, counterOf(channel), 2_147_483_647, now); // the counter column's integer: no cap;
}

/** Today's (UTC) sales checks on the channel, all sellers together. */
export function salesChecksToday(db: Db, channel: ApiChannel, now: number): Promise<number> {
  return appCallsToday(db, counterOf(channel), now);
}

/**
 * How often the fast pull may check each of `sellers` at-risk sellers on a channel now: every `fastMs`, or slower so
 * that what is left of the day's share of the limit lasts until midnight UTC at this pace; null once the share is
 * spent (the normal interval then). No limit: every `fastMs`.
 */
export function fastPullEveryMs(
  checksToday: number,
  dailyLimit: number | null | undefined,
  sellers: number,
  now: number,
  fastMs: number,
): number | null {
  if (dailyLimit == null) return fastMs;
  const left = dailyLimit * SALES_CALL_BUDGET_SHARE - checksToday;
  if (left <= 0) return null;
  const untilMidnight = 86_400_000 - (now % 86_400_000);
  return Math.max(fastMs, Math.ceil((untilMidnight * sellers) / left));
}

/** Of `userIds`, the sellers with an item live on `channel` and on another API channel (a double sale possible). */
export async function sellersLiveElsewhereToo(db: Db, channel: ApiChannel, userIds: string[]): Promise<Set<string>> {
  const others = apiChannels.filter((c) => c !== channel);
  if (!userIds.length || !others.length) return new Set();
  const other = sql.raw('other');
  const rows = await db
    .selectDistinct({ userId: channelListings.userId })
    .from(channelListings)
    .where(
      and(
        inArray(channelListings.userId, userIds),
        eq(channelListings.channel, channel),
        eq(channelListings.status, 'live'),
        sql`exists (select 1 from ${channelListings} as ${other} where ${other}.item_id = ${channelListings.itemId}
          and ${other}.user_id = ${channelListings.userId} and ${other}.status = 'live' and ${other}.channel <> ${channel}
          and ${other}.channel in (${sql.join(
            others.map((c) => sql`${c}`),
            sql`, `,
          )}))`,
      ),
    );
  return new Set(rows.map((row) => row.userId));
}
