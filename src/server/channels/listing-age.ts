import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { setLiveListedAt } from './listings-repo';

const DAY_MS = 86_400_000;

/**
 * For test servers only (decision 108, `listing-age-test-routes.ts`): the seller's live listing becomes `days` old, as
 * one put up that long ago. Answers false when the seller has no live listing of the item there.
 */
export function createListingAge({ db, clock }: { db: Db; clock: Pick<Clock, 'now'> }) {
  return async function ageLiveListing(userId: string, itemId: string, channel: Channel, days: number): Promise<boolean> {
    return (await setLiveListedAt(db, userId, itemId, channel, new Date(clock.now() - days * DAY_MS))) > 0;
  };
}
export type AgeLiveListing = ReturnType<typeof createListingAge>;
