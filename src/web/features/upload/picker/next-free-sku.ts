import { normaliseSku } from '@shared/domain/sku';

/**
 * The "Next" SKU hint: the first of the server's free generated SKUs (in order, none of them on an item) that no photo
 * in the dialog and no product in the upload queue uses, so tapping Next never gives two products one SKU nor a SKU
 * the server already has. Each product in the queue without a SKU yet takes a generated number when it reaches the
 * server (the lowest free one, past the SKUs typed in the queue), so as many free numbers are left to them first.
 * Null when the server's list runs out (Next is not offered rather than guessed).
 */
export function nextFreeSku(free: readonly string[], inUse: Iterable<string>, awaitingGenerated = 0): string | null {
  const used = new Set([...inUse].map(normaliseSku));
  let toLeave = Math.max(0, awaitingGenerated);
  for (const sku of free) {
    if (used.has(sku)) continue;
    if (toLeave === 0) return sku;
    toLeave -= 1;
  }
  return null;
}
