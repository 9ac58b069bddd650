import type { AutopilotReason } from '@shared/contracts/autopilot';
import { channelNames, type ApiChannel } from '@shared/domain/channel-listing';
import { compareMoney, formatMoney, type Money } from '@shared/domain/money';
import { checkPrice, clearsFloor, profitFloor } from '@shared/domain/profit-floor';
import { AppError } from '@shared/errors';
import type { ChannelFloorBasis } from '../profit-floor/service';

/** The profit floor's inputs for an item on a channel (ProfitFloorService.basisOn). */
export interface FloorBasisSource {
  basisOn(userId: string, itemId: string, channel: ApiChannel): Promise<ChannelFloorBasis>;
}

export const floorCheckMessages = {
  noCost: (price: Money, asking: Money) =>
    `No cost entered: ${formatMoney(price)} is under its asking price of ${formatMoney(asking)}, and without a cost the autopilot never prices under it. Add the item's cost, or type a price.`,
  otherCurrency: (message: string) => `${message}: the profit floor cannot be checked. Type a price.`,
} as const;

/**
 * Why the autopilot's own price may not go out on these channels (decision 086 as a hard limit, decision 091): a price
 * that fails `clearsFloor` on any of them; with no cost entered, a price under the item's asking price (flagged, never
 * worked out as free). Empty: it may go. A price the seller typed is never checked here: it is theirs.
 */
export async function profitFloorReasons(
  floors: FloorBasisSource,
  userId: string,
  itemId: string,
  channels: readonly ApiChannel[],
  price: Money,
  asking: Money | null,
): Promise<AutopilotReason[]> {
  const reasons: AutopilotReason[] = [];
  for (const channel of channels) {
    let basis: ChannelFloorBasis;
    try {
      basis = await floors.basisOn(userId, itemId, channel);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      reasons.push({ code: 'under-floor', channel, message: floorCheckMessages.otherCurrency(error.message) });
      continue;
    }
    const { inputs, schedule } = basis;
    if (inputs.costMinor === null) {
      if (asking && asking.currency === price.currency && compareMoney(price, asking) < 0)
        reasons.push({ code: 'no-cost', channel, message: floorCheckMessages.noCost(price, asking) });
      continue;
    }
    // No fee schedule for the channel: its floor is unknown, so nothing under the asking price either.
    if (!schedule) {
      if (asking && compareMoney(price, asking) < 0)
        reasons.push({ code: 'under-floor', channel, message: `${channelNames[channel]}'s fees are not known: type a price.` });
      continue;
    }
    if (clearsFloor(inputs, schedule, price.amountMinor)) continue;
    const floor = profitFloor(inputs, schedule);
    const check = checkPrice(inputs, schedule, channelNames[channel], price.amountMinor, floor.kind === 'floor' ? floor.floorMinor : null);
    reasons.push({
      code: 'under-floor',
      channel,
      message: check.message ?? `${formatMoney(price)} does not clear your profit floor on ${channelNames[channel]}.`,
    });
  }
  return reasons;
}
