import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';
import { useRememberedSources } from '@/entities/sources/use-remembered-sources';
import { useSaveItemSource } from './use-bundles';

/** Chips shown: the most recent sources, a few, so they fit two rows at 390 px. */
const SHOWN_SOURCES = 5;
export const sourceMessages = { failed: 'Could not save where you bought it. Try again.', required: 'Type where you bought it' } as const;
const otherSourceForm = z.object({ source: z.string().trim().min(1, sourceMessages.required).max(100) });

/** Where the seller bought the item: one tap on a remembered source, or "Other…" to type a new one. */
export function ItemSourceChips({ itemId, source, className }: { itemId: string; source: string | null; className?: string }) {
  const sources = useRememberedSources();
  const save = useSaveItemSource();
  const [chosen, setChosen] = useState(source);
  // What the server last confirmed, and the saves still on their way: once none is, the chips show the server's value
  // (two quick taps whose saves fail go back to it, not to the tap before).
  const confirmed = useRef({ source, sent: 0 });
  const saves = useRef({ sent: 0, pending: 0 });
  const [typing, setTyping] = useState(false);
  const form = useForm({ resolver: zodResolver(otherSourceForm), defaultValues: { source: '' } });
  // "Other…" opens the field ready to type (the keyboard comes up on a phone).
  useEffect(() => {
    if (typing) form.setFocus('source');
  }, [typing, form]);

  // The item read again elsewhere: the server's value wins while no save of ours is on its way.
  useEffect(() => {
    if (saves.current.pending > 0) return;
    confirmed.current = { source, sent: saves.current.sent };
    setChosen(source);
  }, [source]);

  function choose(next: string | null) {
    setChosen(next);
    const sent = ++saves.current.sent;
    saves.current.pending += 1;
    void save
      .mutateAsync({ itemId, source: next })
      .then(
        (saved) => {
          if (sent > confirmed.current.sent) confirmed.current = { source: saved.source, sent };
        },
        () => undefined, // told below, from the latest save's error
      )
      .finally(() => {
        saves.current.pending -= 1;
        if (saves.current.pending === 0) setChosen(confirmed.current.source);
      });
  }

  const remembered = (sources.data?.sources ?? []).slice(0, SHOWN_SOURCES);
  const chips = chosen && !remembered.includes(chosen) ? [chosen, ...remembered.slice(0, SHOWN_SOURCES - 1)] : remembered;
  return (
    <fieldset className={cn('min-w-0', className)} data-testid="item-source">
      <legend className="text-sm font-medium text-slate-800">
        Bought at <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {chips.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={chosen === name}
            onClick={() => choose(chosen === name ? null : name)}
            className={cn(
              'h-9 max-w-full truncate rounded-full px-3.5 text-sm ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              chosen === name ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {name}
          </button>
        ))}
        {!typing && (
          <button
            type="button"
            onClick={() => setTyping(true)}
            className="h-9 rounded-full px-3.5 text-sm text-indigo-700 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Other…
          </button>
        )}
      </div>
      {typing && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) =>
            void form.handleSubmit(({ source: typed }) => {
              choose(typed);
              setTyping(false);
              form.reset();
            })(event)
          }
        >
          <input
            {...form.register('source')}
            aria-label="Where you bought it"
            placeholder="Goodwill Main St"
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
            aria-invalid={Boolean(form.formState.errors.source)}
          />
          <Button size="sm" type="submit">
            Save
          </Button>
        </form>
      )}
      {form.formState.errors.source && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {form.formState.errors.source.message}
        </p>
      )}
      {save.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {sourceMessages.failed}
        </p>
      )}
    </fieldset>
  );
}
