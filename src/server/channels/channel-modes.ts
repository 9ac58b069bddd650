import { channelModeMessages, channelModeOf, handedOverChannels, type ChannelMode } from '@shared/domain/channel-mode';
import { channelNames, type ApiChannel, type AssistedChannel, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { connectedChannelsOf } from './channel-accounts-repo';

/**
 * The seller's mode on each marketplace, from their connections (`channelModeOf`, the one rule): what the delist tasks,
 * a sale recorded by hand and the hand-overs read, so no marketplace is counted as both by API and handed over.
 */
export async function handedOverChannelsOf(db: Db, userId: string): Promise<AssistedChannel[]> {
  return handedOverChannels(await connectedChannelsOf(db, userId));
}

/** The API marketplaces the seller has connected (days to sale names only where they can sell now; decision 168). */
export async function connectedChannelsIn(db: Db, userId: string): Promise<ApiChannel[]> {
  return connectedChannelsOf(db, userId);
}

export async function channelModeIn(db: Db, userId: string, channel: Channel): Promise<ChannelMode> {
  return channelModeOf(channel, await connectedChannelsOf(db, userId));
}

/** A hand-over step or a sale by hand goes only where the seller hands over: 409 with the reason where it is by API. */
export async function refuseWhereByApi(db: Db, userId: string, channel: AssistedChannel): Promise<void> {
  if ((await channelModeIn(db, userId, channel)) === 'api')
    throw new AppError('CONFLICT', channelModeMessages.byApi(channelNames[channel]));
}
