/**
 * What the generators of the marketplaces' OpenAPI documents share (Etsy's, Depop's): the document without its prose,
 * its operations, and each operation's request as the fakes check it (fakes/shared/contract-request.ts): the query
 * parameters with their types and values, the required headers, the body's content types and its shape (JSON types,
 * properties and required ones, array items, string values). OpenAPI 3.0 and 3.1 (a type listed with "null", an enum
 * given as `anyOf` branches, a `$ref` wrapped in a one-schema `allOf`).
 */
import type { BodyShape } from '../fakes/shared/contract-shape';
import type { ContractRequestParts } from '../fakes/shared/contract-request';

export type Json = Record<string, unknown>;

/** The document without its prose (`description` strings), which reads better online than in generated types. */
export function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value as Json)) {
    if (key === 'description' && typeof child === 'string') continue;
    out[key] = withoutDescriptions(child);
  }
  return out;
}

export function resolveRef(contract: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json>((node, key) => node[key] as Json, contract);
}

/** The string values of `anyOf`/`oneOf` branches when every branch is a list of string values (3.1's way to an enum). */
function branchValues(branches: unknown): string[] | undefined {
  if (!Array.isArray(branches) || !branches.length) return undefined;
  const lists = (branches as Json[]).map((branch) => (Array.isArray(branch.enum) ? (branch.enum as unknown[]) : null));
  if (lists.some((list) => !list || list.some((value) => typeof value !== 'string'))) return undefined;
  return (lists as string[][]).flat();
}

/** The schema's one type: 3.1 lists ["string", "null"] for a nullable string (the fakes take null anywhere). */
function typeOfSchema(schema: Json): string | undefined {
  if (!Array.isArray(schema.type)) return schema.type as string | undefined;
  const types = (schema.type as string[]).filter((type) => type !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

/** A schema's shape, references followed (a reference met again inside itself is any value). */
export function shapeOf(contract: Json, schema: Json | undefined, seen: string[] = []): BodyShape {
  if (!schema) return { type: 'any' };
  const ref = schema.$ref as string | undefined;
  if (ref) {
    if (seen.includes(ref)) return { type: 'any' };
    return shapeOf(contract, resolveRef(contract, ref), [...seen, ref]);
  }
  const type = typeOfSchema(schema);
  if (!type && !schema.properties && Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return shapeOf(contract, schema.allOf[0] as Json, seen);
  if (type === 'array') return { type: 'array', items: shapeOf(contract, schema.items as Json, seen) };
  if (type === 'integer' || type === 'number') return { type: 'number' };
  const values = Array.isArray(schema.enum) ? (schema.enum as string[]) : branchValues(schema.anyOf ?? schema.oneOf);
  if (type === 'string' && values) return { type, enum: values };
  if (type === 'string' || type === 'boolean') return { type };
  if (type === 'object' || schema.properties) {
    const free = schema.additionalProperties;
    const valueShape = free && typeof free === 'object' ? { values: shapeOf(contract, free as Json, seen) } : {};
    if (!schema.properties) return { type: 'object', ...valueShape };
    const properties: Record<string, BodyShape> = {};
    for (const [name, child] of Object.entries(schema.properties as Json)) properties[name] = shapeOf(contract, child as Json, seen);
    return { type: 'object', properties, required: (schema.required as string[] | undefined) ?? [], ...valueShape };
  }
  return { type: 'any' };
}

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Json;
}

/** One operation of the document where it is written: its path, method, path item and operation object. */
export interface DocumentOperation {
  path: string;
  method: string;
  item: Json;
  op: Json;
  /** The path item's parameters and the operation's own. */
  parameters: Parameter[];
}

/** Every operation of the document's paths (GET, PUT, POST, DELETE, PATCH), in the document's order. */
export function documentOperations(contract: Json): DocumentOperation[] {
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(contract.paths as Json)) {
    for (const [method, raw] of Object.entries(item as Json)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const op = raw as Json;
      const parameters = [...(((item as Json).parameters as Parameter[]) ?? []), ...((op.parameters as Parameter[]) ?? [])];
      operations.push({ path, method, item: item as Json, op, parameters });
    }
  }
  return operations;
}

/** The request of an operation as a fake checks it (fakes/shared/contract-request.ts), in the order the fakes list it. */
export function requestPartsOf(contract: Json, { op, parameters }: DocumentOperation) {
  const body = op.requestBody as { required?: boolean; content?: Record<string, { schema?: Json }> } | undefined;
  const contentTypes = Object.keys(body?.content ?? {});
  const formType = contentTypes.find((type) => type !== 'application/json');
  const query: ContractRequestParts['query'] = Object.fromEntries(
    parameters.filter((p) => p.in === 'query').map((p) => [p.name, shapeOf(contract, p.schema).type]),
  );
  const queryEnums: ContractRequestParts['queryEnums'] = Object.fromEntries(
    parameters.flatMap((p) => {
      const shape = shapeOf(contract, p.schema);
      const values = shape.enum ?? shape.items?.enum;
      return p.in === 'query' && values ? [[p.name, values]] : [];
    }),
  );
  return {
    query: {
      requiredHeaders: parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name),
      requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      query,
      queryEnums,
    },
    body: {
      bodyRequired: Boolean(body?.required),
      contentTypes,
      formShape: formType ? shapeOf(contract, body!.content![formType]!.schema) : null,
      bodyShape: contentTypes.includes('application/json') ? shapeOf(contract, body!.content!['application/json']!.schema) : null,
    },
  };
}

/** The first line of a generated file: what made it, from what, and not to edit it. */
export const generatedBanner = (script: string, what: string) =>
  `// Generated by ${script} from ${what}. Do not edit: rerun the script.\n\n`;
