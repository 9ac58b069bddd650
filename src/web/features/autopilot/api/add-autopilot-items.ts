import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autopilotApi, type AutopilotItemsBody } from '@shared/contracts/autopilot';
import { callRoute } from '@/lib/route-client';
import { invalidateAutopilot } from './autopilot-keys';

/** POST /api/autopilot/items: these products on autopilot with this rule; the answer names the ones refused, and why. */
export function useAddAutopilotItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutopilotItemsBody) => callRoute(autopilotApi.addItems, { body }),
    onSuccess: () => invalidateAutopilot(queryClient),
  });
}
