import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RouteMethod } from '@shared/contracts/route-table';
import { callRoute } from './route-client';

/** A table's route of a setting: at the setting's one path (no param, no query), answering the setting. */
interface SettingRoute<Method extends RouteMethod, Value extends z.ZodType> {
  method: Method;
  path: string;
  summary: string;
  params?: undefined;
  querystring?: undefined;
  response: { 200: Value };
}

/**
 * A setting the seller reads and saves whole, by two routes of its contract's table at its one path: `get` (GET)
 * answers it, `save` (PUT) takes it and answers it as saved, with the same schema (checked here at compile time).
 */
export interface SavedSetting<Value extends z.ZodType, Body> {
  key: QueryKey;
  get: SettingRoute<'GET', Value> & { body?: undefined };
  save: SettingRoute<'PUT', Value> & { body: z.ZodType<unknown, Body> };
}

/** GET the setting (`enabled`: false until it may be asked, as before a marketplace is connected). */
export function useSetting<Value extends z.ZodType, Body>(setting: SavedSetting<Value, Body>, enabled = true) {
  return useQuery({
    queryKey: setting.key,
    queryFn: ({ signal }) => callRoute(setting.get, { signal }),
    enabled,
  });
}

/** PUT the setting: its answer is the setting now, and the queries in `readBy` (what the setting changes) are asked again. */
export function useSaveSetting<Value extends z.ZodType, Body>(setting: SavedSetting<Value, Body>, readBy: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => callRoute(setting.save, { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(setting.key, answer);
      await Promise.all(readBy.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
