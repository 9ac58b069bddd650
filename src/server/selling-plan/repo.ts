import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import { sellingPlanMessages } from '@shared/contracts/selling-plan';
import type { Db } from '../db/client';
import { channelListings, items, sellingPlanActions, sellingPlanRules } from '../db/schema';
import { firstThumbPathSql } from '../items/first-thumb-sql';
import { excludedOf, matching } from '../db/matching';

/** SQL of the selling plan (decision 090): the seller's rules and planned actions, every statement filtered by the user. */

export type RuleRow = typeof sellingPlanRules.$inferSelect;
export type ActionRow = typeof sellingPlanActions.$inferSelect;
export type ActionState = ActionRow['state'];

/** The states of an action under way: a run a restart cut short left it there, and the next run carries it on. */
export const resumedStates: ActionState[] = ['ending', 'relisting', 'sending'];

/** The user's rules, each item's with its SKU. */
export async function rulesOf(db: Db, userId: string): Promise<(RuleRow & { sku: string | null })[]> {
  const rows = await db
    .select({ rule: sellingPlanRules, sku: items.sku })
    .from(sellingPlanRules)
    .leftJoin(items, and(eq(items.id, sellingPlanRules.itemId), eq(items.userId, userId)))
    .where(eq(sellingPlanRules.userId, userId))
    .orderBy(asc(sellingPlanRules.scope));
  return rows.map(({ rule, sku }) => ({ ...rule, sku }));
}

export async function saveRule(db: Db, userId: string, rule: Omit<RuleRow, 'id' | 'userId' | 'updatedAt'>): Promise<void> {
  await db
    .insert(sellingPlanRules)
    .values({ userId, ...rule })
    .onConflictDoUpdate({ target: [sellingPlanRules.userId, sellingPlanRules.scope], set: { ...rule, updatedAt: new Date() } });
}

/** Deletes the user's rule of this scope: the next more general one applies (decision 108). */
export async function deleteRule(db: Db, userId: string, scope: string): Promise<void> {
  await db.delete(sellingPlanRules).where(matching(sellingPlanRules, { userId, scope }));
}

/** The user's item, or undefined (a rule for another user's item is a 404). */
export async function ownItem(db: Db, userId: string, itemId: string) {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(matching(items, { userId, id: itemId }));
  return row;
}

/** The user's live listings on every channel, with their item's price, cost and words, and its first photo. */
export async function liveListingsOf(db: Db, userId: string) {
  return db
    .select({
      itemId: channelListings.itemId,
      channel: channelListings.channel,
      listedAt: channelListings.listedAt,
      priceMinor: channelListings.priceMinor,
      listingCurrency: channelListings.currency,
      priceSource: channelListings.priceSource,
      externalId: channelListings.externalId,
      sku: items.sku,
      title: items.aiTitle,
      currency: items.currency,
      aiSuggestedPriceMinor: items.aiSuggestedPriceMinor,
      askingPriceMinor: items.askingPriceMinor,
      costMinor: items.costMinor,
      thumbPath: firstThumbPathSql,
    })
    .from(channelListings)
    .innerJoin(items, eq(items.id, channelListings.itemId))
    .where(and(matching(channelListings, { userId, status: 'live' }), eq(items.userId, userId), isNotNull(channelListings.listedAt)));
}
export type LiveListingRow = Awaited<ReturnType<typeof liveListingsOf>>[number];

export async function actionsOfListings(db: Db, userId: string) {
  return db.select().from(sellingPlanActions).where(eq(sellingPlanActions.userId, userId));
}

export type PlannedValues = Pick<
  ActionRow,
  | 'itemId'
  | 'channel'
  | 'kind'
  | 'step'
  | 'periodStart'
  | 'dueAt'
  | 'fromPriceMinor'
  | 'priceMinor'
  | 'currency'
  | 'floorMinor'
  | 'profitMinor'
  | 'stoppedAtFloor'
  | 'automatic'
  | 'ruleScope'
>;

/**
 * Records the planned actions: a new one as planned; one already there keeps the seller's decision, and its price is
 * worked out again only while it is still planned (an applied one is history).
 */
/**
 * In an upsert: the planned row's price changed, or (a drop's or relist's; an offer asking first is due whenever the plan
 * runs) its day.
 */
const replannedSql = sql`(${sellingPlanActions.priceMinor} <> excluded.price_minor or (${sellingPlanActions.kind} <> 'offer' and ${sellingPlanActions.dueAt} <> excluded.due_at))`;

export async function upsertPlanned(db: Db, userId: string, planned: PlannedValues[]): Promise<void> {
  if (!planned.length) return;
  await db
    .insert(sellingPlanActions)
    .values(planned.map((value) => ({ userId, ...value })))
    .onConflictDoUpdate({
      target: [
        sellingPlanActions.itemId,
        sellingPlanActions.channel,
        sellingPlanActions.kind,
        sellingPlanActions.step,
        sellingPlanActions.periodStart,
      ],
      set: {
        ...excludedOf(sellingPlanActions, [
          'dueAt',
          'fromPriceMinor',
          'priceMinor',
          'floorMinor',
          'profitMinor',
          'stoppedAtFloor',
          'automatic',
          'ruleScope',
        ]),
        // A decision was for a price on a day: when the rule changes either, the seller decides again, and is told.
        decision: sql`case when ${replannedSql} then 'pending' else ${sellingPlanActions.decision} end`,
        message: sql`case when ${replannedSql} and ${sellingPlanActions.decision} <> 'pending' then ${sellingPlanMessages.replanned} else ${sellingPlanActions.message} end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${sellingPlanActions.userId} = ${userId} and ${sellingPlanActions.state} = 'planned'`,
    });
}

/** Planned actions no longer in the plan (the listing sold, ended, or its rule changed) and never decided go. */
export async function dropStalePlanned(db: Db, userId: string, keepIds: string[]): Promise<void> {
  await db.delete(sellingPlanActions).where(
    and(
      matching(sellingPlanActions, { userId, state: 'planned', decision: 'pending' }),
      keepIds.length
        ? sql`${sellingPlanActions.id} not in (${sql.join(
            keepIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`true`,
    ),
  );
}

/** Approves or rejects the user's planned actions; answers how many changed (another user's ids change nothing). */
export async function decide(db: Db, userId: string, ids: string[], decision: 'approved' | 'rejected'): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(sellingPlanActions)
    .set({ decision, message: null, updatedAt: new Date() })
    .where(and(matching(sellingPlanActions, { userId, state: 'planned' }), inArray(sellingPlanActions.id, ids)))
    .returning({ id: sellingPlanActions.id });
  return rows.length;
}

/** Actions to carry out now: due and approved (or automatic and not rejected), or a relist under way. */
const dueNow = (now: Date) =>
  or(
    and(
      eq(sellingPlanActions.state, 'planned'),
      lte(sellingPlanActions.dueAt, now),
      or(eq(sellingPlanActions.decision, 'approved'), matching(sellingPlanActions, { automatic: true, decision: 'pending' })),
    ),
    inArray(sellingPlanActions.state, resumedStates),
  );

/** The user's actions to carry out now (dueNow). */
export async function dueActions(db: Db, userId: string, now: Date): Promise<ActionRow[]> {
  return db
    .select()
    .from(sellingPlanActions)
    .where(and(eq(sellingPlanActions.userId, userId), dueNow(now)))
    .orderBy(asc(sellingPlanActions.dueAt));
}

/** The sellers with actions to carry out now (the scheduled run). */
export async function sellersWithDueActions(db: Db, now: Date): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: sellingPlanActions.userId }).from(sellingPlanActions).where(dueNow(now));
  return rows.map((row) => row.userId);
}

/** The sellers with a rule on (the scheduled run plans for them). */
export async function sellersWithRules(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: sellingPlanRules.userId })
    .from(sellingPlanRules)
    .where(eq(sellingPlanRules.enabled, true));
  return rows.map((row) => row.userId);
}

/**
 * Moves an action from one state to the next, only from the state it was read in: two runs (a restart, a second
 * server) never both carry it out. Answers whether it moved.
 */
export async function moveAction(
  db: Db,
  userId: string,
  id: string,
  from: ActionState,
  to: Partial<Pick<ActionRow, 'state' | 'message' | 'listingBefore' | 'listingAfter' | 'appliedAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(sellingPlanActions)
    .set({ ...to, updatedAt: new Date() })
    .where(matching(sellingPlanActions, { userId, id, state: from }))
    .returning({ id: sellingPlanActions.id });
  return rows.length > 0;
}

/** One of the user's actions. */
export async function actionOf(db: Db, userId: string, id: string): Promise<ActionRow | undefined> {
  const [row] = await db.select().from(sellingPlanActions).where(matching(sellingPlanActions, { userId, id }));
  return row;
}

/** The last relist applied to each listing of the user: a relist starts the listing's period again. */
export async function lastRelists(db: Db, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({
      itemId: sellingPlanActions.itemId,
      channel: sellingPlanActions.channel,
      at: sql<Date>`max(${sellingPlanActions.appliedAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(sellingPlanActions)
    .where(matching(sellingPlanActions, { userId, kind: 'relist', state: 'applied' }))
    .groupBy(sellingPlanActions.itemId, sellingPlanActions.channel);
  return new Map(rows.map((row) => [listingKey(row.itemId, row.channel), row.at]));
}

export const listingKey = (itemId: string, channel: Channel | string) => `${itemId}:${channel}`;

/**
 * An offer still planned from an earlier round: an offer went out on the listing since (the channel's rule sent the
 * pending one, or the seller sent their own). Pending, it is history now; rejected, the rejection has done its work
 * and goes (decision 098).
 */
export async function closeSupersededOffers(db: Db, userId: string, planned: PlannedValues[]): Promise<void> {
  for (const offer of planned.filter((value) => value.kind === 'offer')) {
    const earlier = and(
      matching(sellingPlanActions, { userId, itemId: offer.itemId, channel: offer.channel, kind: 'offer', state: 'planned' }),
      lt(sellingPlanActions.step, offer.step),
    );
    await db
      .update(sellingPlanActions)
      .set({ state: 'applied', message: offerSentSince, updatedAt: new Date() })
      .where(and(earlier, eq(sellingPlanActions.decision, 'pending')));
    await db.delete(sellingPlanActions).where(and(earlier, eq(sellingPlanActions.decision, 'rejected')));
  }
}
const offerSentSince = 'An offer went out on this listing since';

/** The user's drop tasks on assisted channels (state task), oldest first, with their item and the listing's page. */
export async function dropTasksOf(db: Db, userId: string) {
  return db
    .select({
      action: sellingPlanActions,
      sku: items.sku,
      title: items.aiTitle,
      url: channelListings.url,
      thumbPath: firstThumbPathSql,
    })
    .from(sellingPlanActions)
    .innerJoin(items, and(eq(items.id, sellingPlanActions.itemId), eq(items.userId, userId)))
    .leftJoin(
      channelListings,
      and(
        eq(channelListings.itemId, sellingPlanActions.itemId),
        eq(channelListings.channel, sellingPlanActions.channel),
        eq(channelListings.userId, userId),
      ),
    )
    .where(matching(sellingPlanActions, { userId, state: 'task' }))
    .orderBy(asc(sellingPlanActions.updatedAt), asc(items.sku));
}
