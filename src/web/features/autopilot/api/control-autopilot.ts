import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autopilotApi, type AutopilotControlBody } from '@shared/contracts/autopilot';
import { callRoute } from '@/lib/route-client';
import { invalidateAutopilot } from './autopilot-keys';

/** POST /api/autopilot/control: pause, resume or stop (stop also turns the default off). */
export function useControlAutopilot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AutopilotControlBody['action']) => callRoute(autopilotApi.control, { body: { action } }),
    onSettled: () => invalidateAutopilot(queryClient),
  });
}
