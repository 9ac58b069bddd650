import type { ChannelPreflightScore, PreflightScoresResponse } from '@shared/contracts/publish';
import type { PreflightScore } from '@shared/domain/preflight-score';
import { LineList } from '@/components/line-list';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { usePreflightScores } from './use-preflight-scores';

/** What each score means to the seller: the colour is never the only sign. */
export const preflightScoreLabels: Record<PreflightScore, string> = {
  green: 'Should be accepted',
  amber: 'Not checked',
  red: 'Would be refused',
};

const dot: Record<PreflightScore, string> = { green: 'bg-emerald-500', amber: 'bg-amber-400', red: 'bg-red-500' };
const tone: Record<PreflightScore, string> = {
  green: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  red: 'border-red-200 bg-red-50 text-red-900',
};

function ChannelScore({ score }: { score: ChannelPreflightScore }) {
  return (
    <li
      className={cn('flex min-w-0 flex-col gap-1 rounded-xl border px-3 py-2 text-sm', tone[score.score])}
      data-testid="preflight-score"
      data-channel={score.channel}
      data-score={score.score}
    >
      <span className="flex items-center gap-2">
        <span aria-hidden className={cn('size-2.5 shrink-0 rounded-full', dot[score.score])} />
        <span className="font-semibold">{score.name}</span>
        <span>· {preflightScoreLabels[score.score]}</span>
      </span>
      {score.reasons.length > 0 && <LineList lines={score.reasons} className="list-disc break-words pl-5 text-xs" />}
    </li>
  );
}

/**
 * The pre-flight score per channel where the seller publishes: whether eBay, Etsy and Shopify would take
 * the listing as it is, each with what to fix. Server-computed; shown as it is. `shown`: the scores a screen holds
 * to show with its other answers (useShownTogether), while its own read of them goes on.
 */
export function PreflightScores({
  itemId,
  itemUpdatedAt,
  connectionVersion,
  shown,
}: {
  itemId: string;
  itemUpdatedAt: string;
  connectionVersion?: string;
  shown?: PreflightScoresResponse;
}) {
  const read = usePreflightScores(itemId, itemUpdatedAt, connectionVersion);
  const scores = shown ? { isPending: false as const, isError: false as const, data: shown } : read;
  return (
    <section aria-label="Pre-flight by channel" className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Will each marketplace take it?</h3>
      {scores.isPending ? (
        <Spinner className="size-4" label="Checking each marketplace's rules" />
      ) : scores.isError ? (
        // Not an alert: the readiness panel above holds what blocks publishing; this is the prediction beside it.
        <p className="text-sm text-red-700">Could not check the marketplaces&apos; rules just now. Try again in a moment.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {scores.data.channels.map((score) => (
            <ChannelScore key={score.channel} score={score} />
          ))}
        </ul>
      )}
    </section>
  );
}
