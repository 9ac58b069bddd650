import { useMemo } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { useSelection, type Selection } from './use-selection';

/** A section's cards and what of them is picked for its bulk action. */
export interface ListingGroup {
  items: ListingItem[];
  /** Over the items `selectable` lets be picked. */
  selection: Selection;
}

/**
 * The items of `shown` that belong to a section (`belongs`), with a selection over those of them it may pick
 * (`selectable`); `defaultAll` starts them all picked.
 */
export function useListingGroup(
  shown: ListingItem[],
  belongs: (item: ListingItem) => boolean,
  selectable: (item: ListingItem) => boolean,
  options: { defaultAll?: boolean } = {},
): ListingGroup {
  const items = useMemo(() => shown.filter(belongs), [shown, belongs]);
  const selection = useSelection(
    useMemo(() => items.filter(selectable).map((i) => i.id), [items, selectable]),
    options,
  );
  return { items, selection };
}
