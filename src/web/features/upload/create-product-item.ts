import type { Item } from '@shared/contracts/items';
import { ApiError } from '../../lib/api-client';
import { createItem } from './api/create-item';
import { ProductUploadError, messageOf } from './product-upload-error';

/** Spec §9: outer upload retry 3 (on duplicate). */
const OUTER_ATTEMPTS = 3;

export interface ProductItemRequest {
  /** A typed SKU; the server generates the next PSTFSH- number when absent. */
  sku?: string;
  autoGenerateListing?: boolean;
  signal?: AbortSignal;
}

/**
 * Creates the draft item. The server allocates generated SKUs atomically and retries its own collisions; a
 * conflict can still reach us when another tab takes the number meanwhile, so a generated SKU is tried 3 times.
 * A typed SKU that exists is final: retrying it cannot succeed.
 */
export async function createProductItem({ sku, autoGenerateListing, signal }: ProductItemRequest): Promise<Item> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= OUTER_ATTEMPTS; attempt++) {
    let item: Item | undefined;
    try {
      item = await createItem({ sku, autoGenerateListing }, signal);
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      const conflict = err instanceof ApiError && err.status === 409;
      if (!conflict || sku !== undefined) {
        throw new ProductUploadError(`Failed to create item: ${messageOf(err)}`, err instanceof ApiError ? err.code : 'UNKNOWN', {
          cause: err,
        });
      }
      lastError = err;
      continue;
    }
    if (!item?.id) throw new ProductUploadError('Failed to create item: No item returned', 'NO_ITEM');
    return item;
  }
  throw new ProductUploadError(`Failed to upload product after multiple attempts: ${messageOf(lastError)}`, 'SKU_CONFLICT', {
    cause: lastError,
  });
}
