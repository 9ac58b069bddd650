import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { autopilotApi, type AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { callRoute } from '@/lib/route-client';
import { autopilotKeys } from './autopilot-keys';

/** GET /api/autopilot/settings: the default for new products ("Publish when ready" on or off, channels, price rule). */
export function useAutopilotSettings() {
  return useQuery({
    queryKey: autopilotKeys.settings(),
    queryFn: ({ signal }) => callRoute(autopilotApi.settings, { signal }),
  });
}

/** PUT /api/autopilot/settings: the run's summary carries the settings too, so both are read again. */
export function useSaveAutopilotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutopilotSettingsBody) => callRoute(autopilotApi.saveSettings, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(autopilotKeys.settings(), answer);
      void queryClient.invalidateQueries({ queryKey: autopilotKeys.run() });
    },
  });
}
