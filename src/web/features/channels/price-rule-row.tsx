import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { noPriceRule, priceRuleLimits, describePriceRule, type PriceRounding } from '@shared/domain/price-rule';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { localDecimalText, readNumberInput } from '@shared/domain/typed-decimal';
import { priceRule, type PriceRuleBody } from '@shared/contracts/assisted';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { usePriceRules, useSetPriceRule } from './assisted/api';
import { tell } from '@/lib/told';

/** In no currency's words: the rule is the channel's, whatever currency its shop prices in. */
const roundingLabels: Record<PriceRounding, string> = {
  none: 'No rounding',
  cents99: 'Round to .99',
  whole: 'Round to whole amounts',
};

const percentProblem = `Enter a percent from ${priceRuleLimits.minPercent} to ${priceRuleLimits.maxPercent}.`;

/**
 * The rule as typed: the contract's, its percent a text read in the seller's locale as amounts are ("-12,5" in de-DE),
 * to the hundredth, then held to the contract's bounds.
 */
const priceRuleFields = priceRule.extend({
  percent: z.string().transform((text, ctx) => {
    const typed = readNumberInput(text, 2);
    const read = priceRule.shape.percent.safeParse(typed.ok && typed.value !== null ? Number(typed.value) : NaN);
    if (read.success) return read.data;
    ctx.addIssue({ code: 'custom', message: percentProblem });
    return z.NEVER;
  }),
});

/** One channel's price rule ("−10% on Etsy"): the percent and the rounding, saved for every item listed there. */
export function PriceRuleRow({ channel, saved }: { channel: Channel; saved: PriceRuleBody }) {
  const name = channelNames[channel];
  const id = useId();
  const notify = useToast();
  const setRule = useSetPriceRule();
  // Checked as typed; the saved rule, when it changes, is shown again.
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(priceRuleFields),
    mode: 'onChange',
    values: { percent: localDecimalText(String(saved.percent)), rounding: saved.rounding },
  });
  const valid = !formState.errors.percent;
  const typed = priceRuleFields.safeParse(watch());
  const changed = typed.success && (typed.data.percent !== saved.percent || typed.data.rounding !== saved.rounding);
  const submit = handleSubmit((rule) =>
    tell(
      setRule,
      { channel, rule },
      {
        onSuccess: () => notify('success', `${name} price rule saved.`),
        onError: (error) => notify('error', `The ${name} price rule was not saved: ${error.message}`),
      },
    ),
  );
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-end sm:gap-4" data-testid={`price-rule-${channel}`}>
      <div className="min-w-0 sm:w-36">
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-xs text-slate-500" data-testid="price-rule-summary">
          {describePriceRule(saved)}
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)}>
        <div className="flex w-28 flex-col gap-1">
          <label htmlFor={`${id}-percent`} className="text-xs font-medium text-slate-700">
            Price change<span className="sr-only"> on {name}</span> (%)
          </label>
          <input
            id={`${id}-percent`}
            // A price change may be negative (−10%): an iPhone's number pads have no minus key.
            inputMode="text"
            className="h-11 w-full rounded-xl border border-slate-300 px-3 text-base sm:text-sm"
            {...register('percent')}
            aria-invalid={!valid || undefined}
            aria-describedby={!valid ? `${id}-error` : undefined}
          />
        </div>
        <div className="flex w-44 flex-col gap-1">
          <label htmlFor={`${id}-rounding`} className="text-xs font-medium text-slate-700">
            Rounding<span className="sr-only"> on {name}</span>
          </label>
          <select
            id={`${id}-rounding`}
            className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base sm:text-sm"
            {...register('rounding')}
          >
            {Object.entries(roundingLabels).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" disabled={!changed} loading={setRule.isPending}>
          Save
        </Button>
        {!valid && (
          <p id={`${id}-error`} className="w-full text-sm text-red-700">
            {formState.errors.percent?.message}
          </p>
        )}
      </form>
    </li>
  );
}

/** The saved price rules of these channels, one row each (a channel with none: no change), read once for the list. */
export function PriceRuleList({ channels }: { channels: readonly Channel[] }) {
  const rules = usePriceRules();
  if (rules.isPending) return <Spinner className="size-5" />;
  if (rules.isError) return <p className="text-sm text-red-700">The price rules could not be loaded: {rules.error.message}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {channels.map((channel) => (
        <PriceRuleRow key={channel} channel={channel} saved={rules.data.rules[channel] ?? noPriceRule} />
      ))}
    </ul>
  );
}
