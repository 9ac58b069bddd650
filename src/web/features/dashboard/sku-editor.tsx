import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { updateItemBody } from '@shared/contracts/items';
import { CheckIcon, XIcon } from '@/components/icons';
import { RasterIcon } from '@/components/raster-icon';
import { checkTypedSku, SkuFieldNote, submittedSku } from '@/entities/items/sku-field-note';
import { ApiError } from '@/lib/api-client';
import { useUpdateSku } from './api/update-sku';
import { tell } from '@/lib/told';

/** The inline SKU error other than a conflict. */
export const skuUpdateFailed = 'Failed to update SKU';

/** What the seller reads when the typed SKU is taken: the old one stays. */
export const skuTakenMessage = (typed: string, kept: string) => `SKU ${typed} already exists. ${kept} was kept.`;

/** A refused save: a taken SKU keeps the old one; a SKU the server refuses says why, in the words shown as typed. */
function skuSaveFailure(err: unknown, typed: string, kept: string): string {
  if (err instanceof ApiError && err.code === 'SKU_CONFLICT') return skuTakenMessage(typed, kept);
  if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') return err.message;
  return skuUpdateFailed;
}

/** The SKU as typed, read as the item's body sends it: the contract's field, a SKU (never empty), upper-cased and trimmed. */
const skuFields = updateItemBody.pick({ sku: true }).required().transform(submittedSku);

const iconButton = 'flex size-9 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * The product's SKU with inline edit: upper-cased as typed, never empty, unique per seller. The form (with its
 * mutation) is mounted only while editing: a long list mounts many cards and edits one.
 */
export function SkuEditor({ itemId, sku }: { itemId: string; sku: string }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function start() {
    setError(null);
    setEditing(true);
  }

  function finish(outcome: string | null) {
    setEditing(false);
    setError(outcome);
  }

  return (
    <div className="min-w-0">
      {editing ? (
        <SkuForm itemId={itemId} sku={sku} onProblem={setError} onDone={finish} onCancel={() => setEditing(false)} />
      ) : (
        <div className="flex min-w-0 items-center gap-1">
          <p className="min-w-0 font-mono wrap-anywhere text-base font-semibold text-slate-900" data-testid="item-sku">
            {sku}
          </p>
          <button
            type="button"
            aria-label={`Edit SKU ${sku}`}
            onClick={start}
            className={`${iconButton} -my-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800`}
          >
            <RasterIcon name="pencil-slate-500" />
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

interface SkuFormProps {
  itemId: string;
  sku: string;
  /** The typed SKU is not one (the form stays open). */
  onProblem(problem: string): void;
  /** Closes the form after the request: null when saved, else what went wrong. */
  onDone(outcome: string | null): void;
  onCancel(): void;
}

function SkuForm({ itemId, sku, onProblem, onDone, onCancel }: SkuFormProps) {
  const update = useUpdateSku();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(skuFields),
    defaultValues: { sku },
    // Where a refused SKU is said is the form's own choice (below): the caret moves only to a problem shown as typed.
    shouldFocusError: false,
  });
  const { field } = useController({ control, name: 'sku' });
  const check = checkTypedSku(field.value);
  const noteId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The field opens on the seller's own tap on Edit: take the caret there (at once, so a phone shows its keyboard).
  useEffect(() => input.current?.focus(), []);

  const save = handleSubmit(
    (body) => {
      if (body.sku === sku) return onCancel();
      tell(
        update,
        { itemId, sku: body.sku },
        {
          onSuccess: () => onDone(null),
          onError: (err) => onDone(skuSaveFailure(err, body.sku, sku)),
        },
      );
    },
    // A problem already shown under the field as typed is not said twice.
    (errors) => (check.problem ? input.current?.focus() : errors.sku?.message && onProblem(errors.sku.message)),
  );

  return (
    <form onSubmit={(event) => void save(event)}>
      <div className="flex items-center gap-1">
        <input
          ref={input}
          aria-label="SKU"
          value={field.value}
          onChange={(event) => field.onChange(event.target.value.toUpperCase())}
          onBlur={field.onBlur}
          onKeyDown={(event) => event.key === 'Escape' && onCancel()}
          disabled={update.isPending}
          aria-invalid={check.problem ? true : undefined}
          aria-describedby={check.problem || check.typo ? noteId : undefined}
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
        <button type="button" aria-label="Cancel SKU edit" onClick={onCancel} className={`${iconButton} text-slate-600 hover:bg-slate-100`}>
          <XIcon className="size-4" />
        </button>
      </div>
      <SkuFieldNote id={noteId} check={check} onFix={field.onChange} className="mt-1" />
    </form>
  );
}
