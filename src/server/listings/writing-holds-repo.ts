import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HeldForAnswer } from '@shared/contracts/listings';
import type { Db } from '../db/client';
import { items, writingHolds } from '../db/schema';

/**
 * The one writer of `writing_holds` (decision 116): items held from writing until the seller answers a channel's
 * question. Every statement is filtered by the item's owner; the caller has checked the items are theirs.
 */

/** Holds each item with its questions (asked again: the new questions replace the old). */
export async function holdForAnswers(db: Db, userId: string, held: HeldForAnswer[]): Promise<void> {
  if (!held.length) return;
  await db
    .insert(writingHolds)
    .values(held.map(({ itemId, questions }) => ({ itemId, userId, questions })))
    .onConflictDoUpdate({
      target: writingHolds.itemId,
      set: { questions: sql`excluded.questions` },
      setWhere: eq(writingHolds.userId, userId),
    });
}

/** Nothing is left to ask of these items (answered, or the channel no longer asks): they are no longer held. */
export async function releaseHolds(db: Db, userId: string, itemIds: string[]): Promise<void> {
  if (!itemIds.length) return;
  await db.delete(writingHolds).where(and(eq(writingHolds.userId, userId), inArray(writingHolds.itemId, itemIds)));
}

/**
 * The seller's held items still to be written (a listing written since, by any route, ends the hold: those are
 * released here), oldest hold first, with the questions stored when they were held.
 */
export async function heldItemsOf(db: Db, userId: string): Promise<HeldForAnswer[]> {
  const rows = await db
    .select({ itemId: writingHolds.itemId, questions: writingHolds.questions, status: items.aiGenerationStatus })
    .from(writingHolds)
    .innerJoin(items, and(eq(items.id, writingHolds.itemId), eq(items.userId, userId)))
    .where(eq(writingHolds.userId, userId))
    .orderBy(writingHolds.heldAt, writingHolds.itemId);
  const written = rows.filter((r) => r.status === 'completed' || r.status === 'generating').map((r) => r.itemId);
  await releaseHolds(db, userId, written);
  return rows.filter((r) => !written.includes(r.itemId)).map(({ itemId, questions }) => ({ itemId, questions }));
}
