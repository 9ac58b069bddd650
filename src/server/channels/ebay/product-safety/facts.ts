import type { Db } from '../../../db/client';
import { productSafetyRequired, type ProductSafetyFacts } from './product-safety-preflight';
import { brandSafetyOf } from './repo';

/** The GPSR facts of a listing of `brand` on the marketplace: its saved details read only where eBay asks for them. */
export async function productSafetyFactsOf(
  db: Db,
  userId: string,
  marketplaceId: string,
  brand: string | null,
): Promise<ProductSafetyFacts> {
  const details = productSafetyRequired(marketplaceId) ? await brandSafetyOf(db, userId, brand) : null;
  return { marketplaceId, brand, details };
}
