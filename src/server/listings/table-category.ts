import { draftMarketplace } from '@shared/contracts/marketplace-registry';
import { productKindOf } from '@shared/domain/category-table';
import type { ListingDraft } from '@shared/domain/listing';
import type { ListingRequest } from '../adapters/ai/listing-generator';

/**
 * The draft in its marketplace's leaf of the category table (decision 132, eBay's: decision 177) where the seller said what the product is: the
 * table's tested leaf wins over a writer's guess (an AI may name a parent, or another department's leaf), and the
 * department the kind names fills the draft's where it has none. A product of no known kind keeps the writer's.
 */
export function draftInTableCategory(
  draft: ListingDraft,
  request: Pick<ListingRequest, 'category' | 'department'>,
  marketplaceId: string,
): ListingDraft {
  const kind = productKindOf(request.category, request.department ?? draft.extracted.department);
  const leaf = kind ? draftMarketplace.categoryOf(kind.category, kind.department, marketplaceId) : null;
  if (!kind || !leaf) return draft;
  return {
    ...draft,
    ebayCategoryId: leaf.id,
    ebayCategoryName: leaf.name,
    extracted: { ...draft.extracted, department: draft.extracted.department ?? kind.department },
  };
}
