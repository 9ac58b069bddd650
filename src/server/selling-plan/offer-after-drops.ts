import type { PlannedOffer } from '../channels/channel-module';
import type { ActionRow, PlannedValues } from './repo';

/**
 * A listing's planned offer priced from the price its drops due first leave it at (decision 119): eBay takes an offer
 * only 5 % under the listing's price when it arrives, and the apply job sends it after those drops, so the price the
 * seller approves is the price sent. Every drop of the listing due no later than the offer counts unless the seller
 * rejected it (pending ones may yet be approved, or go by an automatic rule), from the lowest price they leave: an
 * offer under that is under any price the listing can have then. Null when those drops leave no offer (none 5 % under
 * the lowest that clears the floor): the drop already did the offer's work.
 */
export function offerAfterDrops(
  offer: PlannedOffer,
  planned: readonly Pick<PlannedValues, 'kind' | 'step' | 'dueAt' | 'priceMinor'>[],
  recorded: readonly Pick<ActionRow, 'kind' | 'step' | 'decision'>[],
): PlannedOffer | null {
  const rejected = new Set(recorded.filter((row) => row.kind === 'drop' && row.decision === 'rejected').map((row) => row.step));
  const before = planned.filter((row) => row.kind === 'drop' && !rejected.has(row.step) && dropBeforeOffer(row, offer));
  if (!before.length) return offer;
  const lowest = Math.min(...before.map((row) => row.priceMinor));
  if (lowest >= offer.from.amountMinor) return offer;
  const priced = offer.pricedFrom(lowest);
  return priced ? { ...offer, ...priced } : null;
}

/** Whether a drop comes before a listing's offer in the plan, and so in the apply (decision 119). */
export const dropBeforeOffer = (drop: { dueAt: Date }, offer: { dueAt: Date }) => drop.dueAt.getTime() <= offer.dueAt.getTime();
