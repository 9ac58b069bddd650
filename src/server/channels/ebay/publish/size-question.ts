import { ebayCategoryOf, ebayLeavesOn } from '@shared/domain/ebay-categories';
import type { EbayCatalog } from './ebay-catalog';
import { preflightListingOf } from './ebay-listing-body';
import type { PreflightProblem } from './preflight';
import type { PublishableItem } from './repo';
import { checkApparelSize } from './size-check';
import { aspectMeaningOf } from '../aspect-names';
import { inScreenWords } from './screen-words';

/**
 * Decision 105: a size the seller typed (or the label gave) that maps onto none of eBay's standard values
 * for the item's category is asked before the listing is written, so no AI call and no publish is spent on a listing
 * eBay would block. The category is the item's eBay category, else the one our category stands for; with neither, a
 * size that maps in no kind's category asks the kind first (the review's form then asks the size in that kind's
 * values), and one that maps somewhere is checked by the pre-flight once the category is known, before publish.
 */
export const sizeQuestionMessages = {
  size: (kind: string, ours: string) => `eBay needs a standard size for ${kind}: pick one ("${ours}" is not one of eBay's)`,
  sizeType: (kind: string, ours: string) => `eBay needs a standard size type for ${kind}: pick one ("${ours}" is not one of eBay's)`,
  kindFirst: (ours: string) => `eBay needs a standard size: say what it is, then pick one of its sizes ("${ours}" is not one of eBay's)`,
} as const;

/**
 * No category yet: whether the size maps in the eBay category of any of our kinds (Mens Jeans, Womens Tops, ...). One
 * that maps somewhere is written (the writer names the category, the pre-flight checks it before publish); one that
 * maps nowhere ("Small-ish") is asked with the kind first, and the review's form then offers that kind's sizes.
 */
async function mapsInSomeKind(subject: PublishableItem, catalog: EbayCatalog, marketplaceId: string): Promise<boolean> {
  for (const hint of ebayLeavesOn(marketplaceId)) {
    const category = await catalog.aspects(hint.id);
    if (category.kind !== 'leaf') continue;
    const listing = preflightListingOf({ ...subject, item: { ...subject.item, ebayCategoryId: hint.id } }, undefined, marketplaceId);
    if (checkApparelSize(listing, category.aspects, marketplaceId).problems.length === 0) return true;
  }
  return false;
}

const kindFirst = (ours: string): PreflightProblem => ({ field: 'category', message: sizeQuestionMessages.kindFirst(ours) });

/** "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans" is "Jeans". */
const kindOf = (categoryName: string | null | undefined) => categoryName?.split('>').at(-1)?.trim() || 'this category';

/** The question to ask (at most one: Size, else Size Type), or none when the size maps, is absent or has no category yet. */
export async function sizeQuestionOf(subject: PublishableItem, catalog: EbayCatalog, marketplaceId: string): Promise<PreflightProblem[]> {
  const { item } = subject;
  if (!item.extractedSize?.trim()) return [];
  const hint = ebayCategoryOf(item.category, item.extractedDepartment, marketplaceId);
  const categoryId = item.ebayCategoryId?.trim() || hint?.id;
  if (!categoryId) return (await mapsInSomeKind(subject, catalog, marketplaceId)) ? [] : [kindFirst(item.extractedSize.trim())];
  const category = await catalog.aspects(categoryId);
  if (category.kind !== 'leaf') return [];
  const listing = preflightListingOf({ ...subject, item: { ...item, ebayCategoryId: categoryId } }, undefined, marketplaceId);
  const check = checkApparelSize(listing, category.aspects, marketplaceId);
  const kind = kindOf(item.ebayCategoryId?.trim() ? item.ebayCategoryName : hint?.name);
  return check.problems.map((problem) => {
    // The size check names what it could not map in quotes (a label's "14W" may say its own size type).
    const ours = /"([^"]*)"/.exec(problem.message)?.[1] ?? '';
    const words = aspectMeaningOf(problem.aspect?.name ?? '') === 'sizeType' ? sizeQuestionMessages.sizeType : sizeQuestionMessages.size;
    return inScreenWords({ ...problem, message: words(kind, ours) }, marketplaceId);
  });
}
