import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';
import type { Aspect, AspectMetadata, BaseCategoryTree, CategorySuggestion, CategorySuggestionResponse } from './ebay-types';

/** Taxonomy API (application token): the category tree id, category suggestions and each category's aspects. */
export function createTaxonomyApi({ http, hosts, withApplicationToken }: EbayApiContext) {
  const base = '/commerce/taxonomy/v1';
  const get = async <T>(path: string, query: Record<string, string>) =>
    withApplicationToken(
      async (accessToken) => (await http<T>({ baseUrl: hosts.api, path: base + path, method: 'GET', accessToken, query })).body,
    );
  return {
    async getDefaultCategoryTreeId(marketplaceId = EBAY_US): Promise<string> {
      const body = await get<BaseCategoryTree>('/get_default_category_tree_id', { marketplace_id: marketplaceId });
      if (!body?.categoryTreeId) throw new Error(`eBay sent no category tree id for ${marketplaceId}`);
      return body.categoryTreeId;
    },
    /** Leaf categories eBay suggests for a title or keywords (none is an empty list). */
    async getCategorySuggestions(categoryTreeId: string, q: string): Promise<CategorySuggestion[]> {
      const body = await get<CategorySuggestionResponse>(ebayPath`/category_tree/${categoryTreeId}/get_category_suggestions`, { q });
      return body?.categorySuggestions ?? [];
    },
    /** The category's aspects with their constraints (required, mode, cardinality) and allowed values. */
    async getItemAspectsForCategory(categoryTreeId: string, categoryId: string): Promise<Aspect[]> {
      const body = await get<AspectMetadata>(ebayPath`/category_tree/${categoryTreeId}/get_item_aspects_for_category`, {
        category_id: categoryId,
      });
      return body?.aspects ?? [];
    },
  };
}
