import { Fragment, type ReactNode } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import type { Selection } from './use-selection';

/** A card's part in its section's selection: whether it is picked, and its checkbox's toggle. */
export interface Picked {
  selected: boolean;
  onToggle(): void;
}

/** A section's cards, laid out by `className`, each told by `children` whether it is picked and how to toggle it. */
export function SelectableCards({
  items,
  selection,
  className,
  children,
}: {
  items: ListingItem[];
  selection: Selection;
  className: string;
  children(item: ListingItem, picked: Picked): ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <Fragment key={item.id}>
          {children(item, { selected: selection.selected.has(item.id), onToggle: () => selection.toggle(item.id) })}
        </Fragment>
      ))}
    </ul>
  );
}
