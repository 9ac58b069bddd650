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
import { documentOperations, generatedBanner, requestPartsOf, withoutDescriptions, type Json } from './openapi-operations';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractFile = join(root, 'contracts/etsy/etsy-openapi.json');

/** Each operation as the fake Etsy checks it: the shared request parts, and Etsy's key and OAuth scopes. */
function operationsOf(contract: Json) {
  return documentOperations(contract).map((operation) => {
    const { op, path, method } = operation;
    const parts = requestPartsOf(contract, operation);
    // An operation without its own security has the document's (x-api-key on every request).
    const requirements = ((op.security ?? contract.security) as Record<string, string[]>[] | undefined) ?? [];
    const security = requirements.flatMap((requirement) => Object.keys(requirement));
    const scopes = requirements.flatMap((requirement) => requirement.oauth2 ?? []);
    return {
      operationId: op.operationId as string,
      method: method.toUpperCase(),
      path,
      ...parts.query,
      apiKey: security.includes('api_key'),
      oauthScopes: scopes,
      ...parts.body,
    };
  });
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

const banner = (what: string) => generatedBanner('scripts/generate-etsy-types.ts', what);

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
