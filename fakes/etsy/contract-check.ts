/**
 * Checks a request against Etsy's OpenAPI document (generated/contract-operations.ts): the path and method exist, the
 * x-api-key header and a Bearer token are sent where the operation's security asks for them, required query
 * parameters are there and every query parameter is one the operation knows (with a value of its type), and the body
 * has a declared content type with the required form fields, only known fields, values of their types and enums.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { EtsyBodyShape, EtsyContractOperation } from './contract-operation';
import { contractOperations } from './generated/contract-operations';
import { operationMatcher, type OperationMatch } from '../shared/operation-matcher';

export type EtsyOperationMatch = OperationMatch<EtsyContractOperation>;

/** The contract operation for a method and path (Etsy's document writes every path one way). */
export const findEtsyOperation = operationMatcher(contractOperations);

/** Whether a text value (query or form field) reads as the type the contract declares. */
function textFits(value: string, shape: EtsyBodyShape): boolean {
  if (shape.type === 'number') return value.trim() !== '' && Number.isFinite(Number(value));
  if (shape.type === 'boolean') return ['true', 'false', '1', '0'].includes(value);
  if (shape.type === 'string' && shape.enum) return shape.enum.includes(value);
  if (shape.type === 'array')
    return value === '' || value.split(',').every((part) => textFits(part.trim(), shape.items ?? { type: 'any' }));
  return true;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Problems of a JSON value against a body shape (null is taken where any value is: the document marks most nullable). */
export function checkJsonShape(value: unknown, shape: EtsyBodyShape, at = ''): string[] {
  const where = at || 'body';
  if (shape.type === 'any' || value === null) return [];
  const actual = typeOf(value);
  if (actual !== shape.type) return [`${where}: expected ${shape.type}, got ${actual}`];
  if (shape.type === 'string' && shape.enum && !shape.enum.includes(value as string))
    return [`${where}: "${String(value)}" is not one of ${shape.enum.join(', ')}`];
  if (shape.type === 'array')
    return (value as unknown[]).flatMap((item, i) => checkJsonShape(item, shape.items ?? { type: 'any' }, `${at}[${i}]`));
  if (shape.type !== 'object' || !shape.properties) return [];
  const problems: string[] = [];
  const record = value as Record<string, unknown>;
  for (const name of shape.required ?? []) if (!(name in record)) problems.push(`${at ? `${at}.` : ''}${name}: required`);
  for (const [name, child] of Object.entries(record)) {
    const path = at ? `${at}.${name}` : name;
    const childShape = shape.properties[name];
    if (!childShape) problems.push(`${path}: not a property in the contract`);
    else problems.push(...checkJsonShape(child, childShape, path));
  }
  return problems;
}

export interface EtsyRequestFacts {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  rawBody: Buffer;
}

const mimeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** The part names of a multipart/form-data body. */
export function multipartNames(contentType: string, body: Buffer): string[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  return [...body.toString('latin1').matchAll(/content-disposition:\s*form-data;\s*name="([^"]+)"/gi)].map((m) => m[1]!);
}

/** Everything about the request that Etsy's document does not allow. */
export function checkEtsyRequest(operation: EtsyContractOperation, request: EtsyRequestFacts): string[] {
  const problems: string[] = [];
  if (operation.apiKey && !request.headers['x-api-key']) problems.push('missing x-api-key header');
  if (operation.oauthScopes.length && !/^Bearer \S+$/.test(request.headers.authorization ?? ''))
    problems.push('missing Authorization: Bearer token');
  for (const header of operation.requiredHeaders)
    if (request.headers[header.toLowerCase()] === undefined) problems.push(`missing required header ${header}`);
  for (const name of operation.requiredQuery) if (!request.query.has(name)) problems.push(`missing required query parameter ${name}`);
  for (const [name, value] of request.query) {
    const type = operation.query[name];
    if (!type) problems.push(`unknown query parameter ${name}`);
    else if (!textFits(value, { type, items: { type: 'string' } })) problems.push(`query parameter ${name}: not a ${type}`);
    else if (operation.queryEnums[name]) {
      const allowed = operation.queryEnums[name]!;
      const outside = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part && !allowed.includes(part));
      if (outside.length) problems.push(`query parameter ${name}: ${outside.join(', ')} is not one of ${allowed.join(', ')}`);
    }
  }
  const hasBody = request.rawBody.length > 0;
  const mime = mimeOf(request.headers['content-type']);
  if (!operation.contentTypes.length) {
    if (hasBody) problems.push('this operation takes no request body');
    return problems;
  }
  if (!hasBody) {
    if (operation.bodyRequired) problems.push('missing required request body');
    return problems;
  }
  if (!operation.contentTypes.includes(mime)) {
    problems.push(`Content-Type ${mime || 'none'} is not one of ${operation.contentTypes.join(', ')}`);
    return problems;
  }
  if (mime === 'application/json' && operation.bodyShape) {
    try {
      problems.push(...checkJsonShape(JSON.parse(request.rawBody.toString('utf8')), operation.bodyShape));
    } catch {
      problems.push('body is not valid JSON');
    }
    return problems;
  }
  const shape = operation.formShape;
  if (!shape?.properties) return problems;
  if (mime === 'multipart/form-data') {
    const names = multipartNames(request.headers['content-type'] ?? '', request.rawBody);
    for (const name of names) if (!shape.properties[name]) problems.push(`form part ${name}: not a field in the contract`);
    for (const name of shape.required ?? []) if (!names.includes(name)) problems.push(`form part ${name}: required`);
    return problems;
  }
  const form = new URLSearchParams(request.rawBody.toString('utf8'));
  for (const name of shape.required ?? []) if (!form.has(name)) problems.push(`form field ${name}: required`);
  for (const [name, value] of form) {
    const field = shape.properties[name];
    if (!field) problems.push(`form field ${name}: not a field in the contract`);
    else if (!textFits(value, field))
      problems.push(`form field ${name}: "${value}" does not fit ${field.enum ? field.enum.join('|') : field.type}`);
  }
  return problems;
}
