import type { FastifyBaseLogger } from 'fastify';
import type {
  EditListingBody,
  GenerateListingsResponse,
  HeldForAnswer,
  WritingQuestion,
  ItemDetails,
  ListingItem,
  ListListingsResponse,
} from '@shared/contracts/listings';
import type { ListedItem } from '@shared/contracts/items';
import { AppError } from '@shared/errors';
import { listingInputsFingerprint } from '@shared/domain/listing-inputs';
import { apiChannels } from '@shared/domain/channel-listing';
import { forgetGeneratedListings } from '../channels/generated-listing';
import type { Marketplaces } from '../channels/marketplace';
import { writingQuestionsOf } from '../channels/writing-questions';
import { reviseLiveListings } from '../listing-changes/listing-changes';
import type { Db } from '../db/client';
import { itemNotFound, type DeleteOutcome, type ItemService } from '../items/service';
import { systemClock, type Clock } from '../jobs/clock';
import { itemSubject } from '../jobs/job-subject';
import { cancelItemJobs, enqueue, itemsWithActiveJobs } from '../jobs/queue';
import { writeListingReadiness } from './readiness-writer';
import * as repo from './repo';
import { evidenceViews } from './evidence-view';
import type { Storage } from '../adapters/storage/storage';
import * as holds from './writing-holds-repo';
import { must } from '@shared/must';

export interface ListingServiceDeps {
  db: Db;
  items: ItemService;
  /** The channels asked before an item is written; absent: nothing is asked. */
  marketplaces?: Marketplaces;
  log?: FastifyBaseLogger;
  clock?: Clock;
  /** Where the evidence's crops are (the photos' storage): their URLs are signed from it. */
  storage?: Storage;
}

const providers = ['basic', 'openai', 'anthropic'] as const;

/** Listing generation requests, edits and resets, always for the signed-in user's own items. */
export function createListingService(deps: ListingServiceDeps) {
  const { db, items, marketplaces, log } = deps;
  const clock = deps.clock ?? systemClock;

  /** Locks and checks every id in one transaction: any id that is not the user's answers 404 and nothing is done. */
  async function withOwnedItems<T>(userId: string, itemIds: string[], work: (tx: Db, ids: string[]) => Promise<T>): Promise<T> {
    const ids = [...new Set(itemIds)];
    return db.transaction(async (tx) => {
      const owned = await repo.lockOwnedItems(tx, userId, ids);
      if (owned.length !== ids.length) throw itemNotFound();
      return work(tx, ids);
    });
  }

  /**
   * Queues a generation for each item (answering at once); items already waiting or generating are left alone.
   * Category, condition and brand sent with the request are saved on their items first, so the generator reads them.
   * An item a channel must ask about first (a size eBay takes none of) is held: no job, so no AI call, and
   * the hold is kept (decision 116) until a request after the seller's answer finds nothing to ask.
   */
  async function requestGeneration(userId: string, itemIds: string[], details: ItemDetails[] = []): Promise<GenerateListingsResponse> {
    await saveDetails(
      userId,
      details.filter((d) => itemIds.includes(d.itemId)),
    );
    await withOwnedItems(userId, itemIds, async () => undefined); // a foreign id answers 404 before any channel is asked
    const held = await heldForAnswers(userId, [...new Set(itemIds)]);
    const heldIds = new Set(held.map((h) => h.itemId));
    const toQueue = [...new Set(itemIds)].filter((id) => !heldIds.has(id));
    return withOwnedItems(userId, itemIds, async (tx) => {
      await holds.holdForAnswers(tx, userId, held);
      await holds.releaseHolds(tx, userId, toQueue);
      return { ...(await enqueueGenerations(tx, userId, toQueue)), held };
    });
  }

  /** A generate-listing job for each item that has none waiting or running. */
  async function queueGenerations(userId: string, itemIds: string[]): Promise<{ queued: string[]; alreadyQueued: string[] }> {
    return withOwnedItems(userId, itemIds, async (tx, ids) => enqueueGenerations(tx, userId, ids));
  }

  async function enqueueGenerations(tx: Db, userId: string, ids: string[]): Promise<{ queued: string[]; alreadyQueued: string[] }> {
    const queued: string[] = [];
    const alreadyQueued: string[] = [];
    for (const itemId of ids) {
      const created = await enqueue(tx, 'generate-listing', { userId, subject: itemSubject(itemId), runAfterMs: clock.now() });
      (created ? queued : alreadyQueued).push(itemId);
    }
    return { queued, alreadyQueued };
  }

  /**
   * The seller's held items (Generate's or the background generation's), each asked again (eBay's values change): an
   * item with nothing left to ask is no longer held; one whose channel cannot be asked just now shows what was asked.
   */
  async function listHeld(userId: string): Promise<HeldForAnswer[]> {
    const stored = await holds.heldItemsOf(db, userId);
    if (!marketplaces) return stored;
    const shown: HeldForAnswer[] = [];
    const released: string[] = [];
    for (const hold of stored) {
      const asked = await writingQuestionsOf(marketplaces, userId, hold.itemId, apiChannels);
      if (asked.questions.length) shown.push({ itemId: hold.itemId, questions: asked.questions });
      else if (asked.unavailable.length) shown.push(hold);
      else released.push(hold.itemId);
    }
    await holds.releaseHolds(db, userId, released);
    await holds.holdForAnswers(
      db,
      userId,
      shown.filter((h) => !stored.includes(h)),
    );
    return shown;
  }

  /**
   * Regenerate: a new generation of one written listing, queued at once without asking (the seller's fields, a size
   * picked on the eBay screen among them, are kept; the pre-flight asks before publish, decision 099).
   */
  async function requestRegeneration(userId: string, itemId: string, details?: Omit<ItemDetails, 'itemId'>): Promise<{ queued: boolean }> {
    if (details) await saveDetails(userId, [{ itemId, ...details }]);
    const { queued } = await queueGenerations(userId, [itemId]);
    return { queued: queued.length > 0 };
  }

  /**
   * What the channels ask of one item before it is written. A channel that cannot be asked just now (eBay
   * unreachable) asks nothing: the seller asked for the writing, and the pre-flight asks before publish.
   */
  async function questionsBeforeWriting(userId: string, itemId: string): Promise<WritingQuestion[]> {
    if (!marketplaces) return [];
    const asked = await writingQuestionsOf(marketplaces, userId, itemId, apiChannels);
    if (asked.unavailable.length) log?.warn({ userId, itemId, unavailable: asked.unavailable }, 'size not asked before writing');
    return asked.questions;
  }

  /** The items some channel asks about before writing, with its questions. */
  async function heldForAnswers(userId: string, ids: string[]): Promise<HeldForAnswer[]> {
    const held: HeldForAnswer[] = [];
    for (const itemId of ids) {
      const questions = await questionsBeforeWriting(userId, itemId);
      if (questions.length) held.push({ itemId, questions });
    }
    return held;
  }

  /** Saves the details that differ from the stored ones (a bulk call sends every item's, most unchanged). */
  async function saveDetails(userId: string, details: ItemDetails[]) {
    if (details.length === 0) return;
    const stored = new Map((await repo.sellerDetails(db, userId, [...new Set(details.map((d) => d.itemId))])).map((r) => [r.id, r]));
    const norm = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
    for (const { itemId, ...fields } of details) {
      const current = stored.get(itemId);
      const changed = (['category', 'condition', 'brand'] as const).some(
        (k) => norm(fields[k]) !== undefined && norm(fields[k]) !== current?.[k],
      );
      if (!current || changed) await items.updateItem(userId, itemId, fields); // an unknown id answers 404 from there
    }
  }

  /**
   * Spec: deleting a listing clears the AI fields, status pending, listing_ready false; the item stays. A listing
   * live on eBay is ended there first; one eBay did not end is kept, named with the reason.
   */
  async function deleteListings(userId: string, itemIds: string[]): Promise<{ resetIds: string[]; refused: DeleteOutcome['refused'] }> {
    const refused = await items.endListingsOfItems(userId, itemIds);
    const kept = new Set(refused.map((r) => r.itemId));
    const toReset = [...new Set(itemIds)].filter((id) => !kept.has(id));
    if (toReset.length === 0) return { resetIds: [], refused };
    const resetIds = await withOwnedItems(userId, toReset, async (tx, ids) => {
      await cancelItemJobs(tx, userId, 'generate-listing', ids);
      const reset = await repo.resetListings(tx, userId, ids);
      // What the channels kept of the AI's listing (eBay's category and grade) goes with it.
      await forgetGeneratedListings(tx, userId, reset);
      return reset;
    });
    return { resetIds, refused };
  }

  async function withExtras(userId: string, list: ListedItem[]): Promise<ListingItem[]> {
    const ids = list.map((i) => i.id);
    const [extras, active] = await Promise.all([
      repo.listingExtras(db, userId, ids),
      itemsWithActiveJobs(db, userId, 'generate-listing', ids),
    ]);
    const evidence = new Map(
      await Promise.all([...extras].map(async ([id, extra]) => [id, await evidenceViews(extra.aiEvidence, deps.storage)] as const)),
    );
    return list.map((i) => {
      const extra = extras.get(i.id);
      const provider = providers.find((p) => p === extra?.aiProvider) ?? null;
      return {
        ...i,
        aiEvidence: evidence.get(i.id) ?? null,
        aiProvider: provider,
        aiInputsFingerprint: extra?.aiInputsFingerprint ?? null,
        sellerFields: extra?.sellerFields ?? [],
        generationQueued: active.has(i.id) && i.aiGenerationStatus !== 'generating',
      };
    });
  }

  async function getListing(userId: string, itemId: string): Promise<ListingItem> {
    // The listing card shows the item without its photos (as the list does).
    const { images: _images, ...listed } = await items.getItem(userId, itemId);
    const [listing] = await withExtras(userId, [listed]);
    return must(listing, 'withExtras maps each item to one listing');
  }

  async function listListings(userId: string, query: { cursor?: string; limit: number }): Promise<ListListingsResponse> {
    const page = await items.listItems(userId, { view: 'listings', cursor: query.cursor, limit: query.limit });
    return { items: await withExtras(userId, page.items), nextCursor: page.nextCursor };
  }

  /**
   * Inline edit of title, description and tags; readiness (listing_ready, score) follows the new text. What the
   * seller changed is theirs from now on, and the saved text is up to date with the item's category, condition and
   * brand (only Regenerate cleared "out of date").
   */
  async function editListing(userId: string, itemId: string, body: EditListingBody): Promise<ListingItem> {
    const current = await items.getItem(userId, itemId);
    if (current.aiGenerationStatus !== 'completed') throw new AppError('CONFLICT', 'Generate the listing before editing it.');
    const changed = (['title', 'description', 'tags'] as const).filter((field) =>
      field === 'tags'
        ? JSON.stringify(body.tags) !== JSON.stringify(current.aiTags ?? [])
        : body[field] !== (field === 'title' ? current.aiTitle : current.aiDescription),
    );
    const saved = await db.transaction(async (tx) => {
      // Saved by the seller, the text is theirs and written for the item's fields as they are now.
      const edited = await repo.editListing(tx, userId, itemId, { ...body, changed, inputsFingerprint: listingInputsFingerprint(current) });
      if (edited) {
        await writeListingReadiness(tx, userId, [itemId]);
        await reviseLiveListings(tx, userId, [itemId]);
      }
      return edited;
    });
    if (!saved) throw itemNotFound();
    return getListing(userId, itemId);
  }

  return {
    requestGeneration,
    requestRegeneration,
    listHeld,
    questionsBeforeWriting,
    deleteListings,
    getListing,
    listListings,
    editListing,
  };
}
export type ListingService = ReturnType<typeof createListingService>;
