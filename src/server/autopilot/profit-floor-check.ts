import type { AutopilotReason } from '@shared/contracts/autopilot';
import { sellerSources, type ChannelPrice } from '@shared/domain/channel-price';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Money } from '@shared/domain/money';
import type { FloorVerdict } from '../profit-floor/service';

/** The profit floor of an item's price on a channel (ProfitFloorService.verdict). */
export interface FloorVerdictSource {
  verdict(userId: string, itemId: string, channel: ApiChannel, price: Money): Promise<FloorVerdict>;
}

export const floorCheckMessages = {
  heldWithoutCost: (why: string) => `${why}: you asked to hold products whose profit is unknown. Add the item's cost, or type a price.`,
  confirm: (message: string) => `${message}. Confirm this price to go on, or type another.`,
  otherCurrency: (message: string) => `${message}: the profit floor cannot be checked. Type a price.`,
} as const;

/** What a product's price on a channel means for the autopilot: it may go (and whether its profit is known), or it waits. */
export type FloorCheck = { go: true; profitUnknown: string | null } | { go: false; reason: AutopilotReason };

/**
 * The autopilot's price on a channel against the profit floor (decision 121). A price of the rule (the AI's,
 * the comparables', the price list's) never goes under it. A price the seller set goes under it only once they
 * confirmed that very price. Without a cost (or the channel's fees) the profit is unknown: the product goes on, saying
 * so, unless the seller asked to hold such products.
 */
export async function floorCheck(
  floors: FloorVerdictSource,
  userId: string,
  itemId: string,
  channel: ApiChannel,
  priced: ChannelPrice,
  options: { holdWithoutCost: boolean; confirmedMinor: number | null },
): Promise<FloorCheck> {
  const verdict = await floors.verdict(userId, itemId, channel, priced.price);
  if (verdict.kind === 'clears') return { go: true, profitUnknown: null };
  if (verdict.kind === 'unknown') {
    if (verdict.reason === 'currency-mismatch')
      return { go: false, reason: { code: 'under-floor', channel, message: floorCheckMessages.otherCurrency(verdict.message) } };
    if (options.holdWithoutCost)
      return { go: false, reason: { code: 'no-cost', channel, message: floorCheckMessages.heldWithoutCost(verdict.message) } };
    return { go: true, profitUnknown: verdict.message };
  }
  if (sellerSources.includes(priced.source)) {
    if (options.confirmedMinor === priced.price.amountMinor) return { go: true, profitUnknown: null };
    return { go: false, reason: { code: 'confirm-price', channel, message: floorCheckMessages.confirm(verdict.message) } };
  }
  return { go: false, reason: { code: 'under-floor', channel, message: verdict.message } };
}
