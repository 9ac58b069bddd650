import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { autopilotSettingsBody, type AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { Alert } from '@/components/alert';
import { Sheet, SheetFormFooter, SheetHeader } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAutopilotSettings, useSaveAutopilotSettings } from './api/autopilot-settings';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { useConnectedChannels } from './connected-channels';
import { draftOf, describeRule, typedRuleDraft, ruleDraftSchema, ruleProblem, type RuleDraft } from './rule-draft';
import { RuleFields } from './rule-fields';
import { tell } from '@/lib/told';

export const settingsWords = {
  title: 'Publish when ready',
  description: 'Each product goes from photos to a live listing by itself. Anything not right waits for you.',
  switchLabel: 'Publish every new product when ready',
  switchOn: 'On: each new product you upload is written, checked and published by itself.',
  switchOff: 'Off: new products wait for you. You can still choose products on the dashboard.',
  save: 'Save',
  loadFailed: 'Could not load the autopilot settings. Please try again.',
  saveFailed: 'Could not save the autopilot settings. Please try again.',
  savedOn: (rule: string) => `Autopilot is on. ${rule}.`,
  savedOff: 'Autopilot is off for new products.',
  holdWithoutCost: 'Hold products without a cost',
  holdWithoutCostNote:
    'Without a cost the profit is unknown. On: such products wait for you. Off: they go out at your rule’s price, marked “profit unknown”.',
} as const;

/**
 * The sheet's check, as the contract's body (`autopilotSettingsBody`): the switch, holding products without a cost,
 * and the rule (`ruleDraftSchema`, its floor in `currency`). Turning it off needs no valid rule: the saved one is kept as
 * it is.
 */
function settingsFields(currency: string, saved: AutopilotSettingsBody) {
  return typedRuleDraft
    .extend({ enabled: z.boolean(), holdWithoutCost: z.boolean() })
    .transform(({ enabled, holdWithoutCost, ...draft }, ctx): z.input<typeof autopilotSettingsBody> => {
      const rule = ruleDraftSchema(currency).safeParse(draft);
      if (rule.success) return { ...rule.data, enabled, holdWithoutCost };
      if (!enabled) return { ...saved, enabled, holdWithoutCost };
      for (const issue of rule.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    })
    .pipe(autopilotSettingsBody);
}

/** "Publish when ready" as the default for new products: the switch, the channels and the price rule. */
export function AutopilotSettingsSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const settings = useAutopilotSettings();
  const { connections, connected, loading } = useConnectedChannels();
  // The floor is typed in the seller's currency (the server refuses another).
  const region = useSellerRegion();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title={settingsWords.title} description={settingsWords.description} />
      {settings.isError ? (
        <div className="p-4 sm:p-6">
          <Alert tone="error">{settingsWords.loadFailed}</Alert>
        </div>
      ) : !settings.data || loading ? (
        <div className="flex justify-center py-12 text-indigo-600">
          <Spinner className="size-6" label="Loading the autopilot settings" />
        </div>
      ) : (
        <SettingsForm
          saved={settings.data}
          initialDraft={draftOf(settings.data, connected, region.data?.currency)}
          connections={connections}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Sheet>
  );
}

function SettingsForm({
  saved,
  initialDraft,
  connections,
  onDone,
}: {
  saved: AutopilotSettingsBody;
  initialDraft: RuleDraft;
  connections: ReturnType<typeof useConnectedChannels>['connections'];
  onDone(): void;
}) {
  // The floor's currency, as the sheet opened (the seller's; the server refuses another).
  const [{ currency, ...draft }] = useState(initialDraft);
  const form = useForm({
    resolver: zodResolver(settingsFields(currency, saved)),
    defaultValues: { ...draft, enabled: saved.enabled, holdWithoutCost: saved.holdWithoutCost ?? false },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field: enabled } = useController({ control: form.control, name: 'enabled' });
  const save = useSaveAutopilotSettings();
  const notify = useToast();
  const failed =
    save.error &&
    (save.error instanceof ApiError && save.error.status < 500 && save.error.status > 0 ? save.error.message : settingsWords.saveFailed);
  const error = ruleProblem(form.formState.errors) ?? failed;

  const submit = form.handleSubmit((body) =>
    tell(save, body, {
      onSuccess: (answer) => {
        notify('success', answer.enabled ? settingsWords.savedOn(describeRule(answer)) : settingsWords.savedOff);
        onDone();
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form className="flex min-h-0 flex-1 flex-col" onSubmit={(event) => void submit(event)}>
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-4 sm:px-6" data-testid="autopilot-settings">
          <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <div className="min-w-0 flex-1">
              {/* A label, so a tap on the words turns the switch as a tap on it does. */}
              <label
                id="autopilot-default-label"
                htmlFor="autopilot-default-switch"
                className="block cursor-pointer text-sm font-semibold text-slate-900"
              >
                {settingsWords.switchLabel}
              </label>
              <p id="autopilot-default-note" className="text-xs text-slate-600">
                {enabled.value ? settingsWords.switchOn : settingsWords.switchOff}
              </p>
            </div>
            <button
              id="autopilot-default-switch"
              type="button"
              role="switch"
              aria-checked={enabled.value}
              aria-labelledby="autopilot-default-label"
              aria-describedby="autopilot-default-note"
              onClick={() => enabled.onChange(!enabled.value)}
              className={cn(
                'relative inline-flex h-11 w-16 shrink-0 items-center rounded-full p-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                enabled.value ? 'bg-indigo-600' : 'bg-slate-300',
              )}
            >
              <span className={cn('size-9 rounded-full bg-white shadow transition-transform', enabled.value && 'translate-x-5')} />
            </button>
          </div>
          <RuleFields connections={connections} currency={currency} />
          <div className="text-sm text-slate-800">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-indigo-600"
                {...form.register('holdWithoutCost')}
                aria-describedby="autopilot-hold-note"
              />
              {settingsWords.holdWithoutCost}
            </label>
            <p id="autopilot-hold-note" className="pl-8 text-xs text-slate-600">
              {settingsWords.holdWithoutCostNote}
            </p>
          </div>
          {error && (
            <Alert tone="error" reveal>
              {error}
            </Alert>
          )}
        </div>
        <SheetFormFooter submit={settingsWords.save} pending={save.isPending} onCancel={onDone} submitTestId="autopilot-settings-save" />
      </form>
    </FormProvider>
  );
}
