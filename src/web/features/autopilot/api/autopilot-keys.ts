import type { QueryClient } from '@tanstack/react-query';
import { invalidateItemQueries } from '@/entities/items/query-keys';

/** The autopilot's cached queries; the factory is the only place these keys are spelled. */
export const autopilotKeys = {
  all: ['autopilot'] as const,
  run: () => [...autopilotKeys.all, 'run'] as const,
  settings: () => [...autopilotKeys.all, 'settings'] as const,
  asks: (itemId: string, category: string | null) => [...autopilotKeys.all, 'asks', itemId, category] as const,
};

/** After a change to the run: the run's summary, and the items it moves (their cards show where they are). */
export function invalidateAutopilot(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: autopilotKeys.all }), invalidateItemQueries(queryClient)]);
}
