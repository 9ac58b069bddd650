/**
 * Generates, from Etsy's own OpenAPI 3 document (contracts/etsy/etsy-openapi.json, see contracts/etsy/SOURCES.md):
 * - src/server/channels/etsy/api/generated/etsy.ts: request and response types (openapi-typescript);
 * - src/shared/contracts/generated/etsy-values.ts: the listing values the app reads from the document (when_made);
 * - fakes/etsy/generated/contract-operations.ts: every operation's method, path, required query parameters and
 *   headers, security (x-api-key, OAuth scopes), body content types, required form fields and field types, and the
 *   JSON body shape, which the fake Etsy checks each request against.
 * Descriptions are dropped before generating: they are Etsy's HTML prose and read better online.
 * Run: npm run generate:etsy
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3, type SchemaObject } from 'openapi-typescript';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractFile = join(root, 'contracts/etsy/etsy-openapi.json');

type Json = Record<string, unknown>;

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value as Json)) {
    if (key === 'description' && typeof child === 'string') continue;
    out[key] = withoutDescriptions(child);
  }
  return out;
}

interface BodyShape {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'any';
  properties?: Record<string, BodyShape>;
  required?: string[];
  items?: BodyShape;
  enum?: string[];
}

function resolveRef(contract: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json>((node, key) => node[key] as Json, contract);
}

function shapeOf(contract: Json, schema: Json | undefined, seen: string[] = []): BodyShape {
  if (!schema) return { type: 'any' };
  const ref = schema.$ref as string | undefined;
  if (ref) {
    if (seen.includes(ref)) return { type: 'any' };
    return shapeOf(contract, resolveRef(contract, ref), [...seen, ref]);
  }
  const type = schema.type as string | undefined;
  if (type === 'array') return { type: 'array', items: shapeOf(contract, schema.items as Json, seen) };
  if (type === 'integer' || type === 'number') return { type: 'number' };
  if (type === 'string' && Array.isArray(schema.enum)) return { type, enum: schema.enum as string[] };
  if (type === 'string' || type === 'boolean') return { type };
  if (type === 'object' || schema.properties) {
    if (!schema.properties) return { type: 'object' };
    const properties: Record<string, BodyShape> = {};
    for (const [name, child] of Object.entries(schema.properties as Json)) properties[name] = shapeOf(contract, child as Json, seen);
    return { type: 'object', properties, required: (schema.required as string[] | undefined) ?? [] };
  }
  return { type: 'any' };
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Json;
}

function operationsOf(contract: Json) {
  const operations = [];
  for (const [path, item] of Object.entries(contract.paths as Json)) {
    for (const [method, raw] of Object.entries(item as Json)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const op = raw as Json;
      const parameters = [...(((item as Json).parameters as Parameter[]) ?? []), ...((op.parameters as Parameter[]) ?? [])];
      const body = op.requestBody as { required?: boolean; content?: Record<string, { schema?: Json }> } | undefined;
      const contentTypes = Object.keys(body?.content ?? {});
      const formType = contentTypes.find((type) => type !== 'application/json');
      // An operation without its own security has the document's (x-api-key on every request).
      const requirements = ((op.security ?? contract.security) as Record<string, string[]>[] | undefined) ?? [];
      const security = requirements.flatMap((requirement) => Object.keys(requirement));
      const scopes = requirements.flatMap((requirement) => requirement.oauth2 ?? []);
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        requiredHeaders: parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name),
        requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        /** Query parameters the operation knows, with their JSON type (a query value must parse as it). */
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, shapeOf(contract, p.schema).type]),
        ) as Record<string, BodyShape['type']>,
        /** The values a query parameter takes where the document lists them (an array's items, or the string's own). */
        queryEnums: Object.fromEntries(
          parameters.flatMap((p) => {
            const shape = shapeOf(contract, p.schema);
            const values = shape.enum ?? shape.items?.enum;
            return p.in === 'query' && values ? [[p.name, values]] : [];
          }),
        ) as Record<string, string[]>,
        apiKey: security.includes('api_key'),
        oauthScopes: scopes,
        bodyRequired: Boolean(body?.required),
        contentTypes,
        formShape: formType ? shapeOf(contract, body!.content![formType]!.schema) : null,
        bodyShape: contentTypes.includes('application/json') ? shapeOf(contract, body!.content!['application/json']!.schema) : null,
      });
    }
  }
  return operations;
}

/**
 * The listing values the app reads from the document rather than a hand list: `when_made` (Etsy changes its years
 * every year, and an old value answers 400), from createDraftListing's form, the field the app sends.
 */
function valuesOf(contract: Json): string {
  const create = (contract.paths as Json)['/v3/application/shops/{shop_id}/listings'] as Json;
  const form = ((create.post as Json).requestBody as Json).content as Json;
  const schema = (form['application/x-www-form-urlencoded'] as Json).schema as Json;
  const whenMade = ((schema.properties as Json).when_made as Json).enum as string[];
  if (!Array.isArray(whenMade) || !whenMade.length) throw new Error('createDraftListing has no when_made values');
  return (
    `/** createDraftListing's when_made values, in the document's order. */\n` +
    `export const etsyContractWhenMade = ${JSON.stringify(whenMade)} as const;\n`
  );
}

/**
 * A `format: binary` string (the file part of a multipart body: uploadListingImage's `image`, the listing file's and
 * video's) is the file itself, not text: typed as a Blob (openapi-typescript's own recipe), so the client's upload is
 * checked against the document as it is sent. Everything else is openapi-typescript's default.
 */
function binaryAsBlob(schema: SchemaObject): ts.TypeNode | undefined {
  if (!('type' in schema) || schema.type !== 'string' || schema.format !== 'binary') return undefined;
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
  return schema.nullable ? ts.factory.createUnionTypeNode([blob, ts.factory.createLiteralTypeNode(ts.factory.createNull())]) : blob;
}

const banner = (what: string) => `// Generated by scripts/generate-etsy-types.ts from ${what}. Do not edit: rerun the script.\n\n`;

async function main() {
  const typesDir = join(root, 'src/server/channels/etsy/api/generated');
  const fakeDir = join(root, 'fakes/etsy/generated');
  await mkdir(typesDir, { recursive: true });
  await mkdir(fakeDir, { recursive: true });
  const contract = JSON.parse(await readFile(contractFile, 'utf8')) as Json;
  const version = (contract.info as { version: string }).version;
  const ast = await openapiTS(withoutDescriptions(contract) as OpenAPI3, { alphabetize: true, transform: binaryAsBlob });
  const what = `Etsy's contracts/etsy/etsy-openapi.json (Open API v3, version ${version})`;
  await writeFile(join(typesDir, 'etsy.ts'), banner(what) + astToString(ast));
  const operations = operationsOf(contract);
  const index =
    banner(what) +
    `import type { EtsyContractOperation } from '../contract-operation';\n\n` +
    `export const contractOperations: EtsyContractOperation[] = ${JSON.stringify(operations, null, 1)};\n`;
  await writeFile(join(fakeDir, 'contract-operations.ts'), index);
  // The browser reads them too (the seller's answer), so they live with the shared contracts.
  const sharedDir = join(root, 'src/shared/contracts/generated');
  await mkdir(sharedDir, { recursive: true });
  await writeFile(join(sharedDir, 'etsy-values.ts'), banner(what) + valuesOf(contract));
  console.log(`etsy ${version}: ${operations.length} operations indexed for the fake`);
}

await main();
