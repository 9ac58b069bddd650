import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { SellingPlanRule } from '@shared/contracts/selling-plan';
import { useToast } from '@/components/toast';
import type { useRemovePlanRule, useSellingPlanRules } from './api/selling-plan';
import { draftInvalid, draftOf, ruleDraftSchema } from './rule-draft';
import { ruleWords } from './rule-fields';
import { tell } from '@/lib/told';

/**
 * The form of one scope's drops and relists: its saved rule read back into the draft whenever it (or the scope)
 * changes, checked by the contract's rule for the scope on Save (a figure typed wrong is said in a toast); "follow"
 * removes the scope's own rule, so the general one applies.
 */
export function usePlanRuleForm({
  scope,
  current,
  defaultDraft,
  save,
  remove,
}: {
  scope: SellingPlanRule['scope'];
  current: SellingPlanRule | undefined;
  defaultDraft: ReturnType<typeof draftOf>;
  save: ReturnType<typeof useSellingPlanRules>['save'];
  remove: ReturnType<typeof useRemovePlanRule>;
}) {
  const notify = useToast();
  const form = useForm({
    resolver: zodResolver(ruleDraftSchema(scope)),
    defaultValues: defaultDraft,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { reset, handleSubmit } = form;
  useEffect(() => reset(draftOf(current, scope)), [current, scope, reset]);

  const submit = handleSubmit(
    (rule) => {
      const done = { onSuccess: () => notify('success', ruleWords.saved), onError: (err: Error) => notify('error', err.message) };
      if (rule === 'follow') {
        if (current) tell(remove, { scope }, done);
        else notify('success', ruleWords.saved);
        return;
      }
      tell(save, [rule], done);
    },
    () => notify('error', draftInvalid),
  );
  return { ...form, submit };
}
