import type { Money } from '@shared/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bundlesApi, type Bundle } from '@shared/contracts/bundles';
import { callRoute } from '@/lib/route-client';
import { usePatchItem } from '@/entities/items/item-mutations';
import { itemKeys } from '@/entities/items/query-keys';
import { sourcesKey } from '@/entities/sources/use-remembered-sources';

/** PATCH /api/items/:id {source}: where the seller bought it (null clears it). */
export function useSaveItemSource() {
  return usePatchItem<{ source: string | null }>(sourcesKey);
}

/** A bundle's members' costs changed: the items and their profit read them again. */
function bundleChanged(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: itemKeys.all });
  void queryClient.invalidateQueries({ queryKey: sourcesKey });
}

/** POST /api/bundles: a bundle bought for one price, split over the items given. */
export function useCreateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { cost: Money; split: Bundle['split']; source: string | null; itemIds: string[] }) =>
      callRoute(bundlesApi.create, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['bundles', saved.id], saved);
      bundleChanged(queryClient);
    },
  });
}

/** POST /api/bundles/:id/items: puts items in the bundle; every member's share is worked out again. */
export function useAddToBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bundleId, itemIds }: { bundleId: string; itemIds: string[] }) =>
      callRoute(bundlesApi.addItems, { params: { id: bundleId }, body: { itemIds } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['bundles', saved.id], saved);
      bundleChanged(queryClient);
    },
  });
}

const OPEN_BUNDLE_KEY = 'resale-studio:open-bundle';

/** The bundle this capture session is filling (this tab only): the next item joins it in one tap. */
export const openBundle = {
  get(): string | null {
    try {
      return sessionStorage.getItem(OPEN_BUNDLE_KEY);
    } catch {
      return null;
    }
  },
  set(id: string | null) {
    try {
      if (id) sessionStorage.setItem(OPEN_BUNDLE_KEY, id);
      else sessionStorage.removeItem(OPEN_BUNDLE_KEY);
    } catch {
      // private mode without storage: the bundle is offered only until the page goes
    }
  },
};

/** GET /api/bundles/:id: the bundle with each member's share (null id: none asked for). */
export function useBundle(bundleId: string | null) {
  return useQuery({
    queryKey: ['bundles', bundleId],
    queryFn: () => callRoute(bundlesApi.one, { params: { id: bundleId ?? '' } }),
    enabled: bundleId !== null,
  });
}
