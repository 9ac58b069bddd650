import { z } from 'zod';
import { dropStep, sellingPlanRule, type SellingPlanRule } from '@shared/contracts/selling-plan';
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
  /** The drops moved to the listing's predicted days to sale (decision 152). */
  predicted: boolean;
}

export const emptyDraft: RuleDraft = {
  mode: 'own',
  percent: '10',
  first: '14',
  second: '28',
  relist: '',
  automatic: false,
  predicted: false,
};

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
    predicted: rule.dropTiming === 'predicted',
  };
}

export const draftInvalid = 'Check the figures: a percent from 1 to 50, days as whole numbers.';

/** A day count as typed: null when empty, else the number the contract checks (a text that is none is NaN, refused). */
const days = (text: string): number | null => (text.trim() ? Number(text) : null);

/**
 * The form's check (the resolver of both rule forms): the draft read into the rule it saves, or `follow` (the rule
 * goes), by the contract's own rules (`sellingPlanRule`). The percent is a drop step's even when no day is typed, so a
 * percent typed wrong is refused, never dropped. "No drops or relists" is a rule that is off: the most specific rule
 * found applies, so nothing more general reaches the channel or item.
 */
export function ruleDraftSchema(scope: SellingPlanRule['scope']) {
  return z
    .object({
      mode: z.enum(['follow', 'own', 'none']),
      percent: z.string(),
      first: z.string(),
      second: z.string(),
      relist: z.string(),
      automatic: z.boolean(),
      predicted: z.boolean(),
    })
    .transform((draft, ctx): SellingPlanRule | 'follow' => {
      if (draft.mode === 'follow') {
        if (scope !== 'all') return 'follow';
        // The rule for every listing has nothing more general to follow.
        ctx.addIssue({ code: 'custom', path: ['mode'], message: draftInvalid });
        return z.NEVER;
      }
      if (draft.mode === 'none') return { scope, enabled: false, dropSteps: [], relistAfterDays: null, automatic: false };
      // "12,5" in de-DE as "12.5": the percent read in the seller's locale, to the hundredth.
      const typed = readNumberInput(draft.percent, 2);
      const basisPoints = typed.ok && typed.value !== null ? parsePercentBasisPoints(typed.value) : null;
      if (basisPoints === null || !dropStep.shape.basisPoints.safeParse(basisPoints).success) {
        ctx.addIssue({ code: 'custom', path: ['percent'], message: draftInvalid });
        return z.NEVER;
      }
      const dropSteps = [days(draft.first), days(draft.second)]
        .filter((afterDays) => afterDays !== null)
        .map((afterDays) => ({ afterDays, basisPoints }));
      return {
        scope,
        enabled: true,
        dropSteps,
        relistAfterDays: days(draft.relist),
        automatic: draft.automatic,
        // Absent is fixed (the server saves it so).
        ...(draft.predicted ? { dropTiming: 'predicted' as const } : {}),
      };
    })
    .pipe(z.union([z.literal('follow'), sellingPlanRule]));
}

/** The rule the draft saves, `follow` (the rule goes), or null when a figure is wrong. */
export function ruleOfDraft(draft: RuleDraft, scope: SellingPlanRule['scope']): SellingPlanRule | 'follow' | null {
  const read = ruleDraftSchema(scope).safeParse(draft);
  return read.success ? read.data : null;
}
