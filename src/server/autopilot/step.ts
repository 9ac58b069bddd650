import { money } from '@shared/domain/money';
import { sellerSources, type ChannelPrice } from '@shared/domain/channel-price';
import type { FastifyBaseLogger } from 'fastify';
import type { AutopilotReason } from '@shared/contracts/autopilot';
import type { ComparablesResponse } from '@shared/contracts/comparables';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { listingMessages } from '@shared/domain/listing';
import { isListingOutOfDate } from '@shared/domain/listing-inputs';
import { priceByList } from '@shared/domain/price-list';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { itemSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import type { ChannelPreflight, Marketplaces } from '../channels/marketplace';
import { writingQuestionsOf } from '../channels/writing-questions';
import { priceListOf } from '../price-list/service';
import { sellerRegionIn } from '../seller-region/service';
import type { PriceRules } from '../price-rules/price-rules';
import { comparablesOnce, priceOnChannel } from './pricing';
import { floorCheck, type FloorVerdictSource } from './profit-floor-check';
import * as repo from './repo';

/** Where the comparables come from (the Browse API's service); absent: a rule by comparables finds none. */
export interface ComparablesSource {
  forItem(userId: string, itemId: string): Promise<ComparablesResponse>;
}

export interface AutopilotStepDeps {
  db: Db;
  marketplaces: Marketplaces;
  comparables?: ComparablesSource;
  /** The profit floor (decision 086): the autopilot's own price never fails it on a channel it publishes to. */
  floors?: FloorVerdictSource;
  /** The seller's price rule per channel (+10% on Poshmark). */
  priceRules: Pick<PriceRules, 'all'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** A channel could not be checked just now (eBay unreachable): the step is tried again later. */
export class PreflightUnavailable extends Error {}

/** Why a channel could not check the product because the seller is not connected there, in its words when it has them. */
export const notConnectedWords = (name: string, check: Pick<ChannelPreflight, 'notConnected' | 'unavailable'>): string =>
  check.notConnected && check.unavailable ? check.unavailable : `${name} is not connected: connect it on the Marketplaces screen.`;

/** A channel's pre-flight problem as the review queue names it. */
export function reasonOf(channel: ApiChannel, problem: ChannelPreflight['problems'][number]): AutopilotReason {
  const base = { channel, message: problem.message };
  switch (problem.field) {
    case 'aspects':
      return problem.aspect?.allowedValues.length && /not one of/i.test(problem.message)
        ? { ...base, code: 'value', aspect: problem.aspect }
        : { ...base, code: 'aspect', ...(problem.aspect ? { aspect: problem.aspect } : {}) };
    case 'category':
      return { ...base, code: 'category' };
    case 'condition':
      return { ...base, code: 'condition' };
    default:
      return { ...base, code: 'refused' };
  }
}

/** A reason once: the same price reason of several channels is one for the seller. */
function addReason(reasons: AutopilotReason[], reason: AutopilotReason) {
  if (!reasons.some((r) => r.code === reason.code && r.channel === reason.channel && r.message === reason.message)) reasons.push(reason);
}

/** Channel listings that are live, sold or on their way: never asked for again. */
const settledStatuses = ['live', 'sold', 'publishing'] as const;

/**
 * One step of one product on autopilot (decision 054), run as the autopilot-step job: it looks at where the
 * product is and takes it as far as it can go now: its listing written (a generate-listing job, which wakes the next
 * step), then priced by its rule, checked on each chosen channel and, all green, published there (each channel's
 * own publish job). Anything not green stops it in the review queue with the reasons. Every step reads the state
 * afresh, so a step run twice, or after a crash, does what is left and nothing twice: a channel already live or
 * publishing is not asked again, and each marketplace's publish is idempotent.
 */
export function createAutopilotStep(deps: AutopilotStepDeps) {
  const { db, marketplaces, comparables, floors, priceRules, clock, log } = deps;

  /** What each channel must hear from the seller before the listing is written, as review reasons. */
  async function questionsBeforeWriting(userId: string, itemId: string, channels: readonly ApiChannel[]): Promise<AutopilotReason[]> {
    const asked = await writingQuestionsOf(marketplaces, userId, itemId, channels);
    if (asked.unavailable.length) throw new PreflightUnavailable(asked.unavailable.join('; '));
    return asked.questions;
  }

  async function run(userId: string, itemId: string): Promise<void> {
    const settings = await repo.settingsOf(db, userId);
    const ap = await repo.itemOf(db, userId, itemId);
    if (!ap || settings.state !== 'running') return;
    if (!['uploading', 'writing', 'checking'].includes(ap.stage)) return;
    if (!ap.uploadComplete) return;

    const item = await repo.listingStateOf(db, userId, itemId);
    if (!item) return;
    if (await repo.soldOut(db, userId, itemId)) {
      await repo.setStage(db, userId, itemId, 'stopped', { reasons: [] });
      log.info({ userId, itemId }, 'autopilot: sold meanwhile, stopped');
      return;
    }

    // Written?
    if (item.status === 'failed') {
      await repo.setStage(db, userId, itemId, 'failed', { error: item.error ?? listingMessages.interrupted });
      return;
    }
    // Written from what the seller said since (the review's kind, condition or brand): written again, keeping the
    // seller's own fields (decision 059), then on as before.
    if (item.status !== 'completed' || isListingOutOfDate(item)) {
      // A size no chosen channel takes is asked first: no AI call is spent until the seller picks one.
      const questions = await questionsBeforeWriting(userId, itemId, ap.channels);
      if (questions.length) {
        await repo.setStage(db, userId, itemId, 'review', { reasons: questions });
        return;
      }
      await enqueue(db, 'generate-listing', { userId, subject: itemSubject(itemId), runAfterMs: clock.now() });
      if (ap.stage !== 'writing') await repo.setStage(db, userId, itemId, 'writing');
      return;
    }
    await repo.setStage(db, userId, itemId, 'checking');

    // Priced, on each chosen channel not already live or on its way (decision 121: the one order of channel-price.ts).
    const states = await repo.channelStates(db, userId, itemId, ap.channels);
    const toPublish = ap.channels.filter((c) => !(settledStatuses as readonly string[]).includes(states.get(c) ?? ''));
    const reasons: AutopilotReason[] = [];
    // The basis is kept as written: in the list's currency (only an item of it is priced by it) and the seller's locale.
    const listPrice = priceByList(await priceListOf(db, userId), item, (await sellerRegionIn(db, userId)).locale);
    const rules = await priceRules.all(userId);
    const stored = await repo.listingPricesOf(db, userId, itemId, toPublish);
    const askComparables = comparablesOnce(async () => (comparables ? comparables.forItem(userId, itemId) : null));
    const floorPrice = ap.floorPriceMinor === null ? null : money(ap.floorPriceMinor, ap.currency);
    const prices: { channel: ApiChannel; priced: ChannelPrice; confirmedMinor: number | null }[] = [];
    const profitUnknown = new Set<string>();
    /** The price shown on the product while it waits: its first channel's, whatever holds it. */
    let shown: ChannelPrice | undefined;
    for (const channel of toPublish) {
      const listing = stored.get(channel);
      const found = await priceOnChannel(
        {
          listing,
          item,
          channelRule: rules[channel],
          pricing: { basis: ap.priceBasis, percent: ap.pricePercent },
          listPrice,
          redecide: true,
        },
        askComparables,
        floorPrice,
      );
      shown ??= found.priced;
      if ('reason' in found) {
        addReason(reasons, found.reason);
        continue;
      }
      let confirmedMinor = listing?.floorConfirmedMinor ?? null;
      if (ap.confirmUnderFloor && sellerSources.includes(found.priced.source)) confirmedMinor = found.priced.price.amountMinor;
      if (floors) {
        const check = await floorCheck(floors, userId, itemId, channel, found.priced, {
          holdWithoutCost: settings.holdWithoutCost,
          confirmedMinor,
        });
        if (!check.go) {
          addReason(reasons, check.reason);
          continue;
        }
        if (check.profitUnknown) profitUnknown.add(check.profitUnknown);
      }
      prices.push({ channel, priced: found.priced, confirmedMinor });
    }

    // The prices about to go out are on the listings before the channels check them: their pre-flight reads what will
    // be sent (its currency), never a price left from before (a dollar price on a failed eBay UK listing).
    if (!reasons.length) await repo.saveListingPrices(db, userId, itemId, prices);

    // Green on every channel?
    for (const channel of toPublish) {
      const market = marketplaces[channel];
      const check = await market.preflight(userId, itemId);
      if (check.unavailable && !check.notConnected) throw new PreflightUnavailable(`${market.name}: ${check.unavailable}`);
      // Not connected (or no longer): the seller's to connect, said at once; their new connection checks it again.
      if (check.notConnected || (!check.checked && check.problems.length === 0)) {
        reasons.push({ code: 'refused', channel, message: notConnectedWords(market.name, check) });
      }
      reasons.push(...check.problems.map((problem) => reasonOf(channel, problem)));
    }
    const first = prices[0]?.priced ?? shown;
    const pricedPatch = {
      priceMinor: first?.price.amountMinor ?? null,
      ...(first ? { currency: first.price.currency } : {}),
      priceBasisText: first ? [first.basis, ...profitUnknown].join(' · ') : null,
      confirmUnderFloor: false,
    };
    if (reasons.length) {
      await repo.setStage(db, userId, itemId, 'review', { reasons, ...pricedPatch });
      return;
    }

    // Published (each channel's publish job from here).
    for (const channel of toPublish) {
      const answer = await marketplaces[channel].requestPublish(userId, [itemId]);
      for (const refused of answer.refused) reasons.push({ code: 'refused', channel, message: refused.message });
    }
    if (reasons.length) {
      await repo.setStage(db, userId, itemId, 'review', { reasons, ...pricedPatch });
      return;
    }
    await repo.setStage(db, userId, itemId, 'publishing', { reasons: [], ...pricedPatch });
    log.info({ userId, itemId, channels: toPublish, prices: prices.map((p) => p.priced.price) }, 'autopilot: publish queued');
  }

  /** The step was given up (a channel could not be checked, again and again): it waits for the seller, saying why. */
  async function giveUp(userId: string, itemId: string, reason: string) {
    await repo.setStage(db, userId, itemId, 'review', {
      reasons: [{ code: 'refused', channel: null, message: `Could not be checked just now (${reason}). Check again.` }],
    });
  }

  return { run, giveUp };
}

export type AutopilotStep = ReturnType<typeof createAutopilotStep>;
