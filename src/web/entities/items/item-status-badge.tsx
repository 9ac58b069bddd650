import type { ListedItem } from '@shared/contracts/items';
import { RasterIcon } from '@/components/raster-icon';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';

const base = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset';

type StatusOf = Pick<ListedItem, 'aiGenerationStatus' | 'listingReady'> & {
  /** A generation waits for a worker (known on listing cards only). */
  generationQueued?: boolean;
};

/** Generating, Failed, Ready, Needs edits, plus Waiting while queued; nothing for an untouched item. */
export function ItemStatusBadge({ item }: { item: StatusOf }) {
  if (item.aiGenerationStatus === 'generating') {
    return (
      <span className={cn(base, 'bg-purple-50 text-purple-700 ring-purple-200')} data-testid="badge-generating">
        <Spinner className="size-3.5" /> Generating
      </span>
    );
  }
  if (item.generationQueued) {
    return (
      <span className={cn(base, 'bg-slate-100 text-slate-700 ring-slate-200')} data-testid="badge-waiting">
        <RasterIcon name="clock-slate-700" className="size-3.5" /> Waiting
      </span>
    );
  }
  if (item.aiGenerationStatus === 'failed') {
    return (
      <span className={cn(base, 'bg-red-50 text-red-700 ring-red-200')} data-testid="badge-failed">
        <RasterIcon name="alertTriangle-red-700" className="size-3.5" /> Failed
      </span>
    );
  }
  if (item.aiGenerationStatus === 'completed' && item.listingReady) {
    return (
      <span className={cn(base, 'bg-emerald-50 text-emerald-700 ring-emerald-200')} data-testid="badge-ready">
        <RasterIcon name="check-emerald-700" className="size-3.5" /> Ready
      </span>
    );
  }
  if (item.aiGenerationStatus === 'completed') {
    return (
      <span className={cn(base, 'bg-amber-50 text-amber-800 ring-amber-200')} data-testid="badge-incomplete">
        <RasterIcon name="alertTriangle-amber-800" className="size-3.5" /> Needs edits
      </span>
    );
  }
  return null;
}
