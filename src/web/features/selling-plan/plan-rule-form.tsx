import { useEffect, useState, type FormEvent } from 'react';
import type { SellingPlanRule } from '@shared/contracts/selling-plan';
import { basisPointsText, parsePercentBasisPoints } from '@shared/domain/profit-floor';
import { Button } from '../../components/button';
import { useToast } from '../../components/toast';
import { useSellingPlanRules } from './api/selling-plan';

export const ruleWords = {
  title: 'Your drops and relists',
  intro: 'For every live listing, never below your floor. Items with no cost get no drop.',
  percent: 'Drop by (%)',
  first: 'First drop after (days listed)',
  second: 'Again after (days, optional)',
  relist: 'Relist after (days without a sale, optional)',
  automatic: 'Apply without asking me',
  save: 'Save rule',
  saved: 'Rule saved: the plan is worked out again.',
  invalid: 'Check the figures: a percent from 1 to 50, days as whole numbers.',
} as const;

const dayText = (days: number | null | undefined) => (days === null || days === undefined ? '' : String(days));
const days = (text: string): number | null | 'bad' => {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 365 ? value : 'bad';
};

/** The seller-wide rule (per channel and per item rules go through the API: scope). */
export function PlanRuleForm() {
  const { rules, save } = useSellingPlanRules();
  const notify = useToast();
  const current = rules.data?.find((rule) => rule.scope === 'all');
  const [percent, setPercent] = useState('10');
  const [first, setFirst] = useState('14');
  const [second, setSecond] = useState('28');
  const [relist, setRelist] = useState('');
  const [automatic, setAutomatic] = useState(false);

  useEffect(() => {
    if (!current) return;
    setPercent(basisPointsText(current.dropSteps[0]?.basisPoints ?? 1000));
    setFirst(dayText(current.dropSteps[0]?.afterDays));
    setSecond(dayText(current.dropSteps[1]?.afterDays));
    setRelist(dayText(current.relistAfterDays));
    setAutomatic(current.automatic);
  }, [current]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const basisPoints = parsePercentBasisPoints(percent);
    const [a, b, r] = [days(first), days(second), days(relist)];
    if (basisPoints === null || basisPoints < 100 || basisPoints > 5000 || a === 'bad' || b === 'bad' || r === 'bad' || r === 0) {
      notify('error', ruleWords.invalid);
      return;
    }
    const steps = [a, b].filter((d): d is number => d !== null).map((afterDays) => ({ afterDays, basisPoints }));
    const rule: SellingPlanRule = { scope: 'all', enabled: true, dropSteps: steps, relistAfterDays: r, automatic };
    save.mutate([rule], { onSuccess: () => notify('success', ruleWords.saved), onError: (err) => notify('error', err.message) });
  }

  const field = 'h-11 w-full rounded-xl border border-slate-300 px-3 text-base sm:text-sm';
  return (
    <form onSubmit={submit} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" aria-label={ruleWords.title}>
      <h2 className="font-semibold text-slate-900">{ruleWords.title}</h2>
      <p className="mt-0.5 text-sm text-slate-500">{ruleWords.intro}</p>
      <div className="mt-3 grid grid-cols-2 items-end gap-3 sm:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {ruleWords.percent}
          <input className={field} inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {ruleWords.first}
          <input className={field} inputMode="numeric" value={first} onChange={(e) => setFirst(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {ruleWords.second}
          <input className={field} inputMode="numeric" value={second} onChange={(e) => setSecond(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {ruleWords.relist}
          <input className={field} inputMode="numeric" value={relist} onChange={(e) => setRelist(e.target.value)} />
        </label>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-5 accent-indigo-600"
            checked={automatic}
            onChange={(e) => setAutomatic(e.target.checked)}
          />
          {ruleWords.automatic}
        </label>
        <Button type="submit" loading={save.isPending}>
          {ruleWords.save}
        </Button>
      </div>
    </form>
  );
}
