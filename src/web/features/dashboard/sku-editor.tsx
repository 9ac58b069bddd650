import { useEffect, useRef, useState, type FormEvent } from 'react';
import { normaliseSku, skuProblem } from '@shared/domain/sku';
import { CheckIcon, PencilIcon, XIcon } from '../../components/icons';
import { ApiError } from '../../lib/api-client';
import { useUpdateSku } from './api/update-sku';

/** Spec §8 Photo management: the inline SKU error other than a conflict. */
export const skuUpdateFailed = 'Failed to update SKU';

/** What the seller reads when the typed SKU is taken: the old one stays. */
export const skuTakenMessage = (typed: string, kept: string) => `SKU ${typed} already exists. ${kept} was kept.`;

const iconButton = 'flex size-9 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The product's SKU with inline edit: upper-cased as typed, never empty, unique per seller. */
export function SkuEditor({ itemId, sku }: { itemId: string; sku: string }) {
  const update = useUpdateSku();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(sku);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The field opens on the seller's own tap on Edit: take the caret there.
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  function start() {
    setDraft(sku);
    setError(null);
    setEditing(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const problem = skuProblem(draft);
    if (problem) return setError(problem);
    const next = normaliseSku(draft);
    if (next === sku) return setEditing(false);
    update.mutate(
      { itemId, sku: next },
      {
        onSuccess: () => {
          setEditing(false);
          setError(null);
        },
        onError: (err) => {
          setEditing(false);
          setError(err instanceof ApiError && err.code === 'SKU_CONFLICT' ? skuTakenMessage(next, sku) : skuUpdateFailed);
        },
      },
    );
  }

  return (
    <div className="min-w-0">
      {editing ? (
        <form onSubmit={save} className="flex items-center gap-1">
          <input
            ref={input}
            aria-label="SKU"
            value={draft}
            onChange={(event) => setDraft(event.target.value.toUpperCase())}
            onKeyDown={(event) => event.key === 'Escape' && setEditing(false)}
            disabled={update.isPending}
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 px-2 font-mono text-sm font-semibold uppercase text-slate-900 outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100"
          />
          <button
            type="submit"
            aria-label="Save SKU"
            disabled={update.isPending}
            className={`${iconButton} bg-indigo-600 text-white hover:bg-indigo-700`}
          >
            <CheckIcon className="size-4" />
          </button>
          <button
            type="button"
            aria-label="Cancel SKU edit"
            onClick={() => setEditing(false)}
            className={`${iconButton} text-slate-600 hover:bg-slate-100`}
          >
            <XIcon className="size-4" />
          </button>
        </form>
      ) : (
        <div className="flex min-w-0 items-center gap-1">
          <p className="truncate font-mono text-base font-semibold text-slate-900" data-testid="item-sku">
            {sku}
          </p>
          <button
            type="button"
            aria-label={`Edit SKU ${sku}`}
            onClick={start}
            className={`${iconButton} -my-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800`}
          >
            <PencilIcon className="size-4" />
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
