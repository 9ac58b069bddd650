import { ruleSummary, type PlanRuleRef, type SellingPlanRule } from '@shared/contracts/selling-plan';
import type { Channel } from '@shared/domain/channel-listing';
import { labelOf } from './planner';

/** Each channel's offer rule as its planned offers said it: whether it asks first, and the rule in words. */
export type OfferRulesSeen = ReadonlyMap<Channel, { asksFirst: boolean; summary: string }>;

/**
 * Which rule planned an action, in the seller's words (decision 108): recorded on the action when planned (its
 * `ruleScope`), described as that rule is now. Null for an action recorded before rules were.
 */
export function planRuleRefOf(
  row: { ruleScope: string | null; channel: Channel },
  rules: readonly SellingPlanRule[],
  offerRules: OfferRulesSeen,
): PlanRuleRef | null {
  const scope = row.ruleScope;
  if (scope === null) return null;
  const label = labelOf(row.channel);
  if (scope === 'offer-rule')
    return { kind: 'offer-rule', words: `Your ${label} offer rule`, summary: offerRules.get(row.channel)?.summary ?? null };
  const rule = rules.find((candidate) => candidate.scope === scope);
  const summary = rule ? ruleSummary(rule) : null;
  if (scope === 'all') return { kind: 'all', words: 'Your rule for every listing', summary };
  if (scope.startsWith('item:')) return { kind: 'item', words: 'This item’s own rule', summary };
  return { kind: 'channel', words: `Your ${label} rule`, summary };
}
