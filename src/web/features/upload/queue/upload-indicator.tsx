import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Sheet, SheetHeader } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import { UploadIcon } from '@/components/icons';
import { usePageDock } from '@/components/page-dock';
import { cn } from '@/lib/cn';
import { isActive, isWaitingForConnection, waitingLabel } from './upload-queue-entry';
import { useUploadQueue } from './upload-queue-provider';
import { UploadQueueList } from './upload-queue-list';

/**
 * The queue's small mark on every signed-in screen while anything is queued (in the page's flow where the page has a dock, else floating): "n of m" products uploaded (and the
 * resume notice after a reload or a lost connection); a tap opens the queue with each product's progress.
 */
export function UploadIndicator() {
  const queue = useUploadQueue();
  // A floating pill sat on the dashboard's filters: on a page with a dock it takes its place in the flow.
  const dock = usePageDock();
  const docked = dock !== null;
  const [open, setOpen] = useState(false);
  const active = queue.entries.filter(isActive);
  // Products that failed for want of a connection are waiting, not failed: they go again by themselves.
  const waiting = queue.entries.filter(isWaitingForConnection);
  const failed = queue.entries.filter((e) => e.status === 'failed' && !e.waitingForNetwork);
  const { done, total } = queue.run;
  // The resume notice stays a moment after the run ends, to be read: the pill beside it then says the run is done
  // ("4 of 4 uploaded"), never "0 waiting for a connection"; with no run to count, the notice stands alone.
  const pill = active.length > 0 || failed.length > 0 || waiting.length > 0 || (queue.notice !== null && total > 0);
  const shown = pill || queue.notice !== null;
  const label =
    active.length > 0
      ? `${Math.min(done, total)} of ${Math.max(total, active.length)} uploaded`
      : failed.length > 0
        ? `${failed.length} upload${failed.length === 1 ? '' : 's'} failed`
        : waiting.length > 0
          ? waitingLabel(waiting.length)
          : `${Math.min(done, total)} of ${total} uploaded`;
  const percent = total > 0 ? Math.round((100 * (done + active.reduce((sum, e) => sum + e.progress / 100, 0))) / total) : 0;

  const content = (
    <>
      {queue.notice && (
        <p
          role="status"
          data-testid="upload-resume-notice"
          className="pointer-events-auto rounded-xl bg-slate-900 px-4 py-2.5 text-sm font-medium text-white shadow-lg"
        >
          {queue.notice}
        </p>
      )}
      {pill && (
        <button
          type="button"
          data-testid="upload-indicator"
          onClick={() => setOpen(true)}
          aria-label={`Uploads: ${label}. Show progress`}
          className={cn(
            'pointer-events-auto flex min-h-11 items-center gap-2.5 rounded-full py-2 pl-3 pr-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
            docked ? 'justify-center shadow-sm' : 'shadow-lg',
            active.length > 0
              ? 'bg-white text-slate-900 ring-slate-200'
              : failed.length > 0
                ? 'bg-red-50 text-red-800 ring-red-200'
                : waiting.length > 0
                  ? 'bg-amber-50 text-amber-900 ring-amber-200'
                  : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
          )}
        >
          {active.length > 0 ? <Spinner className="size-4 text-indigo-600" /> : <UploadIcon className="size-4" />}
          <span className="tabular-nums" data-testid="upload-indicator-text">
            {label}
          </span>
          {active.length > 0 && (
            <span className="h-1.5 w-14 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <span className="block h-full rounded-full bg-indigo-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
            </span>
          )}
        </button>
      )}
    </>
  );

  return (
    <>
      {/* Room at the end of the page, so the floating indicator never covers its last lines. */}
      {shown && !docked && <div aria-hidden="true" className="h-24" />}
      {shown &&
        (docked ? (
          createPortal(<div className="mb-4 flex flex-col items-stretch gap-2 sm:items-end">{content}</div>, dock)
        ) : (
          <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col items-center gap-2 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:items-end sm:px-6 sm:pb-6">
            {content}
          </div>
        ))}
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetHeader title="Uploads" description="Products on their way to Resale Studio. They keep going while you use the app." />
        <div className="flex-1 overflow-y-auto px-4 py-4 sm:px-6">
          {queue.entries.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing is waiting to upload.</p>
          ) : (
            <UploadQueueList entries={queue.entries} onClear={queue.clearEntry} onRetry={queue.retryEntry} />
          )}
        </div>
      </Sheet>
    </>
  );
}
