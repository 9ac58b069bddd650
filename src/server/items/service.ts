import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateItemBody, Item, ListItemsQuery, ListItemsResponse, UpdateItemBody } from '@shared/contracts/items';
import { formatGeneratedSku, normaliseSku, skuMessages, skuProblem } from '@shared/domain/sku';
import { AppError, notFound } from '@shared/errors';
import type { Storage } from '../adapters/storage/storage';
import { pgErrorCode, type Db } from '../db/client';
import * as repo from './repo';
import { decodeItemCursor, encodeItemCursor } from './item-cursor';
import { imagesByItem, toItemView } from './item-view';
import { acceptTypedSku, firstFreeSkuNumber, skuConflict } from './sku-allocation';
import { must } from '@shared/must';

export interface ItemServiceDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** Spec §9: SKU creation retries 5 (6 attempts), each with a new SKU and batch number. */
export const CREATE_ATTEMPTS = 6;
const UNIQUE_VIOLATION = '23505';

export const itemNotFound = () => notFound('Item not found');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

export function createItemService(deps: ItemServiceDeps) {
  const { db, storage, log } = deps;

  async function viewOf(userId: string, row: repo.ItemRow, publish?: repo.ItemPublishRow | null): Promise<Item> {
    const [images, listing] = await Promise.all([
      repo.imagesOfItems(db, userId, [row.id]),
      publish === undefined ? repo.publishStateOf(db, userId, row.id) : publish,
    ]);
    return toItemView(storage, row, images, listing);
  }

  /** One transaction: counters, SKU, insert. A generated SKU that loses a race is retried with the next one. */
  async function insertDraft(userId: string, body: CreateItemBody, typedSku: string | null): Promise<repo.ItemRow> {
    return db.transaction(async (tx) => {
      const numbers = await repo.takeCounters(tx, userId, typedSku === null);
      let sku = typedSku;
      if (sku === null) {
        const free = await firstFreeSkuNumber(tx, userId, numbers.skuNumber);
        if (free !== numbers.skuNumber) await repo.setNextSkuNumber(tx, userId, free + 1);
        sku = formatGeneratedSku(free);
      }
      const sessionId = randomUUID();
      return repo.insertItem(tx, {
        userId,
        sku,
        status: 'draft',
        uploadSessionId: sessionId,
        batchId: sessionId,
        batchNumber: numbers.batchNumber,
        skuAssigned: true,
        category: emptyToNull(body.category) ?? null,
        condition: emptyToNull(body.condition) ?? null,
        brand: emptyToNull(body.brand) ?? null,
        autoGenerateListing: body.autoGenerateListing ?? false,
      });
    });
  }

  async function createDraftItem(userId: string, body: CreateItemBody): Promise<Item> {
    const typedSku = body.sku === undefined ? null : acceptTypedSku(body.sku);
    if (typedSku && (await repo.existingSkus(db, userId, [typedSku])).size > 0) throw skuConflict();
    for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
      try {
        return await toItemView(storage, await insertDraft(userId, body, typedSku), [], null);
      } catch (err) {
        if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
        if (typedSku) throw skuConflict();
        log.warn({ userId, attempt }, 'generated SKU collided, retrying');
        // Randomised back-off so racing requests (a SKU typed in another tab) do not collide again.
        if (attempt < CREATE_ATTEMPTS) await sleep(5 + Math.random() * 20 * attempt);
      }
    }
    throw new AppError('SKU_CONFLICT', `Failed to create item after ${CREATE_ATTEMPTS} attempts due to SKU conflicts`);
  }

  async function getItem(userId: string, id: string): Promise<Item> {
    const found = await repo.findItemWithPublish(db, userId, id);
    if (!found) throw itemNotFound();
    return viewOf(userId, found.row, found.publish);
  }

  async function listItems(userId: string, query: ListItemsQuery): Promise<ListItemsResponse> {
    const after = query.cursor ? decodeItemCursor(query.cursor) : null;
    const page = await repo.listItems(
      db,
      userId,
      { view: query.view, q: query.q || undefined, status: query.status },
      after,
      query.limit + 1,
    );
    const shown = page.slice(0, query.limit);
    const images = imagesByItem(
      await repo.imagesOfItems(
        db,
        userId,
        shown.map((p) => p.row.id),
      ),
    );
    return {
      items: await Promise.all(shown.map((p) => toItemView(storage, p.row, images.get(p.row.id) ?? [], p.publish))),
      nextCursor:
        page.length > query.limit
          ? encodeItemCursor(must(shown.at(-1), 'a longer page than the limit shows at least one row').cursor)
          : null,
    };
  }

  async function updateItem(userId: string, id: string, body: UpdateItemBody): Promise<Item> {
    const patch: Partial<repo.NewItemRow> = {
      category: emptyToNull(body.category),
      condition: emptyToNull(body.condition),
      brand: emptyToNull(body.brand),
    };
    if (body.sku !== undefined) {
      const sku = acceptTypedSku(body.sku);
      const current = await repo.findItem(db, userId, id);
      if (!current) throw itemNotFound();
      if (current.sku !== sku && (await repo.existingSkus(db, userId, [sku])).size > 0) throw skuConflict();
      patch.sku = sku;
    }
    try {
      const row = await repo.updateItem(db, userId, id, patch);
      if (!row) throw itemNotFound();
      return await viewOf(userId, row);
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw skuConflict();
      throw err;
    }
  }

  /** Deletes rows in one transaction, then their files; a file that fails to go is logged, not fatal. */
  async function deleteItems(userId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const { deletedIds, storageKeys } = await db.transaction(async (tx) => {
      const deleted = await repo.deleteItems(tx, userId, unique);
      // One rule for every bulk route: an id that is not the user's answers 404 and nothing is deleted.
      if (deleted.deletedIds.length !== unique.length) throw itemNotFound();
      return deleted;
    });
    await storage
      .delete(storageKeys)
      .catch((err: unknown) => log.error({ err, userId, count: storageKeys.length }, 'stored files of deleted items left behind'));
    return deletedIds;
  }

  async function skuHints(userId: string) {
    const [last, counter] = await Promise.all([repo.lastSku(db, userId), repo.peekNextSkuNumber(db, userId)]);
    return { last, next: formatGeneratedSku(await firstFreeSkuNumber(db, userId, counter)) };
  }

  /** Whether a typed SKU is free for this seller (read only: nothing is reserved). */
  async function skuAvailable(userId: string, typed: string) {
    const sku = normaliseSku(typed);
    const problem = skuProblem(sku);
    if (problem) return { sku, available: false, reason: problem };
    const taken = (await repo.existingSkus(db, userId, [sku])).size > 0;
    return { sku, available: !taken, reason: taken ? skuMessages.conflict : null };
  }

  return {
    createDraftItem,
    getItem,
    listItems,
    updateItem,
    deleteItems,
    skuHints,
    skuAvailable,
    summary: (userId: string) => repo.itemsSummary(db, userId),
  };
}

export type ItemService = ReturnType<typeof createItemService>;
