/**
 * Comparables behind every price (decision 053): active eBay listings like the item, found by keywords from its
 * listing and by its primary photo (Browse API, application token), each search's answer cached for a day and each
 * call counted against the day's budget. Without a basis (no eBay keys, nothing found, the budget spent, eBay down)
 * it says why and gives no number.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/errors';
import type { ComparablesResponse } from '@shared/contracts/comparables';
import type { Storage } from '../../../adapters/storage/storage';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../jobs/clock';
import type { EbayClient } from '../api/ebay-client';
import type { ItemSummary } from '../api/ebay-types';
import { publishableItem } from '../publish/repo';
import { appCallsToday, takeAppCall } from '../../daily-calls-repo';
import { ebaySiteOfSeller } from '../seller-site';
import { cachedSearch, saveSearch } from './comparables-cache-repo';
import { answerFromSearches, emptyAnswer, type SearchOutcome } from './comparables-answer';
import { comparablesQueryOf, imageQueryKey, keywordsQueryKey } from './comparables-query';
import { foundListingOf, type FoundListing } from './comparables-summary';
import { ownSalesEvidenceOf } from './own-sales';

export const BROWSE_API = 'browse';
/** Listings asked of each search: enough for a steady median, one page. */
const SEARCH_LIMIT = 50;

export interface ComparablesDeps {
  db: Db;
  storage: Storage;
  client: EbayClient | null;
  /** The client talks to the simulated eBay: its comparables are its own listings, labelled as simulated. */
  simulated: boolean;
  /** Browse calls allowed a UTC day (config EBAY_APP_DAILY_CALLS). */
  dailyCalls: number;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** One search to make: its cache key and the Browse call. */
interface Ask {
  key: string;
  call: (api: EbayClient) => Promise<ItemSummary[]>;
}

/**
 * A listing of the simulated eBay as the seller's browser can open it: its view page under the app's address (the
 * simulation's API and photos are on a loopback port of the server), no photo.
 */
function simulatedListing(listing: FoundListing, client: EbayClient): FoundListing {
  const legacyId = listing.itemId.split('|')[1] ?? listing.itemId;
  return { ...listing, url: client.listingUrl(legacyId), imageUrl: null };
}

export function createComparablesService(deps: ComparablesDeps) {
  const { db, storage, client, clock, log } = deps;

  /**
   * Both searches (a null ask: not asked), each from the day's cache when it is there. The calls are counted first,
   * one after the other (keywords first: past the budget, it is the one that goes), then sent together.
   */
  async function searchBoth(asks: Record<'byKeywords' | 'byImage', Ask | null>) {
    const now = clock.now();
    const plans = new Map<Ask, SearchOutcome | 'call'>();
    for (const ask of [asks.byKeywords, asks.byImage]) {
      if (!ask) continue;
      const cached = await cachedSearch(db, ask.key, now);
      if (cached) plans.set(ask, { kind: 'found', ...cached });
      else plans.set(ask, (await takeAppCall(db, BROWSE_API, deps.dailyCalls, now)) ? 'call' : { kind: 'budget-spent' });
    }
    const outcome = async (ask: Ask | null): Promise<SearchOutcome | null> => {
      if (!ask) return null;
      const plan = plans.get(ask)!;
      return plan === 'call' ? callEbay(ask, now) : plan;
    };
    const [byKeywords, byImage] = await Promise.all([outcome(asks.byKeywords), outcome(asks.byImage)]);
    return { byKeywords, byImage };
  }

  /** eBay's answer, cached for the day; a failure is not cached. */
  async function callEbay(ask: Ask, now: number): Promise<SearchOutcome> {
    try {
      const listings = (await ask.call(client!))
        .map(foundListingOf)
        .filter((l): l is FoundListing => l !== null)
        .map((l) => (deps.simulated ? simulatedListing(l, client!) : l));
      await saveSearch(db, ask.key, listings, now);
      return { kind: 'found', listings, fetchedAt: new Date(now) };
    } catch (error) {
      log.warn({ err: error, queryKey: ask.key }, 'eBay Browse search for comparables failed');
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }

  async function primaryPhoto(userId: string, itemId: string, images: { storagePath: string; isPrimary: boolean }[]) {
    const photo = images.find((i) => i.isPrimary) ?? images[0];
    if (!photo) return null;
    try {
      return await storage.get(photo.storagePath);
    } catch (error) {
      log.warn({ err: error, userId, itemId }, 'primary photo unreadable for comparables; searching by keywords only');
      return null;
    }
  }

  return {
    /** The comparables of the seller's item; AppError NOT_FOUND for an item that is not theirs. */
    async forItem(userId: string, itemId: string): Promise<ComparablesResponse> {
      const found = await publishableItem(db, userId, itemId);
      if (!found) throw new AppError('NOT_FOUND', 'Item not found');
      // The seller's own marketplace and its currency: eBay is searched there, and nothing in another currency is kept.
      const home = await ebaySiteOfSeller(db, userId);
      const { marketplaceId } = home;
      const query = comparablesQueryOf(found.item);
      const ownSales = await ownSalesEvidenceOf(
        db,
        userId,
        { itemId, category: found.item.category, brand: found.item.brand ?? found.item.extractedBrand },
        home.currency,
      );
      const answer = { itemId, query, home, ownSales };
      if (!client) return { ...emptyAnswer(answer, false), noBasis: 'Comparables need eBay keys on this server.' };
      const photo = await primaryPhoto(userId, itemId, found.images);
      const empty = emptyAnswer(answer, photo !== null, deps.simulated);
      if (!query.keywords && !photo) return { ...empty, noBasis: 'Nothing to search eBay by yet: add a brand and a category, or a photo.' };
      const filters = {
        categoryId: query.categoryId,
        conditionIds: query.condition ? [query.condition.id] : [],
        size: query.size,
        limit: SEARCH_LIMIT,
        marketplaceId,
      };
      // The simulation's answers are cached apart, so eBay keys set later never meet them as eBay's.
      const keyOf = (key: string) => (deps.simulated ? `simulated:${key}` : key);
      const searches = await searchBoth({
        byKeywords: query.keywords
          ? { key: keyOf(keywordsQueryKey(query, marketplaceId)), call: (api) => api.browse.search({ ...filters, q: query.keywords }) }
          : null,
        byImage: photo
          ? { key: keyOf(imageQueryKey(query, marketplaceId, photo)), call: (api) => api.browse.searchByImage(photo, filters) }
          : null,
      });
      return answerFromSearches(empty, query, searches, deps.dailyCalls);
    },

    /** Browse calls made today and the day's budget (the /test-ebay-config page shows them). */
    async callsToday(): Promise<{ calls: number; budget: number }> {
      return { calls: await appCallsToday(db, BROWSE_API, clock.now()), budget: deps.dailyCalls };
    },
  };
}

export type ComparablesService = ReturnType<typeof createComparablesService>;
