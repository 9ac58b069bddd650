import { usePatchItem } from '@/entities/items/item-mutations';
import { itemKeys } from '@/entities/items/query-keys';

/** PATCH /api/items/:id with a new SKU (the server upper-cases it and refuses a duplicate with 409). */
export function useUpdateSku() {
  return usePatchItem<{ sku: string }>(itemKeys.skuHints());
}
