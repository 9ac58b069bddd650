import { useCallback, useRef } from 'react';
import type { ItemDetails, ListingItem } from '@shared/contracts/listings';
import { listingMessages } from '@shared/domain/listing';
import type { Notify } from '@/components/toast';
import { useUpdateItemDetails } from './api/update-item-details';
import type { DetailsDraft } from './item-details-row';

/**
 * Category, condition and brand per card: saved on the item as the seller settles them, and sent with the
 * generate call as they are on screen, a brand still being typed included.
 */
export function useItemDetails(items: ListingItem[], notify: Notify) {
  const update = useUpdateItemDetails();
  const drafts = useRef(new Map<string, DetailsDraft>());
  const note = useCallback((itemId: string, draft: DetailsDraft) => drafts.current.set(itemId, draft), []);
  const { mutate } = update;
  const save = useCallback(
    (itemId: string, change: Partial<DetailsDraft>) => {
      mutate({ itemId, ...change }, { onError: () => notify('error', listingMessages.itemUpdateFailed) });
    },
    [mutate, notify],
  );
  const detailsOf = useCallback(
    (itemIds: string[]): ItemDetails[] => {
      const byId = new Map(items.map((i) => [i.id, i]));
      return itemIds.flatMap((itemId) => {
        const item = byId.get(itemId);
        const draft =
          drafts.current.get(itemId) ?? (item ? { category: item.category, condition: item.condition, brand: item.brand } : null);
        return draft ? [{ itemId, ...draft }] : [];
      });
    },
    [items],
  );
  return { note, save, detailsOf };
}

export type ItemDetailsActions = ReturnType<typeof useItemDetails>;
