import { formatGeneratedSku, generatedSkuNumber, normaliseSku } from '@shared/domain/sku';

/**
 * The "Next" SKU hint: the server's next generated SKU, moved past every SKU already in use in the dialog (typed or
 * assigned on its photos) and in the upload queue, so tapping Next never gives two products one SKU. Each product
 * in the queue without a SKU yet takes a generated number when it reaches the server (the lowest free one), so as
 * many free numbers are left to them first.
 */
export function nextFreeSku(serverNext: string, inUse: Iterable<string>, awaitingGenerated = 0): string {
  const start = generatedSkuNumber(serverNext);
  if (start === null) return serverNext;
  const used = new Set([...inUse].map(normaliseSku));
  let toLeave = Math.max(0, awaitingGenerated);
  for (let counter = start; ; counter++) {
    const sku = formatGeneratedSku(counter);
    if (used.has(sku)) continue;
    if (toLeave === 0) return sku;
    toLeave -= 1;
  }
}
