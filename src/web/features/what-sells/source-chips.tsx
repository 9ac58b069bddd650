import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRememberedSources } from '@/entities/sources/use-remembered-sources';
import { cn } from '@/lib/cn';

/** Chips shown: the most recent sources, a few, so they fit two rows at 390 px. */
const SHOWN_SOURCES = 6;

const chip =
  'min-h-11 max-w-full truncate rounded-full px-4 text-sm ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:min-h-9';

/** What the chips are set to: a remembered source chosen, or "Other…" open to type one. */
export function useSourceChoice() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  return {
    chosen,
    typing,
    /** A remembered source's chip: chooses it, or unchooses it when it was chosen. */
    toggle(name: string) {
      setTyping(false);
      setChosen(!typing && chosen === name ? null : name);
    },
    toggleOther() {
      setChosen(null);
      setTyping(!typing);
    },
    /** The source to save: what was typed under "Other…" (nothing typed: none), else the chip chosen. */
    sourceWith(typed: string): string | null {
      return typing ? typed || null : chosen;
    },
  };
}

export type SourceChoice = ReturnType<typeof useSourceChoice>;

/**
 * "Bought at": one tap on a remembered source (again to unchoose it), or "Other…" to type one (`other`, the form's
 * own field). Nothing chosen leaves the items' sources as they are.
 */
export function SourceChips({ choice, other }: { choice: SourceChoice; other: ReactNode }) {
  const { chosen, typing } = choice;
  const sources = useRememberedSources();
  const remembered = (sources.data?.sources ?? []).slice(0, SHOWN_SOURCES);
  const otherRef = useRef<HTMLDivElement>(null);
  // "Other…" opens the field ready to type (the keyboard comes up on a phone).
  useEffect(() => {
    if (typing) otherRef.current?.querySelector('input')?.focus();
  }, [typing]);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">
        Bought at <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {remembered.map((name) => {
          const on = !typing && chosen === name;
          return (
            <button
              key={name}
              type="button"
              aria-pressed={on}
              onClick={() => choice.toggle(name)}
              className={cn(
                chip,
                on ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {name}
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={typing}
          onClick={choice.toggleOther}
          className={cn(
            chip,
            typing ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-indigo-700 ring-indigo-200 hover:bg-indigo-50',
          )}
        >
          Other…
        </button>
      </div>
      {typing && (
        <div ref={otherRef} className="mt-2">
          {other}
        </div>
      )}
    </fieldset>
  );
}
