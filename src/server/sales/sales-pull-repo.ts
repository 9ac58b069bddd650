import { and, inArray, sql } from 'drizzle-orm';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings } from '../db/schema';
import { dailyCallsToday, takeDailyCall } from '../channels/daily-calls';
import { matching } from '../db/matching';

// The adaptive sales pull's reads and writes (sales/sales-pull-schedule.ts, decision 078).

/** Sales checks are counted in the daily app-call counter under this name per channel. */
const counterOf = (channel: ApiChannel) => `sales-pull:${channel}`;

/** One sales check (one pull) on the channel, counted against today (UTC). Never refused: the count only informs. */
export async function countSalesCheck(db: Db, channel: ApiChannel, now: number): Promise<void> {
  // The counter column's largest integer: no cap.
  await takeDailyCall(db, counterOf(channel), 2_147_483_647, now);
}

/** Today's (UTC) sales checks on the channel, all sellers together. */
export function salesChecksToday(db: Db, channel: ApiChannel, now: number): Promise<number> {
  return dailyCallsToday(db, counterOf(channel), now);
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
        matching(channelListings, { channel, status: 'live' }),
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
