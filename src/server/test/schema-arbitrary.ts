import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes our zod contracts) that the generators below read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 60));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
  }
  // Our text fields only forbid NUL (`^[^\0]*$`); any other pattern is generated from itself.
  if (schema.pattern && schema.pattern !== '^[^\\0]*$') {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }).filter((s) => !s.includes('\u0000'));
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
  const high = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : schema.maximum;
  const min = Math.max(low ?? -1_000_000, -1_000_000);
  const max = Math.min(high ?? 1_000_000, 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as these keywords tell): the valid-shaped start a mutation breaks. */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, depth)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], depth);
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? validValue(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object':
      return validObject(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = validValue(property, depth + 1);
  const known = fc.record(model, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
  if (typeof schema.additionalProperties !== 'object' || depth > 3) return known;
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(schema.additionalProperties, depth + 1), {
    maxKeys: 3,
  });
  return fc.tuple(extra, known).map(([more, fixed]) => ({ ...more, ...fixed }));
}

/** What goes wrong with one value: the wrong type, an impossible size, or text no field should hold. */
export function brokenValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const limit = schema.maxLength ?? 200;
  return fc.oneof(
    // wrong type
    fc.constantFrom(null, true, 0, -1, '', 'x', [], {}, [[[]]], { nested: { deeper: [1] } }),
    // too long, NUL, a lone surrogate, control and direction characters, a number as text
    fc.constantFrom(
      'x'.repeat(limit + 1),
      'y'.repeat(100_000),
      'a\u0000b',
      '\u0000',
      '\uD800',
      'tail\uDFFF',
      '\u202Eevil',
      '\r\n\t',
      '1e400',
      'NaN',
      '__proto__',
      '../../etc/passwd',
      '%00',
      '<script>alert(1)</script>',
    ),
    // list cursors (base64url JSON) that decode to something impossible or of the wrong shape
    fc
      .constantFrom(
        '["2024-02-30T00:00:00.000000Z","00000000-0000-4000-8000-000000000000"]',
        '["99999-01-01T00:00:00Z","x"]',
        '[1e400,null]',
        '{"__proto__":{"admin":true}}',
        'null',
        '[',
      )
      .map((json) => Buffer.from(json).toString('base64url')),
    // numbers past every bound
    fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.5, 2 ** 31, -(2 ** 31) - 1),
    fc.array(fc.constant('z'), { minLength: 1_000, maxLength: 1_000 }),
  );
}

/** A field path into a valid value and how to break it: one change, so the rest stays valid-shaped. */
export type Mutation =
  { kind: 'replace'; path: string[]; value: unknown } | { kind: 'drop'; path: string[] } | { kind: 'extra'; path: string[] };

/** Every place in `schema` a mutation can aim at (the root, each property, array items), to at most `depth` levels. */
export function fieldPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const paths: string[][] = [prefix];
  if (depth > 3) return paths;
  for (const [key, property] of Object.entries(schema.properties ?? {})) paths.push(...fieldPaths(property, [...prefix, key], depth + 1));
  if (schema.items) paths.push(...fieldPaths(schema.items, [...prefix, '0'], depth + 1));
  return paths;
}

export function mutationOf(schema: JsonSchema): fc.Arbitrary<Mutation> {
  const paths = fieldPaths(schema);
  return fc
    .constantFrom(...paths)
    .chain((path) =>
      fc.oneof(
        { weight: 4, arbitrary: brokenValue(schema).map((value): Mutation => ({ kind: 'replace', path, value })) },
        { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'drop', path }) },
        { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'extra', path }) },
      ),
    );
}

/** `value` (a fresh copy) with the mutation applied; a path the value does not reach replaces the deepest part it does. */
export function applyMutation(value: unknown, mutation: Mutation): unknown {
  const copy: unknown = structuredClone(value);
  if (mutation.path.length === 0) {
    if (mutation.kind === 'replace') return mutation.value;
    if (mutation.kind === 'extra' && isObject(copy)) return { ...copy, unexpectedKey: 'surprise' };
    return mutation.kind === 'drop' ? undefined : copy;
  }
  let parent: unknown = copy;
  for (const key of mutation.path.slice(0, -1)) {
    const next = isObject(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[key] : undefined;
    if (!isObject(next) && !Array.isArray(next)) break;
    parent = next;
  }
  if (!isObject(parent) && !Array.isArray(parent)) return mutation.kind === 'replace' ? mutation.value : copy;
  const target = parent as Record<string, unknown>;
  const last = mutation.path[mutation.path.length - 1]!;
  if (mutation.kind === 'replace') target[last] = mutation.value;
  else if (mutation.kind === 'drop') delete target[last];
  else if (isObject(target[last])) (target[last] as Record<string, unknown>).unexpectedKey = 'surprise';
  else target.unexpectedKey = 'surprise';
  return copy;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
