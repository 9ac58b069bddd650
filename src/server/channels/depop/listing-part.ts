import { depopListingPart, type DepopListingPart } from '@shared/contracts/depop';
import type { DepopListingData } from './listing-repo';

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const idOrNull = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** Depop's part of the item's Depop entry in the item view's `listings` (contract: depopListingPart). */
export function depopListingPartOf(data: unknown): DepopListingPart {
  const depop = (data ?? {}) as DepopListingData;
  return depopListingPart.parse({
    productType: textOrNull(depop.productType),
    sizeSetId: idOrNull(depop.sizeSetId),
    sizeId: idOrNull(depop.sizeId),
    nationalShipping: textOrNull(depop.nationalShipping),
    slug: textOrNull(depop.slug),
  });
}
