import type { ListedItem } from '@shared/contracts/items';
import { RasterIcon } from '@/components/raster-icon';
import type { RasterIconName } from '@/components/raster-icon-set';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';

const base = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset';

type StatusOf = Pick<ListedItem, 'aiGenerationStatus' | 'listingReady'> & {
  /** A generation waits for a worker (known on listing cards only). */
  generationQueued?: boolean;
};

/** Each badge: its colours, the icon before its words (or the spinner), and its words; its test id is `badge-<key>`. */
const badges = {
  generating: { tone: 'bg-purple-50 text-purple-700 ring-purple-200', icon: 'spinner', words: 'Generating' },
  waiting: { tone: 'bg-slate-100 text-slate-700 ring-slate-200', icon: 'clock-slate-700', words: 'Waiting' },
  failed: { tone: 'bg-red-50 text-red-700 ring-red-200', icon: 'alertTriangle-red-700', words: 'Failed' },
  ready: { tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200', icon: 'check-emerald-700', words: 'Ready' },
  incomplete: { tone: 'bg-amber-50 text-amber-800 ring-amber-200', icon: 'alertTriangle-amber-800', words: 'Needs edits' },
} as const satisfies Record<string, { tone: string; icon: RasterIconName | 'spinner'; words: string }>;

function badgeOf(item: StatusOf): keyof typeof badges | null {
  if (item.aiGenerationStatus === 'generating') return 'generating';
  if (item.generationQueued) return 'waiting';
  if (item.aiGenerationStatus === 'failed') return 'failed';
  if (item.aiGenerationStatus === 'completed') return item.listingReady ? 'ready' : 'incomplete';
  return null;
}

/** Generating, Failed, Ready, Needs edits, plus Waiting while queued; nothing for an untouched item. */
export function ItemStatusBadge({ item }: { item: StatusOf }) {
  const key = badgeOf(item);
  if (!key) return null;
  const badge = badges[key];
  return (
    <span className={cn(base, badge.tone)} data-testid={`badge-${key}`}>
      {badge.icon === 'spinner' ? <Spinner className="size-3.5" /> : <RasterIcon name={badge.icon} className="size-3.5" />} {badge.words}
    </span>
  );
}
