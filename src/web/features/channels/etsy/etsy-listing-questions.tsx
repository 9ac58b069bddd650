import { useId, useState } from 'react';
import { etsyProcessingSwitchMessages, etsyWhenMade, etsyWhenMadeLabel, type EtsyWhenMade } from '@shared/contracts/etsy';
import { isSoldOut } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { useItemDetail } from '@/entities/items/use-item-detail';
import { useEtsyPreflight, useEtsyProcessingSwitch, useEtsyWhenMade } from './use-etsy';

/** While Etsy's check of the item is under way. */
export const etsyCheckingWords = 'Checking it against Etsy’s rules…';

export const etsySoldWords = 'Sold: Etsy asks nothing more of it.';

/**
 * What Etsy asks of one item and only the seller can answer: when it was made. Vintage on Etsy means 20
 * years or older, so it is asked, never assumed; the answer is kept on the item's Etsy listing. Below it, every
 * problem Etsy's rules find with the item, in words. A sold item asks nothing: it will not be listed again.
 * Self-contained: give it an item id.
 */
export function EtsyListingQuestions({ itemId }: { itemId: string }) {
  const item = useItemDetail(itemId).data;
  const preflight = useEtsyPreflight(itemId, item?.updatedAt);
  const answer = useEtsyWhenMade(itemId);
  const selectId = useId();
  const current = answer.isPending ? answer.variables : (preflight.data?.whenMade ?? '');
  const problems = preflight.data?.problems ?? [];
  const processingSwitch = preflight.data?.processingSwitch ?? null;
  const switcher = useEtsyProcessingSwitch(itemId);

  if (item && isSoldOut(item.listings))
    return (
      <p className="text-sm text-slate-700" data-testid="etsy-listing-questions">
        {etsySoldWords}
      </p>
    );
  return (
    <section aria-label="Etsy questions" className="flex flex-col gap-3" data-testid="etsy-listing-questions">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          When was it made? (for Etsy)
        </label>
        <select
          id={selectId}
          value={current ?? ''}
          disabled={preflight.isPending}
          onChange={(event) => event.target.value && answer.mutate(event.target.value as EtsyWhenMade)}
          className="h-11 min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
        >
          <option value="">Choose when it was made</option>
          {etsyWhenMade.map((value) => (
            <option key={value} value={value}>
              {etsyWhenMadeLabel(value)}
            </option>
          ))}
        </select>
        <p className="text-xs text-slate-500">Etsy sells second-hand items only when they are vintage: 20 years or older.</p>
      </div>
      {answer.isError && <Alert tone="error">Your answer was not saved: {answer.error.message}</Alert>}
      {processingSwitch ? (
        <ProcessingSwitch profile={processingSwitch.profile} switcher={switcher} />
      ) : (
        switcher.data?.switched && <Alert tone="success">{etsyProcessingSwitchMessages.switched}</Alert>
      )}
      {preflight.isPending ? (
        // In the notice's own frame: a bare spinner grew into the notice as Etsy answered and pushed Depop's Save, below
        // it, from under the seller's thumb.
        <p className="flex min-h-[2.875rem] items-center gap-3 rounded-xl border border-slate-200 px-4 text-sm text-slate-500">
          <Spinner className="size-4" />
          {etsyCheckingWords}
        </p>
      ) : preflight.isError ? (
        <Alert tone="error">Could not check this item against Etsy&apos;s rules: {preflight.error.message}</Alert>
      ) : preflight.data?.unavailable ? (
        <Alert tone="info">{preflight.data.unavailable}</Alert>
      ) : problems.length ? (
        <Alert tone="warning" title="Before it can go on Etsy">
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem.message}>{problem.message}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Alert tone="success">Ready for Etsy{preflight.data?.taxonomy ? ` (category: ${preflight.data.taxonomy.name})` : ''}.</Alert>
      )}
    </section>
  );
}

/**
 * The item's Etsy listing still ships on its own processing time: moving it onto the shop's processing profile cannot
 * be undone on Etsy, so it is asked, with a confirmation, and never done silently.
 */
function ProcessingSwitch({ profile, switcher }: { profile: string; switcher: ReturnType<typeof useEtsyProcessingSwitch> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-2" data-testid="etsy-processing-switch">
      <Alert tone="info" title="Processing time on Etsy">
        {etsyProcessingSwitchMessages.question(profile)}
      </Alert>
      <Button variant="secondary" className="self-start" disabled={switcher.isPending} onClick={() => setOpen(true)}>
        {switcher.isPending ? 'Switching…' : 'Switch to my processing profile…'}
      </Button>
      {switcher.isError && <Alert tone="error">The listing was not switched: {switcher.error.message}</Alert>}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={etsyProcessingSwitchMessages.confirmTitle}
        message={etsyProcessingSwitchMessages.confirm(profile)}
        confirmLabel={etsyProcessingSwitchMessages.confirmLabel}
        cancelLabel="Not now"
        tone="primary"
        onConfirm={() => switcher.mutate()}
      />
    </div>
  );
}
