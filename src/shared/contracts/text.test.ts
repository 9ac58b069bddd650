import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { text } from './text';

const contracts = import.meta.glob<Record<string, unknown>>('./*.ts', { eager: true });

/** Every string schema reachable from a schema, through objects, arrays, optionals, defaults, pipes and unions. */
function stringsOf(schema: z.ZodType, path: string, found: Array<{ path: string; schema: z.ZodType }>) {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, at: string) => stringsOf(child as z.ZodType, at, found);
  switch (def.type) {
    case 'string':
      found.push({ path, schema });
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, `${path}.${key}`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      walk(def.innerType, path);
      break;
    case 'pipe':
      walk(def.in, path);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, path);
      break;
  }
  return found;
}

describe('request contracts', () => {
  it('refuse a NUL byte and half a surrogate pair in every text field a client sends, and take emoji', () => {
    const requestSchemas = Object.entries(contracts).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([name]) => /(Body|Query|Params)$/.test(name))
        .map(([name, schema]) => ({ name: `${file}:${name}`, schema: schema as z.ZodType })),
    );
    expect(requestSchemas.length).toBeGreaterThanOrEqual(8);
    const strings = requestSchemas.flatMap(({ name, schema }) => stringsOf(schema, name, []));
    expect(strings.length).toBeGreaterThanOrEqual(10);
    const plain = () => strings.filter(({ schema }) => schema.safeParse('abcdefghijkl').success);
    const accepting = strings.filter(({ schema }) => schema.safeParse('abcdefgh\0ijkl').success).map((s) => s.path);
    expect(accepting).toEqual([]);
    // half of a surrogate pair too: a jsonb column (a channel listing's data) cannot store it
    const brokenAccepted = strings.filter(({ schema }) => schema.safeParse('abcdefgh\uD800ijkl').success).map((s) => s.path);
    expect(brokenAccepted).toEqual([]);
    expect(text().safeParse('abcdefgh😀ijkl').success).toBe(true);
    // and the same text without the NUL passes where the field has no format of its own
    expect(plain().length).toBeGreaterThanOrEqual(8);
  });
});
