import { item, itemsPaths, type CreateItemBody, type Item } from '@shared/contracts/items';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/items: a draft item with its SKU (typed, or the next generated one) and batch number. */
export async function createItem(body: CreateItemBody, signal?: AbortSignal): Promise<Item> {
  const parsed = item.safeParse(await apiRequest<unknown>(itemsPaths.collection, { method: 'POST', body, signal }));
  // Spec §8: 'Failed to create item: No item returned' (the caller adds the prefix).
  if (!parsed.success) throw new Error('No item returned');
  return parsed.data;
}
