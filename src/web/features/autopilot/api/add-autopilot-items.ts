import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autopilotItemsResponse, autopilotPaths, type AutopilotItemsBody } from '@shared/contracts/autopilot';
import { parsedRequest } from '@/lib/api-client';
import { invalidateAutopilot } from './autopilot-keys';

/** POST /api/autopilot/items: these products on autopilot with this rule; the answer names the ones refused, and why. */
export function useAddAutopilotItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutopilotItemsBody) => parsedRequest(autopilotItemsResponse, autopilotPaths.items, { method: 'POST', body }),
    onSuccess: () => invalidateAutopilot(queryClient),
  });
}
