import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { autopilotItemsResponse } from '@shared/contracts/autopilot';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Sheet, SheetFooter, SheetFormFooter, SheetHeader } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useAddAutopilotItems } from './api/add-autopilot-items';
import { useAutopilotSettings } from './api/autopilot-settings';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { useConnectedChannels } from './connected-channels';
import { draftOf, ruleDraftSchema, ruleProblem, type RuleDraft } from './rule-draft';
import { RuleFields } from './rule-fields';
import { tell } from '@/lib/told';

type AddedAnswer = z.infer<typeof autopilotItemsResponse>;

const products = (count: number) => `${count} product${count === 1 ? '' : 's'}`;

export const batchWords = {
  title: 'Publish when ready',
  selected: (count: number) => `${products(count)} selected`,
  submit: (count: number) => `Publish ${products(count)} when ready`,
  added: (count: number) =>
    count ? `${products(count)} on autopilot: each goes live as soon as it is ready.` : 'No product went on autopilot.',
  refused: (count: number) => `${products(count)} could not go on autopilot:`,
  failed: 'The products could not be put on autopilot. Please try again.',
  loadFailed: 'Could not load the autopilot settings. Please try again.',
} as const;

interface AutopilotBatchSheetProps {
  /** The products (one from a card's menu, many from the select bar). */
  itemIds: string[];
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After the answer (the select bar keeps the refused products selected). */
  onAdded?(answer: AddedAnswer): void;
}

/** "Publish when ready" for chosen products: the channels and price rule (the default's to start with), then the answer. */
export function AutopilotBatchSheet({ itemIds, open, onOpenChange, onAdded }: AutopilotBatchSheetProps) {
  const settings = useAutopilotSettings();
  const { connections, connected, loading } = useConnectedChannels();
  // The floor is typed in the seller's currency (the server refuses another).
  const region = useSellerRegion();
  const [answer, setAnswer] = useState<AddedAnswer | null>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title={batchWords.title} description={batchWords.selected(itemIds.length)} />
      {answer ? (
        <>
          <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-6">
            <Outcome answer={answer} />
          </div>
          <SheetFooter layout="end">
            <Button className="w-full sm:w-auto" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </SheetFooter>
        </>
      ) : settings.isError ? (
        <div className="p-4 sm:p-6">
          <Alert tone="error">{batchWords.loadFailed}</Alert>
        </div>
      ) : !settings.data || loading || region.isPending ? (
        <div className="flex justify-center py-12 text-indigo-600">
          <Spinner className="size-6" label="Loading the autopilot settings" />
        </div>
      ) : (
        <BatchForm
          itemIds={itemIds}
          initialDraft={draftOf(settings.data, connected, region.data?.currency)}
          connections={connections}
          onCancel={() => onOpenChange(false)}
          onAnswer={(result) => {
            setAnswer(result);
            onAdded?.(result);
          }}
        />
      )}
    </Sheet>
  );
}

function BatchForm({
  itemIds,
  initialDraft,
  connections,
  onCancel,
  onAnswer,
}: {
  itemIds: string[];
  initialDraft: RuleDraft;
  connections: ReturnType<typeof useConnectedChannels>['connections'];
  onCancel(): void;
  onAnswer(answer: AddedAnswer): void;
}) {
  // The floor's currency, as the sheet opened (the seller's; the server refuses another).
  const [{ currency, ...draft }] = useState(initialDraft);
  // The rule as `autopilotItemsBody` takes it (its `rule` is the contract's `autopilotRule`).
  const form = useForm({
    resolver: zodResolver(ruleDraftSchema(currency)),
    defaultValues: draft,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const add = useAddAutopilotItems();
  const failed =
    add.error && (add.error instanceof ApiError && add.error.status < 500 && add.error.status > 0 ? add.error.message : batchWords.failed);
  const error = ruleProblem(form.formState.errors) ?? failed;
  const submit = form.handleSubmit((rule) => tell(add, { itemIds, rule }, { onSuccess: onAnswer }));

  return (
    <FormProvider {...form}>
      <form className="flex min-h-0 flex-1 flex-col" onSubmit={(event) => void submit(event)}>
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-4 sm:px-6" data-testid="autopilot-batch">
          <RuleFields connections={connections} currency={currency} />
          {error && (
            <Alert tone="error" reveal>
              {error}
            </Alert>
          )}
        </div>
        <SheetFormFooter
          submit={batchWords.submit(itemIds.length)}
          pending={add.isPending}
          onCancel={onCancel}
          submitTestId="autopilot-batch-submit"
        />
      </form>
    </FormProvider>
  );
}

function Outcome({ answer }: { answer: AddedAnswer }) {
  return (
    <div className="flex flex-col gap-3" role="status" data-testid="autopilot-batch-outcome">
      <p className="text-sm font-semibold text-slate-900">{batchWords.added(answer.added.length)}</p>
      {answer.refused.length > 0 && (
        <div className="rounded-xl bg-red-50 px-3 py-2 ring-1 ring-red-200">
          <p className="text-sm font-semibold text-red-800">{batchWords.refused(answer.refused.length)}</p>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm text-red-700">
            {answer.refused.map((refusal) => (
              <li key={refusal.itemId}>{`${refusal.sku}: ${refusal.message}`}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
