import { and, gt, isNull, lt } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../../db/client';
import { oauthStates } from '../../db/schema';
import { matching } from '../../db/matching';

/** The one writer of `oauth_states` (decision 079): the consent round trips under way, every channel's. */
export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertOAuthState(
  db: Db,
  row: { state: string; userId: string; channel: ApiChannel; codeVerifier: string | null; data: Record<string, unknown>; expiresAt: Date },
): Promise<void> {
  await db.insert(oauthStates).values(row);
  // Old states are of no use: the expired ones go now and then.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(row.expiresAt.getTime() - 24 * 3600_000)));
}

/**
 * Uses a state up in one statement: its row comes back only if it is this seller's, for this channel, unused and
 * unexpired. A reused state or another seller's never matches, so two concurrent callbacks cannot both pass.
 */
export async function consumeOAuthState(db: Db, input: { state: string; userId: string; channel: ApiChannel; now: Date }) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: input.now })
    .where(
      and(
        matching(oauthStates, { state: input.state, userId: input.userId, channel: input.channel }),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, input.now),
      ),
    )
    .returning();
  return row;
}

export async function deleteOAuthStatesOf(db: Db, userId: string, channel: ApiChannel): Promise<void> {
  await db.delete(oauthStates).where(matching(oauthStates, { userId, channel }));
}
