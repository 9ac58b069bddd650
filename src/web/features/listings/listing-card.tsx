import type { ReactNode, Ref } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { TouchCheckbox } from '@/components/touch-checkbox';
import { ItemThumbnail } from '@/entities/items/item-thumbnail';
import { cn } from '@/lib/cn';

/** A listing's card on Generate Listings, in either section: ringed while it is selected. `className` lays it out. */
export function ListingCard({
  item,
  selected,
  expanded,
  ref,
  className,
  children,
}: {
  item: ListingItem;
  selected: boolean;
  /** Whether a card that opens is open; left out of a card that does not. */
  expanded?: boolean;
  ref?: Ref<HTMLLIElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li
      ref={ref}
      className={cn(
        'rounded-2xl border bg-white shadow-sm transition',
        className,
        selected ? 'border-indigo-400 ring-2 ring-indigo-100' : 'border-slate-200',
      )}
      data-testid="listing-card"
      data-sku={item.sku}
      data-status={item.aiGenerationStatus}
      data-expanded={expanded}
    >
      {children}
    </li>
  );
}

/** The card's head: its checkbox for the section's bulk actions (not while it is being written), then its photo. */
export function ListingCardPick({
  item,
  selected,
  disabled,
  onToggle,
}: {
  item: ListingItem;
  selected: boolean;
  disabled: boolean;
  onToggle(): void;
}) {
  return (
    <>
      <TouchCheckbox checked={selected} disabled={disabled} onChange={onToggle} aria-label={`Select ${item.sku}`} />
      <ItemThumbnail item={item} className="size-12 rounded-lg ring-1 ring-inset ring-slate-200" />
    </>
  );
}
