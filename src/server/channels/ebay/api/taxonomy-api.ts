import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { Aspect, CategorySuggestion } from './ebay-types';
import type { paths } from './generated/taxonomy';

/** Taxonomy API (application token): the category tree id, category suggestions and each category's aspects. */
export function createTaxonomyApi(context: EbayApiContext) {
  const taxonomy = ebayApi<paths>(context, 'api', '/commerce/taxonomy/v1');
  return {
    async getDefaultCategoryTreeId(marketplaceId = EBAY_US): Promise<string> {
      const { data } = await context.withApplicationToken((accessToken) =>
        taxonomy(accessToken).GET('/get_default_category_tree_id', { params: { query: { marketplace_id: marketplaceId } } }),
      );
      if (!data?.categoryTreeId) throw new Error(`eBay sent no category tree id for ${marketplaceId}`);
      return data.categoryTreeId;
    },
    /** Leaf categories eBay suggests for a title or keywords (none is an empty list). */
    async getCategorySuggestions(categoryTreeId: string, q: string): Promise<CategorySuggestion[]> {
      const { data } = await context.withApplicationToken((accessToken) =>
        taxonomy(accessToken).GET('/category_tree/{category_tree_id}/get_category_suggestions', {
          params: { path: { category_tree_id: categoryTreeId }, query: { q } },
        }),
      );
      return data?.categorySuggestions ?? [];
    },
    /** The category's aspects with their constraints (required, mode, cardinality) and allowed values. */
    async getItemAspectsForCategory(categoryTreeId: string, categoryId: string): Promise<Aspect[]> {
      const { data } = await context.withApplicationToken((accessToken) =>
        taxonomy(accessToken).GET('/category_tree/{category_tree_id}/get_item_aspects_for_category', {
          params: { path: { category_tree_id: categoryTreeId }, query: { category_id: categoryId } },
        }),
      );
      return data?.aspects ?? [];
    },
  };
}
