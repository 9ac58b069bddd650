import { item, itemsPaths, type Item } from '../../../../shared/contracts/items';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/items/:id/images/order: the whole order in one transaction (first is primary). */
export async function reorderItemImages(itemId: string, imageIds: string[], signal?: AbortSignal): Promise<Item> {
  return item.parse(await apiRequest<unknown>(itemsPaths.imageOrder(itemId), { method: 'PUT', body: { imageIds }, signal }));
}
