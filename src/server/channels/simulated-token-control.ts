import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelAccountOf } from './channel-accounts-repo';
import type { ChannelSetup } from './channel-module';

export type SimulatedTokenAction = 'end-early' | 'revoke';

/**
 * The simulated marketplace ends the seller's access token early or revokes their grant (the e2e servers' control,
 * decision 156); false when the seller has no connection there or the marketplace is not simulated.
 */
export function simulatedTokenControl(db: Db, channelSetups: Record<ApiChannel, ChannelSetup>) {
  return async (userId: string, channel: ApiChannel, action: SimulatedTokenAction): Promise<boolean> => {
    const tokens = channelSetups[channel].simulation?.tokens;
    const account = await channelAccountOf(db, userId, channel);
    if (!tokens || !account) return false;
    if (action === 'revoke') tokens.revoke(account.accountRef);
    else tokens.endEarly(account.accountRef);
    return true;
  };
}
