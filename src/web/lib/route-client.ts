import type { z } from 'zod';
import type { RouteSpec } from '@shared/contracts/route-table';
import { routeUrl } from '@shared/contracts/route-paths';
import { apiRequest } from './api-client';

export { routeUrl };

type Schema<Route, Key extends string> = Route extends { [K in Key]: infer S extends z.ZodType } ? S : never;

/**
 * What a call of a route sends, each part typed by the route's own schemas: its path's params (filled into the pattern
 * in their order), its query and its body; a route without one takes none.
 */
export type RouteInput<Route extends RouteSpec> = ([Schema<Route, 'params'>] extends [never]
  ? { params?: never }
  : { params: z.input<Schema<Route, 'params'>> }) &
  ([Schema<Route, 'querystring'>] extends [never] ? { query?: never } : { query: z.input<Schema<Route, 'querystring'>> }) &
  ([Schema<Route, 'body'>] extends [never] ? { body?: never } : { body: z.input<Schema<Route, 'body'>> }) & {
    signal?: AbortSignal;
  };

/** What a route answers when it succeeds (every table route has one success status), as its schema reads it. */
export type RouteAnswer<Route extends RouteSpec> = z.output<Route['response'][keyof Route['response']] & z.ZodType>;

/**
 * Calls a route of a contract's table (`callRoute(profitApi.shippingCost, { params: { id }, body })`): its method, its
 * pattern, what it takes and what it answers all come from the one entry, and the answer is checked against that entry's
 * schema, so a server change fails loudly where it is read. An empty answer (a 204) reads as null.
 */
export async function callRoute<Route extends RouteSpec>(
  route: Route,
  ...[input]: object extends RouteInput<Route> ? [input?: RouteInput<Route>] : [input: RouteInput<Route>]
): Promise<RouteAnswer<Route>> {
  const { params, query, body, signal } = (input ?? {}) as { params?: object; query?: object; body?: unknown; signal?: AbortSignal };
  const answer = await apiRequest<unknown>(routeUrl(route, params, query), { method: route.method, body, signal });
  const [schema] = Object.values(route.response) as z.ZodType[];
  return (schema ? schema.parse(answer ?? null) : answer) as RouteAnswer<Route>;
}
