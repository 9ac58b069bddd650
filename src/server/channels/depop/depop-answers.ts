import { depopAnswerMessages, type DepopAnswersBody, type DepopListingPart } from '@shared/contracts/depop';
import { depopSizeSetOf, productTypeOf } from '@shared/contracts/depop-taxonomy';
import { toDecimalString } from '@shared/domain/money';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import { reviseLiveListingOn } from '../../listing-changes/listing-changes';
import type { DepopAccountService } from './account/service';
import { depopListingPartOf } from './listing-part';
import { lockItemForAnswers, upsertDepopListing, type DepopListingData } from './listing-repo';

export interface DepopAnswersDeps {
  db: Db;
  account: Pick<DepopAccountService, 'session'>;
}

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

/**
 * The seller's answers to what Depop asks that the item does not tell (the item screen's "Depop's own fields"): its
 * product type (null: the one its category names), its size in the type's own size set, and the national shipping
 * price in the shop's currency. Checked, then kept on the item's Depop listing (a draft when it has none); the
 * pre-flight reads them from there; a product live on Depop is revised to them. Another seller's item is not found.
 */
export function createDepopAnswers({ db, account }: DepopAnswersDeps) {
  /** The data the answers come to for an item of this category, or why they are refused. */
  function dataOf(body: DepopAnswersBody, category: string | null, shippingCurrency: string): DepopListingData {
    const fromCategory = productTypeOf(category);
    const productType = body.productType ?? fromCategory;
    const { sizeSetId, sizeId } = body;
    if ((sizeSetId === null) !== (sizeId === null)) throw refuse(depopAnswerMessages.sizePair);
    if (sizeSetId !== null && sizeId !== null) {
      if (!productType) throw refuse(depopAnswerMessages.noProductType);
      const set = depopSizeSetOf(productType);
      if (!set) throw refuse(depopAnswerMessages.notSized(productType));
      if (set.id !== sizeSetId || !set.sizes.some((size) => size.id === sizeId)) throw refuse(depopAnswerMessages.sizeSet(productType));
    }
    const shipping = body.nationalShipping;
    if (shipping && shipping.currency !== shippingCurrency) throw refuse(depopAnswerMessages.currency(shippingCurrency));
    return {
      // The category's own type is not kept: the item follows its category when that changes.
      productType: body.productType === fromCategory ? null : body.productType,
      sizeSetId,
      sizeId,
      nationalShipping: shipping ? toDecimalString(shipping) : null,
    };
  }

  return {
    async save(userId: string, itemId: string, body: DepopAnswersBody): Promise<DepopListingPart> {
      // The shop's currency prices everything on Depop; before a shop is connected, the item's own.
      const shopCurrency = await account.session(userId).then(
        (s) => s.currency,
        () => null,
      );
      return db.transaction(async (tx) => {
        const item = await lockItemForAnswers(tx, userId, itemId);
        if (!item) throw new AppError('NOT_FOUND', 'Item not found');
        const data = dataOf(body, item.category, shopCurrency ?? item.currency);
        const part = depopListingPartOf(await upsertDepopListing(tx, userId, itemId, { data }));
        // Live on Depop: the product there is revised to the new answers.
        await reviseLiveListingOn(tx, userId, itemId, 'depop');
        return part;
      });
    },
  };
}
export type DepopAnswers = ReturnType<typeof createDepopAnswers>;
