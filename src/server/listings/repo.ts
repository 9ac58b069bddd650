import { roundToMoney } from '@shared/domain/money';
import { and, asc, eq, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import type { ListingDraft } from '@shared/domain/listing';
import { sellerAspects, type SellerField } from '@shared/domain/seller-fields';
import type { Db } from '../db/client';
import { itemImages, items, writingHolds } from '../db/schema';
import { claimHolds, itemHasJob, type ClaimedJob } from '../jobs/queue';
import { updateOwnItems } from '../items/item-writer';
import { keepSellerFields } from './seller-fields';
import type { StoredEvidence } from './evidence-view';
import { sellerFieldsWith } from './seller-fields-sql';
import { matching } from '../db/matching';

/** SQL of listing generation and editing. Every statement is filtered by the item's owner. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Locks the user's items among ids (FOR UPDATE) and answers which exist; serialises concurrent enqueues per item. */
export async function lockOwnedItems(tx: Db, userId: string, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)))
    .for('update');
  return rows.map((r) => r.id);
}

/** The seller's category, condition and brand of their items among ids. */
export async function sellerDetails(db: Db, userId: string, ids: string[]) {
  return db
    .select({ id: items.id, category: items.category, condition: items.condition, brand: items.brand })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
}

export interface GenerationSubject {
  id: string;
  sku: string;
  /** The item's currency: what its suggested price is asked in. */
  currency: string;
  category: string | null;
  condition: string | null;
  brand: string | null;
  sellerFields: string[];
  extractedBrand: string | null;
  extractedSize: string | null;
  extractedSizeType: string | null;
  extractedColor: string | null;
  extractedMaterial: string | null;
  extractedStyle: string | null;
  extractedFit: string | null;
  extractedDepartment: string | null;
}

/** Spec: on start, generating with the error cleared. Only while this claim still holds the job. */
export async function markGenerating(db: Db, job: ClaimedJob<'generate-listing'>): Promise<GenerationSubject | undefined> {
  const [row] = await updateOwnItems(
    db,
    job.userId,
    [job.itemId],
    { aiGenerationStatus: 'generating', aiGenerationError: null },
    claimHolds(job),
  );
  return row;
}

/** Storage keys of the item's display images, in the item's order. */
export async function imageKeys(db: Db, userId: string, itemId: string): Promise<string[]> {
  const rows = await db
    .select({ storagePath: itemImages.storagePath })
    .from(itemImages)
    .where(matching(itemImages, { userId, itemId }))
    .orderBy(asc(itemImages.order), asc(itemImages.createdAt));
  return rows.map((r) => r.storagePath);
}

/** The brands the seller typed on their items, as they spell them (most used first): theirs come first when a label is read. */
export async function sellerBrands(db: Db, userId: string): Promise<string[]> {
  const brand = sql<string>`trim(${items.brand})`;
  const rows = await db
    .select({ brand })
    .from(items)
    .where(and(eq(items.userId, userId), sql`nullif(trim(${items.brand}), '') is not null`))
    .groupBy(brand)
    .orderBy(sql`count(*) desc`, brand)
    .limit(500);
  return rows.map((r) => r.brand);
}

export interface ListingWrite {
  draft: ListingDraft;
  provider: string;
  /** listingInputsFingerprint of the category, condition and brand the listing was written from. */
  inputsFingerprint: string;
}

/**
 * Every AI field at once, with status completed: never a half-written item. What the seller set by hand
 * (items.seller_fields, read under the row's lock) is kept: the draft writes only the rest.
 */
/** Writes the AI's draft, the seller's own fields kept; answers the kept draft (undefined when the item is gone). */
export async function writeGeneratedListing(
  tx: Db,
  userId: string,
  itemId: string,
  write: ListingWrite,
): Promise<ReturnType<typeof keepSellerFields> | undefined> {
  const [current] = await tx
    .select({ sellerFields: items.sellerFields, itemSpecificsJson: items.itemSpecificsJson, currency: items.currency })
    .from(items)
    .where(matching(items, { id: itemId, userId }))
    .for('update');
  if (!current) return undefined;
  const draft = keepSellerFields(write.draft, new Set(current.sellerFields));
  const keptAspects = Object.fromEntries(
    sellerAspects(current.sellerFields).flatMap((name) => {
      const value = current.itemSpecificsJson?.[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
  const now = new Date();
  await updateOwnItems(tx, userId, [itemId], {
    ...draft.text,
    aiConditionNotes: draft.conditionNotes,
    aiMeasurements: draft.measurements,
    aiSuggestedPriceMinor: draft.suggestedPrice === null ? null : roundToMoney(draft.suggestedPrice, current.currency).amountMinor,
    aiPricingNotes: draft.pricingNotes,
    aiEvidence: draft.evidenceKept as Record<string, { source: string; photo?: number }>,
    aiProvider: write.provider,
    aiInputsFingerprint: write.inputsFingerprint,
    categoryConfidence: draft.categoryConfidence,
    ...draft.attributes,
    itemSpecificsJson: { ...draft.itemSpecifics, ...keptAspects },
    aiGeneratedAt: now,
    aiGenerationStatus: 'completed',
    aiGenerationError: null,
  });
  return draft;
}

export async function markGenerationState(
  db: Db,
  userId: string,
  itemId: string,
  state: { status: 'pending' | 'failed'; error: string },
  onlyIf?: 'generating-or-pending',
): Promise<void> {
  const stillRunning = onlyIf ? inArray(items.aiGenerationStatus, ['generating', 'pending']) : undefined;
  await updateOwnItems(db, userId, [itemId], { aiGenerationStatus: state.status, aiGenerationError: state.error }, stillRunning);
}

const resetFields = {
  aiTitle: null,
  aiDescription: null,
  aiTags: null,
  aiConditionNotes: null,
  aiGeneratedAt: null,
  aiSuggestedPriceMinor: null,
  aiPricingNotes: null,
  aiMeasurements: null,
  aiEvidence: null,
  aiProvider: null,
  aiInputsFingerprint: null,
  categoryConfidence: null,
  extractedBrand: null,
  extractedSize: null,
  extractedColor: null,
  extractedMaterial: null,
  extractedStyle: null,
  extractedFit: null,
  extractedDepartment: null,
  extractedSizeType: null,
  itemSpecificsJson: null,
  sellerFields: [] as string[],
  publishReadyScore: null,
  listingReady: false,
  aiGenerationStatus: 'pending',
  aiGenerationError: null,
  // The seller removed the listing: a camera batch's background generation must not write it again.
  autoGenerateListing: false,
} as const;

/** Deleting a listing: the AI fields go, status pending, listing_ready false; the item stays. */
export async function resetListings(tx: Db, userId: string, ids: string[]): Promise<string[]> {
  const rows = await updateOwnItems(tx, userId, ids, resetFields);
  return rows.map((r) => r.id);
}

/**
 * The seller's edit of the listing's text: the fields they changed become theirs (a Regenerate keeps them), and the
 * text is now written for the item's category, condition and brand (`inputsFingerprint`): no longer out of date.
 */
export async function editListing(
  db: Db,
  userId: string,
  itemId: string,
  edit: { title: string; description: string; tags: string[]; changed: SellerField[]; inputsFingerprint: string },
): Promise<boolean> {
  const sellerFields = sellerFieldsWith(edit.changed);
  const rows = await updateOwnItems(db, userId, [itemId], {
    aiTitle: edit.title,
    aiDescription: edit.description,
    aiTags: edit.tags,
    aiInputsFingerprint: edit.inputsFingerprint,
    ...(sellerFields ? { sellerFields } : {}),
  });
  return rows.length > 0;
}

export interface ListingExtras {
  id: string;
  aiEvidence: Record<string, StoredEvidence> | null;
  aiProvider: string | null;
  aiInputsFingerprint: string | null;
  sellerFields: string[];
}

export async function listingExtras(db: Db, userId: string, ids: string[]): Promise<Map<string, ListingExtras>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: items.id,
      aiEvidence: items.aiEvidence,
      aiProvider: items.aiProvider,
      aiInputsFingerprint: items.aiInputsFingerprint,
      sellerFields: items.sellerFields,
    })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
  return new Map(rows.map((r) => [r.id, r as unknown as ListingExtras]));
}

/** Failing orphaned generations is `items`' writer's (decision 082). */
export { failOrphanedGenerations } from '../items/item-writer';

/** Upload requests of one product come in bursts; its background generation starts once they settled. */
const AUTO_GENERATE_SETTLE = '10 seconds';
/** Any number: the key of the advisory lock that lets one process at a time queue background generations. */
const AUTO_GENERATE_LOCK = 735_001;

/** One process at a time queues background generations: false when another holds the lock (until its commit). */
export async function tryAutoGenerateLock(tx: Db): Promise<boolean> {
  const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${AUTO_GENERATE_LOCK}) as locked`);
  return rowsOf<{ locked: boolean }>(lock)[0]?.locked === true;
}

/**
 * Camera-batch items (auto_generate_listing) with photos, no listing, never a generation job and not held for an
 * answer, whose uploads settled: oldest change first.
 */
export async function autoGenerateCandidates(tx: Db, limit: number): Promise<Array<{ id: string; userId: string }>> {
  return tx
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(
      and(
        matching(items, { autoGenerateListing: true, aiGenerationStatus: 'pending' }),
        isNull(items.aiGeneratedAt),
        gt(items.photoCount, 0),
        sql`${items.updatedAt} < now() - interval '${sql.raw(AUTO_GENERATE_SETTLE)}'`,
        not(itemHasJob(items.id, { kind: 'generate-listing', status: 'any' })),
        sql`not exists (select 1 from ${writingHolds} where ${writingHolds.itemId} = ${items.id})`,
      ),
    )
    .orderBy(asc(items.updatedAt))
    .limit(limit);
}
