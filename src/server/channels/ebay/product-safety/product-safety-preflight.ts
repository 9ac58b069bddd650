import { brandSafetyProblems } from '@shared/domain/product-safety';
import { sellerRegionOfEbayMarketplace } from '@shared/domain/seller-region';
import { ebayMarketplaceName } from '@shared/domain/ebay-names';
import type { PreflightProblem } from '../publish/preflight';
import type { BrandSafetyRow } from './repo';

/** What the GPSR pre-flight of a listing needs: where it goes, its brand and that brand's saved details. */
export interface ProductSafetyFacts {
  marketplaceId: string;
  brand: string | null;
  details: BrandSafetyRow | null;
}

/** Whether eBay asks for the manufacturer and EU responsible person on this marketplace (its EU ones and the UK). */
export const productSafetyRequired = (marketplaceId: string) => sellerRegionOfEbayMarketplace(marketplaceId)?.productSafety === true;

/**
 * The GPSR part of the pre-flight: on eBay's EU and UK marketplaces a listing carries its brand's
 * manufacturer and EU responsible person; what is missing is named before any publish is spent on it.
 */
export function productSafetyProblems(facts: ProductSafetyFacts | undefined): PreflightProblem[] {
  if (!facts || !productSafetyRequired(facts.marketplaceId)) return [];
  const where = ebayMarketplaceName(facts.marketplaceId);
  const brand = facts.brand?.trim();
  if (!brand) {
    return [{ field: 'safety', message: `${where} needs the brand's manufacturer and EU responsible person: add the brand first` }];
  }
  if (!facts.details) {
    return [
      {
        field: 'safety',
        message: `${where} needs the manufacturer and EU responsible person of ${brand}: add them once under Product safety in eBay settings`,
      },
    ];
  }
  return brandSafetyProblems(facts.details).map((problem) => ({ field: 'safety', message: `${brand} on ${where}: ${problem}` }));
}
