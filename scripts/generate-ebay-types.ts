/**
 * Generates, from eBay's own OpenAPI 3 contracts (contracts/ebay, see its SOURCES.md):
 * - src/server/channels/ebay/api/generated/<api>.ts: request and response types (openapi-typescript), one file per API;
 * - fakes/ebay/generated/contract-operations.ts: every operation's method, path, required headers and query
 *   parameters, body content types, body shape and security, which the fake eBay checks each request against.
 * Descriptions are dropped before generating: they are eBay's HTML prose, 90% of the bytes, and read better online.
 * Run: node --import tsx scripts/generate-ebay-types.ts [--from contracts/ebay]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fromArg = process.argv.indexOf('--from');
const contractsDir = resolve(root, fromArg === -1 ? 'contracts/ebay' : process.argv[fromArg + 1]!);

/** Our name for each API, its contract file, and the host it is served from (a key of EbayHosts). */
const apis = [
  { name: 'identity', file: 'commerce_identity_v1_oas3.json', host: 'apiz' },
  { name: 'account', file: 'sell_account_v1_oas3.json', host: 'api' },
  { name: 'inventory', file: 'sell_inventory_v1_oas3.json', host: 'api' },
  { name: 'media', file: 'commerce_media_v1_beta_oas3.json', host: 'apim' },
  { name: 'taxonomy', file: 'commerce_taxonomy_v1_oas3.json', host: 'api' },
  { name: 'metadata', file: 'sell_metadata_v1_oas3.json', host: 'api' },
  { name: 'notification', file: 'commerce_notification_v1_oas3.json', host: 'api' },
  { name: 'fulfillment', file: 'sell_fulfillment_v1_oas3.json', host: 'api' },
  { name: 'finances', file: 'sell_finances_v1_oas3.json', host: 'apiz' },
  { name: 'browse', file: 'buy_browse_v1_oas3.json', host: 'api' },
  { name: 'negotiation', file: 'sell_negotiation_v1_oas3.json', host: 'api' },
  { name: 'analytics', file: 'sell_analytics_v1_oas3.json', host: 'api' },
] as const;

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

/** A body shape the fake can check: the JSON type, and for objects the property names (recursively). */
interface BodyShape {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'any';
  properties?: Record<string, BodyShape>;
  items?: BodyShape;
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
    // A recursive schema is checked down to its first repetition only.
    if (seen.includes(ref)) return { type: 'any' };
    return shapeOf(contract, resolveRef(contract, ref), [...seen, ref]);
  }
  const type = schema.type as string | undefined;
  if (type === 'array') return { type: 'array', items: shapeOf(contract, schema.items as Json, seen) };
  if (type === 'integer' || type === 'number') return { type: 'number' };
  if (type === 'string' || type === 'boolean') return { type };
  if (type === 'object' || schema.properties) {
    if (!schema.properties) return { type: 'object' };
    const properties: Record<string, BodyShape> = {};
    for (const [name, child] of Object.entries(schema.properties as Json)) properties[name] = shapeOf(contract, child as Json, seen);
    return { type: 'object', properties };
  }
  return { type: 'any' };
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}

function operationsOf(api: (typeof apis)[number], contract: Json) {
  const server = (contract.servers as { variables: { basePath: { default: string } } }[])[0]!;
  const basePath = server.variables.basePath.default;
  const schemes = (contract.components as Json).securitySchemes as Record<string, { flows: Record<string, unknown> }>;
  const operations = [];
  for (const [path, item] of Object.entries(contract.paths as Json)) {
    for (const [method, raw] of Object.entries(item as Json)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const op = raw as Json;
      const parameters = [...(((item as Json).parameters as Parameter[]) ?? []), ...((op.parameters as Parameter[]) ?? [])];
      const body = op.requestBody as { required?: boolean; content?: Record<string, { schema?: Json }> } | undefined;
      const contentTypes = Object.keys(body?.content ?? {});
      const security = ((op.security as Record<string, string[]>[]) ?? []).flatMap((requirement) =>
        Object.entries(requirement).map(([scheme, scopes]) => ({ flows: Object.keys(schemes[scheme]?.flows ?? {}), scopes })),
      );
      operations.push({
        api: api.name,
        host: api.host,
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path: basePath + path,
        requiredHeaders: parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name),
        requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        bodyRequired: Boolean(body?.required),
        contentTypes,
        bodyShape: contentTypes.includes('application/json') ? shapeOf(contract, body!.content!['application/json']!.schema) : null,
        security,
      });
    }
  }
  return operations;
}

const banner = (what: string) => `// Generated by scripts/generate-ebay-types.ts from ${what}. Do not edit: rerun the script.\n\n`;

async function main() {
  const typesDir = join(root, 'src/server/channels/ebay/api/generated');
  const fakeDir = join(root, 'fakes/ebay/generated');
  await mkdir(typesDir, { recursive: true });
  await mkdir(fakeDir, { recursive: true });
  const allOperations = [];
  for (const api of apis) {
    const contract = JSON.parse(await readFile(join(contractsDir, api.file), 'utf8')) as Json;
    const version = (contract.info as { version: string }).version;
    const ast = await openapiTS(withoutDescriptions(contract) as OpenAPI3, { alphabetize: true });
    await writeFile(join(typesDir, `${api.name}.ts`), banner(`eBay's ${api.file} (version ${version})`) + astToString(ast));
    allOperations.push(...operationsOf(api, contract));
    console.log(`${api.name}: ${api.file} ${version}`);
  }
  const index =
    banner(`eBay's OpenAPI contracts (${apis.map((a) => a.file).join(', ')})`) +
    `import type { ContractOperation } from '../contract-operation';\n\n` +
    `export const contractOperations: ContractOperation[] = ${JSON.stringify(allOperations, null, 1)};\n`;
  await writeFile(join(fakeDir, 'contract-operations.ts'), index);
  console.log(`${allOperations.length} operations indexed for the fake`);
}

await main();
