import type { BrandSafetyDetails, BrandSafetyListResponse, BrandSafetyView } from '@shared/contracts/ebay-product-safety';
import { productSafetyMessages } from '@shared/contracts/ebay-product-safety';
import { brandSafetyProblems } from '@shared/domain/product-safety';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import { sellerRegionIn } from '../../../seller-region/service';
import { brandSafetyList, deleteBrandSafety, saveBrandSafety, type BrandSafetyRow } from './repo';

const viewOf = (row: BrandSafetyRow): BrandSafetyView => ({
  brand: row.brand,
  manufacturer: row.manufacturer,
  responsiblePerson: row.responsiblePerson,
  updatedAt: row.updatedAt.toISOString(),
});

/** EU product safety (GPSR) details per brand, entered once by the seller (decision 102). */
export function createProductSafetyService({ db }: { db: Db }) {
  return {
    async list(userId: string): Promise<BrandSafetyListResponse> {
      const [region, rows] = await Promise.all([sellerRegionIn(db, userId), brandSafetyList(db, userId)]);
      return { required: region.productSafety, brands: rows.map(viewOf) };
    },
    /** Refused with eBay's own rules in the seller's words, so what is saved is what eBay takes. */
    async save(userId: string, brand: string, details: BrandSafetyDetails): Promise<BrandSafetyView> {
      const problems = brandSafetyProblems(details);
      if (problems.length) throw new AppError('VALIDATION_FAILED', problems.join('. '));
      return viewOf(await saveBrandSafety(db, userId, brand, details));
    },
    async remove(userId: string, brand: string): Promise<void> {
      if (!(await deleteBrandSafety(db, userId, brand))) throw new AppError('NOT_FOUND', productSafetyMessages.notFound);
    },
  };
}

export type ProductSafetyService = ReturnType<typeof createProductSafetyService>;
