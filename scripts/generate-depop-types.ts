/**
 * Generates, from Depop's own OpenAPI 3.1 document (contracts/depop/depop-seller-api.yml, see contracts/depop/SOURCES.md):
 * - src/server/channels/depop/api/generated/depop.ts: request and response types (openapi-typescript);
 * - fakes/depop/generated/contract-operations.ts: every operation's method, path and path parameters, the Bearer token
 *   and the OAuth scopes it asks for, its query parameters and the JSON or form body's shape, which the fake Depop
 *   checks each request against.
 * Depop names each operation's scopes in its description, not in a security scheme (the document has only
 * BearerAuth): they are read from there ("**Required OAuth Scopes:**"), and an operation with a token and no scopes
 * read is printed. Descriptions are dropped before generating the types.
 * Run: npm run generate:depop
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { parse } from 'yaml';
import type { DepopContractOperation } from '../fakes/depop/contract-operation';
import { documentOperations, generatedBanner, requestPartsOf, shapeOf, withoutDescriptions, type Json } from './openapi-operations';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractFile = join(root, 'contracts/depop/depop-seller-api.yml');

type Scopes = Pick<DepopContractOperation, 'scopes' | 'scopesAnyOf' | 'scopesWhenSet' | 'optionalScopes'>;
const scopeName = /^[a-z]+_(?:read|write)$/;

/**
 * The scopes an operation's description names after "**Required OAuth Scope:**" (one, in backticks) or "**Required
 * OAuth Scopes:**" (a list of "`scope` - why": "Optional." for one that only adds to the answer, "Required when
 * setting `field` or `field`" for one a body field asks for, and "at least one of the scopes below" for insights).
 */
function scopesOf(description: string): Scopes | null {
  const scopes: Scopes = { scopes: [], scopesAnyOf: false, scopesWhenSet: {}, optionalScopes: [] };
  const at = description.search(/\*\*Required OAuth Scopes?:\*\*/);
  if (at === -1) return /does not require OAuth Scopes/.test(description) ? scopes : null;
  // The list ends at the first line that is not one of its items (YAML folds the items into the heading's line, or
  // keeps each on its own).
  const [heading = '', ...rest] = description.slice(at).split('\n');
  const end = rest.findIndex((line) => !line.startsWith('- `'));
  const list = [heading, ...rest.slice(0, end === -1 ? rest.length : end)].join(' ');
  scopes.scopesAnyOf = /at least one of the scopes/.test(heading);
  const items = list.split(/(?:^|\s)- (?=`)/).slice(1);
  const single = /\*\*Required OAuth Scope:\*\*\s*`([a-z_]+)`/.exec(list);
  if (single) scopes.scopes.push(single[1]!);
  for (const item of items) {
    const [, scope, why = ''] = /^`([^`]+)`\s*(?:-\s*)?(.*)$/.exec(item.trim()) ?? [];
    if (!scope || !scopeName.test(scope)) continue;
    if (/^Optional\b/.test(why)) scopes.optionalScopes.push(scope);
    else if (/Required when setting/.test(why)) {
      for (const [, field] of why.matchAll(/`([a-z_]+)`/g)) (scopes.scopesWhenSet[field!] ??= []).push(scope);
    } else scopes.scopes.push(scope);
  }
  return scopes;
}

function operationsOf(contract: Json): DepopContractOperation[] {
  const unread: string[] = [];
  const operations = documentOperations(contract).map((operation): DepopContractOperation => {
    const { op, path, method, parameters } = operation;
    const parts = requestPartsOf(contract, operation);
    // An operation without its own security has the document's (BearerAuth); the token endpoint has `security: []`.
    const requirements = ((op.security ?? contract.security) as Record<string, string[]>[] | undefined) ?? [];
    const bearer = requirements.some((requirement) => 'BearerAuth' in requirement);
    const scopes = scopesOf((op.description as string | undefined) ?? '');
    if (bearer && !scopes) unread.push(op.operationId as string);
    return {
      operationId: op.operationId as string,
      method: method.toUpperCase(),
      path,
      pathParams: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, shapeOf(contract, p.schema).type])),
      ...parts.query,
      bearer,
      ...(scopes ?? { scopes: [], scopesAnyOf: false, scopesWhenSet: {}, optionalScopes: [] }),
      deprecated: op.deprecated === true,
      ...parts.body,
    };
  });
  if (unread.length) console.log(`no scopes stated (a token of any scope is taken): ${unread.join(', ')}`);
  return operations;
}

const banner = (what: string) => generatedBanner('scripts/generate-depop-types.ts', what);

async function main() {
  const typesDir = join(root, 'src/server/channels/depop/api/generated');
  const fakeDir = join(root, 'fakes/depop/generated');
  await mkdir(typesDir, { recursive: true });
  await mkdir(fakeDir, { recursive: true });
  const contract = parse(await readFile(contractFile, 'utf8')) as Json;
  const version = (contract.info as { version: string }).version;
  const ast = await openapiTS(withoutDescriptions(contract) as OpenAPI3, { alphabetize: true });
  const what = `Depop's contracts/depop/depop-seller-api.yml (Seller API, version ${version})`;
  await writeFile(join(typesDir, 'depop.ts'), banner(what) + astToString(ast));
  const operations = operationsOf(contract);
  const index =
    banner(what) +
    `import type { DepopContractOperation } from '../contract-operation';\n\n` +
    `export const contractOperations: DepopContractOperation[] = ${JSON.stringify(operations, null, 1)};\n`;
  await writeFile(join(fakeDir, 'contract-operations.ts'), index);
  console.log(`depop ${version}: ${operations.length} operations indexed for the fake`);
}

await main();
