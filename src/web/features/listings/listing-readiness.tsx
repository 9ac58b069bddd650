import type { ListingItem } from '@shared/contracts/listings';
import { assessListing, type ReadinessChecklist } from '@shared/domain/readiness';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ReadinessPanel } from '@/entities/readiness/readiness-panel';
import { useItemReadiness } from '@/entities/readiness/use-item-readiness';
import { cardPublishStateOf } from '@shared/contracts/marketplace-registry';
import { isSoldOut } from '@shared/domain/channel-listing';

const partNames: [keyof ReadinessChecklist, string][] = [
  ['hasTitle', 'title'],
  ['hasDescription', 'description'],
  ['hasImages', 'photo'],
  ['hasCategory', 'category'],
  ['hasCondition', 'condition'],
];

export const listingTextLabels = { complete: 'Listing text complete', incomplete: 'Listing text incomplete' } as const;

/** The listing text's own fields, as the browser checks them with the server's rules: the Ready badge's. */
export function listingReadinessOf(item: ListingItem) {
  const assessed = assessListing({ ...item, imageCount: item.photoCount });
  /** What keeps the listing from Ready, in a few words: "category, condition". */
  const missing = partNames.filter(([flag]) => !assessed.result.checklist[flag]).map(([, name]) => name);
  return { ...assessed, missing };
}

/**
 * The listing text's state in words (no percent of its own), then the one readiness for eBay the server computes
 * (its checks and eBay's pre-flight), the same percent and errors as the eBay screen shows. An out-of-date
 * listing offers Regenerate beside its message (`onRegenerate`, the screen's confirmation).
 */
export function ListingReadiness({ item, onRegenerate }: { item: ListingItem; onRegenerate?: () => void }) {
  const busy = item.aiGenerationStatus === 'generating' || item.generationQueued;
  const { result } = listingReadinessOf(item);
  const readiness = useItemReadiness(item.id, item.updatedAt);
  const status = cardPublishStateOf(item)?.state.status;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200"
      data-testid="listing-readiness"
    >
      <p className="text-sm font-semibold text-slate-800" data-testid="listing-text-state">
        {result.isValid ? listingTextLabels.complete : listingTextLabels.incomplete}
      </p>
      {readiness.isPending ? (
        <Spinner className="size-5" label="Checking readiness" />
      ) : readiness.isError ? (
        <Alert tone="error">Validation failed</Alert>
      ) : (
        <ReadinessPanel
          readiness={readiness.data}
          published={status === 'published'}
          ended={status === 'ended'}
          stillLive={status === 'published' && isSoldOut(item.listings)}
          onRegenerate={onRegenerate}
          regenerateDisabled={busy}
        />
      )}
    </div>
  );
}
