import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { labelBrandOf } from '@shared/domain/brand-typo';
import { isSoldOut } from '@shared/domain/channel-listing';
import { formatMoney } from '@shared/domain/money';
import { Button } from '@/components/button';
import { ChevronDownIcon, ImagesIcon, PencilIcon, RefreshIcon, TrashIcon } from '@/components/icons';
import { ItemSoldBadge } from '@/entities/items/item-publish-badge';
import { ItemStatusBadge } from '@/entities/items/item-status-badge';
import { cn } from '@/lib/cn';
import { EditListingForm } from './edit-listing-form';
import { ItemDetailsRow } from './item-details-row';
import { ListingCard, ListingCardPick } from './listing-card';
import { ListingDetails } from './listing-details';
import { ListingReadiness, listingReadinessOf } from './listing-readiness';
import type { ItemDetailsActions } from './use-item-details';

/** The Manage Photos dialog (composed by the app from the photos feature, when there is one). */
export type PhotoManager = (props: { itemId: string; open: boolean; onOpenChange(open: boolean): void }) => ReactNode;

/**
 * A finished listing, compact until tapped (thumbnail, SKU, status, title); open, the seller reviews it, sees what
 * keeps it from Ready, sets category, condition and brand, edits, regenerates or deletes it, manages its photos.
 */
const openedByLink = (itemId: string) => new URLSearchParams(window.location.search).get('open') === itemId;

export function CompletedListingCard({
  item,
  selected,
  onToggle,
  onRegenerate,
  onDelete,
  photoManager,
  details,
}: {
  item: ListingItem;
  selected: boolean;
  onToggle(): void;
  onRegenerate(): void;
  onDelete(): void;
  photoManager?: PhotoManager;
  details: Pick<ItemDetailsActions, 'note' | 'save'>;
}) {
  // `?open=<item id>` (a refusal's "Fix it on Generate Listings") opens this card and brings it into view.
  const [open, setOpen] = useState(() => openedByLink(item.id));
  const cardRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (openedByLink(item.id)) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [item.id]);
  const [editing, setEditing] = useState(false);
  const [photosOpen, setPhotosOpen] = useState(false);
  const bodyId = useId();
  const busy = item.aiGenerationStatus === 'generating' || item.generationQueued;
  const { missing } = listingReadinessOf(item);
  const showMissing = item.aiGenerationStatus === 'completed' && !item.listingReady && missing.length > 0;
  return (
    <ListingCard ref={cardRef} item={item} selected={selected} expanded={open}>
      <div className="flex items-center gap-3 px-3 py-2">
        <ListingCardPick item={item} selected={selected} disabled={busy} onToggle={onToggle} />
        <button
          type="button"
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-indigo-600"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
          data-testid="listing-toggle"
        >
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 font-mono wrap-anywhere text-sm font-semibold text-slate-900" data-testid="item-sku">
                {item.sku}
              </span>
              {/* Sold anywhere: sold, never Ready (nothing is left to list). */}
              {isSoldOut(item.listings) ? <ItemSoldBadge sale={item.sale} /> : <ItemStatusBadge item={item} />}
              {item.price !== null && (
                <span className="ml-auto hidden shrink-0 text-sm font-semibold text-emerald-700 sm:inline">{formatMoney(item.price)}</span>
              )}
            </span>
            <span className="line-clamp-2 text-sm text-slate-600" data-testid="listing-summary">
              {showMissing ? <span className="text-amber-800">Missing: {missing.join(', ')}</span> : item.aiTitle}
            </span>
          </span>
          <ChevronDownIcon className={cn('size-5 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')} />
        </button>
      </div>

      {open && (
        <div id={bodyId} className="flex flex-col gap-4 border-t border-slate-100 px-3 pb-3 pt-3 sm:px-5 sm:pb-5">
          <ListingReadiness item={item} onRegenerate={onRegenerate} />
          <ItemDetailsRow
            item={item}
            disabled={busy}
            labelBrand={labelBrandOf(item.aiEvidence?.brand, item.extractedBrand)}
            onChange={(draft) => details.note(item.id, draft)}
            onSave={(draft) => details.save(item.id, draft)}
          />
          <div className={cn(busy && 'opacity-60')}>
            {editing ? <EditListingForm item={item} onDone={() => setEditing(false)} /> : <ListingDetails item={item} />}
          </div>
          {!editing && (
            <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
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
        </div>
      )}
      {photoManager?.({ itemId: item.id, open: photosOpen, onOpenChange: setPhotosOpen })}
    </ListingCard>
  );
}
