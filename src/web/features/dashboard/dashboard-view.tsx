import { useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import type { ListOnChannelsResponse } from '@shared/contracts/channels';
import type { ListedItem } from '@shared/contracts/items';
import { channels, type Channel } from '@shared/domain/channel-listing';
import { deleteEndsListingsMessages, endsListingsOf } from '@shared/domain/delete-ends-listings';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BoxIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useItemList } from '@/entities/items/use-item-list';
import { useItemsSummary } from '@/entities/items/use-items-summary';
import { ApiError } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { useDeleteItems } from './api/delete-items';
import { BatchCreatedBanner } from './batch-created-banner';
import { CheckSalesButton } from '@/entities/channels/check-sales-button';
import { BatchesToolbar } from './batches-toolbar';
import { DashboardActions, type ChannelAction } from './dashboard-actions';
import { DashboardHelp } from './dashboard-help';
import { ProductCard, type ProductCardSlots } from './product-card';
import { ProductGrid } from './product-grid';
import { SelectBar } from './select-bar';
import { useBatchFilters } from './use-batch-filters';
import { useLoadMoreOnScroll } from './use-load-more-on-scroll';

/** The dashboard's errors, shown in the error box. */
export const dashboardErrors = {
  load: 'Failed to load products',
  remove: 'Failed to remove product',
  removeSelected: 'Failed to delete selected products',
} as const;

/** What the dashboard knows while the browser is offline. */
export const dashboardOffline = {
  nothingLoaded:
    "You're offline, so your products cannot be loaded. They show here when you're back online; photos you upload wait in the queue.",
  asLoaded: "You're offline: your products as they were last loaded.",
} as const;

/** The channel picker (the channels feature's), one for the dashboard: a card's item or the selected ones. */
export type ChannelPickerSlot = (props: {
  itemIds: string[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onListed?(answer: ListOnChannelsResponse): void;
  /** Marketplaces where every one of the items is already live. */
  liveOn?: Channel[];
}) => ReactNode;

/** "Publish when ready" for chosen products (the autopilot feature's sheet): a card's item or the selected ones. */
export type AutopilotPickerSlot = (props: {
  itemIds: string[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdded?(answer: { refused: { itemId: string }[] }): void;
}) => ReactNode;

export interface DashboardSlots {
  /** Every product card's parts from other features; a stable object (the cards are memoised). */
  cardSlots?: ProductCardSlots;
  /** Each marketplace's large button to its screen (the web channel registry's; a stable list). */
  channelActions?: readonly ChannelAction[];
  channelPicker?: ChannelPickerSlot;
  /** The autopilot's summary and review queue (the autopilot feature's panel), under the actions. */
  autopilot?: ReactNode;
  autopilotPicker?: AutopilotPickerSlot;
  /** The delist tasks panel (the channels feature's), above the batches. */
  delistTasks?: ReactNode;
}

/**
 * The dashboard: actions, the Product Batches list (search, status, select mode, infinite scroll, virtualised
 * when long), help. The app fills the cards' slots (Manage Photos, Add photos) from other features.
 */
export function DashboardView({ cardSlots, channelActions, channelPicker, delistTasks, autopilot, autopilotPicker }: DashboardSlots = {}) {
  const { filters, query, filtered } = useBatchFilters();
  const batches = useItemList('batches', query);
  const summary = useItemsSummary();
  const online = useOnline();
  const items = batches.items;
  // Offline with nothing loaded: the offline note says why the list is empty, instead of a load error or "(0)".
  const offlineUnknown = !online && items.length === 0 && (batches.isPending || batches.isError);
  // The list takes a loaded page in a render of its own that React can slice between frames: the page arrives in a
  // store update, which React renders at once, in one task, with every card it adds. Not the first page: an empty
  // list for a moment would bring the infinite scroll's sentinel into view. Nor does the sentinel ask for more
  // until the list shows what is loaded (it would still be in view, and load a page too many).
  const deferredItems = useDeferredValue(items);
  const listedItems = deferredItems.length ? deferredItems : items;
  const listShowsAll = listedItems === items;

  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [toDelete, setToDelete] = useState<ListedItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // A product whose eBay listing could not be ended is kept, and the server says why (409; in a bulk delete, each).
  const remove = useDeleteItems({
    onSuccess: ({ refused }, { bulk }) => {
      if (!bulk) return;
      // The products eBay did not let go stay selected, each named with the reason.
      setSelected(new Set(refused.map((r) => r.itemId)));
      if (refused.length) setDeleteError(refused.map((r) => r.message).join(' '));
    },
    onError: (err, { bulk }) =>
      setDeleteError(
        err instanceof ApiError && err.status === 409 ? err.message : bulk ? dashboardErrors.removeSelected : dashboardErrors.remove,
      ),
  });
  /** The items the channel picker lists (null: closed). */
  const [listing, setListing] = useState<string[] | null>(null);
  const listOne = useCallback((item: ListedItem) => setListing([item.id]), []);
  /** The items put on autopilot (null: closed). */
  const [piloting, setPiloting] = useState<string[] | null>(null);
  const pilotOne = useCallback((item: ListedItem) => setPiloting([item.id]), []);

  const sentinel = useLoadMoreOnScroll(
    Boolean(batches.hasNextPage) && !batches.isFetchingNextPage && listShowsAll,
    () => void batches.fetchNextPage(),
  );
  const count = filtered || !summary.data ? `${items.length}${batches.hasNextPage ? '+' : ''}` : String(summary.data.batchCount);
  const shownSelected = items.filter((item) => selected.has(item.id));
  const selectedEnds = endsListingsOf(shownSelected);
  const toDeleteEnds = endsListingsOf(toDelete ? [toDelete] : []);

  function toggleSelecting() {
    setSelecting((on) => !on);
    setSelected(new Set());
  }

  const toggleOne = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const renderCard = useCallback(
    (item: ListedItem) => (
      <ProductCard
        key={item.id}
        item={item}
        selecting={selecting}
        selected={selected.has(item.id)}
        onToggleSelected={toggleOne}
        onDelete={setToDelete}
        slots={cardSlots}
        onListOn={channelPicker ? listOne : undefined}
        onAutopilot={autopilotPicker ? pilotOne : undefined}
      />
    ),
    [selecting, selected, toggleOne, cardSlots, channelPicker, listOne, autopilotPicker, pilotOne],
  );

  function deleteOne() {
    if (!toDelete) return;
    setDeleteError(null);
    remove.mutate({ ids: [toDelete.id], bulk: false });
    setToDelete(null);
  }

  function deleteSelected() {
    const ids = shownSelected.map((item) => item.id);
    setConfirmBulk(false);
    setDeleteError(null);
    remove.mutate({ ids, bulk: true });
  }

  return (
    <div className="flex flex-col gap-8">
      <BatchCreatedBanner />
      <DashboardActions channelActions={channelActions} />
      {autopilot}
      {delistTasks}

      <section aria-labelledby="batches-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline gap-2">
          <h2 id="batches-heading" className="text-lg font-semibold text-slate-900">
            Product Batches
          </h2>
          {/* Unknown until the list or the summary answers (offline, say): hidden rather than a wrong "(0)". */}
          {(summary.data || (!batches.isPending && !batches.isError)) && (
            <span className="text-sm text-slate-500" data-testid="batch-count">
              ({count})
            </span>
          )}
          {batches.isFetching && !batches.isPending && <Spinner className="size-4 text-indigo-600" label="Updating" />}
          <CheckSalesButton className="ml-auto self-center" />
        </div>
        <BatchesToolbar filters={filters} selecting={selecting} onToggleSelecting={toggleSelecting} />
        {selecting && (
          <SelectBar
            selectedCount={shownSelected.length}
            allSelected={items.length > 0 && shownSelected.length === items.length}
            onSelectAll={() => setSelected(new Set(items.map((item) => item.id)))}
            onDeselectAll={() => setSelected(new Set())}
            onDeleteSelected={() => setConfirmBulk(true)}
            deleting={remove.isPending}
            onListOnSelected={channelPicker ? () => setListing(shownSelected.map((item) => item.id)) : undefined}
            onAutopilotSelected={autopilotPicker ? () => setPiloting(shownSelected.map((item) => item.id)) : undefined}
          />
        )}
        {((batches.isError && !offlineUnknown) || deleteError) && (
          <Alert tone="error" action={deleteError ? <DismissButton onClick={() => setDeleteError(null)} /> : undefined}>
            {batches.isError && !offlineUnknown ? dashboardErrors.load : deleteError}
          </Alert>
        )}
        {!online && (
          <p
            role="status"
            className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="dashboard-offline"
          >
            {offlineUnknown ? dashboardOffline.nothingLoaded : dashboardOffline.asLoaded}
          </p>
        )}
        {batches.isPending ? (
          online && (
            <div className="flex justify-center py-12 text-indigo-600">
              <Spinner className="size-6" label="Loading product batches" />
            </div>
          )
        ) : items.length === 0 && !batches.isError ? (
          filtered ? (
            <Card className="px-6 py-10 text-center text-sm text-slate-600">{noMatchMessage(Boolean(query.q))}</Card>
          ) : (
            <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
                <BoxIcon className="size-7" />
              </span>
              <p className="text-base font-semibold text-slate-800">No product batches yet</p>
              <p className="max-w-sm text-sm text-slate-500">Tap Create New Product Batch to photograph your first product.</p>
            </Card>
          )
        ) : (
          <ProductGrid items={listedItems} total={filtered ? undefined : summary.data?.batchCount} renderCard={renderCard} />
        )}
        <div ref={sentinel} aria-hidden />
        {batches.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" loading={batches.isFetchingNextPage} onClick={() => void batches.fetchNextPage()}>
              Show more batches
            </Button>
          </div>
        )}
      </section>

      <DashboardHelp />

      {listing &&
        channelPicker?.({
          itemIds: listing,
          liveOn: liveOnEvery(items.filter((item) => listing.includes(item.id))),
          open: true,
          onOpenChange: (open) => !open && setListing(null),
          // In select mode the items a marketplace refused stay selected (to fix and list again); the rest are done.
          onListed: selecting
            ? (answer) => setSelected(new Set(answer.channels.flatMap((outcome) => outcome.refused.map((refusal) => refusal.itemId))))
            : undefined,
        })}
      {piloting &&
        autopilotPicker?.({
          itemIds: piloting,
          open: true,
          onOpenChange: (open) => !open && setPiloting(null),
          // In select mode the products refused stay selected; the rest are on their way.
          onAdded: selecting ? (answer) => setSelected(new Set(answer.refused.map((refusal) => refusal.itemId))) : undefined,
        })}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete product"
        message={`Are you sure you want to delete ${toDelete?.sku ?? 'this product'} and all its photos? ${toDeleteEnds.live ? `${deleteEndsListingsMessages.endsListing(toDeleteEnds.on)} ` : ''}This action cannot be undone.`}
        confirmLabel="Delete product"
        onConfirm={deleteOne}
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title="Delete selected products"
        message={`Are you sure you want to delete ${shownSelected.length} product${shownSelected.length === 1 ? '' : 's'} and all their photos? ${selectedEnds.live ? `${deleteEndsListingsMessages.endsListings(selectedEnds.on, selectedEnds.live, shownSelected.length)} ` : ''}This action cannot be undone.`}
        confirmLabel="Delete Selected"
        onConfirm={deleteSelected}
      />
    </div>
  );
}

function DismissButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" onClick={onClick} className="-my-1 rounded-lg px-2 py-1 text-sm font-semibold hover:bg-red-100">
      Dismiss
    </button>
  );
}

/** The empty list's words name what narrowed it: a search (with or without a status filter), or the filter alone. */
export function noMatchMessage(searched: boolean): string {
  return searched ? 'No products match this search.' : 'No products match this filter.';
}

/** The marketplaces where every one of the items has a live listing (none for no items). */
function liveOnEvery(items: ListedItem[]): Channel[] {
  if (!items.length) return [];
  return channels.filter((channel) =>
    items.every((item) => item.listings.some((listing) => listing.channel === channel && listing.status === 'live')),
  );
}
