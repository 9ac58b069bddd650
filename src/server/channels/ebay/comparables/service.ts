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
import { EBAY_US } from '../api/ebay-api-context';
import type { EbayClient } from '../api/ebay-client';
import type { ItemSummary } from '../api/ebay-types';
import { publishableItem } from '../publish/repo';
import { appCallsToday, takeAppCall } from './app-call-budget';
import { cachedSearch, saveSearch } from './comparables-cache';
import { comparablesQueryOf, imageQueryKey, keywordsQueryKey, likenessOf, type ComparablesQuery } from './comparables-query';
import { foundListingOf, mergeFound, nearestOf, spreadOf, type FoundListing } from './comparables-summary';

export const BROWSE_API = 'browse';
/** Listings asked of each search: enough for a steady median, one page. */
const SEARCH_LIMIT = 50;

export interface ComparablesDeps {
  db: Db;
  storage: Storage;
  client: EbayClient | null;
  /** The client talks to the simulated eBay: it has no other sellers' listings to compare with. */
  simulated: boolean;
  /** Browse calls allowed a UTC day (config EBAY_APP_DAILY_CALLS). */
  dailyCalls: number;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** One search's outcome: its listings, or why there are none. */
type SearchOutcome =
  { kind: 'found'; listings: FoundListing[]; fetchedAt: Date } | { kind: 'budget-spent' } | { kind: 'failed'; message: string };

const formatCount = (n: number) => n.toLocaleString('en-US');

export function createComparablesService(deps: ComparablesDeps) {
  const { db, storage, client, clock, log } = deps;
  const marketplaceId = EBAY_US;

  /** The answer cached for the key, or eBay's (counted, then cached); never a call past the day's budget. */
  async function search(key: string, ask: (api: EbayClient) => Promise<ItemSummary[]>): Promise<SearchOutcome> {
    const now = clock.now();
    const cached = await cachedSearch(db, key, now);
    if (cached) return { kind: 'found', ...cached };
    if (!(await takeAppCall(db, BROWSE_API, deps.dailyCalls, now))) return { kind: 'budget-spent' };
    try {
      const summaries = await ask(client!);
      const listings = summaries.map(foundListingOf).filter((l): l is FoundListing => l !== null);
      await saveSearch(db, key, listings, now);
      return { kind: 'found', listings, fetchedAt: new Date(now) };
    } catch (error) {
      log.warn({ err: error, queryKey: key }, 'eBay Browse search for comparables failed');
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }

  function answer(itemId: string, query: ComparablesQuery, byImage: boolean) {
    return (rest: Partial<ComparablesResponse>): ComparablesResponse => ({
      itemId,
      query: {
        keywords: query.keywords,
        categoryId: query.categoryId,
        condition: query.condition?.label ?? null,
        size: query.size,
        byImage,
      },
      count: 0,
      median: null,
      low: null,
      high: null,
      currency: 'USD',
      nearest: [],
      basis: null,
      noBasis: null,
      fetchedAt: null,
      ...rest,
    });
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
      const query = comparablesQueryOf(found.item);
      if (!client || deps.simulated) {
        return answer(
          itemId,
          query,
          false,
        )({
          noBasis: deps.simulated
            ? 'Comparables need eBay keys on this server: the simulated eBay has no other sellers’ listings to compare with.'
            : 'Comparables need eBay keys on this server.',
        });
      }
      const photo = await primaryPhoto(userId, itemId, found.images);
      const reply = answer(itemId, query, photo !== null);
      if (!query.keywords && !photo) return reply({ noBasis: 'Nothing to search eBay by yet: add a brand and a category, or a photo.' });
      const filters = {
        categoryId: query.categoryId,
        conditionIds: query.condition ? [query.condition.id] : [],
        size: query.size,
        limit: SEARCH_LIMIT,
        marketplaceId,
      };
      const outcomes: SearchOutcome[] = [];
      const byKeywords = query.keywords
        ? await search(keywordsQueryKey(query, marketplaceId), (api) => api.browse.search({ ...filters, q: query.keywords }))
        : null;
      if (byKeywords) outcomes.push(byKeywords);
      const byImage = photo
        ? await search(imageQueryKey(query, marketplaceId, photo), (api) => api.browse.searchByImage(photo, filters))
        : null;
      if (byImage) outcomes.push(byImage);

      const answered = outcomes.filter((o): o is Extract<SearchOutcome, { kind: 'found' }> => o.kind === 'found');
      if (!answered.length) {
        const spent = outcomes.some((o) => o.kind === 'budget-spent');
        return reply({
          noBasis: spent
            ? `Today’s eBay search budget (${formatCount(deps.dailyCalls)} calls) is spent: comparables come back after midnight UTC.`
            : 'eBay could not be reached for comparables just now. Try again in a few minutes.',
        });
      }
      const listings = mergeFound(
        byKeywords?.kind === 'found' ? byKeywords.listings : [],
        byImage?.kind === 'found' ? byImage.listings : [],
      ).filter((l) => l.currency === 'USD');
      const fetchedAt = new Date(Math.min(...answered.map((o) => o.fetchedAt.getTime()))).toISOString();
      const likeness = likenessOf(query);
      if (!listings.length) {
        return reply({
          fetchedAt,
          noBasis: `No active eBay listings like this one were found${likeness ? ` (${likeness})` : ''}, so there is no price to base on.`,
        });
      }
      const spread = spreadOf(listings);
      const listingWord = spread.count === 1 ? 'listing' : 'listings';
      return reply({
        ...spread,
        nearest: nearestOf(listings, spread.median).map(({ itemId: _id, ...comparable }) => comparable),
        basis: `Median of ${spread.count} active eBay ${listingWord}${likeness ? `: ${likeness}` : ''}. Asking prices with shipping, not sold prices.`,
        fetchedAt,
      });
    },

    /** Browse calls made today and the day's budget (the /test-ebay-config page shows them). */
    async callsToday(): Promise<{ calls: number; budget: number }> {
      return { calls: await appCallsToday(db, BROWSE_API, clock.now()), budget: deps.dailyCalls };
    },
  };
}

export type ComparablesService = ReturnType<typeof createComparablesService>;
