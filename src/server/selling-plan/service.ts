import {
  PLAN_DAYS,
  sellingPlanMessages,
  sellingPlanResponse,
  type PlanAction,
  type PlanDecisions,
  type PlanFlag,
  type SellingPlanResponse,
  type SellingPlanRule,
} from '@shared/contracts/selling-plan';
import { planRuleRefOf, type OfferRulesSeen } from './rule-ref';
import type { DropTask } from '@shared/contracts/channels';
import { assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import { isApiChannel, type ApiChannel, type Channel } from '@shared/domain/channel-listing';
import type { OfferLeftOut, PlannedOffer, PlannedOfferOutcome } from '../channels/channel-module';
import { formatMoney, money, type Money } from '@shared/domain/money';
import { priceLessPercent } from '@shared/domain/price-drop';
import { AppError, notFound } from '@shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { channelPriceOf, liveListingPrice } from '../price-rules/channel-price';
import type { Marketplaces } from '../channels/marketplace';
import type { PriceRules } from '../price-rules/price-rules';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { ProfitFloorService } from '../profit-floor/service';
import type { WebPush } from '../push/web-push';
import type { DaysToSaleService } from '../days-to-sale/service';
import { dropStepsOf, labelOf, planListing, ruleFor } from './planner';
import {
  actionOf,
  actionsOfListings,
  closeSupersededOffers,
  decide,
  deleteRule,
  dropStalePlanned,
  dropTasksOf,
  lastRelists,
  listingKey,
  liveListingsOf,
  ownItem,
  rulesOf,
  saveRule,
  sellersWithRules,
  type ActionRow,
  type LiveListingRow,
  type PlannedValues,
  type RuleRow,
  resumedStates,
  upsertPlanned,
} from './repo';
import { applyDueActions, dropTaskDone, type ApplyDeps } from './apply';
import { tellOffersWaiting, type OffersWaitingNoticeDeps } from './offers-waiting-notice';
import { offerAfterDrops } from './offer-after-drops';

/** How many times one apply run looks again for actions approved while it ran. */
const APPLY_PASSES = 5;

export interface SellingPlanDeps {
  db: Db;
  clock: Pick<Clock, 'now'>;
  storage: Storage;
  marketplaces: Marketplaces;
  priceRules: PriceRules;
  profitFloor: ProfitFloorService;
  push: Pick<WebPush, 'pushToSeller'>;
  log: FastifyBaseLogger;
  /** The e-mail of offers waiting for approval when no push reached a device (decision 112). */
  mailer?: OffersWaitingNoticeDeps['mailer'];
  /** The app's address (config.publicUrl), for that e-mail's link. */
  publicUrl?: string;
  /** The listings' predicted days to sale, for rules timed to it (decision 152); absent: every rule on its fixed days. */
  daysToSale?: Pick<DaysToSaleService, 'mediansOf'>;
  /** Queues the seller's apply job (the scheduled job of decision 090). */
  queueApply(userId: string): Promise<void>;
  /** The offers the channels' own rules will send in the next days (eBay's offers to interested buyers). */
  plannedOffers(userId: string, days: number): Promise<{ channel: ApiChannel; offer: PlannedOffer }[]>;
  /** The offers the channels' rules would make but cannot (no cost entered): listed with the plan's flags. */
  offersLeftOut?(userId: string, days: number): Promise<({ channel: ApiChannel } & OfferLeftOut)[]>;
  /** The sellers whose channels' offer rules ask first: planned hourly like those with a rule (decision 108). */
  sellersAskingFirst(): Promise<string[]>;
  /**
   * Sends an offer the seller approved through its channel (decision 098); `runKey`: the plan action, under which a
   * send a restart cut short is resumed (decision 158).
   */
  sendOffer(userId: string, channel: ApiChannel, itemId: string, price: Money, runKey: string): Promise<PlannedOfferOutcome>;
}

const periodKey = (itemId: string, channel: Channel, periodStart: Date) => `${listingKey(itemId, channel)}:${periodStart.getTime()}`;
/** One action of a listing's period: what `upsertPlanned` keys a row on. */
const actionKey = (row: Pick<PlannedValues, 'itemId' | 'channel' | 'kind' | 'step' | 'periodStart'>) =>
  `${periodKey(row.itemId, row.channel, row.periodStart)}:${row.kind}:${row.step}`;

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const ruleOfRow = (row: RuleRow & { sku: string | null }): SellingPlanRule => ({
  scope: (row.itemId ? `item:${row.itemId}` : row.scope) as SellingPlanRule['scope'],
  enabled: row.enabled,
  dropSteps: row.dropSteps,
  relistAfterDays: row.relistAfterDays,
  automatic: row.automatic,
  dropTiming: row.dropTiming,
  sku: row.itemId ? row.sku : null,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A channel's planned offer as the plan records it: one action a round (decision 098). Stored not automatic: the
 * apply job sends only an approved one; one left pending goes out by the channel's own rule, a rejected one never.
 */
function offerAction(channel: ApiChannel, offer: PlannedOffer, periodStart: Date): PlannedValues {
  return {
    itemId: offer.itemId,
    channel,
    kind: 'offer',
    step: offer.round,
    periodStart,
    dueAt: offer.dueAt,
    fromPriceMinor: offer.from.amountMinor,
    priceMinor: offer.price.amountMinor,
    currency: offer.price.currency,
    floorMinor: offer.floor?.amountMinor ?? null,
    profitMinor: offer.profit?.amountMinor ?? null,
    stoppedAtFloor: offer.raisedToFloor,
    automatic: false,
    ruleScope: OFFER_RULE_SCOPE,
  };
}
const OFFER_RULE_SCOPE = 'offer-rule';

/** The predicted days a listing period's drops were moved to (decision 152), by its period key: the plan's note. */
type TimedDrops = Map<string, number>;

/**
 * The selling plan (decision 090): the seller's drop and relist rules, the week's planned drops and relists
 * (each priced against the profit floor, never under it), the seller's approvals, and carrying them out. Every query
 * filters by the signed-in user; another user's item or action is a 404.
 */
export function createSellingPlanService(deps: SellingPlanDeps) {
  const { db, clock, storage, marketplaces, priceRules, profitFloor, log } = deps;

  async function rules(userId: string): Promise<SellingPlanRule[]> {
    return (await rulesOf(db, userId)).map(ruleOfRow);
  }

  /** Removes a channel's or an item's rule (the next more general one applies); another seller's item is a 404. */
  async function removeRule(userId: string, scope: SellingPlanRule['scope']): Promise<SellingPlanRule[]> {
    if (scope.startsWith('item:') && !(await ownItem(db, userId, scope.slice('item:'.length)))) throw notFound('Item not found');
    await deleteRule(db, userId, scope);
    await refresh(userId);
    return rules(userId);
  }

  async function setRules(userId: string, next: SellingPlanRule[]): Promise<SellingPlanRule[]> {
    for (const rule of next) {
      const itemId = rule.scope.startsWith('item:') ? rule.scope.slice('item:'.length) : null;
      if (itemId && !(await ownItem(db, userId, itemId))) throw notFound('Item not found');
      const steps = [...rule.dropSteps].sort((a, b) => a.afterDays - b.afterDays);
      await saveRule(db, userId, {
        scope: rule.scope,
        itemId,
        enabled: rule.enabled,
        dropSteps: steps,
        relistAfterDays: rule.relistAfterDays,
        automatic: rule.automatic,
        dropTiming: rule.dropTiming ?? 'fixed',
      });
    }
    await refresh(userId);
    return rules(userId);
  }

  /**
   * Works the plan out again from the live listings and the rules, and records it (decisions kept). Answers the items
   * flagged, and each channel's offer rule as its planned offers said it (ask first or not, in words).
   */
  async function refresh(userId: string): Promise<{ flags: PlanFlag[]; offerRules: OfferRulesSeen; timed: TimedDrops }> {
    const now = new Date(clock.now());
    const [ruleList, listings, recorded, relisted, channelRules, offers, floors, offersLeftOut] = await Promise.all([
      rules(userId),
      liveListingsOf(db, userId),
      actionsOfListings(db, userId),
      lastRelists(db, userId),
      priceRules.all(userId),
      deps.plannedOffers(userId, PLAN_DAYS).catch((err: unknown) => {
        log.warn({ err, userId }, 'the planned offers could not be read; the plan shows none');
        return [];
      }),
      // The seller's settings once and the fees once a currency, not once a listing (bench/selling-plan-week.ts).
      profitFloor.floorBases(userId),
      (deps.offersLeftOut?.(userId, PLAN_DAYS) ?? Promise.resolve([])).catch((err: unknown) => {
        log.warn({ err, userId }, 'the offers left out could not be read; the plan names none');
        return [];
      }),
    ]);
    const offerRules: OfferRulesSeen = new Map(
      offers.map(({ channel, offer }) => [channel, { asksFirst: offer.asksFirst, summary: offer.ruleSummary }]),
    );
    const recordedOf = groupBy(recorded, (row) => periodKey(row.itemId, row.channel, row.periodStart));
    const predicted = await predictedDaysOf(userId, ruleList, listings);
    const timed: TimedDrops = new Map();
    /** The drops and relists the listing's rule plans (none without a rule or a price on its channel). */
    const planByRule = async (listing: LiveListingRow, periodStart: Date, mine: ActionRow[]) => {
      const rule = ruleFor(ruleList, listing.itemId, listing.channel);
      const price = rule && channelPriceOf(liveListingPrice(listing), listing, channelRules[listing.channel])?.price;
      if (!rule || !price) return { planned: [], flags: [] };
      const basis = await floors.on(listing, listing.channel).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'CONFLICT') return { error: err.message };
        throw err;
      });
      const predictedDays = predicted.get(listingKey(listing.itemId, listing.channel)) ?? null;
      const { timedTo } = dropStepsOf(rule, predictedDays);
      if (timedTo !== null) timed.set(periodKey(listing.itemId, listing.channel, periodStart), timedTo);
      return planListing(
        { listing, priceMinor: price.amountMinor, periodStart, rule, basis, recorded: mine, predictedDays },
        now,
        PLAN_DAYS,
      );
    };
    const flags: PlanFlag[] = [];
    const planned: PlannedValues[] = [];
    const periodOf = (listing: { itemId: string; channel: Channel; listedAt: Date }) => {
      const last = relisted.get(listingKey(listing.itemId, listing.channel));
      return last && last > listing.listedAt ? last : listing.listedAt;
    };
    for (const listing of listings) {
      if (!listing.listedAt) continue;
      const periodStart = periodOf({ ...listing, listedAt: listing.listedAt });
      const mine = recordedOf.get(periodKey(listing.itemId, listing.channel, periodStart)) ?? [];
      const result = await planByRule(listing, periodStart, mine);
      planned.push(...result.planned);
      flags.push(...result.flags);
      const offer = offers.find((o) => o.channel === listing.channel && o.offer.itemId === listing.itemId);
      // Priced from what the listing's drops due first leave (decision 119); none when they did its work.
      const priced = offer && offerAfterDrops(offer.offer, result.planned, mine);
      if (offer && priced) planned.push(offerAction(offer.channel, priced, periodStart));
      for (const left of offersLeftOut.filter((o) => o.channel === listing.channel && o.itemId === listing.itemId))
        flags.push({ itemId: listing.itemId, sku: listing.sku, channel: left.channel, reason: left.reason, message: left.message });
    }
    await upsertPlanned(db, userId, planned);
    await closeSupersededOffers(db, userId, planned);
    const inPlan = new Set(planned.map((p) => actionKey(p)));
    const kept = (await actionsOfListings(db, userId)).filter((row) => inPlan.has(actionKey(row)));
    await dropStalePlanned(
      db,
      userId,
      kept.map((row) => row.id),
    );
    await tellNewWaitingOffers(userId, kept, offerRules, listings);
    return { flags, offerRules, timed };
  }

  /**
   * The predicted days to sale of the live listings whose rule is timed to it (decision 152), by listing key; asked
   * once for them all, and not at all when no rule is. A prediction that fails leaves the fixed days (logged).
   */
  async function predictedDaysOf(userId: string, ruleList: SellingPlanRule[], listings: LiveListingRow[]): Promise<Map<string, number>> {
    const asked = listings.filter((listing) => ruleFor(ruleList, listing.itemId, listing.channel)?.dropTiming === 'predicted');
    if (!asked.length || !deps.daysToSale) return new Map();
    // Keyed `itemId:channel`, as listingKey.
    return deps.daysToSale.mediansOf(userId, asked).catch((err: unknown) => {
      log.warn({ err, userId }, 'the predicted days to sale could not be read; the drops keep their fixed days');
      return new Map<string, number>();
    });
  }

  /**
   * The offers of the plan waiting for the seller's approval (their channel's rule asks first, decision 108), told of
   * once each (decision 112). A notice that fails is logged: the plan stands, and the next run tries again.
   */
  async function tellNewWaitingOffers(userId: string, rows: ActionRow[], offerRules: OfferRulesSeen, listings: LiveListingRow[]) {
    const itemOf = new Map(listings.map((listing) => [listing.itemId, listing]));
    const waiting = rows
      .filter(
        (row) =>
          row.kind === 'offer' && row.state === 'planned' && row.decision === 'pending' && offerRules.get(row.channel)?.asksFirst === true,
      )
      .map((row) => ({
        itemId: row.itemId,
        channel: row.channel,
        round: row.step,
        periodStart: row.periodStart,
        sku: itemOf.get(row.itemId)?.sku ?? '',
        title: itemOf.get(row.itemId)?.title ?? null,
        price: money(row.priceMinor, row.currency),
        profit: row.profitMinor === null ? null : money(row.profitMinor, row.currency),
      }));
    if (!waiting.length) return;
    await tellOffersWaiting({ db, push: deps.push, mailer: deps.mailer, publicUrl: deps.publicUrl, log }, userId, waiting).catch(
      (err: unknown) => log.warn({ err, userId }, 'the offers waiting for approval were not told; tried again on the next plan run'),
    );
  }

  function notesOf(
    row: ActionRow,
    offerRules: OfferRulesSeen = new Map(),
    timed: TimedDrops = new Map(),
  ): { notes: string[]; fee: PlanAction['fee'] } {
    const show = (minor: number) => formatMoney(money(minor, row.currency));
    const name = labelOf(row.channel);
    const notes: string[] = [];
    let fee: PlanAction['fee'] = null;
    // What the plan told the seller of a planned action (its rule changed since they decided; a revision limit).
    if (row.state === 'planned' && row.message) notes.push(row.message);
    if (row.kind === 'drop') {
      const predictedDays = row.state === 'planned' ? timed.get(periodKey(row.itemId, row.channel, row.periodStart)) : undefined;
      if (predictedDays !== undefined) notes.push(sellingPlanMessages.timedToPrediction(predictedDays, name));
      if (row.stoppedAtFloor && row.floorMinor !== null) notes.push(sellingPlanMessages.stoppedAtFloor(show(row.floorMinor)));
      const likers = isApiChannel(row.channel) ? undefined : assistedMarketplaces[row.channel].likersNotifiedFromBasisPoints;
      if (likers !== undefined) {
        const off = ((row.fromPriceMinor - row.priceMinor) * 10_000) / row.fromPriceMinor;
        const suggested = priceLessPercent(row.fromPriceMinor, likers);
        if (off >= likers) notes.push(sellingPlanMessages.likersTold(name));
        else if (row.floorMinor === null || suggested >= row.floorMinor)
          notes.push(sellingPlanMessages.likersSuggest(name, show(suggested)));
      }
    }
    if (row.kind === 'offer') {
      if (row.state === 'planned')
        notes.push(
          offerRules.get(row.channel)?.asksFirst ? sellingPlanMessages.offerAsksFirst(name) : sellingPlanMessages.offerByRule(name),
        );
      if (row.stoppedAtFloor && row.floorMinor !== null) notes.push(sellingPlanMessages.raisedToFloor(show(row.floorMinor)));
    }
    if (row.kind === 'relist' && isApiChannel(row.channel)) {
      const relistFee = marketplaces[row.channel].relistFee;
      if (relistFee) {
        fee = relistFee;
        notes.push(sellingPlanMessages.relistFee(name, formatMoney(relistFee)));
      }
    }
    return { notes, fee };
  }

  async function plan(userId: string): Promise<SellingPlanResponse> {
    const { flags, offerRules, timed } = await refresh(userId);
    const now = clock.now();
    const horizon = now + PLAN_DAYS * 86_400_000;
    const [rows, listings, ruleList] = await Promise.all([actionsOfListings(db, userId), liveListingsOf(db, userId), rules(userId)]);
    const items = new Map(listings.map((listing) => [listing.itemId, listing]));
    const recent = now - PLAN_DAYS * 86_400_000;
    const shown = rows.filter(
      (row) =>
        (row.state === 'planned' && row.dueAt.getTime() <= horizon) ||
        row.state === 'task' ||
        resumedStates.includes(row.state) ||
        ((row.state === 'applied' || row.state === 'failed') && row.updatedAt.getTime() >= recent),
    );
    const actions = await Promise.all(
      shown
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.itemId.localeCompare(b.itemId))
        .map(async (row): Promise<PlanAction> => {
          const item = items.get(row.itemId);
          const at = (minor: number | null) => (minor === null ? null : money(minor, row.currency));
          return {
            id: row.id,
            kind: row.kind,
            itemId: row.itemId,
            sku: item?.sku ?? '',
            title: item?.title ?? null,
            thumbnailUrl: item?.thumbPath ? await storage.signedUrl(item.thumbPath) : null,
            channel: row.channel,
            channelLabel: labelOf(row.channel),
            dueAt: row.dueAt.toISOString(),
            from: money(row.fromPriceMinor, row.currency),
            price: money(row.priceMinor, row.currency),
            floor: at(row.floorMinor),
            profit: at(row.profitMinor),
            ...notesOf(row, offerRules, timed),
            decision: row.decision,
            // An offer left pending goes out by its channel's own rule, though the apply job sends only approved ones:
            // automatic, unless that rule asks first (decision 108).
            automatic: row.kind === 'offer' ? !offerRules.get(row.channel)?.asksFirst : row.automatic,
            state: row.state,
            message: row.message,
            rule: planRuleRefOf(row, ruleList, offerRules),
          };
        }),
    );
    return sellingPlanResponse.parse({
      days: PLAN_DAYS,
      actions: actions.filter((action) => action.state !== 'task'),
      tasks: actions.filter((action) => action.state === 'task'),
      flags,
    });
  }

  async function decideAll(userId: string, body: PlanDecisions) {
    const approved = await decide(db, userId, body.approve, 'approved');
    const rejected = await decide(db, userId, body.reject, 'rejected');
    if (approved) await deps.queueApply(userId);
    return { approved, rejected };
  }

  /** The assisted channels' drops to make by hand, for the dashboard's task list beside the delist tasks (decision 098). */
  async function dropTasks(userId: string): Promise<DropTask[]> {
    const rows = await dropTasksOf(db, userId);
    return Promise.all(
      rows.flatMap(({ action, sku, title, url, thumbPath }) => {
        const channel = action.channel;
        if (isApiChannel(channel)) return [];
        const at = (minor: number | null) => (minor === null ? null : money(minor, action.currency));
        return [
          (async (): Promise<DropTask> => ({
            id: action.id,
            itemId: action.itemId,
            channel,
            sku,
            title,
            thumbnailUrl: thumbPath ? await storage.signedUrl(thumbPath) : null,
            url,
            words: action.message ?? sellingPlanMessages.dropTask(formatMoney(money(action.priceMinor, action.currency)), labelOf(channel)),
            from: money(action.fromPriceMinor, action.currency),
            price: money(action.priceMinor, action.currency),
            floor: at(action.floorMinor),
            profit: at(action.profitMinor),
            notes: notesOf(action).notes,
            since: action.updatedAt.toISOString(),
          }))(),
        ];
      }),
    );
  }

  async function taskDone(userId: string, id: string): Promise<void> {
    const action = await actionOf(db, userId, id);
    if (!action || action.state !== 'task') throw notFound('Task not found');
    await dropTaskDone(db, userId, action, clock.now());
  }

  /**
   * Carries out the seller's due actions (the apply job). An action approved while a run is under way finds that job
   * still running (one run a seller at a time): the run looks again before it ends and carries out what became due
   * meanwhile, each action once a run (one left due, such as a drop past eBay's revisions a day, waits for the next
   * run); one approved after its last look marked the job to run again as it ends (the queue, decision 119).
   */
  async function apply(userId: string, runJobNow?: ApplyDeps['runJobNow']): Promise<void> {
    const applyDeps = { db, marketplaces, push: deps.push, log, sendOffer: deps.sendOffer, runJobNow, floors: profitFloor };
    const seen = new Set<string>();
    for (let pass = 0; pass < APPLY_PASSES; pass++) {
      if (!(await applyDueActions(applyDeps, userId, new Date(clock.now()), seen))) return;
    }
  }

  /** The sellers the hourly run plans for: a drop or relist rule on, or an offer rule that asks first. */
  async function sellersToPlan(): Promise<string[]> {
    const [withRules, askingFirst] = await Promise.all([sellersWithRules(db), deps.sellersAskingFirst()]);
    return [...new Set([...withRules, ...askingFirst])];
  }

  return { rules, setRules, removeRule, refresh, plan, decide: decideAll, dropTasks, taskDone, apply, sellersToPlan };
}

export type SellingPlanService = ReturnType<typeof createSellingPlanService>;

/** The channel of an action as the plan's wire names it. */
export type PlanChannel = Channel;
