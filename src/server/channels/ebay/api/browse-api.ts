import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { ItemSummary, SearchByImageRequest } from './ebay-types';
import type { operations, paths } from './generated/browse';

/** The query parameters of item_summary/search, as the Browse document has them. */
type SearchQuery = NonNullable<operations['search']['parameters']['query']>;
/** The query parameters of item_summary/search_by_image, as the Browse document has them. */
type ImageSearchQuery = NonNullable<operations['searchByImage']['parameters']['query']>;

/** What to look for: active fixed-price and auction listings of one category, condition and size. */
export interface BrowseSearch {
  /** Keywords (search_by_image takes none: the photo is the query). */
  q?: string;
  categoryId?: string | null;
  /** eBay condition ids (1000, 3000...): `filter=conditionIds:{...}`. */
  conditionIds?: readonly number[];
  /** The Size aspect; eBay takes an aspect filter only with a category, so it is left out without one. */
  size?: string | null;
  /** At most 200 (eBay's maximum a page). */
  limit?: number;
  marketplaceId?: string;
}

/** eBay's aspect filter syntax escapes none of {}|,: so a size holding them is left out rather than sent broken. */
const filterSafe = (value: string) => !/[{}|,:]/.test(value);

/** The query parameters both Browse searches share (eBay's search and search_by_image take the same filters). */
export function browseQueryOf(search: BrowseSearch): SearchQuery {
  const size = search.size?.trim();
  const conditions = search.conditionIds?.length ? `conditionIds:{${search.conditionIds.join('|')}}` : undefined;
  return {
    q: search.q?.trim() || undefined,
    category_ids: search.categoryId ?? undefined,
    filter: conditions,
    aspect_filter: search.categoryId && size && filterSafe(size) ? `categoryId:${search.categoryId},Size:{${size}}` : undefined,
    limit: String(Math.min(200, Math.max(1, search.limit ?? 50))),
  };
}

/**
 * Browse API (application token): active listings found by keywords or by a photo. Sold listings are not in it
 * (they need Marketplace Insights, which eBay does not open to everyone).
 */
export function createBrowseApi(context: EbayApiContext) {
  const browse = ebayApi<paths>(context, 'api', '/buy/browse/v1');
  const marketplace = (search: BrowseSearch) => ({ 'X-EBAY-C-MARKETPLACE-ID': search.marketplaceId ?? EBAY_US });
  return {
    /** GET item_summary/search: listings matching the keywords in the category, condition and size. */
    async search(search: BrowseSearch): Promise<ItemSummary[]> {
      const { data } = await context.withApplicationToken((accessToken) =>
        browse(accessToken).GET('/item_summary/search', { params: { query: browseQueryOf(search), header: marketplace(search) } }),
      );
      return data?.itemSummaries ?? [];
    },
    /** POST item_summary/search_by_image: listings whose photos look like this one (JPEG/PNG bytes, sent as base64). */
    async searchByImage(image: Uint8Array, search: Omit<BrowseSearch, 'q'> = {}): Promise<ItemSummary[]> {
      const body: SearchByImageRequest = { image: Buffer.from(image).toString('base64') };
      const { category_ids, filter, aspect_filter, limit } = browseQueryOf(search);
      // Written out, so a parameter search_by_image does not take fails to compile.
      const query: ImageSearchQuery = { category_ids, filter, aspect_filter, limit };
      const { data } = await context.withApplicationToken((accessToken) =>
        browse(accessToken).POST('/item_summary/search_by_image', {
          params: { query, header: { ...marketplace(search), 'Content-Type': 'application/json' } },
          body,
        }),
      );
      return data?.itemSummaries ?? [];
    },
  };
}

export type BrowseApi = ReturnType<typeof createBrowseApi>;
