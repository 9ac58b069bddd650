import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearThumbnailCache } from '@/lib/offline-caches';
import { sessionQueryKey } from './session';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      // Signed out first (the gate swaps to the sign-in screen), then forget the previous user's data.
      // clear() would also drop the session query from under its mounted observer, which then never re-renders.
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      // The service worker's thumbnails (by signed URL) go too: the next seller on this device starts clean.
      void clearThumbnailCache();
    },
  });
}
