import { toDecimal } from '@shared/domain/money';
import { parsePriceInput } from '@shared/domain/price-input';
import { autopilotLimits, autopilotRule, type AutopilotPriceBasis, type AutopilotRule } from '@shared/contracts/autopilot';
import type { ApiChannel } from '@shared/domain/channel-listing';

/** The price rule as the form holds it: the seller's text for the numbers. */
export interface RuleDraft {
  channels: ApiChannel[];
  priceBasis: AutopilotPriceBasis;
  percent: string;
  floor: string;
}

export const ruleErrors = {
  percent: `Type a whole percent between ${autopilotLimits.minPercent} and ${autopilotLimits.maxPercent}`,
  floor: 'Type the floor price in dollars, like 15 or 12.50, or leave it empty',
  channels: 'Choose at least one connected marketplace',
} as const;

/** The form's start: a saved rule, keeping only the marketplaces connected now. */
export function draftOf(rule: AutopilotRule, connected: readonly ApiChannel[]): RuleDraft {
  return {
    channels: rule.channels.filter((channel) => connected.includes(channel)),
    priceBasis: rule.priceBasis,
    percent: String(rule.percent),
    floor: rule.floor === null ? '' : rule.floor.toFixed(2),
  };
}

/** A dollar amount typed by the seller ("$12.5", "12,50"), in cents precision; null when it is not one. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(',', '.').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const parsed = parsePriceInput(cleaned);
  return parsed && toDecimal(parsed);
}

/** The rule the server takes, or what to fix first. */
export function ruleOf(draft: RuleDraft): { rule: AutopilotRule } | { error: string } {
  if (!draft.channels.length) return { error: ruleErrors.channels };
  const percentText = draft.percent.trim().replace(/^\+/, '').replace(/%$/, '');
  const percent = draft.priceBasis === 'ai' && !percentText ? 0 : Number(percentText);
  if (!/^-?\d+$/.test(percentText || '0') || percent < autopilotLimits.minPercent || percent > autopilotLimits.maxPercent) {
    return { error: ruleErrors.percent };
  }
  let floor: number | null = null;
  if (draft.floor.trim()) {
    floor = parseDollars(draft.floor);
    if (floor === null) return { error: ruleErrors.floor };
  }
  const parsed = autopilotRule.safeParse({ channels: draft.channels, priceBasis: draft.priceBasis, percent, floor });
  return parsed.success ? { rule: parsed.data } : { error: parsed.error.issues[0]?.message ?? ruleErrors.channels };
}

/** "eBay at the AI's price, never under $15.00" — the rule in one line. */
export function describeRule(rule: Pick<AutopilotRule, 'priceBasis' | 'percent' | 'floor'>): string {
  const price =
    rule.priceBasis === 'ai'
      ? "the AI's price"
      : rule.percent === 0
        ? 'the median of comparable listings'
        : `the median of comparable listings ${rule.percent > 0 ? 'plus' : 'minus'} ${Math.abs(rule.percent)}%`;
  return rule.floor === null ? `At ${price}` : `At ${price}, never under $${rule.floor.toFixed(2)}`;
}
