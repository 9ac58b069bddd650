import { defaultCurrency, formatMoney } from '@shared/domain/money';
import { describePricingOrder } from '@shared/domain/channel-price';
import { moneyInputMessages, moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { autopilotLimits, autopilotRule, type AutopilotPriceBasis, type AutopilotRule } from '@shared/contracts/autopilot';
import type { ApiChannel } from '@shared/domain/channel-listing';

/** The price rule as the form holds it: the seller's text for the numbers. */
export interface RuleDraft {
  channels: ApiChannel[];
  priceBasis: AutopilotPriceBasis;
  percent: string;
  floor: string;
  /** The floor's currency: the seller's (their region's; the server refuses another), else the saved floor's. */
  currency: string;
}

export const ruleErrors = {
  percent: `Type a whole percent between ${autopilotLimits.minPercent} and ${autopilotLimits.maxPercent}`,
  floor: 'Type the floor price, like 15 or 12.50, or leave it empty',
  channels: 'Choose at least one connected marketplace',
} as const;

/**
 * The form's start: a saved rule, keeping only the marketplaces connected now, its floor typed in the seller's currency
 * (a floor saved in another, before the seller's country changed, is left for them to type again: never converted).
 */
export function draftOf(rule: AutopilotRule, connected: readonly ApiChannel[], sellerCurrency?: string): RuleDraft {
  const currency = sellerCurrency ?? rule.floor?.currency ?? defaultCurrency;
  return {
    channels: rule.channels.filter((channel) => connected.includes(channel)),
    priceBasis: rule.priceBasis,
    percent: String(rule.percent),
    floor: rule.floor?.currency === currency ? moneyInputText(rule.floor) : '',
    currency,
  };
}

/** The rule the server takes, or what to fix first. */
export function ruleOf(draft: RuleDraft): { rule: AutopilotRule } | { error: string } {
  if (!draft.channels.length) return { error: ruleErrors.channels };
  const percentText = draft.percent.trim().replace(/^\+/, '').replace(/%$/, '');
  const percent = draft.priceBasis === 'ai' && !percentText ? 0 : Number(percentText);
  if (!/^-?\d+$/.test(percentText || '0') || percent < autopilotLimits.minPercent || percent > autopilotLimits.maxPercent) {
    return { error: ruleErrors.percent };
  }
  const floor = readMoneyInput(draft.floor, draft.currency);
  // Finer than a cent, or negative: said as it is; anything else that is no amount asks for one.
  if (!floor.ok) return { error: floor.message === moneyInputMessages.notAmount ? ruleErrors.floor : floor.message };
  const parsed = autopilotRule.safeParse({ channels: draft.channels, priceBasis: draft.priceBasis, percent, floor: floor.value });
  return parsed.success ? { rule: parsed.data } : { error: parsed.error.issues[0]?.message ?? ruleErrors.channels };
}

/**
 * "At the AI's price, else your price list, else the median of comparable listings, never under £15.00" — the rule in
 * one line, naming what prices a product in the order `channelPrice` takes them.
 */
export function describeRule(rule: Pick<AutopilotRule, 'priceBasis' | 'percent' | 'floor'>): string {
  const price = describePricingOrder({ basis: rule.priceBasis, percent: rule.percent });
  return rule.floor === null ? `At ${price}` : `At ${price}, never under ${formatMoney(rule.floor)}`;
}
