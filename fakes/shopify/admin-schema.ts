/**
 * Shopify's Admin GraphQL schema (API version 2026-10) as Shopify publishes it: the introspection result shipped in
 * `@shopify/dev-mcp` 1.16.0, kept gzipped as shipped in contracts/shopify/ (SOURCES.md). Built once per process: the
 * fake validates every request against it and scripts/generate-shopify-types.ts types the client's operations from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

export const SHOPIFY_API_VERSION = '2026-10';
const SCHEMA_PATH = 'contracts/shopify/admin_2026-10.json.gz';

/**
 * The schema's file in the project: found upwards from this module, which runs from fakes/shopify here and from a
 * server bundle elsewhere (dist/server, or a test's dist/test-servers/<id>/server: not as deep as this folder).
 */
export const ADMIN_SCHEMA_FILE = ((): URL => {
  for (let up = '../'; up.length <= 3 * 8; up += '../') {
    const file = new URL(`${up}${SCHEMA_PATH}`, import.meta.url);
    if (existsSync(file)) return file;
  }
  return new URL(`../../${SCHEMA_PATH}`, import.meta.url);
})();

/**
 * Built with `assumeValid`: Shopify's schema breaks one rule that graphql 17 added (an implementation field deprecated
 * where its interface field is not, e.g. ChannelDefinition.id), which would refuse every query. admin-schema.test.ts
 * checks that this rule is the only one broken.
 */
export function buildAdminSchema(introspection: IntrospectionQuery, options: { assumeValid: boolean }): GraphQLSchema {
  return buildClientSchema(introspection, options);
}

export function readAdminIntrospection(): IntrospectionQuery {
  return (JSON.parse(gunzipSync(readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as { data: IntrospectionQuery }).data;
}

let cached: { schema: GraphQLSchema; loadMs: number } | undefined;

/** The schema and how long building it took (ms), the first call's. */
export function loadAdminSchema(): { schema: GraphQLSchema; loadMs: number } {
  if (cached) return cached;
  const started = performance.now();
  const schema = buildAdminSchema(readAdminIntrospection(), { assumeValid: true });
  cached = { schema, loadMs: Math.round(performance.now() - started) };
  return cached;
}

export const adminSchema = (): GraphQLSchema => loadAdminSchema().schema;
