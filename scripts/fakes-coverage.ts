/**
 * Every documented error of every marketplace operation the app calls, and whether its fake produces it:
 * - eBay: each operation the fake serves (the app's calls), its contract's `x-response-codes` (contracts/ebay/*.json);
 *   enforced when the fake's sources answer that errorId.
 * - Etsy: each operation the fake serves, the error statuses its contract lists (contracts/etsy/etsy-openapi.json);
 *   enforced when the fake answers that status (etsyError(status, ...)).
 * - Shopify: the Admin API's documented request-level errors (a GraphQL request: the 1,000-point single query cost,
 *   the throttle); enforced when the fake answers that code. The product rules are in fakes/shopify/RULES.md.
 * - Depop: each operation the fake serves, each error its contract documents (contracts/depop/depop-seller-api.yml):
 *   an example named in a response's `examples` ("422 too_many_pictures (tooManyPictures)"), enforced when the fake
 *   answers it by that name (exampleError('tooManyPictures', ...)); an error code of a response's one `example`
 *   ("409 product_has_active_offers"), enforced when the fake answers that status and code (depopError(409,
 *   'product_has_active_offers', ...)); a status with no example, enforced when the fake answers that status.
 * A code the fake does not produce is explained (a file in the fake's folder, `unenforced-errors.json`: the reason
 * per code, or per HTTP status) or missing. Reads files only: `npm run fakes:coverage` prints it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

export interface OperationCoverage {
  marketplace: 'ebay' | 'etsy' | 'shopify' | 'depop';
  operationId: string;
  enforced: string[];
  explained: string[];
  missing: string[];
}

/** A fake's reasons for what it does not produce: by code, or by HTTP status for every code of that status. */
interface Explanations {
  codes?: Record<string, string>;
  statuses?: Record<string, string>;
}

type JsonOperation = { operationId?: string; responses?: Record<string, { 'x-response-codes'?: { errors?: Record<string, unknown> } }> };
type JsonContract = { paths: Record<string, Record<string, JsonOperation>> };

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const sourcesOf = (folder: string) =>
  readdirSync(path.join(root, folder))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => read(path.join(folder, f)))
    .join('\n');
const explanationsOf = (folder: string): Explanations => {
  try {
    return JSON.parse(read(path.join(folder, 'unenforced-errors.json'))) as Explanations;
  } catch {
    return {};
  }
};

function operations(contract: JsonContract): JsonOperation[] {
  return Object.values(contract.paths).flatMap((methods) => Object.values(methods).filter((o) => typeof o === 'object' && o?.operationId));
}

function classify(
  marketplace: OperationCoverage['marketplace'],
  operationId: string,
  documented: { code: string; status: string }[],
  produces: (code: string, status: string) => boolean,
  explanations: Explanations,
): OperationCoverage {
  const row: OperationCoverage = { marketplace, operationId, enforced: [], explained: [], missing: [] };
  const seen = new Set<string>();
  for (const { code, status } of documented) {
    if (seen.has(code)) continue; // a code listed under two statuses counts once
    seen.add(code);
    if (produces(code, status)) row.enforced.push(code);
    else if (explanations.codes?.[code] || explanations.statuses?.[status]) row.explained.push(code);
    else row.missing.push(code);
  }
  return row;
}

export function ebayCoverage(): OperationCoverage[] {
  const sources = sourcesOf('fakes/ebay');
  // The operations the fake serves: its handlers' names (the operations the app calls).
  const served = new Set([...sources.matchAll(/^ {2}(?:async )?([a-z][A-Za-z]+)\((?:_?call|_call)\b/gm)].map((m) => m[1]!));
  const explanations = explanationsOf('fakes/ebay');
  const rows: OperationCoverage[] = [];
  for (const file of readdirSync(path.join(root, 'contracts/ebay')).filter((f) => f.endsWith('.json'))) {
    for (const operation of operations(JSON.parse(read(`contracts/ebay/${file}`)) as JsonContract)) {
      if (!served.has(operation.operationId!)) continue;
      const documented = Object.entries(operation.responses ?? {}).flatMap(([status, answer]) =>
        Object.keys(answer['x-response-codes']?.errors ?? {}).map((code) => ({ code, status })),
      );
      rows.push(classify('ebay', operation.operationId!, documented, (code) => new RegExp(`\\b${code}\\b`).test(sources), explanations));
    }
  }
  return rows;
}

export function etsyCoverage(): OperationCoverage[] {
  const sources = sourcesOf('fakes/etsy');
  const served = new Set([...sources.matchAll(/case '([a-zA-Z]+)'/g)].map((m) => m[1]!));
  const explanations = explanationsOf('fakes/etsy');
  return operations(JSON.parse(read('contracts/etsy/etsy-openapi.json')) as JsonContract)
    .filter((operation) => served.has(operation.operationId!))
    .map((operation) => {
      const documented = Object.keys(operation.responses ?? {})
        .filter((status) => !status.startsWith('2'))
        .map((status) => ({ code: status, status }));
      return classify(
        'etsy',
        operation.operationId!,
        documented,
        (status) => new RegExp(`etsyError\\(\\s*${status}\\b`).test(sources) || new RegExp(`status: ${status}\\b`).test(sources),
        explanations,
      );
    });
}

export function shopifyCoverage(): OperationCoverage[] {
  const sources = sourcesOf('fakes/shopify');
  // Shopify's request-level errors (shopify.dev "API limits"): the single-query cost cap and the leaky bucket.
  const schema = gunzipSync(readFileSync(path.join(root, 'contracts/shopify/admin_2026-10.json.gz'))).length > 0;
  const documented = schema ? ['MAX_COST_EXCEEDED', 'THROTTLED'].map((code) => ({ code, status: '200' })) : [];
  return [
    classify(
      'shopify',
      'graphql (any query or mutation)',
      documented,
      (code) => sources.includes(`'${code}'`),
      explanationsOf('fakes/shopify'),
    ),
  ];
}

type DepopExampleValue = { errors?: { code?: string }[]; error?: string } | undefined;
type DepopMedia = { example?: DepopExampleValue; examples?: Record<string, { value?: DepopExampleValue }> };
type DepopResponse = { $ref?: string; content?: Record<string, DepopMedia> };
type DepopContract = JsonContract & { components: { responses: Record<string, DepopResponse> } };

/** An example's error codes: ErrorResponse's `errors[].code`, or OAuthErrorResponse's `error`. */
const depopCodesOf = (value: DepopExampleValue): string[] =>
  value?.errors?.flatMap((error) => (error.code ? [error.code] : [])) ?? (value?.error ? [value.error] : []);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each documented error of a Depop operation: its key, status, and what the fake must answer to enforce it. */
function depopErrorsOf(contract: DepopContract, operation: JsonOperation) {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .flatMap(([status, raw]) => {
      const ref = (raw as DepopResponse).$ref;
      const response = ref ? contract.components.responses[ref.split('/').pop()!]! : (raw as DepopResponse);
      const media = response.content?.['application/json'];
      const named = Object.entries(media?.examples ?? {});
      if (named.length)
        return named.flatMap(([name, example]) =>
          depopCodesOf(example.value).map((code) => ({
            key: `${status} ${code} (${name})`,
            status,
            pattern: `exampleError\\(\\s*'${name}'`,
          })),
        );
      const codes = depopCodesOf(media?.example);
      if (codes.length)
        return codes.map((code) => ({
          key: `${status} ${code}`,
          status,
          pattern: `(?:depopError|oauthError)\\(\\s*${status},\\s*'${escapeRegExp(code)}'`,
        }));
      return [{ key: status, status, pattern: `(?:depopError|oauthError)\\(\\s*${status}\\b` }];
    });
}

export function depopCoverage(): OperationCoverage[] {
  const sources = sourcesOf('fakes/depop');
  const served = new Set([...sources.matchAll(/case '([a-zA-Z]+)'/g)].map((m) => m[1]!));
  const contract = parseYaml(read('contracts/depop/depop-seller-api.yml')) as DepopContract;
  return operations(contract)
    .filter((operation) => served.has(operation.operationId!))
    .map((operation) => {
      const documented = depopErrorsOf(contract, operation);
      const patterns = new Map(documented.map((error) => [error.key, new RegExp(error.pattern)]));
      return classify(
        'depop',
        operation.operationId!,
        documented.map((error) => ({ code: error.key, status: error.status })),
        (key) => patterns.get(key)!.test(sources),
        explanationsOf('fakes/depop'),
      );
    });
}

export const documentedErrorCoverage = (): OperationCoverage[] => [
  ...ebayCoverage(),
  ...etsyCoverage(),
  ...shopifyCoverage(),
  ...depopCoverage(),
];
