import { Spinner } from '@/components/spinner';
import type { RunProgress } from './generation-runs';

/** The bulk run's progress: completed/total with the waiting count. */
export function GenerationProgress({ progress }: { progress: RunProgress }) {
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="rounded-2xl border border-purple-200 bg-purple-50 px-4 py-3" role="status" data-testid="generation-progress">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Spinner className="size-4 text-purple-600" />
        <span className="font-semibold text-purple-900">
          Generating listings: {progress.done}/{progress.total} completed
        </span>
        <span className="text-purple-700">
          {progress.generating} generating · {progress.waiting} waiting
          {progress.failed > 0 && ` · ${progress.failed} failed`}
        </span>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-purple-100">
        <div className="h-full rounded-full bg-purple-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-xs text-purple-700">Listings keep generating on the server if you leave this page.</p>
    </div>
  );
}
