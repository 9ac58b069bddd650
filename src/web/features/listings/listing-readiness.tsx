import { Link } from 'react-router';
import type { ListingItem } from '@shared/contracts/listings';
import { assessListing, readinessMessages, type ReadinessChecklist } from '@shared/domain/readiness';
import { apiChannels } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ReadinessPanel } from '@/entities/readiness/readiness-panel';
import { useItemReadiness } from '@/entities/readiness/use-item-readiness';
import { cardPublishStateOf, readinessFor } from '@shared/contracts/marketplace-registry';
import { useChannelConnections } from '@/entities/channels/use-channel-connections';
import { paths } from '@/app/config/paths';
import { isSoldOut } from '@shared/domain/channel-listing';

const partNames: [keyof ReadinessChecklist, string][] = [
  ['hasTitle', 'title'],
  ['hasDescription', 'description'],
  ['hasImages', 'photo'],
  ['hasCategory', 'category'],
  ['hasCondition', 'condition'],
];

export const listingTextLabels = { complete: 'Listing text complete', incomplete: 'Listing text incomplete' } as const;

/** A seller who sells elsewhere and has not connected the marketplace the readiness is for: one line, not its errors. */
export const notConnectedWords = {
  line: (name: string) => `${name} is not connected: what ${name} asks shows once you connect it.`,
  link: 'Connect it on the Marketplaces screen',
} as const;

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
  // Connected elsewhere, never there, and not listed there: its account's errors ("not connected", its policies) are
  // no work for this seller; the listing's own (out of date) still is.
  const connections = useChannelConnections();
  const there = readinessFor.channel;
  const elsewhereOnly =
    there !== null &&
    connections[there] === 'not-connected' &&
    apiChannels.some((channel) => connections[channel] === 'connected') &&
    !item.listings.some((listing) => listing.channel === there && listing.status !== 'draft');
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200"
      data-testid="listing-readiness"
    >
      <p className="text-sm font-semibold text-slate-800" data-testid="listing-text-state">
        {result.isValid ? listingTextLabels.complete : listingTextLabels.incomplete}
      </p>
      {elsewhereOnly ? (
        <NotConnectedThere
          outOfDate={readiness.data?.errors.includes(readinessMessages.outOfDate) ?? false}
          onRegenerate={onRegenerate}
          busy={busy}
        />
      ) : readiness.isPending ? (
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

/** The readiness's marketplace not connected while others are: one line and a way there; an out-of-date listing still says so. */
function NotConnectedThere({ outOfDate, onRegenerate, busy }: { outOfDate: boolean; onRegenerate?: () => void; busy: boolean }) {
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid="readiness-not-connected">
      <p className="text-slate-600">{notConnectedWords.line(readinessFor.name)}</p>
      {/* A whole line of its own: a target a thumb can take (44 px), not a word in a sentence. */}
      <Link to={paths.channels} className="inline-flex min-h-11 items-center self-start font-medium text-indigo-700 underline">
        {notConnectedWords.link}
      </Link>
      {outOfDate && (
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-red-700">
          <span className="min-w-0 flex-1 basis-48">{readinessMessages.outOfDate}</span>
          {onRegenerate && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={onRegenerate}>
              Regenerate
            </Button>
          )}
        </p>
      )}
    </div>
  );
}
