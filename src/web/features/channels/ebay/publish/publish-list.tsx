import { useMemo, useState, type ReactNode } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import type { ListingItem } from '@shared/contracts/listings';
import { isSoldOut } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { SimulatedEbayNote } from '../simulated-ebay-note';
import { PageSpinner } from '@/components/spinner';
import { ToastDock } from '@/components/toast';
import { useItemEvents } from '@/entities/items/use-item-events';
import { useListings } from '@/entities/items/use-listings';
import { useBulkPublish } from './api/bulk-publish';
import { bulkProgress, type BulkRun } from './bulk-run';
import { BulkProgressAlert } from './bulk-progress-alert';
import { PublishItemCard } from './publish-item-card';
import { ebayPublishOf } from '../listing';
import { tell } from '@/lib/told';

export const noListingsReady = 'No listings ready';

/**
 * What the eBay screen lists: items with a written listing, and any item already sent to eBay. A listing being written
 * again, or whose rewrite failed, keeps its card: it vanished for the rewrite before, with the seller's open panel, and
 * a failed rewrite had no card left to say so.
 */
export const isPublishCandidate = (item: ListedItem) =>
  item.aiGenerationStatus === 'completed' || item.aiGeneratedAt !== null || ebayPublishOf(item) !== null;

/** The publish half of the eBay Integration screen: every listing with its readiness, and bulk publishing. */
export function PublishList({
  connectionVersion,
  renderEditDetails,
  simulated = false,
}: {
  connectionVersion: string;
  renderEditDetails?: (item: ListingItem, onDone: () => void) => ReactNode;
  /** The server runs the simulated eBay: publishing lists nothing for real, and says so. */
  simulated?: boolean;
}) {
  const events = useItemEvents();
  const listings = useListings({ pollMs: events.connected ? false : 5000 });
  const bulk = useBulkPublish();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [run, setRun] = useState<BulkRun | null>(null);
  const candidates = useMemo(() => listings.items.filter(isPublishCandidate), [listings.items]);
  // Not sent yet, and with something left to sell: a sold-out item (sold here or on another channel) is never offered.
  const selectable = candidates.filter(
    (item) => !['published', 'sold', 'ended'].includes(ebayPublishOf(item)?.status ?? '') && !isSoldOut(item.listings),
  );
  const chosen = selectable.filter((item) => selected.has(item.id));
  const allSelected = selectable.length > 0 && chosen.length === selectable.length;
  const progress = run ? bulkProgress(run, listings.items) : null;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function publishSelected() {
    const itemIds = chosen.map((item) => item.id);
    tell(bulk, itemIds, {
      onSuccess: (answer) => {
        setRun({ itemIds, refused: answer.refused });
        setSelected(new Set());
      },
    });
  }

  if (listings.isPending) return <PageSpinner />;
  if (listings.isError) return <Alert tone="error">{listings.error.message}</Alert>;
  if (candidates.length === 0) {
    return (
      <Card className="px-6 py-10 text-center" data-testid="no-listings-ready">
        <p className="text-base font-semibold text-slate-800">{noListingsReady}</p>
        <p className="mt-1 text-sm text-slate-500">Generate listings first; they appear here to publish.</p>
      </Card>
    );
  }

  return (
    <section aria-labelledby="publish-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="publish-heading" className="text-lg font-semibold text-slate-900">
          Listings <span className="text-sm font-normal text-slate-500">({candidates.length})</span>
        </h2>
      </div>
      {/* Kept at the top while the list scrolls, with the screen's notices in it: they push the cards down. */}
      <div className="sticky top-16 z-20 -mx-4 flex flex-col gap-2 bg-slate-50 px-4 py-2 sm:-mx-6 sm:px-6" data-testid="publish-toolbar">
        {selectable.length > 0 && (
          <div
            className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-2"
            data-testid="bulk-bar"
          >
            {/* Box and words in one label: tapping "Select All" toggles as the box does. */}
            <label className="flex min-h-11 cursor-pointer items-center gap-2.5 pl-1 pr-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                className="size-5 rounded border-slate-300 accent-indigo-600"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((item) => item.id)))}
                aria-label="Select all listings"
              />
              <span aria-hidden="true">{allSelected ? 'Deselect All' : 'Select All'}</span>
            </label>
            <div className="flex flex-wrap items-center gap-2">
              {simulated && <SimulatedEbayNote />}
              <Button variant="success" size="sm" disabled={chosen.length === 0} loading={bulk.isPending} onClick={publishSelected}>
                Publish {chosen.length} to eBay
              </Button>
            </div>
          </div>
        )}
        <ToastDock className="empty:hidden" />
      </div>
      {bulk.isError && <Alert tone="error">{bulk.error.message}</Alert>}
      {progress && <BulkProgressAlert progress={progress} onDismiss={() => setRun(null)} />}
      <ul className="flex flex-col gap-3">
        {candidates.map((item) => (
          <PublishItemCard
            key={item.id}
            item={item}
            connectionVersion={connectionVersion}
            selected={selected.has(item.id)}
            onToggleSelected={() => toggle(item.id)}
            renderEditDetails={renderEditDetails}
            simulated={simulated}
          />
        ))}
      </ul>
    </section>
  );
}
