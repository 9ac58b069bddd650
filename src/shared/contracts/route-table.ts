import type { z } from 'zod';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route is asked (its path's params, its query, its body) and what it answers, by status, as zod schemas. */
export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
}

/**
 * One route of a contract's table: its method, its pattern, its one-line summary (the OpenAPI document's), its schemas,
 * and a body limit where it takes more than Fastify's default (a spreadsheet, photos).
 */
export interface RouteSpec extends RouteSchemas {
  method: RouteMethod;
  path: string;
  summary: string;
  bodyLimit?: number;
  /**
   * It saves what the marketplaces' checks read of the seller (a shop's setup, policies, a connection, the price list,
   * the floor): once it succeeds, the products waiting for the seller in review are checked again.
   */
  rechecksWaiting?: true;
}

/** A contract's routes by name, each served by the handler of that name (`serveSellerTable`, src/server/http/seller-routes.ts). */
export type RouteTable = Record<string, RouteSpec>;

const spec =
  <const Method extends RouteMethod>(method: Method) =>
  <const Schemas extends RouteSchemas & { summary: string; bodyLimit?: number; rechecksWaiting?: true }>(
    path: string,
    schemas: Schemas,
  ) => ({
    method,
    path,
    ...schemas,
  });

/**
 * The routes of a table, each written as its method and pattern, then its summary and schemas as Fastify's route
 * schema holds them: `profitFloorApi = { settings: route.get(profitFloorRoutes.settings, { summary: 'The seller’s
 * settings', response: { 200: profitFloorSettings } }) }`.
 */
export const route = { get: spec('GET'), post: spec('POST'), put: spec('PUT'), patch: spec('PATCH'), delete: spec('DELETE') };
