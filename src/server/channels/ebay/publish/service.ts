import { channelPriceOf, ownPriceOf, priceColumns } from '../../../price-rules/channel-price';
import type { Money } from '@shared/domain/money';
import { aspectMeaningOf, type AspectMeaning } from '../aspect-names';
import { savedPriceRuleOf } from '../../../price-rules/price-rules';
import {
  publishMessages,
  type BulkPublishResponse,
  type PublishBody,
  type PublishSettingsResponse,
  type QuickFixBody,
} from '@shared/contracts/publish';
import { ebayPublishMessages } from '@shared/contracts/ebay-publish';
import { channelMessages } from '@shared/contracts/channels';
import { conditionGradeOf } from '@shared/domain/catalog';
import { productKindOf } from '@shared/domain/category-table';
import { ebayCategoryOf } from '@shared/domain/ebay-categories';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import { typedMoney } from '../../../http/typed-money';
import { listingSubject } from '../../../jobs/job-subject';
import { reviseLiveListings } from '../../../listing-changes/listing-changes';
import { soldOutItemIds } from '../../repo';
import { ebayItemFieldsOf, noEbayItemFields, publishStatusOf, type EbayItemFields } from '../listing-data';
import { ebayItemFieldsOfItem, ebayListingOf, saveEbayItemFields, upsertEbayListing } from '../listing-repo';
import { updateOwnItems } from '../../../items/item-writer';
import { lockItemForForm, lockItemForQuickFix, lockItemsForBulkPublish, type ItemPatch } from './form-repo';
import { enqueue } from '../../../jobs/queue';
import { writeListingReadiness } from '../../../listings/readiness-writer';
import { changedSellerFields } from '../../../listings/seller-fields';
import { sellerFieldsWith } from '../../../listings/seller-fields-sql';
import { aspectField, sellerFieldOfAttribute } from '@shared/domain/seller-fields';
import { priceListOf } from '../../../price-list/service';
import { ebaySiteOfSeller } from '../seller-site';
import { blockersText, publishBlockedMessage, publishBlockers } from './publish-blockers';
import { imageCountOf, startPublish, type PublishItemRow } from './repo';

const itemNotFound = () => new AppError('NOT_FOUND', 'Item not found');
const filled = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * eBay aspects the AI extracts into their own columns (the listing body reads these before item specifics), by meaning:
 * a Quick Fix of "Größe" on eBay Germany is the item's size, as "Size" is on eBay US.
 */
const aspectColumns: Partial<
  Record<
    AspectMeaning,
    | 'extractedBrand'
    | 'extractedDepartment'
    | 'extractedSize'
    | 'extractedSizeType'
    | 'extractedColor'
    | 'extractedStyle'
    | 'extractedMaterial'
  >
> = {
  brand: 'extractedBrand',
  department: 'extractedDepartment',
  size: 'extractedSize',
  sizeType: 'extractedSizeType',
  color: 'extractedColor',
  style: 'extractedStyle',
  material: 'extractedMaterial',
};

/** The publish form's eBay category id and condition (mapped to eBay's grade), as they land on the item's eBay listing. */
function ebayPatchOf(form: PublishBody): Partial<EbayItemFields> {
  const categoryId = filled(form.categoryId);
  const grade = conditionGradeOf(form.condition);
  return {
    ...(categoryId ? { ebayCategoryId: categoryId } : {}),
    ...(grade ? { ebayConditionGrade: grade } : {}),
  };
}

/** The form's item specifics that have a value, trimmed. */
const filledSpecifics = (form: PublishBody): Record<string, string> =>
  Object.fromEntries(Object.entries(form.itemSpecifics ?? {}).flatMap(([k, v]) => (filled(v) ? [[k, filled(v)!]] : [])));

/** The publish form's values as they land on the item (size, brand, colour, style, specifics). */
function itemPatchOf(form: PublishBody, current: Pick<PublishItemRow, 'itemSpecificsJson'>): ItemPatch {
  const specifics = filledSpecifics(form);
  return {
    ...(filled(form.sizeType) ? { extractedSizeType: filled(form.sizeType) } : {}),
    ...(filled(form.size) ? { extractedSize: filled(form.size) } : {}),
    ...(filled(form.brand) ? { extractedBrand: filled(form.brand) } : {}),
    ...(filled(form.color) ? { extractedColor: filled(form.color) } : {}),
    ...(filled(form.style) ? { extractedStyle: filled(form.style) } : {}),
    ...(Object.keys(specifics).length ? { itemSpecificsJson: { ...(current.itemSpecificsJson ?? {}), ...specifics } } : {}),
  };
}

/** A price the seller sets against their profit floor (ProfitFloorService.confirmSellerPrice, decision 121). */
export interface SellerPriceFloor {
  confirmSellerPrice(userId: string, itemId: string, channel: 'ebay', price: Money, confirmed: boolean): Promise<number | null>;
}

/** Requests to publish: the form's values land on the item, then a publish-listing job takes it to eBay. */
export function createPublishService({
  db,
  floors,
}: {
  db: Db;
  /** Absent: bulk publish only (it takes no typed price). */ floors?: SellerPriceFloor;
}) {
  /**
   * The seller's eBay price against their floor, before the form's transaction (the floor reads the item's cost and
   * fees): UNDER_FLOOR with what it would lose, until confirmed; the price kept as confirmed, or null.
   */
  const confirmedUnderFloor = (userId: string, itemId: string, form: PublishBody) =>
    form.price && form.price.amountMinor > 0 && floors
      ? floors.confirmSellerPrice(userId, itemId, 'ebay', form.price, form.confirmUnderFloor === true)
      : Promise.resolve(null);

  /** The first price the seller names for an item is their asking price for it: the other marketplaces go by it. */
  async function keepAsAsking(tx: Db, userId: string, item: { id: string; askingPriceMinor: number | null }, price: Money) {
    if (item.askingPriceMinor === null) await updateOwnItems(tx, userId, [item.id], { askingPriceMinor: price.amountMinor });
  }

  /** The item, locked (two taps on Publish or Save queue one change), with the form's values on it. */
  async function lockWithForm(tx: Db, userId: string, itemId: string, form: PublishBody) {
    const item = await lockItemForForm(tx, userId, itemId);
    if (!item) throw itemNotFound();
    const patch = itemPatchOf(form, item);
    const ebayPatch = ebayPatchOf(form);
    // What the seller changed here is theirs: a Regenerate keeps it.
    const before = await ebayItemFieldsOfItem(tx, userId, itemId);
    const sellerFields = sellerFieldsWith([
      ...changedSellerFields(item, patch, filledSpecifics(form)),
      ...(ebayPatch.ebayCategoryId && ebayPatch.ebayCategoryId !== before.ebayCategoryId ? ['category'] : []),
      ...(ebayPatch.ebayConditionGrade && ebayPatch.ebayConditionGrade !== before.ebayConditionGrade ? ['condition'] : []),
    ]);
    if (Object.keys(patch).length || sellerFields) {
      await updateOwnItems(tx, userId, [itemId], { ...patch, ...(sellerFields ? { sellerFields } : {}) });
    }
    await saveEbayItemFields(tx, userId, itemId, ebayPatch);
    // The brand, category and grade are what readiness reads: a brand typed here may make the listing out of date.
    await writeListingReadiness(tx, userId, [itemId]);
    return { ...item, ...patch, ...(await ebayItemFieldsOfItem(tx, userId, itemId)) } as PublishItemRow;
  }

  /**
   * Why the item cannot be published to eBay at all, or null: it sold out there, or on any other channel (publishing
   * it again would offer what is gone).
   */
  async function soldRefusal(tx: Db, userId: string, itemId: string, ebayStatus: string | null | undefined): Promise<string | null> {
    if (ebayStatus === 'sold') return ebayPublishMessages.sold;
    return (await soldOutItemIds(tx, userId, [itemId])).has(itemId) ? channelMessages.sold : null;
  }

  return {
    async requestPublish(userId: string, itemId: string, form: PublishBody) {
      const categoryId = filled(form.categoryId);
      const typed = form.price;
      if (!(typed && typed.amountMinor > 0) || !categoryId) throw new AppError('VALIDATION_FAILED', publishMessages.missingRequired);
      const quantity = form.quantity ?? 1;
      const floorConfirmedMinor = await confirmedUnderFloor(userId, itemId, form);
      return db.transaction(async (tx) => {
        const item = await lockWithForm(tx, userId, itemId, form);
        const price = typedMoney(typed, item.currency);
        const sold = await soldRefusal(tx, userId, itemId, (await ebayListingOf(tx, userId, itemId))?.status);
        if (sold) throw new AppError('CONFLICT', sold);
        // Errors block publishing. Refused here (nothing saved, nothing queued), not by a job failing later.
        const blockers = publishBlockers(item, await imageCountOf(tx, userId, itemId), price.amountMinor);
        if (blockers.length) throw new AppError('UNPROCESSABLE', publishBlockedMessage, blockers);
        await keepAsAsking(tx, userId, item, price);
        await startPublish(tx, userId, item, { priced: { price, source: 'seller' }, quantity, floorConfirmedMinor });
        // Where the item is live already (at the AI's price on Etsy, say), the asking price it now has goes there too:
        // the one revise path, as a Publish Settings save (the floor checked as it is sent).
        await reviseLiveListings(tx, userId, [itemId]);
        const queued = await enqueue(tx, 'publish-listing', { userId, subject: listingSubject(itemId, 'ebay') });
        return { itemId, publishStatus: 'publishing' as const, queued };
      });
    },

    /**
     * Publish Settings' Save: what the seller entered lands on the item, and the price and quantity on its eBay
     * listing row (not sent: no publish status), where a later Publish or bulk publish reads them.
     */
    async saveSettings(userId: string, itemId: string, form: PublishBody): Promise<PublishSettingsResponse> {
      const floorConfirmedMinor = await confirmedUnderFloor(userId, itemId, form);
      return db.transaction(async (tx) => {
        const item = await lockWithForm(tx, userId, itemId, form);
        const price = form.price && form.price.amountMinor > 0 ? typedMoney(form.price, item.currency) : null;
        const quantity = form.quantity ?? 1;
        if (price) await keepAsAsking(tx, userId, item, price);
        const saved = await upsertEbayListing(tx, userId, itemId, {
          data: { settingsSaved: true },
          insertOnly: { sku: item.sku },
          columns: { ...(price !== null ? { ...priceColumns({ price, source: 'seller' }), floorConfirmedMinor } : {}), quantity },
        });
        // A live listing takes the new price and quantity (and whatever else the form changed) at once.
        await reviseLiveListings(tx, userId, [itemId]);
        const savedPrice = ownPriceOf(saved) ?? price;
        return { itemId, price: savedPrice, quantity: saved.quantity };
      });
    },

    /**
     * Quick Fix: the category (and the eBay category it is listed in, decision 066, when the item has none), the
     * condition (and its eBay grade), a chosen eBay category id, and aspect values. An aspect the AI extracts (Brand,
     * Department, Size...) lands in its own field, which the listing body reads first; any other in item specifics.
     */
    async quickFix(userId: string, itemId: string, fix: QuickFixBody) {
      return db.transaction(async (tx) => {
        const found = await lockItemForQuickFix(tx, userId, itemId);
        if (!found) throw itemNotFound();
        const item = { ...found, ...(await ebayItemFieldsOfItem(tx, userId, itemId)) };
        const patch: ItemPatch = {};
        const ebayPatch: Partial<EbayItemFields> = {};
        if (fix.category) {
          patch.category = fix.category;
          // Its row of the category table (decision 132): the department the category names, else the one picked.
          const kind = productKindOf(fix.category, fix.department ?? item.extractedDepartment);
          if (kind && fix.department) patch.extractedDepartment = kind.department;
          const hint = kind ? ebayCategoryOf(kind.category, kind.department, (await ebaySiteOfSeller(tx, userId)).marketplaceId) : null;
          // What it is, said again, settles the eBay category it goes in (a dress is not left in a T-shirt's leaf).
          if (hint && (fix.department || !item.ebayCategoryId?.trim()))
            Object.assign(ebayPatch, { ebayCategoryId: hint.id, ebayCategoryName: hint.name });
        }
        if (fix.condition) {
          patch.condition = fix.condition;
          ebayPatch.ebayConditionGrade = conditionGradeOf(fix.condition);
        }
        if (fix.categoryId) ebayPatch.ebayCategoryId = fix.categoryId;
        const specifics = { ...(item.itemSpecificsJson ?? {}) };
        // What the seller chose here is theirs: a Regenerate keeps it. The category is not: the AI
        // picks the marketplace category for it (only a chosen eBay category id is the seller's).
        const chosen: string[] = [
          ...(fix.condition ? ['condition'] : []),
          ...(fix.department && patch.extractedDepartment ? ['department'] : []),
          ...(fix.categoryId ? ['category'] : []),
        ];
        for (const [name, raw] of Object.entries(fix.aspects ?? {})) {
          const value = raw.trim();
          if (!value) continue;
          const meaning = aspectMeaningOf(name);
          const column = meaning ? aspectColumns[meaning] : undefined;
          if (column) patch[column] = value;
          else specifics[name.trim()] = value;
          chosen.push(column ? sellerFieldOfAttribute[column] : aspectField(name.trim()));
        }
        if (fix.aspects) patch.itemSpecificsJson = specifics;
        const sellerFields = sellerFieldsWith(chosen);
        const itemChange = { ...patch, ...(sellerFields ? { sellerFields } : {}) };
        // A fix of the parcel alone changes only the eBay listing.
        if (Object.keys(itemChange).length > 0) await updateOwnItems(tx, userId, [itemId], itemChange);
        await saveEbayItemFields(tx, userId, itemId, ebayPatch);
        // The parcel is eBay's to know (calculated shipping): it lives on the eBay listing, and a live one is revised.
        if (fix.package) await upsertEbayListing(tx, userId, itemId, { data: { package: fix.package } });
        // A written listing's listing_ready and score follow the fixed category, condition and brand, as an inline
        // edit's do: the Generate Listings screen and the bulk publish read them.
        await writeListingReadiness(tx, userId, [itemId]);
        await reviseLiveListings(tx, userId, [itemId]);
        return { itemId };
      });
    },

    /**
     * Publishes many items with what each already has: its saved price (or the AI's suggestion), quantity and
     * category. An item missing any of them, or with a readiness error, is refused naming exactly what it lacks
     * (the agreed message only when both price and category are missing); a foreign or unknown id refuses the list.
     */
    async requestBulkPublish(userId: string, itemIds: string[]): Promise<BulkPublishResponse> {
      const ids = [...new Set(itemIds)];
      return db.transaction(async (tx) => {
        const { rows, photoCount } = await lockItemsForBulkPublish(tx, userId, ids);
        if (rows.length !== ids.length) throw itemNotFound();
        const answer: BulkPublishResponse = { queued: [], alreadyQueued: [], refused: [] };
        const priceList = await priceListOf(tx, userId);
        const rule = await savedPriceRuleOf(tx, userId, 'ebay');
        for (const row of rows) {
          const item = { ...row.item, ...(row.listing ? ebayItemFieldsOf(row.listing.data) : noEbayItemFields) };
          // The saved price, else the asking price (the AI's, else the seller's own list's) through the rule.
          const priced = channelPriceOf(row.listing, item, rule, priceList);
          const price = priced?.price ?? null;
          const sold = await soldRefusal(tx, userId, item.id, row.listing?.status);
          if (sold) {
            answer.refused.push({ itemId: item.id, sku: item.sku, message: sold });
            continue;
          }
          const blockers = publishBlockers(item, photoCount.get(item.id) ?? 0, price?.amountMinor);
          if (blockers.length || !priced) {
            answer.refused.push({ itemId: item.id, sku: item.sku, message: blockersText(blockers) });
            continue;
          }
          if (publishStatusOf(row.listing?.status ?? null) !== 'publishing') {
            await startPublish(tx, userId, item, { priced, quantity: row.listing?.quantity ?? 1 });
          }
          const queued = await enqueue(tx, 'publish-listing', { userId, subject: listingSubject(item.id, 'ebay') });
          (queued ? answer.queued : answer.alreadyQueued).push(item.id);
        }
        return answer;
      });
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
