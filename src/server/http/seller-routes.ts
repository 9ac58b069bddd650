import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { RouteSchemas, RouteTable } from '@shared/contracts/route-table';
import { currentUser } from '../auth/session';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a signed-in seller's route is asked: the seller's id and the request's parsed params, query and body. */
export type SellerAsk<Schemas extends RouteSchemas> = {
  seller: string;
  params: Parsed<Schemas['params']>;
  query: Parsed<Schemas['querystring']>;
  body: Parsed<Schemas['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

type Answer<Schemas extends RouteSchemas> = z.input<NonNullable<Schemas['response'][keyof Schemas['response']]>>;

/**
 * What a route answers: its 200 answer; nothing for a route that answers only 204 (sent as 204 with no body); or the
 * reply, sent by the handler itself (another status, a file).
 */
export type Handler<Schemas extends RouteSchemas> = (ask: SellerAsk<Schemas>) => Promise<Answer<Schemas> | FastifyReply | void>;

type Register = <const Schemas extends RouteSchemas>(
  url: string,
  summary: string,
  schemas: Schemas,
  handler: Handler<Schemas>,
  options?: Omit<RouteShorthandOptions, 'schema'>,
) => void;

/**
 * The routes of a plugin that serve the signed-in seller (every query filters by them): each written as its path, its
 * one-line OpenAPI summary, its zod schemas and what it does for the seller, the session read once here (a signed-out
 * call is refused with 401 before the handler runs). `const route = sellerRoutes(app, ['profit'])`, then
 * `route.get(path, 'What it answers', { response: { 200: answer } }, ({ seller }) => service.of(seller))`.
 */
export function sellerRoutes(app: FastifyInstance, tags: string[]) {
  const register =
    (method: HTTPMethods): Register =>
    (url, summary, schemas, handler, options) => {
      const onlyNoContent = schemas.response[204] !== undefined && schemas.response[200] === undefined;
      app.route({
        ...options,
        method,
        url,
        schema: { tags, summary, ...schemas } as FastifySchema,
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const seller = currentUser(request).id;
          const { params, query, body } = request as unknown as Pick<SellerAsk<typeof schemas>, 'params' | 'query' | 'body'>;
          const answer = await handler({ seller, params, query, body, request, reply });
          return onlyNoContent && answer !== reply ? reply.status(204).send(null) : answer;
        },
      });
    };
  return { get: register('GET'), post: register('POST'), put: register('PUT'), patch: register('PATCH'), delete: register('DELETE') };
}

/** What serves each route of a contract's table, by its name. */
export type TableHandlers<Table extends RouteTable> = { [Name in keyof Table]: Handler<Table[Name]> };

/**
 * A contract's table of signed-in seller routes (`src/shared/contracts/route-table.ts`), each served by the handler of its
 * name: `serveSellerTable(app, ['profit'], profitFloorApi, { settings: ({ seller }) => profitFloor.settings(seller) })`.
 */
export function serveSellerTable<const Table extends RouteTable>(
  app: FastifyInstance,
  tags: string[],
  table: Table,
  handlers: TableHandlers<Table>,
) {
  const route = sellerRoutes(app, tags);
  for (const name of Object.keys(table) as (keyof Table & string)[]) {
    const { method, path, summary, bodyLimit, rechecksWaiting, ...schemas } = table[name]!;
    route[method === 'DELETE' ? 'delete' : (method.toLowerCase() as 'get' | 'post' | 'put' | 'patch')](
      path,
      summary,
      schemas,
      handlers[name] as Handler<typeof schemas>,
      { ...(bodyLimit === undefined ? {} : { bodyLimit }), ...(rechecksWaiting ? { config: { rechecksWaiting } } : {}) },
    );
  }
}
