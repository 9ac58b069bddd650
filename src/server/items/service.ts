import { randomUUID } from 'node:crypto';
import { confirmLivePriceUnderFloor, reviseLiveListingOn, reviseLiveListings } from '../listing-changes/listing-changes';
import { livePricesWithAsking } from '../listing-changes/revise-price';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { ProfitFloorService } from '../profit-floor/service';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateItemBody, Item, ListItemsQuery, ListItemsResponse, UpdateItemBody } from '@shared/contracts/items';
import { formatGeneratedSku, normaliseSku, skuMessages, skuProblem } from '@shared/domain/sku';
import { AppError, notFound } from '@shared/errors';
import type { Storage } from '../adapters/storage/storage';
import { typedMoney } from '../http/typed-money';
import { pgErrorCode, type Db } from '../db/client';
import { marketplacesOf, type Marketplaces } from '../channels/marketplace';
import * as repo from './repo';
import { sellerRegionIn } from '../seller-region/service';
import { decodeItemCursor, encodeItemCursor } from './item-cursor';
import { readItemView } from './item-view';
import { priceListOf } from '../price-list/service';
import type { ItemChannelsJson } from './item-mapper';
import { writeListingReadiness } from '../listings/readiness-writer';
import type { ListCache } from './list-cache';
import { acceptTypedSku, firstFreeSkuNumber, freeSkuNumbers, skuConflict } from './sku-allocation';
import { must } from '@shared/must';

export interface ItemServiceDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Pages of the list kept between requests (PostgreSQL servers); without it every request reads the database. */
  listCache?: ListCache;
  /** Every channel's marketplace: live listings are ended there before their items go. */
  marketplaces: Marketplaces;
  /**
   * Called in the transaction that creates an uploaded product (the autopilot takes it on when the seller's default
   * says so); `uploadComplete`: the browser said every photo is in.
   */
  onProductCreated?: (tx: Db, userId: string, itemId: string, uploadComplete: boolean) => Promise<void>;
  /** The seller's floor (decision 121): a new asking price a live listing would get under it asks first. */
  floors?: Pick<ProfitFloorService, 'confirmSellerPrice'>;
}

interface EndOutcome {
  unique: string[];
  ended: string[];
  refused: DeleteOutcome['refused'];
}

export interface DeleteOutcome {
  deletedIds: string[];
  /** Items kept because their eBay listing could not be ended, each with the reason. */
  refused: { itemId: string; sku: string; message: string }[];
}

/** SKU creation retries 5 (6 attempts), each with a new SKU and batch number. */
export const CREATE_ATTEMPTS = 6;
const UNIQUE_VIOLATION = '23505';
/** Free generated SKUs the hints list: more than the products a seller names on one screen. */
const HINTED_FREE_SKUS = 100;

export const itemNotFound = () => notFound('Item not found');
const inBundle = () =>
  new AppError('CONFLICT', "This item's cost is its share of a bundle: take it out of the bundle to set its own cost.");

/** What a product upload adds to the draft it creates: its id (the stored files' folder), key and photos. */
export interface UploadedProduct {
  itemId: string;
  uploadKey: string;
  /** Files of the request read, stored or refused. */
  received: number;
  /** SKUs typed for the seller's other products still on their way: a generated SKU skips them. */
  reservedSkus?: string[];
  photos: repo.NewPhoto[];
  /**
   * The browser said this request carries the product's last photo (true) or not (false); absent: not the seller's
   * upload (an import of a live listing), which the autopilot never takes on.
   */
  complete?: boolean;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

export function createItemService(deps: ItemServiceDeps) {
  const { db, storage, log } = deps;

  /** The marketplaces whose live listings carry a price worked out from the profit floor (read outside a transaction). */
  async function floorPricedChannels(userId: string) {
    const all = Object.values(deps.marketplaces);
    const priced = await Promise.all(all.map((marketplace) => marketplace.pricesFromTheFloor?.(userId) ?? false));
    return all.filter((_, index) => priced[index]).map((marketplace) => marketplace.channel);
  }

  /**
   * A new asking price against the seller's floor on each marketplace where a live listing would be sent it (read
   * before the save's transaction): under a floor it is refused with what they would lose (UNDER_FLOOR) unless
   * confirmed; confirmed, the prices to send anyway.
   */
  async function askingPriceAgainstFloors(userId: string, itemId: string, body: UpdateItemBody) {
    if (!deps.floors || !body.askingPrice) return [];
    const current = await repo.findItem(db, userId, itemId);
    if (!current) throw itemNotFound();
    typedMoney(body.askingPrice, current.currency);
    const confirmed: { channel: ApiChannel; priceMinor: number }[] = [];
    for (const { channel, price } of await livePricesWithAsking(db, userId, itemId, body.askingPrice.amountMinor)) {
      const priceMinor = await deps.floors.confirmSellerPrice(userId, itemId, channel, price, body.confirmUnderFloor === true);
      if (priceMinor !== null) confirmed.push({ channel, priceMinor });
    }
    return confirmed;
  }

  async function viewOf(userId: string, row: repo.ItemRow, channels?: ItemChannelsJson | null): Promise<Item> {
    const [images, read] = await Promise.all([
      repo.imagesOfItems(db, userId, [row.id]),
      channels === undefined ? repo.channelsOfItem(db, userId, row.id) : channels,
    ]);
    return readItemView(db, storage, userId, row, images, read);
  }

  /**
   * One transaction: counters, SKU, insert and, for a product upload, its photos. A generated SKU that loses a race
   * is retried with the next one.
   */
  async function insertDraft(userId: string, body: CreateItemBody, typedSku: string | null, upload?: UploadedProduct) {
    return db.transaction(async (tx) => {
      const numbers = await repo.takeCounters(tx, userId, typedSku === null);
      let sku = typedSku;
      if (sku === null) {
        const free = await firstFreeSkuNumber(tx, userId, numbers.skuNumber, new Set(upload?.reservedSkus));
        if (free !== numbers.skuNumber) await repo.setNextSkuNumber(tx, userId, free + 1);
        sku = formatGeneratedSku(free);
      }
      const sessionId = randomUUID();
      const typedSize = emptyToNull(body.size) ?? null;
      const row = await repo.insertItem(tx, {
        ...(upload ? { id: upload.itemId, uploadKey: upload.uploadKey, uploadReceived: upload.received } : {}),
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
        // A size typed at upload is the seller's: the writer is told it, and never overwrites it.
        ...(typedSize ? { extractedSize: typedSize, sellerFields: ['size'] } : {}),
        autoGenerateListing: body.autoGenerateListing ?? false,
        // Counted in the currency of where the seller sells from (decision 102).
        currency: (await sellerRegionIn(tx, userId)).currency,
      });
      if (!upload) return row;
      const withPhotos = must(
        await repo.appendPhotos(tx, userId, row.id, upload.photos),
        'the item inserted in this transaction takes its photos',
      );
      if (upload.complete !== undefined) await deps.onProductCreated?.(tx, userId, row.id, upload.complete);
      return withPhotos;
    });
  }

  /**
   * Creates the draft item (SKU, batch number and, for a product upload, its photos, all in one transaction). A
   * product upload whose key already made an item answers that item (`created: false`) and writes nothing.
   */
  async function createDraftRow(
    userId: string,
    body: CreateItemBody,
    upload?: UploadedProduct,
  ): Promise<{ row: repo.ItemRow; created: boolean }> {
    const typedSku = body.sku === undefined ? null : acceptTypedSku(body.sku);
    const earlier = async () => (upload ? repo.findItemByUploadKey(db, userId, upload.uploadKey) : undefined);
    if (typedSku && (await repo.existingSkus(db, userId, [typedSku])).size > 0) {
      const row = await earlier();
      if (row) return { row, created: false };
      throw skuConflict();
    }
    for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
      try {
        return { row: await insertDraft(userId, body, typedSku, upload), created: true };
      } catch (err) {
        if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
        // The same product sent twice at once: the other request committed first.
        const row = await earlier();
        if (row) return { row, created: false };
        if (typedSku) throw skuConflict();
        log.warn({ userId, attempt }, 'generated SKU collided, retrying');
        // Randomised back-off so racing requests (a SKU typed in another tab) do not collide again.
        if (attempt < CREATE_ATTEMPTS) await sleep(5 + Math.random() * 20 * attempt);
      }
    }
    throw new AppError('SKU_CONFLICT', `Failed to create item after ${CREATE_ATTEMPTS} attempts due to SKU conflicts`);
  }

  async function createDraftItem(userId: string, body: CreateItemBody): Promise<Item> {
    return readItemView(db, storage, userId, (await createDraftRow(userId, body)).row, [], null);
  }

  async function getItem(userId: string, id: string): Promise<Item> {
    const found = await repo.findItemWithChannels(db, userId, id);
    if (!found) throw itemNotFound();
    return viewOf(userId, found.row, found.channels);
  }

  /**
   * One page of the list in the contract's shape: the items as read (repo.listItems maps them by hand), each with
   * its first photo's thumbnail signed, and the cursor of the next page.
   */
  async function buildListPage(userId: string, query: ListItemsQuery): Promise<ListItemsResponse> {
    const after = query.cursor ? decodeItemCursor(query.cursor) : null;
    const page = await repo.listItems(
      db,
      userId,
      { view: query.view, q: query.q || undefined, status: query.status, channel: query.channel },
      after,
      query.limit + 1,
      await priceListOf(db, userId),
    );
    const shown = page.slice(0, query.limit);
    return {
      items: await Promise.all(
        shown.map(async (p) => {
          if (p.thumbPath) p.item.thumbnailUrl = await storage.signedUrl(p.thumbPath);
          return p.item;
        }),
      ),
      nextCursor:
        page.length > query.limit
          ? encodeItemCursor(must(shown.at(-1), 'a longer page than the limit shows at least one row').cursor)
          : null,
    };
  }

  /** The page as the route sends it (the dashboard's hot path): kept between requests while it is current. */
  async function listItemsJson(userId: string, query: ListItemsQuery): Promise<Buffer> {
    const build = async () => Buffer.from(JSON.stringify(await buildListPage(userId, query)));
    if (!deps.listCache) return build();
    const key = JSON.stringify([query.view, query.q ?? '', query.status ?? '', query.cursor ?? '', query.limit, query.channel ?? '']);
    return deps.listCache.page(userId, key, build);
  }

  /**
   * Edits the SKU and the seller's category, condition and brand. A finished listing's readiness (listing_ready,
   * score) follows the new category, condition and brand, so setting what was missing makes it Ready.
   */
  async function updateItem(userId: string, id: string, body: UpdateItemBody): Promise<Item> {
    const patch: Partial<repo.NewItemRow> = {
      category: emptyToNull(body.category),
      condition: emptyToNull(body.condition),
      brand: emptyToNull(body.brand),
      source: emptyToNull(body.source),
    };
    try {
      const floorPriced = body.cost === undefined ? [] : await floorPricedChannels(userId);
      const confirmed = await askingPriceAgainstFloors(userId, id, body);
      // The item is locked while its readiness is worked out, so two quick edits never leave a stale listing_ready.
      const row = await db.transaction(async (tx) => {
        const current = await repo.findItem(tx, userId, id, { lock: true });
        if (!current) throw itemNotFound();
        if (body.sku !== undefined) {
          const sku = acceptTypedSku(body.sku);
          if (current.sku !== sku && (await repo.existingSkus(tx, userId, [sku])).size > 0) throw skuConflict();
          patch.sku = sku;
        }
        // A bundle's member takes its cost from the bundle's split: a cost typed by hand is refused, not overwritten later.
        if (body.cost !== undefined && current.bundleId !== null) throw inBundle();
        if (body.cost !== undefined) {
          patch.costMinor = body.cost === null ? null : typedMoney(body.cost, current.currency).amountMinor;
        }
        if (body.askingPrice !== undefined) {
          patch.askingPriceMinor = body.askingPrice === null ? null : typedMoney(body.askingPrice, current.currency).amountMinor;
        }
        const updated = await repo.updateItem(tx, userId, id, patch);
        if (!updated) return updated;
        await writeListingReadiness(tx, userId, [id]);
        // Only what a marketplace shows is sent again: a cost is the seller's own (the simulator found a cost typed
        // on a live item re-sending its price).
        const shown = (['sku', 'category', 'condition', 'brand', 'askingPriceMinor'] as const).some(
          (key) => patch[key] !== undefined && patch[key] !== current[key],
        );
        for (const { channel, priceMinor } of confirmed) await confirmLivePriceUnderFloor(tx, userId, id, channel, priceMinor);
        if (shown) await reviseLiveListings(tx, userId, [id]);
        // A cost moves the item's floor: a marketplace whose listing carries a price worked out from it (an automatic
        // offer) has its live listing revised to the new floor.
        else if (patch.costMinor !== undefined && patch.costMinor !== current.costMinor)
          for (const channel of floorPriced) await reviseLiveListingOn(tx, userId, id, channel);
        return repo.findItem(tx, userId, id);
      });
      if (!row) throw itemNotFound();
      return await viewOf(userId, row);
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw skuConflict();
      throw err;
    }
  }

  /**
   * Ends the live listings of the user's `ids` on every channel (see Marketplace.end); answers the items to keep,
   * each with the reason. An id that is not the user's answers 404 and nothing is ended.
   */
  async function endListings(userId: string, ids: string[], options: { itemsGo: boolean }): Promise<EndOutcome> {
    const unique = [...new Set(ids)];
    if ((await repo.ownedItemIds(db, userId, unique)).length !== unique.length) throw itemNotFound();
    const outcome: EndOutcome = { unique, ended: [], refused: [] };
    for (const marketplace of marketplacesOf(deps.marketplaces)) {
      const open = unique.filter((id) => !outcome.refused.some((r) => r.itemId === id));
      const { ended, refused } = await marketplace.end(userId, open, options);
      outcome.ended.push(...ended);
      outcome.refused.push(...refused);
    }
    return outcome;
  }

  /**
   * Ends the live listing of each item on every channel first; an item whose listing was not ended is kept and named with
   * the reason. Then deletes the other rows in one transaction, then their files; a file that fails to go is
   * logged, not fatal.
   */
  async function deleteItems(userId: string, ids: string[]): Promise<DeleteOutcome> {
    // One rule for every bulk route: an id that is not the user's answers 404 and nothing is deleted.
    const { unique, refused } = await endListings(userId, ids, { itemsGo: true });
    const kept = new Set(refused.map((r) => r.itemId));
    const toDelete = unique.filter((id) => !kept.has(id));
    if (toDelete.length === 0) return { deletedIds: [], refused };
    const { deletedIds, storageKeys } = await db.transaction((tx) => repo.deleteItems(tx, userId, toDelete));
    await storage
      .delete(storageKeys)
      .catch((err: unknown) => log.error({ err, userId, count: storageKeys.length }, 'stored files of deleted items left behind'));
    return { deletedIds, refused };
  }

  /**
   * Before their listings are deleted (the items stay): ends their live listings on every channel (the items no
   * longer show them); answers the items to keep as they are, each with the reason.
   */
  async function endListingsOfItems(userId: string, ids: string[]): Promise<DeleteOutcome['refused']> {
    return (await endListings(userId, ids, { itemsGo: false })).refused;
  }

  async function skuHints(userId: string) {
    const [last, counter] = await Promise.all([repo.lastSku(db, userId), repo.peekNextSkuNumber(db, userId)]);
    const free = (await freeSkuNumbers(db, userId, counter, HINTED_FREE_SKUS)).map(formatGeneratedSku);
    return { last, next: must(free[0], 'free SKUs are asked for'), free };
  }

  /** Whether a typed SKU is free for this seller (read only: nothing is reserved). */
  async function skuAvailable(userId: string, typed: string) {
    const sku = normaliseSku(typed);
    const problem = skuProblem(sku);
    if (problem) return { sku, available: false, reason: problem };
    const taken = (await repo.existingSkus(db, userId, [sku])).size > 0;
    return { sku, available: !taken, reason: taken ? skuMessages.conflict : null };
  }

  /**
   * Writes a bundle's shares as its members' costs (and their bundle) in the caller's transaction, revising a live
   * listing priced from the floor as a typed cost does; `floorPriced` is read before the transaction.
   */
  async function writeBundleCosts(
    tx: Db,
    userId: string,
    shares: { id: string; costMinor: number | null; bundleId: string | null }[],
    floorPriced: Awaited<ReturnType<typeof floorPricedChannels>>,
  ): Promise<void> {
    for (const share of shares) {
      const current = await repo.findItem(tx, userId, share.id, { lock: true });
      if (!current) throw itemNotFound();
      await repo.updateItem(tx, userId, share.id, { costMinor: share.costMinor, bundleId: share.bundleId });
      if (share.costMinor !== current.costMinor)
        for (const channel of floorPriced) await reviseLiveListingOn(tx, userId, share.id, channel);
    }
  }

  /** Sets `source` on those of the seller's `ids` with none said (a bundle's source on its members), in the caller's transaction. */
  async function fillEmptySources(tx: Db, userId: string, ids: string[], source: string): Promise<void> {
    await repo.fillEmptySources(tx, userId, ids, source);
  }

  return {
    floorPricedChannels,
    writeBundleCosts,
    fillEmptySources,
    createDraftItem,
    createDraftRow,
    getItem,
    listItems: buildListPage,
    listItemsJson,
    updateItem,
    deleteItems,
    endListingsOfItems,
    skuHints,
    skuAvailable,
    summary: (userId: string) => repo.itemsSummary(db, userId),
  };
}

export type ItemService = ReturnType<typeof createItemService>;
