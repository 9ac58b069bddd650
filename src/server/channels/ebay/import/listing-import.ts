/**
 * Bringing in what a seller already has live on eBay (decision 047). Listings made on eBay's site are moved
 * into the Inventory API first (bulkMigrateListing, five a call, fixed price with a SKU only: eBay's refusal of each
 * other one is kept with its words); then every inventory item with a published offer becomes an item here, with its
 * photos downloaded and stored through the photo ingest (thumbnails made), its title, description, aspects, price
 * and quantity, and a live eBay listing. Each item is keyed on its eBay SKU (its upload key is derived from it, and
 * its listing claims the SKU), so a second run, or a run resumed after a crash, makes none twice.
 */
import { defaultCurrency, parseMoney } from '@shared/domain/money';
import { aspectValuesOf } from '../aspect-names';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { importMessages, listingIdsIn, MAX_IMPORT_LISTING_IDS, type EbayImport, type ImportRefusal } from '@shared/contracts/ebay-import';
import { uploadLimits } from '@shared/contracts/items';
import { AppError, notFound } from '@shared/errors';
import type { Db } from '../../../db/client';
import { enqueue } from '../../../jobs/queue';
import { connectionSubject } from '../../../jobs/job-subject';
import type { ItemService } from '../../../items/service';
import type { PhotoUploads } from '../../../items/photo-upload';
import type { EbayClient } from '../api/ebay-client';
import { MIGRATE_LISTINGS_PER_CALL } from '../api/inventory-items-api';
import type { InventoryItemWithSku, MigrateListingResponse, Offer } from '../api/ebay-types';
import type { EbayAccountService } from '../account/service';
import { claimedByAnotherAccount } from '../publish/ebay-sku-claim-repo';
import * as repo from './repo';

/** Inventory items asked for a page (the contract's most). */
const INVENTORY_PAGE = 200;
/** Offers read at once (one call per SKU: the contract's getOffers needs a SKU). */
const OFFER_READS_AT_ONCE = 8;
/** Listings brought in at once (each downloads its photos in parallel; the media adapter bounds processing). */
const LISTINGS_AT_ONCE = 4;
const PICTURE_TIMEOUT_MS = 30_000;

export interface ListingImportDeps {
  db: Db;
  /** Null when the server has no eBay keyset (and no simulated eBay). */
  client: EbayClient | null;
  account: EbayAccountService;
  items: Pick<ItemService, 'createDraftRow'>;
  uploads: Pick<PhotoUploads, 'collect'>;
  log: FastifyBaseLogger;
  /** Downloads the photos (eBay's picture host is no API: no token, no pacing). */
  fetch?: typeof fetch;
  /** Called after each listing is handled (tests stop here, as a crash would). */
  afterListing?: (ebaySku: string) => Promise<void> | void;
}

/** eBay's conditions as the seller's condition here (quick edit) and the publish form's grade. */
const conditionOf: Record<string, { condition: string; grade: string }> = {
  NEW: { condition: 'new_with_tags', grade: 'new' },
  NEW_OTHER: { condition: 'new_without_tags', grade: 'like new' },
  NEW_WITH_DEFECTS: { condition: 'new_without_tags', grade: 'like new' },
  LIKE_NEW: { condition: 'new_without_tags', grade: 'like new' },
  PRE_OWNED_EXCELLENT: { condition: 'excellent', grade: 'excellent' },
  USED_EXCELLENT: { condition: 'good', grade: 'good' },
  USED_VERY_GOOD: { condition: 'good', grade: 'good' },
  USED_GOOD: { condition: 'good', grade: 'good' },
  PRE_OWNED_FAIR: { condition: 'fair', grade: 'fair' },
  USED_ACCEPTABLE: { condition: 'fair', grade: 'fair' },
  FOR_PARTS_OR_NOT_WORKING: { condition: 'fair', grade: 'poor' },
};

const kinds: [RegExp, string][] = [
  [/\bjeans?\b/i, 'Jeans'],
  [/\b(pants?|trousers?|chinos?|joggers?)\b/i, 'Pants'],
  [/\bshorts\b/i, 'Shorts'],
  [/\b(jacket|coat|parka|blazer|vest|gilet)\b/i, 'Outerwear'],
  [/\b(shirt|t-shirt|tee|top|blouse|sweater|hoodie|jumper|cardigan|polo)\b/i, 'Tops'],
];

/** The seller's category here (catalog.ts CATEGORIES) read from the listing's title and Department, when it says. */
export function categoryOf(title: string, department: string | undefined): string | null {
  if (/\b(shoes?|sneakers?|boots?|sandals?|heels)\b/i.test(title)) return 'Shoes';
  if (/\b(bag|handbag|purse|tote|belt|hat|scarf|wallet)\b/i.test(title)) return 'Accessories';
  const kind = kinds.find(([pattern]) => pattern.test(title))?.[1];
  const who = /^(men|male)/i.test(department ?? '') ? 'Mens' : /^(women|female|ladies)/i.test(department ?? '') ? 'Womens' : null;
  if (kind && who) return `${who} ${kind}`;
  return /^unisex/i.test(department ?? '') ? 'Unisex' : null;
}

/** A stable upload key per seller and eBay SKU: the item made for it is found again, never made twice. */
export function importKeyOf(userId: string, ebaySku: string): string {
  const hex = createHash('sha256').update(`ebay-import\0${userId}\0${ebaySku}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The item's own SKU: the eBay SKU without the seller's eBay SKU prefix (what publishing would add again). */
export function itemSkuOf(ebaySku: string, prefix: string): string {
  return prefix && ebaySku.toUpperCase().startsWith(prefix.toUpperCase()) && ebaySku.length > prefix.length
    ? ebaySku.slice(prefix.length)
    : ebaySku;
}

/** eBay's words for a listing it did not migrate. */
function migrateRefusal(listingId: string, answer: MigrateListingResponse | undefined): ImportRefusal | null {
  if (!answer) return { listingId, sku: null, message: 'eBay did not answer for this listing.' };
  if ((answer.statusCode ?? 200) < 300 && !answer.errors?.length) return null;
  const message = (answer.errors ?? [])
    .map((e) => (e.longMessage && e.longMessage !== e.message ? `${e.message} ${e.longMessage}` : (e.message ?? '')))
    .filter(Boolean)
    .join(' ');
  return { listingId, sku: answer.inventoryItems?.[0]?.sku ?? null, message: message || `eBay answered ${answer.statusCode}.` };
}

async function eachAtMost<T>(values: T[], atOnce: number, work: (value: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(atOnce, values.length) }, async () => {
    while (next < values.length) await work(values[next++]!);
  });
  await Promise.all(lanes);
}

const chunks = <T>(values: T[], size: number) =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));

export function toImportView(row: repo.EbayImportRow): EbayImport {
  return {
    id: row.id,
    status: row.status as EbayImport['status'],
    listingIds: row.listingIds.length,
    total: row.total,
    done: row.done,
    imported: row.imported,
    alreadyHere: row.alreadyHere,
    refusals: row.refusals,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

interface LiveListing {
  item: InventoryItemWithSku & { sku: string };
  offer: Offer & { offerId: string };
  listingId: string;
}

export function createListingImport(deps: ListingImportDeps) {
  const { db, client, account, log } = deps;
  const download = deps.fetch ?? fetch;

  async function connectedClient(userId: string): Promise<EbayClient> {
    const { connection } = await account.getConnection(userId);
    if (!client || connection?.status !== 'connected') throw new AppError('CONFLICT', importMessages.notConnected);
    return client;
  }

  /** Starts an import (or answers the one running): the job does the work. */
  async function start(userId: string, pasted: string | undefined): Promise<EbayImport> {
    await connectedClient(userId);
    const listingIds = listingIdsIn(pasted ?? '');
    if (listingIds.length > MAX_IMPORT_LISTING_IDS) throw new AppError('BAD_REQUEST', importMessages.tooMany);
    const running = await repo.runningImportOf(db, userId);
    const row = running ?? (await repo.createImport(db, userId, listingIds));
    await enqueue(db, 'import-listings', { userId, subject: connectionSubject('ebay'), payload: { importId: row.id } });
    return toImportView(row);
  }

  async function get(userId: string, id: string): Promise<EbayImport> {
    const row = await repo.importOf(db, userId, id);
    if (!row) throw notFound(importMessages.notFound);
    return toImportView(row);
  }

  async function latest(userId: string): Promise<EbayImport | null> {
    const row = await repo.latestImportOf(db, userId);
    return row ? toImportView(row) : null;
  }

  async function pictures(urls: string[], signal: AbortSignal): Promise<Buffer[] | null> {
    try {
      return await Promise.all(
        urls.map(async (url) => {
          const answer = await download(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(PICTURE_TIMEOUT_MS)]) });
          if (!answer.ok) throw new Error(`picture answered ${answer.status}`);
          const bytes = Buffer.from(await answer.arrayBuffer());
          if (bytes.length > uploadLimits.maxFileBytes) throw new Error('picture too large');
          return bytes;
        }),
      );
    } catch (err) {
      if (signal.aborted) throw err;
      log.warn({ err }, 'eBay listing photos not downloaded');
      return null;
    }
  }

  /** One live listing brought in; answers whether an item was made for it by this import, or the refusal. */
  async function bringIn(
    userId: string,
    run: repo.EbayImportRow,
    live: LiveListing,
    prefix: string,
    signal: AbortSignal,
  ): Promise<{ created: boolean } | ImportRefusal> {
    const { item, offer, listingId } = live;
    const ebaySku = item.sku;
    const refusal = (message: string): ImportRefusal => ({ listingId, sku: ebaySku, message });
    if (await claimedByAnotherAccount(db, userId, ebaySku)) return refusal(importMessages.sharedAccount(ebaySku));
    const uploadKey = importKeyOf(userId, ebaySku);
    const itemSku = itemSkuOf(ebaySku, prefix);
    let itemId: string;
    let created: boolean;
    const earlier = await repo.itemOfImportKey(db, userId, uploadKey);
    if (earlier) {
      // Made by a run that stopped before its listing was written (or by this import before a crash).
      itemId = earlier.id;
      created = earlier.createdAt >= run.createdAt;
    } else {
      const urls = item.product?.imageUrls ?? [];
      if (!urls.length) return refusal(importMessages.noPhotos(ebaySku));
      const bytes = await pictures(urls, signal);
      if (!bytes) return refusal(importMessages.photosFailed(ebaySku));
      const newId = randomUUID();
      const photos = deps.uploads.collect(userId, newId);
      for (const [i, picture] of bytes.entries()) await photos.add(`${ebaySku}-${i + 1}.jpg`, picture, false);
      const settled = await photos.settle();
      if (!settled.accepted.length) {
        await photos.removeStored('imported photos refused');
        return refusal(settled.rejected[0]?.rejected.message ?? importMessages.photosFailed(ebaySku));
      }
      try {
        const outcome = await deps.items.createDraftRow(
          userId,
          { sku: itemSku },
          { itemId: newId, uploadKey, received: settled.received, photos: settled.accepted },
        );
        if (!outcome.created) await photos.removeStored('imported twice at once');
        itemId = outcome.row.id;
        created = outcome.created;
      } catch (err) {
        await photos.removeStored('imported item not created');
        if (err instanceof AppError && err.code === 'SKU_CONFLICT') return refusal(importMessages.skuTaken(itemSku));
        if (err instanceof AppError && err.code === 'BAD_REQUEST') return refusal(`${ebaySku}: ${err.message}`);
        throw err;
      }
    }
    const aspects = Object.fromEntries(
      Object.entries(item.product?.aspects ?? {}).map(([name, values]) => [name, (values ?? []).join(', ')]),
    );
    const offered = offer.pricingSummary?.price;
    const price = offered?.value ? parseMoney(offered.value, offered.currency ?? defaultCurrency) : null;
    await repo.writeImportedListing(db, userId, itemId, {
      itemSku,
      ebaySku,
      offerId: offer.offerId,
      listingId,
      listingUrl: client!.listingUrl(listingId),
      title: item.product?.title ?? null,
      description: offer.listingDescription ?? item.product?.description ?? null,
      aspects,
      brand: aspectValuesOf(item.product?.aspects ?? {}, 'Brand')[0] ?? item.product?.brand ?? null,
      category: categoryOf(item.product?.title ?? '', aspectValuesOf(item.product?.aspects ?? {}, 'Department')[0]),
      condition: (item.condition && conditionOf[item.condition]?.condition) || null,
      conditionGrade: (item.condition && conditionOf[item.condition]?.grade) || null,
      categoryId: offer.categoryId ?? null,
      price: price && price.amountMinor > 0 ? price : null,
      quantity: offer.availableQuantity ?? item.availability?.shipToLocationAvailability?.quantity ?? 1,
    });
    return { created };
  }

  /**
   * The job's work for one import, resumable at any point: listings already sent to bulkMigrateListing are not sent
   * again, the inventory is read afresh, and each live listing is imported or found already here.
   */
  async function run(userId: string, importId: string, signal: AbortSignal): Promise<void> {
    const row = await repo.importOf(db, userId, importId);
    if (!row || row.status !== 'running') return;
    await connectedClient(userId);
    const { skuPrefix } = await account.getConnection(userId);
    // A session per step: its token refreshed first when near its end, and refreshed once more when eBay refuses it
    // before then (each call through the token keeper, as every other eBay call).
    const session = () => account.userSession(userId);
    await repo.updateImport(db, userId, importId, { error: null });

    const migrated = new Set(row.migratedIds);
    for (const batch of chunks(
      row.listingIds.filter((id) => !migrated.has(id)),
      MIGRATE_LISTINGS_PER_CALL,
    )) {
      signal.throwIfAborted();
      const { client: ebay, accessToken } = await session();
      const answers = await ebay.inventory.bulkMigrateListing(accessToken, batch);
      const refusals = batch.flatMap(
        (id) =>
          migrateRefusal(
            id,
            answers.find((a) => a.listingId === id),
          ) ?? [],
      );
      await repo.recordMigrated(db, userId, importId, batch, refusals);
    }

    const inventory: (InventoryItemWithSku & { sku: string })[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      signal.throwIfAborted();
      const { client: ebay, accessToken } = await session();
      const page = await ebay.inventory.getInventoryItems(accessToken, { limit: INVENTORY_PAGE, offset });
      for (const item of page.inventoryItems ?? []) if (item.sku) inventory.push({ ...item, sku: item.sku });
      offset = page.nextOffset !== null && page.nextOffset !== offset ? page.nextOffset : null;
    }

    // Offers are read (the eBay limit's part) while listings already found are brought in (the photo ingest's part):
    // the total starts at every inventory item and loses those with no live listing as their offers are read.
    await repo.updateImport(db, userId, importId, { total: inventory.length, done: 0, imported: 0, alreadyHere: 0 });
    const here = await repo.itemsClaimingEbaySkus(
      db,
      userId,
      inventory.map((item) => item.sku),
    );
    const liveIds = new Set<string>();
    const refused: ImportRefusal[] = [];
    const found: LiveListing[] = [];
    let reading = true;
    const waiting: (() => void)[] = [];
    const woken = () => {
      for (const resume of waiting.splice(0)) resume();
    };
    const { client: ebay, accessToken } = await session();
    const readers = eachAtMost(inventory, OFFER_READS_AT_ONCE, async (item) => {
      signal.throwIfAborted();
      const offers = await ebay.offers.getOffersBySku(accessToken, item.sku);
      const offer = offers.find((o) => o.status === 'PUBLISHED' && o.listing?.listingId && o.offerId);
      if (!offer) {
        await repo.countNotLive(db, userId, importId);
        return;
      }
      liveIds.add(offer.listing!.listingId!);
      found.push({ item, offer: offer as Offer & { offerId: string }, listingId: offer.listing!.listingId! });
      woken();
    }).finally(() => {
      reading = false;
      woken();
    });
    const handle = async (listing: LiveListing) => {
      signal.throwIfAborted();
      const already = here.get(listing.item.sku);
      if (already) {
        // Here before this import, or made by it before a crash: counted as imported then.
        const madeNow = already.uploadKey === importKeyOf(userId, listing.item.sku) && already.createdAt >= row.createdAt;
        await repo.countHandled(db, userId, importId, madeNow ? 'created' : 'here');
      } else {
        const outcome = await bringIn(userId, row, listing, skuPrefix, signal);
        if ('message' in outcome) refused.push(outcome);
        await repo.countHandled(db, userId, importId, 'message' in outcome ? 'refused' : outcome.created ? 'created' : 'here');
      }
      await deps.afterListing?.(listing.item.sku);
    };
    const importers = Array.from({ length: LISTINGS_AT_ONCE }, async () => {
      for (;;) {
        const next = found.shift();
        if (next) await handle(next);
        else if (!reading) return;
        else await new Promise<void>((resolve) => waiting.push(resolve));
      }
    });
    await Promise.all([readers, ...importers]);

    // A listing refused as already migrated (a run resumed after its migration) that is live now is no refusal.
    const current = (await repo.importOf(db, userId, importId))?.refusals ?? [];
    await repo.setRefusals(db, userId, importId, [...current.filter((r) => !r.listingId || !liveIds.has(r.listingId)), ...refused]);
    await repo.updateImport(db, userId, importId, { status: 'done', error: null, finishedAt: new Date() });
    log.info({ userId, importId, live: liveIds.size, refused: refused.length }, 'eBay listings imported');
  }

  /** The import stops with words for the seller (the job gave up, or the account cannot be used). */
  async function fail(userId: string, importId: string, message: string): Promise<void> {
    await repo.updateImport(db, userId, importId, { status: 'failed', error: message, finishedAt: new Date() });
  }

  /** What the seller sees while the job waits for eBay (busy, unreachable). */
  async function waiting(userId: string, importId: string, message: string): Promise<void> {
    await repo.updateImport(db, userId, importId, { error: message });
  }

  return { start, get, latest, run, fail, waiting };
}

export type ListingImport = ReturnType<typeof createListingImport>;
