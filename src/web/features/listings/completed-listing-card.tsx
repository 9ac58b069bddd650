import { useState, type ReactNode } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { Button } from '../../components/button';
import { ImagesIcon, PencilIcon, RefreshIcon, TrashIcon } from '../../components/icons';
import { TouchCheckbox } from '../../components/touch-checkbox';
import { ItemFacts } from '../../entities/items/item-facts';
import { ItemStatusBadge } from '../../entities/items/item-status-badge';
import { ItemThumbnail } from '../../entities/items/item-thumbnail';
import { cn } from '../../lib/cn';
import { EditListingForm } from './edit-listing-form';
import { ListingDetails } from './listing-details';

/** The Manage Photos dialog (composed by the app from the photos feature, when there is one). */
export type PhotoManager = (props: { itemId: string; open: boolean; onOpenChange(open: boolean): void }) => ReactNode;

/** A finished listing: review it, edit it, regenerate or delete it, manage its photos. */
export function CompletedListingCard({
  item,
  selected,
  onToggle,
  onRegenerate,
  onDelete,
  photoManager,
}: {
  item: ListingItem;
  selected: boolean;
  onToggle(): void;
  onRegenerate(): void;
  onDelete(): void;
  photoManager?: PhotoManager;
}) {
  const [editing, setEditing] = useState(false);
  const [photosOpen, setPhotosOpen] = useState(false);
  const busy = item.aiGenerationStatus === 'generating' || item.generationQueued;
  return (
    <li
      className={cn(
        'rounded-2xl border bg-white p-4 shadow-sm transition sm:p-5',
        selected ? 'border-indigo-400 ring-2 ring-indigo-100' : 'border-slate-200',
      )}
      data-testid="listing-card"
      data-sku={item.sku}
      data-status={item.aiGenerationStatus}
    >
      <div className="flex items-start gap-3">
        <TouchCheckbox className="-mt-2" checked={selected} disabled={busy} onChange={onToggle} aria-label={`Select ${item.sku}`} />
        <ItemThumbnail item={item} className="size-16 sm:size-20 rounded-xl ring-1 ring-inset ring-slate-200" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <ItemFacts item={item} />
          <div className="shrink-0">
            <ItemStatusBadge item={item} />
          </div>
        </div>
      </div>

      <div className={cn('mt-4 border-t border-slate-100 pt-4', busy && 'opacity-60')}>
        {editing ? <EditListingForm item={item} onDone={() => setEditing(false)} /> : <ListingDetails item={item} />}
      </div>

      {!editing && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          {photoManager && (
            <Button variant="secondary" size="sm" onClick={() => setPhotosOpen(true)}>
              <ImagesIcon className="size-4" /> Manage Photos
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} disabled={busy}>
            <PencilIcon className="size-4" /> Edit Listing
          </Button>
          <Button variant="secondary" size="sm" onClick={onRegenerate} disabled={busy}>
            <RefreshIcon className="size-4" /> Regenerate
          </Button>
          <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={onDelete} disabled={busy}>
            <TrashIcon className="size-4" /> Delete
          </Button>
        </div>
      )}
      {photoManager?.({ itemId: item.id, open: photosOpen, onOpenChange: setPhotosOpen })}
    </li>
  );
}
