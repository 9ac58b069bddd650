import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { BulkProgress } from './bulk-run';

/** A "Publish N to eBay" run as it goes: n of m with a bar, then how it ended and what failed and why. */
export function BulkProgressAlert({ progress, onDismiss }: { progress: BulkProgress; onDismiss(): void }) {
  return (
    <Alert
      tone={progress.finished ? (progress.failures.length ? 'warning' : 'success') : 'info'}
      title={
        progress.finished
          ? `Bulk publish complete: ${progress.published} published, ${progress.failures.length} failed`
          : `Publishing ${progress.done} of ${progress.total}...`
      }
      action={
        progress.finished ? (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        ) : undefined
      }
    >
      <div data-testid="bulk-progress">
        {!progress.finished && (
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-white/70"
            role="progressbar"
            aria-label="Bulk publish progress"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <div
              className="h-full bg-indigo-500 transition-all"
              style={{ width: `${(progress.done / Math.max(progress.total, 1)) * 100}%` }}
            />
          </div>
        )}
        {progress.failures.length > 0 && (
          <ul className="mt-1 list-disc pl-4" data-testid="bulk-failures">
            {progress.failures.map((f) => (
              <li key={f.sku}>
                <span className="font-mono font-semibold">{f.sku}</span>: {f.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Alert>
  );
}
