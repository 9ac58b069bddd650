/**
 * Checks a request against eBay's OpenAPI contracts (generated/contract-operations.ts): the path and method exist,
 * required headers and query parameters are there, the body has the declared content type and, for JSON, only the
 * schema's property names with the schema's JSON types. The contracts list no required fields and no enums, so this
 * is as strict as they allow. Known quirks are allowed here, each with its reason.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { BodyShape, ContractOperation } from './contract-operation';
import { contractOperations } from './generated/contract-operations';
import { operationMatcher, type OperationMatch as SharedMatch } from '../shared/operation-matcher';

export type OperationMatch = SharedMatch<ContractOperation>;

/** The contract operation for a method and path; trailing slashes are ignored (the contracts mix both forms). */
export const findOperation = operationMatcher(contractOperations, { ignoreTrailingSlash: true });

/** Paths (dot-joined property names) where eBay takes another shape than its contract declares. */
const quirks: Record<string, (value: unknown) => boolean> = {
  // Typed as a string in the contract; eBay takes name → values, as the field's own description shows.
  'product.aspects': (value) =>
    Boolean(value) &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value as object).every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string')),
};

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Problems of a JSON value against a body shape, with the dotted path of each. */
export function checkBodyShape(value: unknown, shape: BodyShape, at = ''): string[] {
  const quirk = quirks[at];
  if (quirk) return quirk(value) ? [] : [`${at}: not the shape eBay takes`];
  const where = at || 'body';
  if (shape.type === 'any') return [];
  const actual = typeOf(value);
  if (shape.type === 'number' ? actual !== 'number' : actual !== shape.type) return [`${where}: expected ${shape.type}, got ${actual}`];
  if (shape.type === 'array')
    return (value as unknown[]).flatMap((item, i) => checkBodyShape(item, shape.items ?? { type: 'any' }, `${at}[${i}]`));
  if (shape.type !== 'object' || !shape.properties) return [];
  const problems: string[] = [];
  for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
    const path = at ? `${at}.${name}` : name;
    const childShape = shape.properties[name];
    if (!childShape) problems.push(`${path}: not a property in the contract`);
    else problems.push(...checkBodyShape(child, childShape, path.replace(/\[\d+\]/g, '')));
  }
  return problems;
}

export interface RequestFacts {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  rawBody: Buffer;
}

const mimeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** Everything about the request that the contract (and ebay.md, for multipart uploads) does not allow. */
export function checkRequestAgainstContract(operation: ContractOperation, request: RequestFacts): string[] {
  const problems: string[] = [];
  for (const header of operation.requiredHeaders) {
    if (request.headers[header.toLowerCase()] === undefined) problems.push(`missing required header ${header}`);
  }
  for (const name of operation.requiredQuery) if (!request.query.has(name)) problems.push(`missing required query parameter ${name}`);
  if (!/^Bearer \S+$/.test(request.headers.authorization ?? '')) problems.push('missing Authorization: Bearer token');
  if ((operation.api === 'account' || operation.api === 'taxonomy') && request.headers['content-language'] !== undefined) {
    problems.push('ebay.md: no Content-Language to the Account or Taxonomy API (reported to fail there)');
  }

  const hasBody = request.rawBody.length > 0;
  const mime = mimeOf(request.headers['content-type']);
  if (operation.operationId === 'createImageFromFile') {
    // The contract declares no body; eBay's guide says multipart/form-data with the file in part "image".
    if (mime !== 'multipart/form-data') problems.push(`Content-Type must be multipart/form-data, got ${mime || 'none'}`);
    else if (!/name="image"/.test(request.rawBody.toString('latin1'))) problems.push('multipart body has no "image" part');
    return problems;
  }
  if (!operation.contentTypes.length) {
    if (hasBody) problems.push('this operation takes no request body');
    // ebay.md: a bodiless POST (publish, withdraw) is refused without Content-Length: 0.
    else if (operation.method === 'POST' && request.headers['content-length'] === undefined)
      problems.push('a POST without a body must send Content-Length: 0');
    return problems;
  }
  if (!hasBody) {
    if (operation.bodyRequired) problems.push('missing required request body');
    return problems;
  }
  if (!operation.contentTypes.includes(mime))
    problems.push(`Content-Type ${mime || 'none'} is not one of ${operation.contentTypes.join(', ')}`);
  if (operation.bodyShape) {
    let json: unknown;
    try {
      json = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      return [...problems, 'body is not valid JSON'];
    }
    problems.push(...checkBodyShape(json, operation.bodyShape));
  }
  return problems;
}
