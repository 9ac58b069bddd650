import { money } from '@shared/domain/money';
import { askingPriceOf } from '../channels/channel-price';
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
import { priceFor } from './pricing';
import { profitFloorReasons, type FloorBasisSource } from './profit-floor-check';
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
  floors?: FloorBasisSource;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** A channel could not be checked just now (eBay unreachable): the step is tried again later. */
export class PreflightUnavailable extends Error {}

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
  const { db, marketplaces, comparables, floors, clock, log } = deps;

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
      // A size no chosen channel takes is asked first (issue 46): no AI call is spent until the seller picks one.
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

    // Priced?
    const reasons: AutopilotReason[] = [];
    // The basis is kept as written: in the list's currency (the item's) and the seller's locale ("22,00 €").
    const listPrice = priceByList(await priceListOf(db, userId), item, (await sellerRegionIn(db, userId)).locale);
    const priced = await priceFor(
      {
        priceBasis: ap.priceBasis,
        percent: ap.pricePercent,
        floor: ap.floorPriceMinor === null ? null : money(ap.floorPriceMinor, ap.currency),
        sellerPrice: ap.sellerPriceMinor === null ? null : money(ap.sellerPriceMinor, ap.currency),
        aiPrice: askingPriceOf({ aiSuggestedPriceMinor: item.aiPriceMinor, currency: item.currency }),
        listPrice,
      },
      async () => (comparables ? comparables.forItem(userId, itemId) : null),
    );
    if ('reason' in priced) reasons.push(priced.reason);

    // Green on every chosen channel not already live or on its way?
    const states = await repo.channelStates(db, userId, itemId, ap.channels);
    const toPublish = ap.channels.filter((c) => !(settledStatuses as readonly string[]).includes(states.get(c) ?? ''));
    // The rule's price (not one the seller typed) clears the profit floor on every channel, or waits in review.
    if (floors && !('reason' in priced) && ap.sellerPriceMinor === null) {
      const asking = askingPriceOf({ aiSuggestedPriceMinor: item.aiPriceMinor, currency: item.currency });
      reasons.push(...(await profitFloorReasons(floors, userId, itemId, toPublish, priced.price, asking)));
    }
    // The price about to go out is on each listing before the channels check it: their pre-flight reads the price that
    // will be sent (its currency, issue 55), never one left from before (a dollar price on eBay UK).
    if (!('reason' in priced) && reasons.length === 0) await repo.saveListingPrices(db, userId, itemId, toPublish, priced.price);
    for (const channel of toPublish) {
      const market = marketplaces[channel];
      const check = await market.preflight(userId, itemId);
      if (check.unavailable) throw new PreflightUnavailable(`${market.name}: ${check.unavailable}`);
      if (!check.checked && check.problems.length === 0) {
        reasons.push({ code: 'refused', channel, message: `${market.name} is not connected: connect it on the Marketplaces screen.` });
      }
      reasons.push(...check.problems.map((problem) => reasonOf(channel, problem)));
    }
    const pricedPatch = {
      priceMinor: priced.price?.amountMinor ?? null,
      ...(priced.price ? { currency: priced.price.currency } : {}),
      priceBasisText: priced.basis ?? null,
    };
    if (reasons.length) {
      await repo.setStage(db, userId, itemId, 'review', { reasons, ...pricedPatch });
      return;
    }
    if ('reason' in priced) return; // unreachable: a price reason is a reason

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
    log.info({ userId, itemId, channels: toPublish, price: priced.price }, 'autopilot: publish queued');
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
