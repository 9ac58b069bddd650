import { eq, or } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { sellingPlanOfferNotices, user } from '../db/schema';
import { matching } from '../db/matching';

/** The key of an offer waiting for approval: its plan action's (item, channel, round, listing period). */
export interface WaitingOfferKey {
  itemId: string;
  channel: Channel;
  round: number;
  periodStart: Date;
}

const sameOffer = (userId: string, offer: WaitingOfferKey) =>
  matching(sellingPlanOfferNotices, {
    userId,
    itemId: offer.itemId,
    channel: offer.channel,
    round: offer.round,
    periodStart: offer.periodStart,
  });

/**
 * Claims the notice of the offers not told of yet (decision 112), in one transaction with the seller's e-mail address:
 * each offer's row is inserted `on conflict do nothing`, so of two servers (or a recomputation) only one gets an offer
 * back. Answers the offers claimed, or null when none is new.
 */
export async function claimOfferNotices(db: Db, userId: string, offers: WaitingOfferKey[]) {
  if (!offers.length) return null;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(sellingPlanOfferNotices)
      .values(offers.map((offer) => ({ userId, ...offer })))
      .onConflictDoNothing()
      .returning({
        itemId: sellingPlanOfferNotices.itemId,
        channel: sellingPlanOfferNotices.channel,
        round: sellingPlanOfferNotices.round,
        periodStart: sellingPlanOfferNotices.periodStart,
      });
    if (!claimed.length) return null;
    const [seller] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    return { email: seller?.email ?? null, offers: claimed };
  });
}

/** The notice did not go (the e-mail failed): the claims are given back, so the next plan run tells of them. */
export async function releaseOfferNotices(db: Db, userId: string, offers: WaitingOfferKey[]): Promise<void> {
  if (!offers.length) return;
  await db.delete(sellingPlanOfferNotices).where(or(...offers.map((offer) => sameOffer(userId, offer))));
}
