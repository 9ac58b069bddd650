import type { ChannelListingOutcome } from '@shared/contracts/channels';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { channelsInWords } from '@shared/domain/channel-listing';

/** "eBay", "Etsy and Depop", "eBay, Etsy and Depop". */
export const namesOf = (picked: readonly Channel[]): string => channelsInWords(picked);

/** The picker's button: "List 20 items on Etsy and Depop". */
export function listOnLabel(count: number, picked: readonly Channel[]): string {
  return `List ${count} item${count === 1 ? '' : 's'} on ${namesOf(picked)}`;
}

const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/** One channel's outcome in a line: "eBay: 18 items being published, 2 not listed". */
export function outcomeLine(outcome: ChannelListingOutcome): string {
  const parts: string[] = [];
  const publishing = outcome.queued.length + outcome.alreadyQueued.length;
  if (publishing) parts.push(`${items(publishing)} being published`);
  if (outcome.prepared.length) parts.push(`${items(outcome.prepared.length)} ready for you to list`);
  if (outcome.refused.length) parts.push(`${items(outcome.refused.length)} not listed`);
  return `${channelNames[outcome.channel]}: ${parts.join(', ') || 'nothing to do'}`;
}
