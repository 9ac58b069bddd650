import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { channelListings, itemImages, items } from '../../../db/schema';
import { ebayListingJoin } from '../listing-repo';
import { matching } from '../../../db/matching';

/** SQL of the publish form, Quick Fix and the bulk publish (publish/service.ts): what they read, every query by the user. */

export type ItemPatch = Partial<typeof items.$inferInsert>;

/** The seller's item, locked (two taps on Publish or Save queue one change). */
export async function lockItemForForm(tx: Db, userId: string, itemId: string) {
  const [item] = await tx
    .select()
    .from(items)
    .where(matching(items, { id: itemId, userId }))
    .for('update');
  return item;
}

/** What Quick Fix reads of the seller's item, locked. */
export async function lockItemForQuickFix(tx: Db, userId: string, itemId: string) {
  const [found] = await tx
    .select({
      id: items.id,
      itemSpecificsJson: items.itemSpecificsJson,
      category: items.category,
      condition: items.condition,
      brand: items.brand,
      extractedBrand: items.extractedBrand,
      extractedDepartment: items.extractedDepartment,
      aiInputsFingerprint: items.aiInputsFingerprint,
      aiTitle: items.aiTitle,
      aiDescription: items.aiDescription,
      aiGenerationStatus: items.aiGenerationStatus,
    })
    .from(items)
    .where(matching(items, { id: itemId, userId }))
    .for('update');
  return found;
}

/** The seller's items among `ids` with their eBay listing, oldest first, locked; and each one's photo count. */
export async function lockItemsForBulkPublish(tx: Db, userId: string, ids: string[]) {
  const rows = await tx
    .select({ item: items, listing: channelListings })
    .from(items)
    .leftJoin(channelListings, ebayListingJoin)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)))
    .orderBy(items.createdAt)
    .for('update', { of: items });
  const photos = await tx
    .select({ itemId: itemImages.itemId, count: sql<number>`count(*)::int` })
    .from(itemImages)
    .where(and(eq(itemImages.userId, userId), inArray(itemImages.itemId, ids)))
    .groupBy(itemImages.itemId);
  return { rows, photoCount: new Map(photos.map((p) => [p.itemId, Number(p.count)])) };
}
