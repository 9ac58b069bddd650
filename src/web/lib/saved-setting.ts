import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { parsedRequest } from './api-client';

/** A setting the seller reads and saves whole at one path: GET answers it, PUT saves it and answers it as saved. */
export interface SavedSetting<Schema extends z.ZodType> {
  key: QueryKey;
  schema: Schema;
  path: string;
}

/** GET the setting (`enabled`: false until it may be asked, as before a marketplace is connected). */
export function useSetting<Schema extends z.ZodType>(setting: SavedSetting<Schema>, enabled = true) {
  return useQuery({
    queryKey: setting.key,
    queryFn: ({ signal }) => parsedRequest(setting.schema, setting.path, { signal }),
    enabled,
  });
}

/** PUT the setting: its answer is the setting now, and the queries in `readBy` (what the setting changes) are asked again. */
export function useSaveSetting<Schema extends z.ZodType, Body = z.infer<Schema>>(
  setting: SavedSetting<Schema>,
  readBy: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => parsedRequest(setting.schema, setting.path, { method: 'PUT', body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(setting.key, answer);
      await Promise.all(readBy.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
