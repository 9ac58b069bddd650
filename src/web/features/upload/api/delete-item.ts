import { itemsPaths, type DeleteItemsResponse } from '@shared/contracts/items';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/items/:id: the item and its photos. */
export function deleteItem(itemId: string): Promise<DeleteItemsResponse> {
  return apiRequest<DeleteItemsResponse>(itemsPaths.item(itemId), { method: 'DELETE' });
}
