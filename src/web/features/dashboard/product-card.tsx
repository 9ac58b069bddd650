import { memo, useState } from 'react';
import type { Item, ItemImage, ListedItem } from '@shared/contracts/items';
import { cardPublishStateOf, cardStatusChannels } from '@shared/contracts/marketplace-registry';
import { isSoldOut, type AssistedChannel } from '@shared/domain/channel-listing';
import { formatMoney } from '@shared/domain/money';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashIcon } from '@/components/icons';
import { SortablePhotos } from '@/components/sortable-photos';
import { Spinner } from '@/components/spinner';
import { TouchCheckbox } from '@/components/touch-checkbox';
import { ChannelBadges } from '@/entities/channels/channel-badges';
import { useHandedOverChannels } from '@/entities/channels/use-channel-connections';
import { DaysToSaleLine, DaysToSaleLines } from '@/entities/days-to-sale/days-to-sale-lines';
import { cardPriceOf } from '@/entities/items/item-price';
import { ItemListingStateBadges } from '@/entities/items/item-publish-badge';
import { ItemStatusBadge } from '@/entities/items/item-status-badge';
import { ItemThumbnail } from '@/entities/items/item-thumbnail';
import { useDeleteImage } from '@/entities/items/use-delete-image';
import { useItemDetail } from '@/entities/items/use-item-detail';
import { cn } from '@/lib/cn';
import { useReorderImages } from './api/reorder-images';
import { CardActions } from './card-actions';
import type { ProductCardSlots } from './product-card-slots';
import { SkuEditor } from './sku-editor';

/** Photo management, inline on the card. */
export const photoErrors = {
  delete: 'Failed to delete image',
  reorder: 'Failed to reorder images',
  load: 'Failed to load photos',
} as const;
export const deletePhotoQuestion = 'Are you sure you want to delete this photo?';

export type { PhotoAdder, PhotoManager, ProductCardSlots, RecordSaleSlot } from './product-card-slots';

interface ProductCardProps {
  item: ListedItem;
  /** Other features' parts in the card; one stable object for every card (the cards are memoised). */
  slots?: ProductCardSlots;
  /** In select mode the card shows a checkbox instead of its actions. */
  selecting: boolean;
  selected: boolean;
  onToggleSelected(itemId: string): void;
  onDelete(item: ListedItem): void;
  /** "List on...": opens the channel picker for this item (the dashboard holds the one picker). */
  onListOn?(item: ListedItem): void;
  /** "Publish when ready": puts this item on autopilot (the dashboard holds the one sheet). */
  onAutopilot?(item: ListedItem): void;
}

/** Category and brand when the item has them (typed at capture or written by the AI); the title has its own line. */
const facts = (item: ListedItem) => [item.category, item.brand ?? item.extractedBrand].filter(Boolean).join(' · ');

/** What the prediction is narrowed by, as the server reads it (the typed brand, else the AI's). */
const daysToSaleFacts = (item: ListedItem) => ({ category: item.category, brand: item.brand ?? item.extractedBrand });

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');

/**
 * The product card: batch number, photo count, SKU with inline edit, status; expanded, every photo (read with
 * the item's detail when opened: the list carries only the first thumbnail). Memoised: a long list re-renders only
 * the cards whose item or selection changed (the callbacks are stable).
 */
export const ProductCard = memo(function ProductCard({
  item,
  selecting,
  selected,
  onToggleSelected,
  onDelete,
  slots = {},
  onListOn,
  onAutopilot,
}: ProductCardProps) {
  const { photoManager, recordSale, cardStatus } = slots;
  const [expanded, setExpanded] = useState(false);
  const [managing, setManaging] = useState(false);
  const [soldOn, setSoldOn] = useState<AssistedChannel | null>(null);
  // "Sold on ..." only where the seller hands over: a marketplace connected by API records its own sales.
  const handedOver = useHandedOverChannels();
  const liveAssisted = handedOver.filter((channel) =>
    item.listings.some((listing) => listing.channel === channel && listing.status === 'live' && !listing.delistTask),
  );
  const photosId = `photos-${item.id}`;
  const itemFacts = facts(item);
  const price = cardPriceOf(item);

  return (
    // In select mode a tap anywhere on the card selects it (the checkbox is the keyboard's and screen reader's way).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <li
      onClick={
        selecting ? (event) => !(event.target as Element).closest('label, input, button, a') && onToggleSelected(item.id) : undefined
      }
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border bg-white shadow-sm transition',
        selecting && 'cursor-pointer',
        expanded && !selecting && 'col-span-full',
        selected ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-200',
      )}
      data-testid="product-card"
      data-sku={item.sku}
    >
      <div className="flex gap-3 p-3">
        {selecting && (
          <TouchCheckbox
            className="self-center"
            checked={selected}
            onChange={() => onToggleSelected(item.id)}
            aria-label={`Select ${item.sku}`}
          />
        )}
        <ItemThumbnail item={item} className="size-20 rounded-xl sm:size-24" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <SkuEditor key={item.sku} itemId={item.id} sku={item.sku} />
          {item.aiTitle && <p className="line-clamp-2 break-words text-sm font-medium text-slate-800">{item.aiTitle}</p>}
          {itemFacts && <p className="break-words text-sm text-slate-600">{itemFacts}</p>}
          {price && (
            <p className="text-sm font-semibold text-slate-900" data-testid="card-price">
              {formatMoney(price)}
            </p>
          )}
          <p className="text-xs text-slate-500">
            {`Batch #${item.batchNumber} · `}
            <span data-testid="photo-count">{`${item.photoCount} photo${item.photoCount === 1 ? '' : 's'}`}</span>
          </p>
          {!selecting && !item.sale && <DaysToSaleLine itemId={item.id} facts={daysToSaleFacts(item)} />}
          {!selecting && slots.itemProfit?.(item)}
          <div className="mt-auto flex flex-wrap items-center gap-1.5">
            {cardStatus ? cardStatus({ item, status: <CardStatus item={item} /> }) : <CardStatus item={item} />}
            {/* Every other channel's status; the one whose publish state is the card's status is the badge before it. */}
            <ChannelBadges
              itemId={item.id}
              listings={item.listings}
              except={cardStatusChannels}
              onOpenHandover={slots.onOpenHandover}
              saleChannels={item.sale ? item.sale.channels : []}
            />
          </div>
        </div>
      </div>
      {!selecting && slots.saleAlerts && <div className="empty:hidden px-3 pb-3">{slots.saleAlerts(item)}</div>}
      {!selecting && (
        <CardActions
          item={item}
          expanded={expanded}
          photosId={photosId}
          onToggleExpanded={() => setExpanded((open) => !open)}
          onManagePhotos={photoManager ? () => setManaging(true) : undefined}
          photoAdder={slots.photoAdder}
          onListOn={onListOn}
          onAutopilot={onAutopilot}
          simulatedSales={slots.simulatedSales}
          soldOn={recordSale ? { channels: liveAssisted, open: setSoldOn } : undefined}
          onDelete={onDelete}
        />
      )}
      {expanded && !selecting && !item.sale && <DaysToSaleLines itemId={item.id} facts={daysToSaleFacts(item)} />}
      {expanded && !selecting && <CardPhotos id={photosId} itemId={item.id} sku={item.sku} />}
      {/* Mounted only while open: a closed dialog per card was work on every card scrolled into view. */}
      {managing && photoManager?.({ itemId: item.id, open: true, onOpenChange: setManaging })}
      {soldOn && recordSale?.({ item, channel: soldOn, open: true, onOpenChange: (open) => !open && setSoldOn(null) })}
    </li>
  );
});

/**
 * One status for the seller, the most advanced: sold (anywhere) or the publish state of the marketplace whose state is
 * the card's (eBay's, decision 173) once it was sent, else the
 * listing's (Generating, Failed, Ready, Needs edits), else the item's own (Draft). A sold item is never Ready.
 */
function CardStatus({ item }: { item: ListedItem }) {
  if (cardPublishStateOf(item) || isSoldOut(item.listings)) return <ItemListingStateBadges item={item} />;
  if (item.aiGenerationStatus !== 'pending') return <ItemStatusBadge item={item} />;
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700" data-testid="item-status">
      {statusLabel(item.status)}
    </span>
  );
}

/**
 * An opened card's photos: read with the item (GET /api/items/:id), reorder by dragging,
 * delete one after asking. Only opened cards hold these queries, mutations and the dialog.
 */
function CardPhotos({ id, itemId, sku }: { id: string; itemId: string; sku: string }) {
  const detail = useItemDetail(itemId);
  const [photoToDelete, setPhotoToDelete] = useState<ItemImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reorder = useReorderImages({ onError: () => setError(photoErrors.reorder) });
  const deleteImage = useDeleteImage({ onError: () => setError(photoErrors.delete) });
  const images = detail.data?.images;

  function reorderTo(current: Item, imageIds: string[]) {
    setError(null);
    reorder.mutate({ current, imageIds });
  }

  function confirmDeletePhoto() {
    if (!photoToDelete) return;
    setError(null);
    deleteImage.mutate({ itemId, imageId: photoToDelete.id });
    setPhotoToDelete(null);
  }

  return (
    <div id={id} className="border-t border-slate-100 p-3">
      {error && (
        <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p className="mb-2 text-xs text-slate-500">
        Drag to reorder (on a touch screen, press and hold first). The first photo is the primary one.
      </p>
      {!detail.data || !images ? (
        detail.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {photoErrors.load}
          </p>
        ) : (
          <Spinner className="size-5 text-indigo-600" label="Loading photos" />
        )
      ) : images.length ? (
        <SortablePhotos
          sku={sku}
          images={images}
          onReorder={(imageIds) => reorderTo(detail.data, imageIds)}
          actions={(image, position) => (
            <DeletePhotoButton position={position} onlyPhoto={images.length === 1} onClick={() => setPhotoToDelete(image)} />
          )}
          disabled={reorder.isPending || deleteImage.isPending}
        />
      ) : (
        <p className="text-sm text-slate-500">This product has no photos.</p>
      )}
      <ConfirmDialog
        open={photoToDelete !== null}
        onOpenChange={(open) => !open && setPhotoToDelete(null)}
        title="Delete photo"
        message={deletePhotoQuestion}
        confirmLabel="Delete photo"
        onConfirm={confirmDeletePhoto}
      />
    </div>
  );
}

function DeletePhotoButton({ position, onlyPhoto, onClick }: { position: number; onlyPhoto: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={onlyPhoto}
      aria-label={`Delete photo ${position + 1}`}
      title={onlyPhoto ? 'The last photo cannot be deleted. Delete the product instead.' : 'Delete photo'}
      className={cn(
        'touch-hit absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-lg bg-white/90 text-red-600 shadow ring-1 ring-slate-200',
        'hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:text-slate-300',
      )}
    >
      <TrashIcon className="size-4" />
    </button>
  );
}
