import { publishMessages } from '@shared/contracts/publish';
import { checkItemPublishable, readinessItemOf, readinessMessages } from '@shared/domain/readiness';
import { ebayListedAsOf } from '../item-state';
import type { PublishItemRow } from './repo';

/** The words for a publish refused because of readiness errors; the errors themselves come with it. */
export const publishBlockedMessage = 'Please fix validation errors before publishing';

/** The item has its category (say Mens Tops) but no eBay category to list it in. */
export const ebayCategoryRequired = 'eBay category is required';

/**
 * What keeps this item from being published, in the seller's words (the readiness errors, a price, an eBay category
 * id), before anything is queued. Price and the item's category both missing read as one message; either
 * alone is named alone, and an item whose category is set but has no eBay category is told only that ("Price
 * and Category are required" where the category was set).
 */
export function publishBlockers(item: PublishItemRow, imageCount: number, price: number | null | undefined): string[] {
  const errors = checkItemPublishable({ ...readinessItemOf({ ...item, imageCount, listedAs: ebayListedAsOf(item) }), price }).errors;
  const noPrice = errors.includes(readinessMessages.priceRequired);
  const noCategory = errors.includes(readinessMessages.categoryRequired);
  const noCategoryId = !item.ebayCategoryId?.trim();
  const others = errors.filter((e) => e !== readinessMessages.priceRequired && e !== readinessMessages.categoryRequired);
  if (noPrice && noCategory) return [publishMessages.missingRequired, ...others];
  const category = noCategory ? [readinessMessages.categoryRequired] : noCategoryId ? [ebayCategoryRequired] : [];
  return [...(noPrice ? [readinessMessages.priceRequired] : []), ...category, ...others];
}

/** The blockers as one line: "Price is required; eBay category is required", never a stray ".;". */
export const blockersText = (blockers: string[]): string =>
  blockers.map((b, i) => (i < blockers.length - 1 ? b.replace(/\.+$/, '') : b)).join('; ');
