import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autopilotPaths, type AutopilotControlBody } from '@shared/contracts/autopilot';
import { apiRequest } from '@/lib/api-client';
import { invalidateAutopilot } from './autopilot-keys';

/** POST /api/autopilot/control: pause, resume or stop (stop also turns the default off). */
export function useControlAutopilot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AutopilotControlBody['action']) =>
      apiRequest<unknown>(autopilotPaths.control, { method: 'POST', body: { action } satisfies AutopilotControlBody }),
    onSettled: () => invalidateAutopilot(queryClient),
  });
}
