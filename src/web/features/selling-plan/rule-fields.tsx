import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { RuleDraft } from './rule-draft';

export const ruleWords = {
  title: 'Your drops and relists',
  intro:
    'Never below your floor. Items with no cost get no drop. An item’s own rule comes first, then its channel’s, then the one for every listing.',
  scope: 'Rule for',
  mode: 'What happens',
  modes: { follow: 'Follow my rule for every listing', own: 'Its own rule', none: 'No drops or relists' },
  itemModes: { follow: 'Follow my rules', own: 'Its own rule', none: 'No drops or relists for this item' },
  percent: 'Drop by (%)',
  first: 'First drop after (days listed)',
  second: 'Again after (days, optional)',
  relist: 'Relist after (days without a sale, optional)',
  automatic: 'Apply without asking me',
  predicted: 'Time the first drop to its predicted days to sale',
  predictedHint:
    'On each marketplace, the first drop comes when the listing passes its predicted days to sale there, the next after the same gap. Where there are too few of your sales to predict, your fixed days apply, and the plan says so.',
  save: 'Save rule',
  saved: 'Rule saved: the plan is worked out again.',
  removed: 'Rule removed: the next rule applies.',
  undo: 'Undo',
  restored: 'Rule put back: the plan is worked out again.',
  rules: 'Your rules',
  noRuleYet: 'You have no rule for every listing yet: these figures are a suggestion until you save them.',
  inForm: 'In the form',
  edit: 'Edit',
  remove: 'Remove',
} as const;

const field = 'h-11 w-full rounded-xl border border-slate-300 px-3 text-base sm:text-sm';

/** The "what happens" choice of a channel's or an item's rule. */
export function RuleModeSelect({ register, words }: { register: UseFormRegister<RuleDraft>; words: Record<RuleDraft['mode'], string> }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      <label htmlFor={id}>{ruleWords.mode}</label>
      <select id={id} className={`${field} bg-white`} {...register('mode')}>
        {(['follow', 'own', 'none'] as const).map((mode) => (
          <option key={mode} value={mode}>
            {words[mode]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The drop's percent, then the days: to the first drop, to the second, to the relist. */
const figures = ['percent', 'first', 'second', 'relist'] as const;

/** A rule's own figures: the drop, when, again, the relist and whether it applies without asking. */
export function RuleFields({ register }: { register: UseFormRegister<RuleDraft> }) {
  const hintId = useId();
  return (
    <>
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <label key={figure} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {ruleWords[figure]}
            <input className={field} inputMode={figure === 'percent' ? 'decimal' : 'numeric'} {...register(figure)} />
          </label>
        ))}
      </div>
      <div className="flex flex-col gap-0.5">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-5 accent-indigo-600" aria-describedby={hintId} {...register('predicted')} />
          {ruleWords.predicted}
        </label>
        <p id={hintId} className="pl-7 text-xs text-slate-500">
          {ruleWords.predictedHint}
        </p>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="size-5 accent-indigo-600" {...register('automatic')} />
        {ruleWords.automatic}
      </label>
    </>
  );
}
