import { sellingPlanMessages } from '@shared/contracts/selling-plan';
import { webPaths } from '@shared/contracts/web-paths';
import { isApiChannel, type ApiChannel } from '@shared/domain/channel-listing';
import { formatMoney, money, type Money } from '@shared/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import { carryOutChange, dropLivePrice, listingProgress, revisionsLeftToday } from '../channels/listing-changes';
import type { PlannedOfferOutcome } from '../channels/channel-module';
import type { Marketplaces } from '../channels/marketplace';
import type { Db } from '../db/client';
import type { WebPush } from '../push/web-push';
import { labelOf } from './planner';
import { dueActions, moveAction, type ActionRow } from './repo';

export interface ApplyDeps {
  db: Db;
  marketplaces: Marketplaces;
  push: Pick<WebPush, 'pushToSeller'>;
  log: FastifyBaseLogger;
  /** Sends an approved offer through its channel (decision 098). */
  sendOffer?(userId: string, channel: ApiChannel, itemId: string, price: Money): Promise<PlannedOfferOutcome>;
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
 * A due offer the seller approved (decision 098): marked applied before it is sent, so a restart or a second server
 * never sends it twice (at most once); then sent at the price the seller saw, held to the floor again by the channel.
 * Not sent, it fails with the reason.
 */
async function applyOffer(deps: ApplyDeps, userId: string, row: ActionRow, now: Date): Promise<void> {
  const channel = row.channel;
  if (!isApiChannel(channel) || !deps.sendOffer) return;
  if (!(await moveAction(deps.db, userId, row.id, 'planned', { state: 'applied', appliedAt: now, message: null }))) return;
  const outcome = await deps.sendOffer(userId, channel, row.itemId, priceOf(row)).catch((err: unknown) => {
    deps.log.warn({ err, userId }, 'an approved offer was not sent');
    return { sent: false, message: 'The marketplace could not be reached: not sent' };
  });
  if (!outcome.sent) await moveAction(deps.db, userId, row.id, 'applied', { state: 'failed', appliedAt: null, message: outcome.message });
}

/** Relists under way at once on one marketplace: its paced client keeps them within its rate (decision 097). */
export const RELISTS_AT_ONCE = 4;

/**
 * Carries out the seller's due approved (or automatic) offers, drops and relists, and any relist a restart left half-way
 * (decision 097): each marketplace in its own lane, the lanes side by side, so one marketplace's pace never holds
 * another's. In a lane the drops of listings with no relist go first (a price set and a revise queued: the workers
 * send them at the marketplace's pace while the relists run); a listing's relist comes before its own drops, so the
 * relist never finds the drop's revise still under way, and its drops then revise the listing live again.
 */
export async function applyDueActions(deps: ApplyDeps, userId: string, now: Date): Promise<number> {
  const due = await dueActions(deps.db, userId, now);
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
 * One marketplace's due actions (in due order): drops alone first, then the approved offers, then each relist with its
 * listing's drops after it.
 */
async function applyLane(deps: ApplyDeps, userId: string, rows: ActionRow[], now: Date): Promise<void> {
  const relisting = new Set(rows.filter((row) => row.kind === 'relist').map((row) => row.itemId));
  for (const row of rows) if (row.kind === 'drop' && !relisting.has(row.itemId)) await applyDrop(deps, userId, row, now);
  for (const row of rows) if (row.kind === 'offer') await applyOffer(deps, userId, row, now);
  const relists = rows.filter((row) => row.kind === 'relist');
  let next = 0;
  const runner = async () => {
    while (next < relists.length) {
      const relist = relists[next++]!;
      await applyRelist(deps, userId, relist, now);
      for (const row of rows) if (row.kind === 'drop' && row.itemId === relist.itemId) await applyDrop(deps, userId, row, now);
    }
  };
  await settleAll(Array.from({ length: Math.min(RELISTS_AT_ONCE, relists.length) }, runner));
}

/** The seller made the drop on the assisted marketplace and ticked it: the listing's price there is the new one. */
export async function dropTaskDone(db: Db, userId: string, row: ActionRow, nowMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await moveAction(tx, userId, row.id, 'task', { state: 'applied', appliedAt: new Date(nowMs), message: null }))) return;
    await dropLivePrice(tx, userId, row.itemId, row.channel, priceOf(row));
  });
}
