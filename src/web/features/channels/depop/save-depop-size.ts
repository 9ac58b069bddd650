import { depopListingPart, depopShopApi, type DepopAnswersBody } from '@shared/contracts/depop';
import { depopSizeSetOf, productTypeOf } from '@shared/contracts/depop-taxonomy';
import { parseMoney } from '@shared/domain/money';
import { fetchItem } from '@/entities/items/fetchers';
import { callRoute } from '@/lib/route-client';

/**
 * The review form's answer to "Size on Depop" (one of the size set's labels, "UK 9") saved as the item's Depop answer,
 * its other Depop answers (its product type, its own shipping price) kept as they are. A label its set does not have
 * (the product type changed meanwhile) is not saved: Depop's pre-flight asks again.
 */
export async function saveDepopSize(itemId: string, label: string): Promise<void> {
  const item = await fetchItem(itemId);
  const part = depopListingPart.parse(item.listings.find((listing) => listing.channel === 'depop')?.part ?? {});
  const productType = part.productType ?? productTypeOf(item.category);
  const set = productType ? depopSizeSetOf(productType) : undefined;
  const size = set?.sizes.find((candidate) => candidate.label === label.trim());
  if (!set || !size) return;
  // Its own shipping price is in the shop's currency, as Depop writes it ("3.50").
  const { currency } = part.nationalShipping ? await callRoute(depopShopApi.shopSettings) : { currency: null };
  const body: DepopAnswersBody = {
    productType: part.productType as DepopAnswersBody['productType'],
    sizeSetId: set.id,
    sizeId: size.id,
    nationalShipping: part.nationalShipping && currency ? parseMoney(part.nationalShipping, currency) : null,
  };
  await callRoute(depopShopApi.itemAnswers, { params: { id: itemId }, body });
}
