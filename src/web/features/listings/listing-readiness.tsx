import type { ListingItem } from '@shared/contracts/listings';
import {
  assessListing,
  readinessBarColour,
  readinessMessages,
  type ReadinessBarColour,
  type ReadinessChecklist,
} from '@shared/domain/readiness';
import { Button } from '../../components/button';
import { RefreshIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

const barClass: Record<ReadinessBarColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

const partNames: [keyof ReadinessChecklist, string][] = [
  ['hasTitle', 'title'],
  ['hasDescription', 'description'],
  ['hasImages', 'photo'],
  ['hasCategory', 'category'],
  ['hasCondition', 'condition'],
];

/** The listing's own fields (spec §5), as the browser checks them with the server's rules. */
export function listingReadinessOf(item: ListingItem) {
  const assessed = assessListing({ ...item, imageCount: item.photoCount });
  /** What keeps the listing from Ready, in a few words: "category, condition". */
  const missing = partNames.filter(([flag]) => !assessed.result.checklist[flag]).map(([, name]) => name);
  return { ...assessed, missing };
}

/**
 * "Listing complete" with its bar and, when it is not, what is missing in the spec's words. The eBay side
 * (connection, policies) is not the listing's: it is checked on the eBay Integration screen, when publishing. An
 * out-of-date listing offers Regenerate beside its message (`onRegenerate`, the screen's confirmation).
 */
export function ListingReadiness({ item, onRegenerate }: { item: ListingItem; onRegenerate?: () => void }) {
  const busy = item.aiGenerationStatus === 'generating' || item.generationQueued;
  const { result, score } = listingReadinessOf(item);
  const colour = readinessBarColour(score);
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200"
      data-testid="listing-readiness"
    >
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-semibold text-slate-800">{result.isValid ? 'Listing complete' : 'Listing incomplete'}</p>
        <span className="text-slate-600">{score}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Listing readiness"
        aria-valuenow={score}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={cn('h-full rounded-full', barClass[colour])}
          style={{ width: `${score}%` }}
          data-colour={colour}
          data-testid="readiness-bar"
        />
      </div>
      {result.errors.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm text-red-700" data-testid="readiness-errors">
          {result.errors.map((e) => (
            <li key={e} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="min-w-0 flex-1 basis-48">{e}</span>
              {e === readinessMessages.outOfDate && onRegenerate && (
                <Button variant="secondary" size="sm" disabled={busy} onClick={onRegenerate}>
                  <RefreshIcon className="size-4" /> Regenerate
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {result.warnings.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm text-amber-800" data-testid="readiness-warnings">
          {result.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">eBay ready (connection and business policies) is checked on the eBay Integration screen.</p>
    </div>
  );
}
