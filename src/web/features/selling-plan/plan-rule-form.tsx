import { useId, useState } from 'react';
import { ruleSummary, scopeWords, type SellingPlanRule } from '@shared/contracts/selling-plan';
import { channelNames, isChannel } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import { useOfferedChannels } from '@/entities/seller-region/use-offered-channels';
import { useRemovePlanRule, useSellingPlanRules } from './api/selling-plan';
import { draftOf } from './rule-draft';
import { RuleFields, RuleModeSelect, ruleWords } from './rule-fields';
import { usePlanRuleForm } from './use-plan-rule-form';
import { tell } from '@/lib/told';

export { ruleWords } from './rule-fields';

type Scope = SellingPlanRule['scope'];

/** The rule the seller saved last of those this form edits (every listing's and the channels'), else every listing's. */
export function lastEditedScope(rules: readonly SellingPlanRule[] | undefined): Scope {
  const editable = (rules ?? []).filter((rule) => !rule.scope.startsWith('item:') && rule.updatedAt);
  const last = editable.reduce<SellingPlanRule | null>((best, rule) => (!best || rule.updatedAt! > best.updatedAt! ? rule : best), null);
  return last?.scope ?? 'all';
}

/**
 * The seller's rules (decisions 090, 108): the one for every listing, and one per channel ("Etsy: 10% off after 14
 * days", or none there), picked with "Rule for"; below, every rule they have, items' included, to edit or remove.
 * The form opens on the rule saved last (decision 112): a seller back from another page sees the rule they set, not
 * the suggested figures of a rule for every listing they never made.
 */
export function PlanRuleForm() {
  const { rules, save } = useSellingPlanRules();
  const remove = useRemovePlanRule();
  const [picked, setScope] = useState<Scope | null>(null);
  const scope = picked ?? lastEditedScope(rules.data);
  const current = rules.data?.find((rule) => rule.scope === scope);
  const scopeId = useId();
  // The rule's figures, checked by the contract's rule for the scope edited; a figure typed wrong is said in a toast.
  const { register, watch, submit } = usePlanRuleForm({ scope, current, defaultDraft: draftOf(undefined, 'all'), save, remove });
  const mode = watch('mode');
  // The marketplaces the seller can list on from their country, and the one edited whatever it is.
  const offered = useOfferedChannels(isChannel(scope) ? scope : undefined);

  return (
    <section className="flex flex-col gap-3">
      <form
        onSubmit={(event) => void submit(event)}
        className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        aria-label={ruleWords.title}
      >
        <h2 className="font-semibold text-slate-900">{ruleWords.title}</h2>
        <p className="mt-0.5 text-sm text-slate-500">{ruleWords.intro}</p>
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            <label htmlFor={scopeId}>{ruleWords.scope}</label>
            <select
              id={scopeId}
              className="h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base sm:text-sm"
              value={scope}
              onChange={(e) => setScope(e.target.value as Scope)}
            >
              <option value="all">Every listing</option>
              {offered.map((channel) => (
                <option key={channel} value={channel}>
                  {channelNames[channel]}
                </option>
              ))}
            </select>
          </div>
          {scope !== 'all' && <RuleModeSelect register={register} words={ruleWords.modes} />}
        </div>
        {scope === 'all' && !current && rules.isSuccess && (
          <p className="mt-2 text-sm text-slate-500" data-testid="plan-rule-unsaved">
            {ruleWords.noRuleYet}
          </p>
        )}
        {mode === 'own' && (
          <div className="mt-3 flex flex-col gap-3">
            <RuleFields register={register} />
          </div>
        )}
        <div className="mt-3 flex justify-end">
          <Button type="submit" loading={save.isPending || remove.isPending}>
            {ruleWords.save}
          </Button>
        </div>
      </form>
      <RuleList rules={rules.data ?? []} editing={scope} onEdit={setScope} />
    </section>
  );
}

/** Every rule the seller has, most general first, each with what it does; a channel's or an item's can go. */
function RuleList({ rules, editing, onEdit }: { rules: SellingPlanRule[]; editing: Scope; onEdit(scope: Scope): void }) {
  const notify = useToast();
  const { save } = useSellingPlanRules();
  // Undo puts the removed rule back as it was (saving a rule replaces its scope's).
  const putBack = (rule: SellingPlanRule) =>
    tell(save, [rule], { onSuccess: () => notify('success', ruleWords.restored), onError: (err) => notify('error', err.message) });
  const remove = useRemovePlanRule({
    onSuccess: (_answer, { rule }) =>
      notify('success', ruleWords.removed, rule && { label: ruleWords.undo, onAction: () => putBack(rule) }),
    onError: (err) => notify('error', err.message),
  });
  if (!rules.length) return null;
  const order = (scope: Scope) => (scope === 'all' ? 0 : scope.startsWith('item:') ? 2 : 1);
  const sorted = [...rules].sort((a, b) => order(a.scope) - order(b.scope));
  return (
    <section aria-label={ruleWords.rules} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 className="font-semibold text-slate-900">{ruleWords.rules}</h2>
      <ul className="mt-2 flex flex-col divide-y divide-slate-100" data-testid="plan-rules">
        {sorted.map((rule) => {
          const item = rule.scope.startsWith('item:');
          const who = item ? `Item ${rule.sku ?? ''}`.trim() : scopeWords(rule.scope);
          return (
            <li
              key={rule.scope}
              className="flex flex-wrap items-center gap-2 py-2"
              data-testid="plan-rule"
              data-scope={rule.scope}
              data-editing={rule.scope === editing || undefined}
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">
                  {who}
                  {rule.scope === editing && (
                    <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                      {ruleWords.inForm}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-600">{ruleSummary(rule)}</p>
              </div>
              {!item && (
                <Button variant="secondary" size="md" onClick={() => onEdit(rule.scope)} aria-label={`${ruleWords.edit} ${who}`}>
                  {ruleWords.edit}
                </Button>
              )}
              {rule.scope !== 'all' && (
                <Button
                  variant="ghost"
                  size="md"
                  aria-label={`${ruleWords.remove} ${who}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ scope: rule.scope, rule })}
                >
                  {ruleWords.remove}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
