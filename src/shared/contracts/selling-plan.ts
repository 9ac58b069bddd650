import { z } from 'zod';
import { channelNames, channels, type Channel } from '../domain/channel-listing';
import { MAX_DROP_BASIS_POINTS, MIN_DROP_BASIS_POINTS } from '../domain/price-drop';
import { moneySchema } from './money';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/**
 * The selling plan (decision 090): the seller's drop and relist rules, and the week's planned offers, drops
 * and relists with the price, the floor and the profit of each, approved or rejected one by one or all at once.
 */
export const sellingPlanRoutes = {
  plan: '/api/selling-plan',
  decisions: '/api/selling-plan/decisions',
  rules: '/api/selling-plan/rules',
  taskDone: '/api/selling-plan/tasks/:id/done',
} as const;

export const sellingPlanPaths = {
  ...pathsOf(sellingPlanRoutes),
  rule: (scope: string) => `/api/selling-plan/rules?scope=${encodeURIComponent(scope)}`,
} as const;

/** Days ahead the plan looks. */
export const PLAN_DAYS = 7;
export const MAX_RULE_DAYS = 365;

export const dropStep = z.object({
  afterDays: z.number().int().min(0).max(MAX_RULE_DAYS),
  basisPoints: z.number().int().min(MIN_DROP_BASIS_POINTS).max(MAX_DROP_BASIS_POINTS),
});

export const dropTimings = ['fixed', 'predicted'] as const;
export type DropTiming = (typeof dropTimings)[number];

/** `scope`: 'all' (seller-wide), a channel's name, or 'item:<id>'; the most specific rule applies. */
export const sellingPlanRule = z.object({
  scope: z.union([
    z.literal('all'),
    z.enum(channels),
    z.string().regex(/^item:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  ]),
  enabled: z.boolean(),
  dropSteps: z.array(dropStep).max(5),
  relistAfterDays: z.number().int().min(1).max(MAX_RULE_DAYS).nullable(),
  /** Applied when due without asking: the seller left the rule automatic. */
  automatic: z.boolean(),
  /**
   * When the drops fall (decision 152): 'fixed' (absent too), after the days of each step; 'predicted', moved so the
   * first falls on the day the listing passes its predicted days to sale on its marketplace, the others keeping their
   * spacing; on the fixed days where there is no prediction (the plan says so).
   */
  dropTiming: z.enum(dropTimings).optional(),
  /** An item's rule: the item's SKU, as the rules list shows it (answered by GET; ignored when set). */
  sku: z.string().nullable().optional(),
  /** When the seller last saved it (answered by GET; ignored when set): the plan's form opens on the last one (decision 112). */
  updatedAt: z.string().nullable().optional(),
});
export type SellingPlanRule = z.infer<typeof sellingPlanRule>;

export const sellingPlanRules = z.object({ rules: z.array(sellingPlanRule) });

/** Which rule planned an action (decision 108): the item's own, its channel's, the seller-wide one, or a channel's offer rule. */
export const planRuleKinds = ['item', 'channel', 'all', 'offer-rule'] as const;
export const planRuleRef = z.object({
  kind: z.enum(planRuleKinds),
  /** "This item’s own rule", "Your Etsy rule", "Your rule for every listing", "Your eBay offer rule". */
  words: z.string(),
  /** What the rule does now ("10% off after 14 days, again after 28 · relist after 30 days"); null: it is gone since. */
  summary: z.string().nullable(),
});
export type PlanRuleRef = z.infer<typeof planRuleRef>;

/** DELETE /api/selling-plan/rules?scope=: the rule goes and the next more general one applies (decision 108). */
export const ruleScopeQuery = z.object({ scope: sellingPlanRule.shape.scope });

export const planActionKinds = ['offer', 'drop', 'relist'] as const;
export type PlanActionKind = (typeof planActionKinds)[number];

export const planAction = z.object({
  /** Every action has one (an offer too since decision 098); nullable for the clients written before. */
  id: z.uuid().nullable(),
  kind: z.enum(planActionKinds),
  itemId: z.uuid(),
  sku: z.string(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  channel: z.enum(channels),
  channelLabel: z.string(),
  dueAt: z.string(),
  from: moneySchema,
  price: moneySchema,
  floor: moneySchema.nullable(),
  profit: moneySchema.nullable(),
  /** What the seller should know: stopped at the floor, Poshmark tells likers, Etsy's renewal fee. */
  notes: z.array(z.string()),
  /** A fee the action itself costs (Etsy's renewal: its listing fee). */
  fee: moneySchema.nullable(),
  decision: z.enum(['pending', 'approved', 'rejected']),
  automatic: z.boolean(),
  state: z.enum(['planned', 'ending', 'relisting', 'sending', 'task', 'applied', 'failed']),
  message: z.string().nullable(),
  /** The rule that planned it; null for actions planned before rules were recorded (decision 108). */
  rule: planRuleRef.nullable().default(null),
});
export type PlanAction = z.infer<typeof planAction>;

/** An item the rules would drop but cannot: no cost entered (flagged), or already at its floor. */
export const planFlag = z.object({
  itemId: z.uuid(),
  sku: z.string(),
  channel: z.enum(channels),
  reason: z.enum(['no-cost', 'at-floor', 'under-floor', 'currency-mismatch', 'no-fees', 'no-prediction']),
  message: z.string(),
});
export type PlanFlag = z.infer<typeof planFlag>;

export const sellingPlanResponse = z.object({
  days: z.number().int(),
  actions: z.array(planAction),
  /** The assisted channels' drops waiting for the seller to make on the marketplace ("Drop to $38 on Poshmark"). */
  tasks: z.array(planAction),
  flags: z.array(planFlag),
});
export type SellingPlanResponse = z.infer<typeof sellingPlanResponse>;

export const planDecisions = z.object({
  approve: z.array(z.uuid()).max(1000).default([]),
  reject: z.array(z.uuid()).max(1000).default([]),
});
export type PlanDecisions = z.infer<typeof planDecisions>;

export const planDecisionsResponse = z.object({ approved: z.number().int(), rejected: z.number().int() });

export const taskParams = z.object({ id: z.uuid() });

export const sellingPlanMessages = {
  noCost: 'No cost entered: no drop below its price',
  /** A decided action the seller's rule changed since (its price or day): it waits for them again. */
  replanned: 'Your rule changed its price or day since you decided: approve or reject it again',
  atFloor: (floor: string) => `Already at your floor of ${floor}: no drop`,
  underFloor: (floor: string) => `Its price is under your floor of ${floor}: not relisted`,
  stoppedAtFloor: (floor: string) => `Stopped at your floor of ${floor}`,
  likersTold: (name: string) => `${name} tells likers of a drop of 10% or more: this one reaches them`,
  likersSuggest: (name: string, price: string) => `${name} tells likers only of a drop of 10% or more: ${price} would reach them`,
  relistFee: (name: string, fee: string) => `${name} charges its listing fee of ${fee} to renew`,
  dropTask: (price: string, name: string) => `Drop to ${price} on ${name}`,
  revisionLimit: (name: string, limit: number) => `${name} allows ${limit} revisions of a listing a day: tried again tomorrow`,
  currencyMismatch: 'The profit floor settings are in another currency than this item',
  noFees: 'This channel’s fees are not known: no automatic action',
  offerByRule: (name: string) => `To ${name}’s interested buyers by your offer rule: sent unless you reject it`,
  offerAsksFirst: (name: string) =>
    `To ${name}’s interested buyers by your offer rule: you asked to approve it first; not sent unless you do`,
  raisedToFloor: (floor: string) => `Raised to clear your floor of ${floor}`,
  /** A drop moved to the listing's predicted days to sale (decision 152). */
  timedToPrediction: (days: number, name: string) => `Timed to its predicted ${dayWord(days)} to sell on ${name}`,
  /** A rule timed to the prediction, on a listing with none: its fixed days. */
  noPrediction: (name: string) => `No predicted days to sale on ${name} yet (too few of your sales): drops on your fixed days`,
} as const;

/** One offer waiting for approval, as a notice names it: the item, where, its price and its profit (formatted). */
export interface WaitingOfferWords {
  sku: string;
  title: string | null;
  channel: string;
  price: string;
  profit: string | null;
}

const offerLine = (offer: WaitingOfferWords) =>
  `${offer.sku}${offer.title ? ` ${offer.title}` : ''}: ${offer.price} on ${offer.channel}${offer.profit ? `, profit ${offer.profit}` : ''}`;

/**
 * The notice of offers waiting for the seller's approval (decision 112): a push to their phones, else an e-mail, once
 * per offer. `count`: every offer waiting now; `best`: the one with the most profit.
 */
export const offersWaitingMessages = {
  title: (count: number) => (count === 1 ? '1 offer waits for your approval' : `${count} offers wait for your approval`),
  body: (best: WaitingOfferWords) =>
    `Best: ${best.price} for ${best.sku} on ${best.channel}${best.profit ? `, profit ${best.profit}` : ''}. Not sent until you approve it.`,
  mailText: (offers: WaitingOfferWords[], link: string) =>
    [
      'Your offer rule asks you first: these offers to interested buyers wait in this week’s plan, and none is sent until you approve it.',
      '',
      ...offers.map((offer) => `- ${offerLine(offer)}`),
      '',
      `Approve or reject them: ${link}`,
      '',
      'Resale Studio',
    ].join('\n'),
} as const;

const percentText = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;
const dayWord = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** A rule in a few words: "10% off after 14 days, 10% after 28 · relist after 30 days", or "No drops or relists". */
export function ruleSummary(
  rule: Pick<SellingPlanRule, 'enabled' | 'dropSteps' | 'relistAfterDays' | 'automatic'> & { dropTiming?: DropTiming },
): string {
  if (!rule.enabled || (!rule.dropSteps.length && rule.relistAfterDays === null)) return 'No drops or relists';
  const drops = rule.dropSteps.map((step, index) =>
    index === 0
      ? `${percentText(step.basisPoints)} off after ${dayWord(step.afterDays)}`
      : `${percentText(step.basisPoints)} after ${step.afterDays}`,
  );
  const parts = [drops.length ? drops.join(', ') : 'No drops'];
  if (drops.length && rule.dropTiming === 'predicted') parts[0] = `${parts[0]}, moved to its predicted days to sale`;
  if (rule.relistAfterDays !== null) parts.push(`relist after ${dayWord(rule.relistAfterDays)}`);
  if (rule.automatic) parts.push('without asking');
  return parts.join(' · ');
}

/** Who a rule's scope covers, in the seller's words ("Every listing", "Etsy", "This item"). */
export function scopeWords(scope: SellingPlanRule['scope']): string {
  if (scope === 'all') return 'Every listing';
  if (scope.startsWith('item:')) return 'This item';
  return channelNames[scope as Channel];
}

/** The selling plan's routes (decision 090). */
export const sellingPlanApi = {
  plan: route.get(sellingPlanRoutes.plan, {
    summary: 'The week’s planned offers, drops and relists, each with its price, floor and profit; the items flagged',
    response: { 200: sellingPlanResponse },
  }),
  decide: route.post(sellingPlanRoutes.decisions, {
    summary: 'Approves and rejects planned actions; the approved ones are carried out when due',
    body: planDecisions,
    response: { 200: planDecisionsResponse },
  }),
  rules: route.get(sellingPlanRoutes.rules, {
    summary: 'The seller’s drop and relist rules',
    response: { 200: sellingPlanRules },
  }),
  setRules: route.put(sellingPlanRoutes.rules, {
    summary: 'Sets drop and relist rules (seller-wide, per channel or per item); the plan is worked out again',
    body: sellingPlanRules,
    response: { 200: sellingPlanRules },
  }),
  removeRule: route.delete(sellingPlanRoutes.rules, {
    summary: 'Removes a channel’s or an item’s rule: the next more general rule applies; the plan is worked out again',
    querystring: ruleScopeQuery,
    response: { 200: sellingPlanRules },
  }),
  taskDone: route.post(sellingPlanRoutes.taskDone, {
    summary: 'The seller made an assisted channel’s drop on the marketplace: its price there is the new one',
    params: taskParams,
    response: { 204: z.null() },
  }),
};
