import type { Money } from '@shared/domain/money';
import { sameAspect } from '../aspect-names';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImportRefusal } from '@shared/contracts/ebay-import';
import type { Db } from '../../../db/client';
import { importRows } from '../../../db/import-rows';
import { channelListings, ebayImports, items } from '../../../db/schema';
import { listingInputsFingerprint } from '@shared/domain/listing-inputs';
import { writeListingReadiness } from '../../../listings/readiness-writer';
import { isEbay, upsertEbayListing } from '../listing-repo';
import { updateOwnItems } from '../../../items/item-writer';
import { matching } from '../../../db/matching';

export type EbayImportRow = typeof ebayImports.$inferSelect;

const ebayImportRows = importRows(ebayImports, 'running');
const ownImport = ebayImportRows.own;

export const createImport = (db: Db, userId: string, listingIds: string[]): Promise<EbayImportRow> =>
  ebayImportRows.create(db, { userId, listingIds });

export const importOf: (db: Db, userId: string, id: string) => Promise<EbayImportRow | undefined> = ebayImportRows.of;

export async function latestImportOf(db: Db, userId: string): Promise<EbayImportRow | undefined> {
  const [row] = await db.select().from(ebayImports).where(eq(ebayImports.userId, userId)).orderBy(desc(ebayImports.createdAt)).limit(1);
  return row;
}

export const runningImportOf = (db: Db, userId: string): Promise<EbayImportRow | undefined> => ebayImportRows.inProgressOf(db, userId);

type ImportPatch = Partial<Pick<EbayImportRow, 'status' | 'total' | 'done' | 'imported' | 'alreadyHere' | 'error' | 'finishedAt'>>;

export const updateImport: (db: Db, userId: string, id: string, patch: ImportPatch) => Promise<void> = ebayImportRows.update;

/** Listings sent to bulkMigrateListing (moved or refused) and the refusals among them, appended in one statement. */
export async function recordMigrated(db: Db, userId: string, id: string, listingIds: string[], refusals: ImportRefusal[]) {
  await db
    .update(ebayImports)
    .set({
      migratedIds: sql`${ebayImports.migratedIds} || ${JSON.stringify(listingIds)}::jsonb`,
      refusals: sql`${ebayImports.refusals} || ${JSON.stringify(refusals)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(ownImport(userId, id));
}

/** The refusals replaced (a listing refused as already migrated that turned out live and imported is dropped). */
export async function setRefusals(db: Db, userId: string, id: string, refusals: ImportRefusal[]) {
  await db.update(ebayImports).set({ refusals, updatedAt: new Date() }).where(ownImport(userId, id));
}

/** One more listing handled: made by this import, here already, or refused. Counted in the database, so two never race. */
export async function countHandled(db: Db, userId: string, id: string, outcome: 'created' | 'here' | 'refused') {
  await db
    .update(ebayImports)
    .set({
      done: sql`${ebayImports.done} + 1`,
      imported: outcome === 'created' ? sql`${ebayImports.imported} + 1` : ebayImports.imported,
      alreadyHere: outcome === 'here' ? sql`${ebayImports.alreadyHere} + 1` : ebayImports.alreadyHere,
      updatedAt: new Date(),
    })
    .where(ownImport(userId, id));
}

/** An inventory item with no live listing: not one of the live listings the import counts. */
export async function countNotLive(db: Db, userId: string, id: string) {
  await db
    .update(ebayImports)
    .set({ total: sql`${ebayImports.total} - 1`, updatedAt: new Date() })
    .where(ownImport(userId, id));
}

/**
 * The seller's items whose eBay listing holds these eBay SKUs (the SKU each created or was imported under), with the
 * item's upload key and when it was made (an item an import made has the key derived from its eBay SKU).
 */
export async function itemsClaimingEbaySkus(
  db: Db,
  userId: string,
  ebaySkus: string[],
): Promise<Map<string, { itemId: string; uploadKey: string | null; createdAt: Date }>> {
  const found = new Map<string, { itemId: string; uploadKey: string | null; createdAt: Date }>();
  if (!ebaySkus.length) return found;
  const rows = await db
    .select({
      itemId: channelListings.itemId,
      ebaySku: sql<string>`${channelListings.data}->>'ebaySku'`,
      uploadKey: items.uploadKey,
      createdAt: items.createdAt,
    })
    .from(channelListings)
    .innerJoin(items, and(eq(items.id, channelListings.itemId), eq(items.userId, channelListings.userId)))
    .where(and(eq(channelListings.userId, userId), isEbay, inArray(sql`${channelListings.data}->>'ebaySku'`, ebaySkus)));
  for (const { ebaySku, ...row } of rows) found.set(ebaySku, row);
  return found;
}

/** The item an earlier run made for this import key (its upload key), with when it was made. */
export async function itemOfImportKey(db: Db, userId: string, uploadKey: string) {
  const [row] = await db
    .select({ id: items.id, sku: items.sku, createdAt: items.createdAt })
    .from(items)
    .where(matching(items, { userId, uploadKey }));
  return row;
}

export interface ImportedListing {
  /** The item's own SKU (the eBay SKU without the seller's eBay SKU prefix). */
  itemSku: string;
  ebaySku: string;
  offerId: string;
  listingId: string;
  listingUrl: string;
  title: string | null;
  description: string | null;
  aspects: Record<string, string>;
  brand: string | null;
  /** The seller's category and condition here (catalog.ts lists), and eBay's condition grade. */
  category: string | null;
  condition: string | null;
  conditionGrade: string | null;
  categoryId: string | null;
  price: Money | null;
  quantity: number;
}

/** An imported aspect by name or meaning, in the listing's marketplace's language ("Größe" for Size). */
const aspectOf = (listing: ImportedListing, name: string) =>
  Object.entries(listing.aspects).find(([key]) => sameAspect(key, name))?.[1] ?? null;

/**
 * The item's listing as eBay holds it, written in one transaction: title, description, aspects on the item (as a
 * listing written for it), and its eBay listing live with the offer, listing id and link the publish path stores,
 * so revising and ending it work. Safe to run again.
 */
export async function writeImportedListing(db: Db, userId: string, itemId: string, listing: ImportedListing) {
  await db.transaction(async (tx) => {
    await updateOwnItems(tx, userId, [itemId], {
      aiTitle: listing.title,
      aiDescription: listing.description,
      itemSpecificsJson: listing.aspects,
      brand: listing.brand,
      extractedBrand: listing.brand,
      category: listing.category,
      condition: listing.condition,
      extractedSize: aspectOf(listing, 'Size'),
      extractedColor: aspectOf(listing, 'Color'),
      extractedMaterial: aspectOf(listing, 'Material'),
      extractedStyle: aspectOf(listing, 'Style'),
      extractedFit: aspectOf(listing, 'Fit'),
      extractedDepartment: aspectOf(listing, 'Department'),
      extractedSizeType: aspectOf(listing, 'Size Type'),
      aiInputsFingerprint: listingInputsFingerprint(listing),
      aiGenerationStatus: 'completed',
      aiGeneratedAt: new Date(),
      aiProvider: 'ebay',
    });
    await upsertEbayListing(tx, userId, itemId, {
      data: {
        ebaySku: listing.ebaySku,
        offerId: listing.offerId,
        categoryId: listing.categoryId,
        conditionGrade: listing.conditionGrade,
        settingsSaved: true,
      },
      insertOnly: { sku: listing.itemSku },
      columns: {
        status: 'live',
        externalId: listing.listingId,
        url: listing.listingUrl,
        priceMinor: listing.price?.amountMinor ?? null,
        ...(listing.price ? { currency: listing.price.currency } : {}),
        quantity: listing.quantity,
        error: null,
        listedAt: new Date(),
      },
    });
    await writeListingReadiness(tx, userId, [itemId]);
  });
}
