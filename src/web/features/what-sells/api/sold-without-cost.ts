import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { bundlesApi, type CreateBundleBody } from '@shared/contracts/bundles';
import { itemsApi } from '@shared/contracts/items';
import { whatSellsApi } from '@shared/contracts/what-sells';
import type { Money } from '@shared/domain/money';
import { itemKeys } from '@/entities/items/query-keys';
import { sourcesKey } from '@/entities/sources/use-remembered-sources';
import { callRoute } from '@/lib/route-client';
import { whatSellsKeys } from './what-sells';

/** Under What sells' keys (under the items'): a cost typed anywhere takes its item off the list. */
export const soldWithoutCostKey = [...whatSellsKeys.all, 'without-cost'] as const;
/** Items a page: "Show more" asks for the next this many. */
export const SOLD_WITHOUT_COST_PAGE = 50;

/**
 * GET /api/what-sells/without-cost: the sold items with no cost, newest sale first, a page at a time. The next page
 * starts after the items shown, so a refetch after a save (fewer items) pages from the list as it is now.
 */
export function useSoldWithoutCost() {
  return useInfiniteQuery({
    queryKey: soldWithoutCostKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callRoute(whatSellsApi.withoutCost, { query: { limit: SOLD_WITHOUT_COST_PAGE, offset: pageParam }, signal }),
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return last.items.length > 0 && shown < last.total ? shown : undefined;
    },
  });
}

/** What the seller paid: one item's own cost, or a total split over several as a bundle. */
export type SoldCostSave =
  | { itemId: string; cost: Money; source: string | null }
  | (Pick<CreateBundleBody, 'split' | 'itemIds'> & { cost: Money; source: string | null });

/**
 * PATCH /api/items/:id `{cost, source}` for one item, POST /api/bundles for several; answers how many items now have
 * a cost. The list, What sells' groups and the remembered sources are read again.
 */
export function useSaveSoldCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SoldCostSave): Promise<number> => {
      if ('itemId' in save) {
        // No source chosen: the item's own stays as it is.
        const body = save.source === null ? { cost: save.cost } : { cost: save.cost, source: save.source };
        await callRoute(itemsApi.update, { params: { id: save.itemId }, body });
        return 1;
      }
      const saved = await callRoute(bundlesApi.create, { body: save });
      return saved.items.length;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: sourcesKey });
    },
  });
}
