import type { FastifySchema } from 'fastify';

/**
 * A route's options as every route plugin writes them: its OpenAPI tags and one-line summary beside its zod schemas
 * (params, querystring, body, response), which the zod type provider reads as before. One per plugin:
 * `const doc = routeDoc(['profit'])`, then `typed.get(path, doc('What it answers', { response: { 200: answer } }), handler)`.
 */
export function routeDoc(tags: string[]) {
  return <const Schema extends Omit<FastifySchema, 'tags' | 'summary'>>(summary: string, schema: Schema) => ({
    schema: { tags, summary, ...schema },
  });
}
