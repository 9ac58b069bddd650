/**
 * A request's parts against a marketplace's OpenAPI document, as the fakes check them (Etsy's, Depop's): the shape of
 * a body or a parameter (its JSON type, an object's properties and required ones, an array's items, a string's
 * values), written by the generators (scripts/openapi-operations.ts) into each fake's generated/contract-operations.ts.
 */

/** A value's shape in the document: what the fake checks of it. */
export interface BodyShape {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'any';
  properties?: Record<string, BodyShape>;
  /** For objects: the property names the schema requires. */
  required?: string[];
  /** For objects whose other properties are free (`additionalProperties`): the shape of each of their values. */
  values?: BodyShape;
  items?: BodyShape;
  /** For strings: the values the contract allows. */
  enum?: string[];
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Whether a text value (query or form field) reads as the type the contract declares. */
export function textFits(value: string, shape: BodyShape): boolean {
  if (shape.type === 'number') return value.trim() !== '' && Number.isFinite(Number(value));
  if (shape.type === 'boolean') return ['true', 'false', '1', '0'].includes(value);
  if (shape.type === 'string' && shape.enum) return shape.enum.includes(value);
  if (shape.type === 'array')
    return value === '' || value.split(',').every((part) => textFits(part.trim(), shape.items ?? { type: 'any' }));
  return true;
}

/** Problems of a JSON value against a body shape (null is taken where any value is: the documents mark most nullable). */
export function checkJsonShape(value: unknown, shape: BodyShape, at = ''): string[] {
  const where = at || 'body';
  if (shape.type === 'any' || value === null) return [];
  const actual = typeOf(value);
  if (actual !== shape.type) return [`${where}: expected ${shape.type}, got ${actual}`];
  if (shape.type === 'string' && shape.enum && !shape.enum.includes(value as string))
    return [`${where}: "${String(value)}" is not one of ${shape.enum.join(', ')}`];
  if (shape.type === 'array')
    return (value as unknown[]).flatMap((item, i) => checkJsonShape(item, shape.items ?? { type: 'any' }, `${at}[${i}]`));
  if (shape.type !== 'object' || (!shape.properties && !shape.values)) return [];
  const problems: string[] = [];
  const record = value as Record<string, unknown>;
  for (const name of shape.required ?? []) if (!(name in record)) problems.push(`${at ? `${at}.` : ''}${name}: required`);
  for (const [name, child] of Object.entries(record)) {
    const path = at ? `${at}.${name}` : name;
    const childShape = shape.properties?.[name] ?? shape.values;
    if (!childShape) problems.push(`${path}: not a property in the contract`);
    else problems.push(...checkJsonShape(child, childShape, path));
  }
  return problems;
}
