import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { productUploadQuery } from '@shared/contracts/items';
import { normaliseSku } from '@shared/domain/sku';
import { Button } from '@/components/button';
import { CheckIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { checkTypedSku, SkuFieldNote, submittedSku } from '@/entities/items/sku-field-note';
import { cn } from '@/lib/cn';
import { ProgressBar as Bar, ProgressTrack } from '@/components/progress-bar';
import {
  isWaitingForConnection,
  renamedNotice,
  waitingForConnection,
  waitingNote,
  type QueueStatus,
  type UploadQueueEntry,
} from './upload-queue-entry';

const statusText: Record<QueueStatus, string> = {
  queued: 'Queued',
  compressing: 'Compressing',
  uploading: 'Uploading',
  completed: 'Completed',
  failed: 'Failed',
};

const statusTone: Record<QueueStatus, string> = {
  queued: 'bg-slate-100 text-slate-600',
  compressing: 'bg-amber-100 text-amber-800',
  uploading: 'bg-indigo-100 text-indigo-700',
  completed: 'bg-emerald-100 text-emerald-700',
  failed: 'bg-red-100 text-red-700',
};

/**
 * A queued product has not started in the seller's eyes, even with its photos already compressed (progress 50): it
 * shows no percentage and an empty bar until it is on its way.
 */
const started = (entry: UploadQueueEntry) => entry.status !== 'queued';

/** Segments show each photo's own progress; past 40 photos one bar reads better than slivers. */
const MAX_SEGMENTS = 40;

type Retry = (sku?: string) => void;

export function UploadQueueList({
  entries,
  onClear,
  onRetry,
}: {
  entries: UploadQueueEntry[];
  onClear: (id: string) => void;
  onRetry: (id: string, sku?: string) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="upload-queue-heading" className="rounded-2xl border border-slate-200 bg-slate-50 p-3">
      <h3 id="upload-queue-heading" className="mb-2 px-1 text-sm font-semibold text-slate-800">
        Upload queue
      </h3>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <QueueRow key={entry.id} entry={entry} onClear={() => onClear(entry.id)} onRetry={(sku) => onRetry(entry.id, sku)} />
        ))}
      </ul>
    </section>
  );
}

function QueueRow({ entry, onClear, onRetry }: { entry: UploadQueueEntry; onClear: () => void; onRetry: Retry }) {
  const active = entry.status === 'compressing' || entry.status === 'uploading';
  const waiting = isWaitingForConnection(entry);
  const skipped = entry.result?.rejected ?? [];
  return (
    <li
      data-testid="queue-entry"
      data-status={entry.status}
      data-sku={entry.sku ?? ''}
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-mono text-sm font-semibold text-slate-900">{entry.sku ?? 'Next SKU'}</span>
        {entry.batchNumber !== null && <span className="text-xs text-slate-500">Batch #{entry.batchNumber}</span>}
        <span className="text-xs text-slate-500">
          {entry.totalImages} photo{entry.totalImages === 1 ? '' : 's'}
        </span>
        <span
          className={cn(
            'ml-auto inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
            waiting ? 'bg-amber-100 text-amber-900' : statusTone[entry.status],
          )}
        >
          {active && <Spinner className="size-3" />}
          {entry.status === 'completed' && <CheckIcon className="size-3.5" strokeWidth={3} />}
          {waiting ? waitingForConnection : statusText[entry.status]}
        </span>
        <span className="w-9 text-right text-xs tabular-nums text-slate-500">{started(entry) && `${entry.progress}%`}</span>
      </div>
      <ProgressBar entry={entry} />
      {entry.status === 'failed' && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {waiting ? (
            <p className="min-w-0 flex-1 text-sm text-amber-900">{waitingNote}</p>
          ) : (
            <p role="alert" className="min-w-0 flex-1 text-sm text-red-700">
              {entry.error}
            </p>
          )}
          {entry.retryable && (
            <Button size="sm" variant="secondary" onClick={() => onRetry()}>
              Retry
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
          {entry.retryable && entry.sku !== null && <RenameAndRetry sku={entry.sku} onRetry={onRetry} />}
        </div>
      )}
      {entry.status === 'completed' && entry.renamedFrom !== null && entry.sku !== null && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <p role="status" data-testid="queue-entry-renamed" className="min-w-0 flex-1 text-sm text-amber-800">
            {renamedNotice(entry.renamedFrom, entry.sku)}
          </p>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Dismiss
          </Button>
        </div>
      )}
      {entry.status === 'completed' && skipped.length > 0 && (
        <p className="mt-2 text-xs text-amber-800">
          {skipped.length} photo{skipped.length === 1 ? ' was' : 's were'} skipped: {skipped.map((r) => r.message).join('; ')}
        </p>
      )}
    </li>
  );
}

/** The new SKU as typed, read as the upload sends it: the contract's field, a SKU (never empty), upper-cased and trimmed. */
const renameFields = productUploadQuery.pick({ sku: true }).required().transform(submittedSku);

/** After a SKU conflict the same photos can go again under another SKU: no dead end. */
function RenameAndRetry({ sku, onRetry }: { sku: string; onRetry: Retry }) {
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(renameFields),
    // Checked as typed: a SKU that cannot be one keeps the button off (the note under the field says why).
    mode: 'onChange',
    defaultValues: { sku },
    shouldFocusError: false,
  });
  const { field } = useController({ control, name: 'sku' });
  const noteId = useId();
  const check = checkTypedSku(field.value);
  const submit = handleSubmit((body) => onRetry(body.sku));
  return (
    <form className="flex w-full flex-wrap gap-2" onSubmit={(event) => void submit(event)}>
      <input
        ref={field.ref}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value.toUpperCase())}
        onBlur={field.onBlur}
        aria-label={`New SKU for ${sku}`}
        aria-describedby={check.problem || check.typo ? noteId : undefined}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-2 font-mono text-base uppercase shadow-sm sm:h-9 sm:text-sm"
      />
      <Button type="submit" size="sm" disabled={Boolean(formState.errors.sku) || normaliseSku(field.value) === sku}>
        Rename and Retry
      </Button>
      <SkuFieldNote id={noteId} check={check} onFix={field.onChange} className="w-full" />
    </form>
  );
}

function ProgressBar({ entry }: { entry: UploadQueueEntry }) {
  const fill = entry.status === 'failed' ? 'bg-red-400' : entry.status === 'completed' ? 'bg-emerald-500' : 'bg-indigo-600';
  const label = `${entry.sku ?? 'Next SKU'} upload progress`;
  const progress = started(entry) ? entry.progress : 0;
  if (entry.photos.length > MAX_SEGMENTS || entry.status === 'completed') {
    return <Bar label={label} percent={progress} fill={fill} className="mt-2" />;
  }
  return (
    <ProgressTrack label={label} percent={progress} className="mt-2 flex h-2 gap-0.5">
      {entry.photos.map((photo, i) => (
        <div
          key={i}
          className="h-full flex-1 overflow-hidden rounded-full bg-slate-100"
          data-testid="photo-progress"
          data-percent={started(entry) ? photo.percent : 0}
        >
          <div
            className={cn('h-full transition-[width] duration-300', photo.status === 'skipped' ? 'bg-amber-400' : fill)}
            style={{ width: `${started(entry) ? photo.percent : 0}%` }}
          />
        </div>
      ))}
    </ProgressTrack>
  );
}
