import { useQuery } from '@tanstack/react-query';
import { autopilotApi, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { callRoute } from '@/lib/route-client';
import { autopilotKeys } from './autopilot-keys';

/**
 * While products move by themselves the summary follows them closely; with the default on, a new upload (from this
 * device or another) starts a run soon seen; otherwise a glance now and then.
 */
export const RUN_POLL_MS = { moving: 2000, waitingForUploads: 5000, idle: 15_000 } as const;

export function runPollInterval(answer: AutopilotRunResponse | undefined): number {
  if (!answer) return RUN_POLL_MS.idle;
  if (answer.run && answer.run.counts.moving > 0 && answer.state === 'running') return RUN_POLL_MS.moving;
  return answer.settings.enabled ? RUN_POLL_MS.waitingForUploads : RUN_POLL_MS.idle;
}

/** GET /api/autopilot: the current run's counts, its review queue and failures (run null: never ran). */
export function useAutopilotRun() {
  return useQuery({
    queryKey: autopilotKeys.run(),
    queryFn: ({ signal }) => callRoute(autopilotApi.run, { signal }),
    refetchInterval: (query) => runPollInterval(query.state.data),
  });
}
