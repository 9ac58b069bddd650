import { ebayCategoryOf } from '@shared/domain/catalog';
import type { EbayCatalog } from './ebay-catalog';
import { preflightListingOf } from './ebay-listing-body';
import type { PreflightProblem } from './preflight';
import type { PublishableItem } from './repo';
import { checkApparelSize } from './size-check';

/**
 * Issue 46 (decision 105): a size the seller typed (or the label gave) that maps onto none of eBay's standard values
 * for the item's category is asked before the listing is written, so no AI call and no publish is spent on a listing
 * eBay would block. The category is the item's eBay category, else the one our category stands for; with neither,
 * nothing is asked yet (the pre-flight asks once the category is known, still before publish).
 */
export const sizeQuestionMessages = {
  size: (kind: string, ours: string) => `eBay needs a standard size for ${kind}: pick one ("${ours}" is not one of eBay's)`,
  sizeType: (kind: string, ours: string) => `eBay needs a standard size type for ${kind}: pick one ("${ours}" is not one of eBay's)`,
} as const;

/** "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans" is "Jeans". */
const kindOf = (categoryName: string | null | undefined) => categoryName?.split('>').at(-1)?.trim() || 'this category';

/** The question to ask (at most one: Size, else Size Type), or none when the size maps, is absent or has no category yet. */
export async function sizeQuestionOf(subject: PublishableItem, catalog: EbayCatalog, marketplaceId: string): Promise<PreflightProblem[]> {
  const { item } = subject;
  if (!item.extractedSize?.trim()) return [];
  const hint = ebayCategoryOf(item.category);
  const categoryId = item.ebayCategoryId?.trim() || hint?.id;
  if (!categoryId) return [];
  const category = await catalog.aspects(categoryId);
  if (category.kind !== 'leaf') return [];
  const listing = preflightListingOf({ ...subject, item: { ...item, ebayCategoryId: categoryId } });
  const check = checkApparelSize(listing, category.aspects, marketplaceId);
  const kind = kindOf(item.ebayCategoryId?.trim() ? item.ebayCategoryName : hint?.name);
  return check.problems.map((problem) => {
    // The size check names what it could not map in quotes (a label's "14W" may say its own size type).
    const ours = /"([^"]*)"/.exec(problem.message)?.[1] ?? '';
    const words = problem.aspect?.name.toLowerCase() === 'size type' ? sizeQuestionMessages.sizeType : sizeQuestionMessages.size;
    return { ...problem, message: words(kind, ours) };
  });
}
