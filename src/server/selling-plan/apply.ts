import { sellingPlanMessages } from '@shared/contracts/selling-plan';
import { webPaths } from '@shared/contracts/web-paths';
import { isApiChannel, type ApiChannel } from '@shared/domain/channel-listing';
import { formatMoney, money, type Money } from '@shared/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import { carryOutChange, dropLivePrice, listingProgress, revisionsLeftToday } from '../listing-changes/listing-changes';
import type { PlannedOfferOutcome } from '../channels/channel-module';
import type { Marketplaces } from '../channels/marketplace';
import type { Db } from '../db/client';
import { listingSubject } from '../jobs/job-subject';
import type { JobContext } from '../jobs/registry';
import { listingChangeJobKinds } from '../listing-changes/listing-change-jobs';
import type { WebPush } from '../push/web-push';
import { labelOf } from './planner';
import { dueActions, moveAction, type ActionRow } from './repo';
import { dropBeforeOffer } from './offer-after-drops';
import type { ProfitFloorService } from '../profit-floor/service';

export interface ApplyDeps {
  db: Db;
  marketplaces: Marketplaces;
  push: Pick<WebPush, 'pushToSeller'>;
  log: FastifyBaseLogger;
  /** Sends an approved offer through its channel (decision 098); `runKey`: the action, under which a cut send resumes. */
  sendOffer?(userId: string, channel: ApiChannel, itemId: string, price: Money, runKey: string): Promise<PlannedOfferOutcome>;
  /** The apply job's JobContext.runJobNow: a drop's revise run in the lane at once (decision 109); absent, a worker runs it. */
  runJobNow?: JobContext['runJobNow'];
  /** The item's profit floor on the channel, read again as a drop is sent (decision 121). */
  floors: Pick<ProfitFloorService, 'verdict'>;
}

/** Why an approved drop was not sent: its price under the floor now, or a floor no longer known (no cost). */
export const dropNotSentWords = {
  under: 'The price is now under your floor: not sent',
  noCost: 'No cost entered: no drop below its price',
  unknown: (message: string) => `${message}: not sent`,
} as const;

/** A stored drop's price against the floor as it is now: null when it may go, else why not. */
async function dropRefusal(deps: ApplyDeps, userId: string, row: ActionRow): Promise<string | null> {
  const verdict = await deps.floors.verdict(userId, row.itemId, row.channel, priceOf(row));
  if (verdict.kind === 'clears') return null;
  if (verdict.kind === 'under') return dropNotSentWords.under;
  return verdict.reason === 'no-cost' ? dropNotSentWords.noCost : dropNotSentWords.unknown(verdict.message);
}

const priceOf = (row: ActionRow) => money(row.priceMinor, row.currency);

/**
 * A due drop (decision 090). On an API channel: the price set and the revise queued in the transaction that marks it
 * applied, so a restart or a second server never drops twice; past the marketplace's revisions a day (eBay: 250) it
 * waits, saying so. On an assisted channel: a task for the seller ("Drop to $38 on Poshmark"), pushed to their phones.
 */
async function applyDrop(deps: ApplyDeps, userId: string, row: ActionRow, now: Date): Promise<void> {
  const { db, marketplaces } = deps;
  const channel = row.channel;
  // The plan priced it when it was made; the cost or the fees may have changed since (a stored action is checked again).
  const refusal = await dropRefusal(deps, userId, row);
  if (refusal) {
    await moveAction(db, userId, row.id, row.state, { state: 'failed', appliedAt: null, message: refusal });
    return;
  }
  if (isApiChannel(channel)) {
    const left = await revisionsLeftToday(db, marketplaces, channel, row.itemId, now.getTime());
    if (left === 0) {
      const limit = marketplaces[channel].dailyRevisionLimit!;
      await moveAction(db, userId, row.id, 'planned', { message: sellingPlanMessages.revisionLimit(marketplaces[channel].name, limit) });
      return;
    }
    await db.transaction(async (tx) => {
      if (!(await moveAction(tx, userId, row.id, 'planned', { state: 'applied', appliedAt: now, message: null }))) return;
      if (!(await dropLivePrice(tx, userId, row.itemId, channel, priceOf(row)))) {
        await moveAction(tx, userId, row.id, 'applied', { state: 'failed', appliedAt: null, message: 'The listing is no longer live' });
      }
    });
    return;
  }
  const words = sellingPlanMessages.dropTask(formatMoney(priceOf(row)), labelOf(channel));
  if (!(await moveAction(db, userId, row.id, 'planned', { state: 'task', message: words }))) return;
  await deps.push
    .pushToSeller(userId, {
      title: words,
      body: 'Tick it in this week’s plan once it is done',
      url: webPaths.sellingPlan,
      taskUrl: webPaths.sellingPlan,
      tag: `drop-${row.id}`,
    })
    .catch((err: unknown) => deps.log.warn({ err, userId }, 'a drop task was not pushed; it stays in the plan'));
}

/**
 * A due relist (decision 090), one step at a time so a restart resumes where it stopped: the live listing ended
 * (planned → ending, its listing id kept as history), then put up again (ending → relisting), then live again under
 * the id the marketplace gave (relisting → applied). Each marketplace call is idempotent.
 */
async function applyRelist(deps: ApplyDeps, userId: string, row: ActionRow, now: Date): Promise<void> {
  const { db, marketplaces } = deps;
  const channel = row.channel;
  if (!isApiChannel(channel)) return;
  let state = row.state;
  if (state === 'planned') {
    const progress = await listingProgress(db, userId, row.itemId, channel);
    if (progress?.status !== 'live' || progress.pendingChange) {
      await moveAction(db, userId, row.id, 'planned', { state: 'failed', message: 'The listing is not live (or a change is under way)' });
      return;
    }
    if (!(await moveAction(db, userId, row.id, 'planned', { state: 'ending', listingBefore: progress.externalId }))) return;
    state = 'ending';
  }
  if (state === 'ending') {
    await carryOutChange(db, marketplaces, userId, row.itemId, channel, 'end');
    const progress = await listingProgress(db, userId, row.itemId, channel);
    if (progress?.status !== 'ended') {
      await moveAction(db, userId, row.id, 'ending', { state: 'failed', message: progress?.error ?? 'The listing was not ended' });
      return;
    }
    if (!(await moveAction(db, userId, row.id, 'ending', { state: 'relisting' }))) return;
    state = 'relisting';
  }
  if (state === 'relisting') {
    await carryOutChange(db, marketplaces, userId, row.itemId, channel, 'relist');
    const progress = await listingProgress(db, userId, row.itemId, channel);
    if (progress?.status !== 'live') {
      await moveAction(db, userId, row.id, 'relisting', {
        state: 'failed',
        message: progress?.error ?? 'The listing was not put up again',
      });
      return;
    }
    await moveAction(db, userId, row.id, 'relisting', {
      state: 'applied',
      appliedAt: now,
      listingAfter: progress.externalId,
      message: null,
    });
  }
}

/**
 * A due offer the seller approved (decision 098): marked `sending` before it is sent (one run sends it: a second
 * server's move from planned finds it gone), then sent at the price the seller saw, held to the floor again by the
 * channel, and marked applied, or failed with the reason. The channel sends it as a fan-out keyed on the action
 * (decision 158): a send a restart cut short (still `sending`) is resumed by the next run with the recipients left, so
 * the action reads applied only once every recipient has an outcome. A marketplace that cannot be reached leaves it
 * `sending` for the job's next attempt.
 */
async function applyOffer(deps: ApplyDeps, userId: string, row: ActionRow, now: Date): Promise<void> {
  const channel = row.channel;
  if (!isApiChannel(channel) || !deps.sendOffer) return;
  if (
    row.state !== 'sending' &&
    !(await moveAction(deps.db, userId, row.id, 'planned', { state: 'sending', appliedAt: now, message: null }))
  )
    return;
  const outcome = await deps.sendOffer(userId, channel, row.itemId, priceOf(row), row.id);
  if (outcome.sent) await moveAction(deps.db, userId, row.id, 'sending', { state: 'applied', message: outcome.message });
  else await moveAction(deps.db, userId, row.id, 'sending', { state: 'failed', appliedAt: null, message: outcome.message });
}

/**
 * Changes under way at once in one marketplace's lane (a drop's revise, a relist and its drops): enough calls in flight
 * to keep the marketplace's paced client at its rate (eBay: 20 a second at 200 ms a call needs four), which keeps
 * them within it (decisions 097, 109).
 */
export const CHANGES_AT_ONCE = 6;

/**
 * A listing's due drops (the step after 14 days and the one after 28 may both be due), then its revise run in the lane
 * at once, one for all of them (decision 109); a worker runs it when the lane cannot.
 */
async function applyDropsNow(deps: ApplyDeps, userId: string, drops: ActionRow[], now: Date): Promise<void> {
  for (const row of drops) await applyDrop(deps, userId, row, now);
  const [first] = drops;
  if (first && isApiChannel(first.channel))
    await deps.runJobNow?.(listingChangeJobKinds.revise, { userId, subject: listingSubject(first.itemId, first.channel) });
}

/**
 * Carries out the seller's due approved (or automatic) offers, drops and relists, and any relist a restart left half-way
 * (decision 097): each marketplace in its own lane, the lanes side by side, so one marketplace's pace never holds
 * another's. In a lane the drops of listings with no relist go first (a price set and a revise queued: the workers
 * send them at the marketplace's pace while the relists run); a listing's relist comes before its own drops, so the
 * relist never finds the drop's revise still under way, and its drops then revise the listing live again. A listing's
 * offer comes after the drops the plan priced it from (decision 119).
 */
export async function applyDueActions(deps: ApplyDeps, userId: string, now: Date, seen = new Set<string>()): Promise<number> {
  const due = (await dueActions(deps.db, userId, now)).filter((row) => !seen.has(row.id));
  for (const row of due) seen.add(row.id);
  const lanes = new Map<string, ActionRow[]>();
  for (const row of due) lanes.set(row.channel, [...(lanes.get(row.channel) ?? []), row]);
  await settleAll([...lanes.values()].map((rows) => applyLane(deps, userId, rows, now)));
  return due.length;
}

/** Waits for every lane (none left running behind a retry of the job), then throws the first failure. */
async function settleAll(work: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * A listing's due drops and offers in the plan's order (decision 119): the drops due no later than an offer first, their
 * revise run, then the offer, priced by the plan from the price those drops leave; then the drops due after it.
 */
async function applyDropsAndOffers(deps: ApplyDeps, userId: string, drops: ActionRow[], offers: ActionRow[], now: Date): Promise<void> {
  let left = drops;
  for (const offer of offers) {
    await applyDropsNow(
      deps,
      userId,
      left.filter((drop) => dropBeforeOffer(drop, offer)),
      now,
    );
    left = left.filter((drop) => !dropBeforeOffer(drop, offer));
    await applyOffer(deps, userId, offer, now);
  }
  await applyDropsNow(deps, userId, left, now);
}

/**
 * One marketplace's due actions (in due order), `CHANGES_AT_ONCE` at a time: the approved offers of listings with no
 * drop or relist due, each listing's drops with its offers after them, then each relist with its listing's drops and
 * offers after it. Each drop's revise runs in the lane at once (decision 109): with the job's workers shared by every
 * marketplace and kind, waiting for a free one kept each marketplace well under its rate.
 */
async function applyLane(deps: ApplyDeps, userId: string, rows: ActionRow[], now: Date): Promise<void> {
  const relisting = new Set(rows.filter((row) => row.kind === 'relist').map((row) => row.itemId));
  const byItem = (kind: ActionRow['kind']) => {
    const mine = new Map<string, ActionRow[]>();
    for (const row of rows) if (row.kind === kind) mine.set(row.itemId, [...(mine.get(row.itemId) ?? []), row]);
    return mine;
  };
  const drops = byItem('drop');
  const offers = byItem('offer');
  const work: (() => Promise<void>)[] = [
    ...[...offers]
      .filter(([itemId]) => !drops.has(itemId) && !relisting.has(itemId))
      .flatMap(([, mine]) => mine.map((row) => () => applyOffer(deps, userId, row, now))),
    ...[...drops]
      .filter(([itemId]) => !relisting.has(itemId))
      .map(
        ([itemId, mine]) =>
          () =>
            applyDropsAndOffers(deps, userId, mine, offers.get(itemId) ?? [], now),
      ),
    ...rows
      .filter((row) => row.kind === 'relist')
      .map((relist) => async () => {
        await applyRelist(deps, userId, relist, now);
        await applyDropsAndOffers(deps, userId, drops.get(relist.itemId) ?? [], offers.get(relist.itemId) ?? [], now);
      }),
  ];
  let next = 0;
  const runner = async () => {
    while (next < work.length) await work[next++]!();
  };
  await settleAll(Array.from({ length: Math.min(CHANGES_AT_ONCE, work.length) }, runner));
}

/** The seller made the drop on the assisted marketplace and ticked it: the listing's price there is the new one. */
export async function dropTaskDone(db: Db, userId: string, row: ActionRow, nowMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await moveAction(tx, userId, row.id, 'task', { state: 'applied', appliedAt: new Date(nowMs), message: null }))) return;
    await dropLivePrice(tx, userId, row.itemId, row.channel, priceOf(row));
  });
}
