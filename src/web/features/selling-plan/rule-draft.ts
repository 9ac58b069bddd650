import type { SellingPlanRule } from '@shared/contracts/selling-plan';
import { MAX_DROP_BASIS_POINTS, MIN_DROP_BASIS_POINTS } from '@shared/domain/price-drop';
import { basisPointsText, parsePercentBasisPoints } from '@shared/domain/profit-floor';
import { localDecimalText, readNumberInput } from '@shared/domain/typed-decimal';

/**
 * What a rule's form holds, as typed. `mode` for a channel or an item (decision 108): follow the more general rule
 * (no rule of its own), its own schedule, or none at all ("no drops or relists"). The seller-wide rule is always `own`.
 */
export interface RuleDraft {
  mode: 'follow' | 'own' | 'none';
  percent: string;
  first: string;
  second: string;
  relist: string;
  automatic: boolean;
}

export const emptyDraft: RuleDraft = { mode: 'own', percent: '10', first: '14', second: '28', relist: '', automatic: false };

const dayText = (days: number | null | undefined) => (days === null || days === undefined ? '' : String(days));

/** The form's draft of a saved rule; no rule: follow (or the defaults for the seller-wide one). */
export function draftOf(rule: SellingPlanRule | undefined, scope: SellingPlanRule['scope']): RuleDraft {
  if (!rule) return scope === 'all' ? emptyDraft : { ...emptyDraft, mode: 'follow' };
  if (!rule.enabled) return { ...emptyDraft, mode: 'none' };
  return {
    mode: 'own',
    percent: localDecimalText(basisPointsText(rule.dropSteps[0]?.basisPoints ?? 1000)),
    first: dayText(rule.dropSteps[0]?.afterDays),
    second: dayText(rule.dropSteps[1]?.afterDays),
    relist: dayText(rule.relistAfterDays),
    automatic: rule.automatic,
  };
}

export const draftInvalid = 'Check the figures: a percent from 1 to 50, days as whole numbers.';

const days = (text: string): number | null | 'bad' => {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 365 ? value : 'bad';
};

/**
 * The rule the draft saves, `follow` (the rule goes), or null when a figure is wrong. "No drops or relists" is a rule
 * that is off: the most specific rule found applies, so nothing more general reaches the channel or item.
 */
export function ruleOfDraft(draft: RuleDraft, scope: SellingPlanRule['scope']): SellingPlanRule | 'follow' | null {
  if (draft.mode === 'follow') return scope === 'all' ? null : 'follow';
  if (draft.mode === 'none') return { scope, enabled: false, dropSteps: [], relistAfterDays: null, automatic: false };
  // "12,5" in de-DE as "12.5": the percent read in the seller's locale, to the hundredth.
  const typed = readNumberInput(draft.percent, 2);
  const basisPoints = typed.ok && typed.value !== null ? parsePercentBasisPoints(typed.value) : null;
  const [a, b, r] = [days(draft.first), days(draft.second), days(draft.relist)];
  if (basisPoints === null || basisPoints < MIN_DROP_BASIS_POINTS || basisPoints > MAX_DROP_BASIS_POINTS) return null;
  if (a === 'bad' || b === 'bad' || r === 'bad' || r === 0) return null;
  const dropSteps = [a, b].filter((d): d is number => d !== null).map((afterDays) => ({ afterDays, basisPoints }));
  return { scope, enabled: true, dropSteps, relistAfterDays: r, automatic: draft.automatic };
}
