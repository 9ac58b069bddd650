import { isUuid } from '@shared/contracts/ids';
import { itemNotFound } from './service';

/**
 * The item's id as a route was given it (its path, or a body's list): one that is not a uuid is no item's, answered 404
 * "Item not found" as another seller's item is, and never reaches the database.
 */
export function itemIdOr404(id: string): string {
  if (!isUuid(id)) throw itemNotFound();
  return id;
}
