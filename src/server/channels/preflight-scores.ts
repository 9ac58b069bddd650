import type { ChannelPreflightScore, PreflightScoresResponse } from '@shared/contracts/publish';
import { apiChannels } from '@shared/domain/channel-listing';
import { preflightScoreOf } from '@shared/domain/preflight-score';
import { AppError } from '@shared/errors';
import type { Marketplace, Marketplaces } from './marketplace';

/**
 * The pre-flight score of an item on every API channel: each marketplace's own pre-flight (its rules,
 * every rule file's problems) and what its account lacks, scored green, amber or red. Generic: it asks each channel
 * through its Marketplace, never a channel's modules.
 */
export function createPreflightScores(marketplaces: Marketplaces) {
  async function scoreOn(marketplace: Marketplace, userId: string, itemId: string): Promise<ChannelPreflightScore> {
    const preflight = await marketplace.preflight(userId, itemId);
    // Unchecked (not connected, or it did not answer) is amber whatever the account lacks: connecting comes first.
    const blockers = preflight.checked ? ((await marketplace.publishBlockers?.(userId, itemId)) ?? []) : [];
    const scored = preflightScoreOf(marketplace.name, {
      checked: preflight.checked,
      unavailable: preflight.unavailable,
      refusals: [...blockers, ...preflight.problems.map((p) => p.message)],
    });
    return { channel: marketplace.channel, name: marketplace.name, ...scored };
  }

  return {
    async of(userId: string, itemId: string): Promise<PreflightScoresResponse> {
      const channels: ChannelPreflightScore[] = [];
      // One channel after another: a foreign item's 404 comes from the first, before any other marketplace is asked.
      for (const channel of apiChannels) {
        const marketplace = marketplaces[channel];
        try {
          channels.push(await scoreOn(marketplace, userId, itemId));
        } catch (err) {
          if (err instanceof AppError && err.code === 'NOT_FOUND') throw err;
          channels.push({
            channel,
            name: marketplace.name,
            ...preflightScoreOf(marketplace.name, {
              checked: false,
              unavailable: `Could not check against ${marketplace.name} just now`,
              refusals: [],
            }),
          });
        }
      }
      return { itemId, channels };
    },
  };
}

export type PreflightScores = ReturnType<typeof createPreflightScores>;
