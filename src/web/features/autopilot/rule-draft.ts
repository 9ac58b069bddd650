import { z } from 'zod';
import { defaultCurrency, formatMoney } from '@shared/domain/money';
import { describePricingOrder } from '@shared/domain/channel-price';
import { moneyInputMessages, moneyInputText } from '@shared/domain/money-input';
import {
  autopilotLimits,
  autopilotPriceBases,
  autopilotRule,
  type AutopilotPriceBasis,
  type AutopilotRule,
} from '@shared/contracts/autopilot';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import { typedAmount } from '@/lib/forms/money-schema';

/** The price rule as the form holds it: the seller's text for the numbers. */
export interface RuleDraft {
  channels: ApiChannel[];
  priceBasis: AutopilotPriceBasis;
  percent: string;
  floor: string;
  /** The floor's currency: the seller's (their region's; the server refuses another), else the saved floor's. */
  currency: string;
}

/** The rule's fields as a form holds them: the currency is the form's, read once when it opens. */
export type RuleFieldValues = Omit<RuleDraft, 'currency'>;

/** The rule's fields as typed, before they are read and checked (`ruleDraftSchema`). */
export const typedRuleDraft = z.object({
  channels: z.array(z.enum(apiChannels)),
  priceBasis: z.enum(autopilotPriceBases),
  percent: z.string(),
  floor: z.string(),
});

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

/** A whole percent as typed ("+5", "-10%"; empty is 0), else NaN: the contract's rule refuses it. */
const typedPercent = (typed: string) => {
  const text = typed.trim().replace(/^\+/, '').replace(/%$/, '');
  return /^-?\d+$/.test(text || '0') ? Number(text) : Number.NaN;
};

/**
 * The form's check (the resolver of both sheets): the draft read into the rule the server takes, by the contract's own
 * rules (`autopilotRule`), the floor typed in the seller's locale and read in `currency`.
 */
export function ruleDraftSchema(currency: string) {
  return z
    .object({
      channels: autopilotRule.shape.channels,
      priceBasis: autopilotRule.shape.priceBasis,
      percent: z.string().transform(typedPercent).pipe(autopilotRule.shape.percent),
      floor: typedAmount(currency),
    })
    .pipe(autopilotRule);
}

/** A field's error as a form holds it: its message, or (the contract's floor) its amount's. */
interface FieldProblem {
  message?: string;
  amountMinor?: { message?: string };
}

/**
 * What to fix first, in the sheet's one message: the marketplaces, the percent, then the floor (finer than a cent, or
 * negative: said as it is; anything else that is no amount asks for one).
 */
export function ruleProblem(errors: Partial<Record<keyof RuleFieldValues, FieldProblem>>): string | null {
  if (errors.channels) return ruleErrors.channels;
  if (errors.percent) return ruleErrors.percent;
  if (errors.floor) {
    const message = errors.floor.message ?? errors.floor.amountMinor?.message;
    return !message || message === moneyInputMessages.notAmount ? ruleErrors.floor : message;
  }
  return errors.priceBasis?.message ?? null;
}

/** The rule the server takes, or what to fix first. */
export function ruleOf(draft: RuleDraft): { rule: AutopilotRule } | { error: string } {
  const read = ruleDraftSchema(draft.currency).safeParse(draft);
  if (read.success) return { rule: read.data };
  // Each field's first message, as the form's resolver gives it.
  const { fieldErrors } = z.flattenError(read.error);
  const errors = Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, { message: messages?.[0] }]));
  return { error: ruleProblem(errors) ?? ruleErrors.channels };
}

/**
 * "At the AI's price, else your price list, else the median of comparable listings, never under £15.00" — the rule in
 * one line, naming what prices a product in the order `channelPrice` takes them.
 */
export function describeRule(rule: Pick<AutopilotRule, 'priceBasis' | 'percent' | 'floor'>): string {
  const price = describePricingOrder({ basis: rule.priceBasis, percent: rule.percent });
  return rule.floor === null ? `At ${price}` : `At ${price}, never under ${formatMoney(rule.floor)}`;
}
