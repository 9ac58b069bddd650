import { useCallback, useMemo, useState } from 'react';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { ViewHeader } from '@/components/view-header';
import { useItemEvents } from '@/entities/items/use-item-events';
import { useListings } from '@/entities/items/use-listings';
import type { PhotoManager } from './completed-listing-card';
import { CompletedSection } from './completed-section';
import { GenerationProgress } from './generation-progress';
import { ListingConfirmDialog } from './listing-confirm-dialog';
import { filterListings, type ListingFilter } from './listing-filters';
import { canDelete, canGenerate, hasListing, needsListing } from './listing-groups';
import { ListingsEmpty } from './listings-empty';
import { ListingsToolbar } from './listings-toolbar';
import { ToGenerateSection } from './to-generate-section';
import { useGenerationRunProgress, useGenerationRuns } from './use-generation-runs';
import { useItemDetails } from './use-item-details';
import { useListingActions } from './use-listing-actions';
import { useListingGroup } from './use-listing-group';

/** Without the event stream, the list is re-read this often while a generation started here is running. */
const POLL_WITHOUT_EVENTS_MS = 3000;

export interface ListingsViewProps {
  /** The Manage Photos dialog (composed by the app from the photos feature, when there is one). */
  photoManager?: PhotoManager;
}

/** Generate Listings: generate, follow, review, edit, regenerate and delete AI listings. */
export function ListingsView({ photoManager }: ListingsViewProps) {
  const notify = useToast();
  const events = useItemEvents();
  const runs = useGenerationRuns();
  const listings = useListings({ pollMs: runs.active && !events.connected ? POLL_WITHOUT_EVENTS_MS : false });
  const items = listings.items;
  const onRunEnd = useCallback((m: { tone: 'success' | 'error'; text: string }) => notify(m.tone, m.text), [notify]);
  const batchProgress = useGenerationRunProgress(runs, items, listings.isSuccess && !listings.hasNextPage, onRunEnd);

  // `?q=` opens the list found by it (the aging stock view's items go to their SKU).
  const [filter, setFilter] = useState<ListingFilter>(() => ({
    q: new URLSearchParams(window.location.search).get('q') ?? '',
    status: '',
  }));
  const shown = useMemo(() => filterListings(items, filter), [items, filter]);
  const details = useItemDetails(items, notify);
  // Pending and failed items start selected: opening the screen, "Generate N Listings" is one tap.
  const toGenerate = useListingGroup(shown, needsListing, canGenerate, { defaultAll: true });
  const completed = useListingGroup(shown, hasListing, canDelete);
  const actions = useListingActions({
    startRun: runs.start,
    notify,
    detailsOf: details.detailsOf,
    onBulkQueued: toGenerate.selection.clear,
    onBulkDeleted: completed.selection.clear,
  });

  const header = <ViewHeader title="Generate Listings" subtitle="AI writes titles, descriptions and prices from your photos." />;
  if (listings.isPending) {
    return (
      <div>
        {header}
        <div className="flex justify-center py-16 text-indigo-600">
          <Spinner className="size-7" label="Loading items" />
        </div>
      </div>
    );
  }

  return (
    <div>
      {header}
      {listings.isError && (
        <Alert tone="error" className="mb-4">
          {listings.error.message}
        </Alert>
      )}
      {items.length === 0 && !listings.isError ? (
        <ListingsEmpty />
      ) : (
        <div className="flex flex-col gap-6">
          <ListingsToolbar filter={filter} onFilter={setFilter} shown={shown.length} total={items.length} />
          {batchProgress && !batchProgress.finished && <GenerationProgress progress={batchProgress} />}
          <ToGenerateSection group={toGenerate} actions={actions} details={details} />
          <CompletedSection group={completed} actions={actions} photoManager={photoManager} details={details} />
        </div>
      )}
      <ListingConfirmDialog confirm={actions.confirm} onCancel={actions.cancelConfirm} onConfirm={actions.runConfirmed} />
    </div>
  );
}
