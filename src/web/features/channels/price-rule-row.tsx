import { useEffect, useId, useState } from 'react';
import { priceRuleLimits, describePriceRule, type PriceRounding } from '@shared/domain/price-rule';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { localDecimalText, readNumberInput } from '@shared/domain/typed-decimal';
import type { PriceRuleBody } from '@shared/contracts/assisted';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import { useSetPriceRule } from './assisted/api';

/** In no currency's words: the rule is the channel's, whatever currency its shop prices in. */
const roundingLabels: Record<PriceRounding, string> = { none: 'Keep cents', cents99: 'Round to .99', whole: 'Round to whole amounts' };

/** One channel's price rule ("−10% on Etsy"): the percent and the rounding, saved for every item listed there. */
export function PriceRuleRow({ channel, saved }: { channel: Channel; saved: PriceRuleBody }) {
  const name = channelNames[channel];
  const id = useId();
  const notify = useToast();
  const setRule = useSetPriceRule();
  const [percent, setPercent] = useState(localDecimalText(String(saved.percent)));
  const [rounding, setRounding] = useState<PriceRounding>(saved.rounding);
  useEffect(() => {
    setPercent(localDecimalText(String(saved.percent)));
    setRounding(saved.rounding);
  }, [saved.percent, saved.rounding]);
  // A percent, not an amount: read in the seller's locale as amounts are ("-12,5" in de-DE), to the hundredth.
  const typed = readNumberInput(percent, 2);
  const value = typed.ok && typed.value !== null ? Number(typed.value) : NaN;
  const valid = value >= priceRuleLimits.minPercent && value <= priceRuleLimits.maxPercent;
  const changed = valid && (value !== saved.percent || rounding !== saved.rounding);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-end sm:gap-4" data-testid={`price-rule-${channel}`}>
      <div className="min-w-0 sm:w-36">
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-xs text-slate-500" data-testid="price-rule-summary">
          {describePriceRule(saved)}
        </p>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          setRule.mutate(
            { channel, rule: { percent: value, rounding } },
            {
              onSuccess: () => notify('success', `${name} price rule saved.`),
              onError: (error) => notify('error', `The ${name} price rule was not saved: ${error.message}`),
            },
          );
        }}
      >
        <div className="flex w-28 flex-col gap-1">
          <label htmlFor={`${id}-percent`} className="text-xs font-medium text-slate-700">
            Price change<span className="sr-only"> on {name}</span> (%)
          </label>
          <input
            id={`${id}-percent`}
            inputMode="decimal"
            className="h-11 w-full rounded-xl border border-slate-300 px-3 text-base sm:text-sm"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
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
            value={rounding}
            onChange={(e) => setRounding(e.target.value as PriceRounding)}
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
            Enter a percent from {priceRuleLimits.minPercent} to {priceRuleLimits.maxPercent}.
          </p>
        )}
      </form>
    </li>
  );
}
