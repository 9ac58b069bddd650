import type { Money } from '@shared/domain/money';
import { usePatchItem } from './item-mutations';
import { itemKeys } from './query-keys';

/** PATCH /api/items/:id {cost}: what one of the item cost the seller (null clears it); profit figures follow. */
export function useSaveItemCost() {
  // The item's profit and the Profit view read the cost.
  return usePatchItem<{ cost: Money | null }>([...itemKeys.all, 'profit']);
}
