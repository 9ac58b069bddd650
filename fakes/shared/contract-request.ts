/**
 * The parts of a request every marketplace's document describes the same way, checked against it (the fakes' shared
 * check, after each its own of authentication): required headers, query parameters (required ones there, every one
 * known, each value of its type and among its values), and the body (a declared content type; a JSON body of its
 * shape; a form with its required fields, only known ones, values of their types and enums; a multipart form's part
 * names).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { checkJsonShape, textFits, type BodyShape } from './contract-shape';

/** What a generator writes of an operation's request (scripts/openapi-operations.ts requestPartsOf). */
export interface ContractRequestParts {
  requiredHeaders: string[];
  requiredQuery: string[];
  /** Query parameters the operation knows, with their JSON type (a query value must parse as it). */
  query: Record<string, BodyShape['type']>;
  /** The values a query parameter takes, where the document lists them. */
  queryEnums: Record<string, string[]>;
  bodyRequired: boolean;
  contentTypes: string[];
  /** The form (x-www-form-urlencoded or multipart) body's fields, required ones and types. */
  formShape: BodyShape | null;
  bodyShape: BodyShape | null;
}

export interface RequestFacts {
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

function queryProblems(operation: ContractRequestParts, query: URLSearchParams): string[] {
  const problems: string[] = [];
  for (const name of operation.requiredQuery) if (!query.has(name)) problems.push(`missing required query parameter ${name}`);
  for (const [name, value] of query) {
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
  return problems;
}

function bodyProblems(operation: ContractRequestParts, request: RequestFacts): string[] {
  const hasBody = request.rawBody.length > 0;
  const mime = mimeOf(request.headers['content-type']);
  if (!operation.contentTypes.length) return hasBody ? ['this operation takes no request body'] : [];
  if (!hasBody) return operation.bodyRequired ? ['missing required request body'] : [];
  if (!operation.contentTypes.includes(mime)) return [`Content-Type ${mime || 'none'} is not one of ${operation.contentTypes.join(', ')}`];
  if (mime === 'application/json' && operation.bodyShape) {
    try {
      return checkJsonShape(JSON.parse(request.rawBody.toString('utf8')), operation.bodyShape);
    } catch {
      return ['body is not valid JSON'];
    }
  }
  const shape = operation.formShape;
  if (!shape?.properties) return [];
  const problems: string[] = [];
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

/** Everything about the request's headers, query and body that the document does not allow. */
export function checkRequestParts(operation: ContractRequestParts, request: RequestFacts): string[] {
  const problems: string[] = [];
  for (const header of operation.requiredHeaders)
    if (request.headers[header.toLowerCase()] === undefined) problems.push(`missing required header ${header}`);
  problems.push(...queryProblems(operation, request.query));
  problems.push(...bodyProblems(operation, request));
  return problems;
}
