import { and, eq, inArray, sql } from 'drizzle-orm';
import { publishMessages, type BulkPublishResponse, type PublishBody, type QuickFixBody } from '@shared/contracts/publish';
import { conditionGradeOf, HINT_EBAY_CATEGORIES } from '@shared/domain/catalog';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { ebayListings, itemImages, items } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { assessReadiness } from '../listings/readiness';
import { startPublish } from './repo';

const itemNotFound = () => new AppError('NOT_FOUND', 'Item not found');
const filled = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** eBay aspects the AI extracts into their own columns (the listing body reads these before item specifics). */
const aspectColumns: Record<
  string,
  | 'extractedBrand'
  | 'extractedDepartment'
  | 'extractedSize'
  | 'extractedSizeType'
  | 'extractedColor'
  | 'extractedStyle'
  | 'extractedMaterial'
> = {
  brand: 'extractedBrand',
  department: 'extractedDepartment',
  size: 'extractedSize',
  'size type': 'extractedSizeType',
  color: 'extractedColor',
  style: 'extractedStyle',
  material: 'extractedMaterial',
};

/** Requests to publish: the form's values land on the item, then a publish-listing job takes it to eBay. */
export function createPublishService({ db }: { db: Db }) {
  return {
    async requestPublish(userId: string, itemId: string, form: PublishBody) {
      const categoryId = filled(form.categoryId);
      if (!(form.price && form.price > 0) || !categoryId) throw new AppError('VALIDATION_FAILED', publishMessages.missingRequired);
      const price = Math.round(form.price * 100) / 100;
      const quantity = form.quantity ?? 1;
      return db.transaction(async (tx) => {
        // The row lock makes two taps on Publish queue one job.
        const [item] = await tx
          .select({ id: items.id, sku: items.sku, itemSpecificsJson: items.itemSpecificsJson })
          .from(items)
          .where(and(eq(items.id, itemId), eq(items.userId, userId)))
          .for('update');
        if (!item) throw itemNotFound();
        const specifics = Object.fromEntries(Object.entries(form.itemSpecifics ?? {}).filter(([, v]) => filled(v)));
        await tx
          .update(items)
          .set({
            ebayCategoryId: categoryId,
            ...(form.condition ? { ebayConditionGrade: form.condition } : {}),
            ...(filled(form.sizeType) ? { extractedSizeType: filled(form.sizeType) } : {}),
            ...(filled(form.size) ? { extractedSize: filled(form.size) } : {}),
            ...(filled(form.brand) ? { extractedBrand: filled(form.brand) } : {}),
            ...(filled(form.color) ? { extractedColor: filled(form.color) } : {}),
            ...(filled(form.style) ? { extractedStyle: filled(form.style) } : {}),
            ...(Object.keys(specifics).length ? { itemSpecificsJson: { ...(item.itemSpecificsJson ?? {}), ...specifics } } : {}),
          })
          .where(and(eq(items.id, itemId), eq(items.userId, userId)));
        await startPublish(tx, userId, item, { price, quantity });
        const queued = await enqueue(tx, 'publish-listing', { userId, itemId });
        return { itemId, publishStatus: 'publishing' as const, queued };
      });
    },

    /**
     * Quick Fix: the category (and the hint category id the spec names for it, when the item has none), the
     * condition (and its eBay grade), a chosen eBay category id, and aspect values. An aspect the AI extracts (Brand,
     * Department, Size...) lands in its own field, which the listing body reads first; any other in item specifics.
     */
    async quickFix(userId: string, itemId: string, fix: QuickFixBody) {
      return db.transaction(async (tx) => {
        const [item] = await tx
          .select({
            id: items.id,
            itemSpecificsJson: items.itemSpecificsJson,
            category: items.category,
            condition: items.condition,
            brand: items.brand,
            ebayCategoryId: items.ebayCategoryId,
            ebayCategoryName: items.ebayCategoryName,
            ebayConditionGrade: items.ebayConditionGrade,
            extractedBrand: items.extractedBrand,
            aiTitle: items.aiTitle,
            aiDescription: items.aiDescription,
            aiGenerationStatus: items.aiGenerationStatus,
          })
          .from(items)
          .where(and(eq(items.id, itemId), eq(items.userId, userId)))
          .for('update');
        if (!item) throw itemNotFound();
        const patch: Partial<typeof items.$inferInsert> = { updatedAt: new Date() };
        if (fix.category) {
          patch.category = fix.category;
          const hint = (HINT_EBAY_CATEGORIES as Record<string, { id: string; name: string }>)[fix.category];
          if (hint && !item.ebayCategoryId?.trim()) Object.assign(patch, { ebayCategoryId: hint.id, ebayCategoryName: hint.name });
        }
        if (fix.condition) Object.assign(patch, { condition: fix.condition, ebayConditionGrade: conditionGradeOf(fix.condition) });
        if (fix.categoryId) Object.assign(patch, { ebayCategoryId: fix.categoryId });
        const specifics = { ...(item.itemSpecificsJson ?? {}) };
        for (const [name, raw] of Object.entries(fix.aspects ?? {})) {
          const value = raw.trim();
          if (!value) continue;
          const column = aspectColumns[name.trim().toLowerCase()];
          if (column) patch[column] = value;
          else specifics[name.trim()] = value;
        }
        if (fix.aspects) patch.itemSpecificsJson = specifics;
        // A written listing's listing_ready and score follow the fixed category, condition and brand, as an inline
        // edit's do: the Generate Listings screen and the bulk publish read them.
        if (item.aiGenerationStatus === 'completed') {
          const [images] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(itemImages)
            .where(and(eq(itemImages.itemId, itemId), eq(itemImages.userId, userId)));
          const fixed = { ...item, ...patch };
          const readiness = assessReadiness(
            fixed,
            { ...fixed, title: item.aiTitle ?? '', description: item.aiDescription ?? '' },
            Number(images?.count ?? 0),
          );
          Object.assign(patch, { listingReady: readiness.listingReady, publishReadyScore: readiness.score });
        }
        await tx
          .update(items)
          .set(patch)
          .where(and(eq(items.id, itemId), eq(items.userId, userId)));
        return { itemId };
      });
    },

    /**
     * Publishes many items with what each already has: its saved price (or the AI's suggestion), quantity and
     * category. Items missing one are refused with the spec's message; a foreign or unknown id refuses the whole list.
     */
    async requestBulkPublish(userId: string, itemIds: string[]): Promise<BulkPublishResponse> {
      const ids = [...new Set(itemIds)];
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: items.id,
            sku: items.sku,
            categoryId: items.ebayCategoryId,
            suggestedPrice: items.aiSuggestedPrice,
            price: ebayListings.price,
            quantity: ebayListings.quantity,
            publishStatus: ebayListings.publishStatus,
          })
          .from(items)
          .leftJoin(ebayListings, eq(ebayListings.itemId, items.id))
          .where(and(eq(items.userId, userId), inArray(items.id, ids)))
          .orderBy(items.createdAt)
          .for('update', { of: items });
        if (rows.length !== ids.length) throw itemNotFound();
        const answer: BulkPublishResponse = { queued: [], alreadyQueued: [], refused: [] };
        for (const row of rows) {
          const price = row.price ?? row.suggestedPrice;
          if (!(price && price > 0) || !row.categoryId?.trim()) {
            answer.refused.push({ itemId: row.id, sku: row.sku, message: publishMessages.missingRequired });
            continue;
          }
          if (row.publishStatus !== 'publishing') await startPublish(tx, userId, row, { price, quantity: row.quantity ?? 1 });
          const queued = await enqueue(tx, 'publish-listing', { userId, itemId: row.id });
          (queued ? answer.queued : answer.alreadyQueued).push(row.id);
        }
        return answer;
      });
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
