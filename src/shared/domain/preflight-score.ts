/**
 * The pre-flight score of one channel: whether the marketplace would take the listing as it is, predicted
 * from its documented rules. Red: a rule names something it would refuse (each reason says what to fix). Amber: its
 * rules could not be checked (not connected, or it did not answer), or only advice remains. Green: every rule checked
 * and passed. Any rule's problems count, whichever file states the rule.
 */
export const PREFLIGHT_SCORES = ['green', 'amber', 'red'] as const;
export type PreflightScore = (typeof PREFLIGHT_SCORES)[number];

export interface PreflightScoreInput {
  /** The marketplace's rules were read and run. */
  checked: boolean;
  /** Why they were not, in the seller's words (null: not connected, or they ran). */
  unavailable: string | null;
  /** What the marketplace would refuse: the account's blockers and the listing's problems, each in the seller's words. */
  refusals: string[];
  /** What it would take but advises against. */
  advice?: string[];
}

export interface ScoredPreflight {
  score: PreflightScore;
  reasons: string[];
}

export const preflightScoreMessages = {
  notChecked: (name: string) => `${name}'s rules were not checked: connect ${name} to see whether it would take this listing`,
  green: (name: string) => `${name} should take this listing as it is`,
} as const;

export function preflightScoreOf(name: string, input: PreflightScoreInput): ScoredPreflight {
  const refusals = [...new Set(input.refusals)];
  if (refusals.length > 0) return { score: 'red', reasons: refusals };
  if (!input.checked) return { score: 'amber', reasons: [input.unavailable ?? preflightScoreMessages.notChecked(name)] };
  if (input.advice?.length) return { score: 'amber', reasons: [...new Set(input.advice)] };
  return { score: 'green', reasons: [] };
}
