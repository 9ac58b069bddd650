import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { createItem } from './uploads';

let t: TestApp;
let user: TestUser;
/** Every GET route of the OpenAPI route table that takes a `cursor` query parameter. */
let paginated: string[];

beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  for (let i = 0; i < 3; i++) await createItem(t.app, user.cookie);
  const spec = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> };
  paginated = Object.entries(spec.paths)
    .filter(([, operations]) => operations.get?.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'))
    .map(([url]) => url);
});
afterAll(async () => {
  await t?.close();
});

const list = (path: string, cursor: string, limit?: number) =>
  t.app.inject({
    method: 'GET',
    url: path,
    query: { cursor, ...(limit ? { limit: String(limit) } : {}) },
    headers: { cookie: user.cookie },
  });

const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const id = '00000000-0000-4000-8000-000000000000';

const hostileCursors: Record<string, string> = {
  'an impossible day': encode(['2024-02-30T00:00:00.000000Z', id]),
  'an impossible month': encode(['2023-13-01T00:00:00.000000Z', id]),
  'an impossible hour': encode(['2024-01-01T25:00:00.000000Z', id]),
  'the hour 24': encode(['2024-01-01T24:00:00.000000Z', id]),
  'year 0 (PostgreSQL has none)': encode(['0000-01-01T00:00:00.000000Z', id]),
  'year 0, last microsecond': encode(['0000-12-31T23:59:59.999999Z', id]),
  'a five-digit year': encode(['99999-01-01T00:00:00.000000Z', id]),
  'a time without microseconds': encode(['2024-01-01T00:00:00Z', id]),
  'an id that is no uuid': encode(['2024-01-01T00:00:00.000000Z', 'x']),
  'numbers past every bound': encode([1e308, -1e308]),
  'a prototype key': encode('{"__proto__":{"admin":true}}'),
  'JSON null': encode('null'),
  'broken JSON': encode('['),
  'no base64 at all': '%%%%',
  'plain words': 'not-a-cursor',
  'an empty array': encode([]),
  'three members': encode(['2024-01-01T00:00:00.000000Z', id, 'extra']),
  'a huge cursor': 'A'.repeat(100_000),
  'one past the length limit': 'A'.repeat(501),
};

describe('every paginated route refuses hostile cursors with 400', () => {
  it('finds the paginated routes in the route table', () => {
    expect(paginated).toEqual(expect.arrayContaining(['/api/items', '/api/listings']));
  });

  for (const [name, cursor] of Object.entries(hostileCursors)) {
    it(`answers 400 for ${name}`, async () => {
      for (const path of paginated) {
        const res = await list(path, cursor);
        expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  }

  it('follows a real cursor from one page to the next on every paginated route', async () => {
    for (const path of paginated) {
      const first = await t.app.inject({ method: 'GET', url: path, query: { limit: '1' }, headers: { cookie: user.cookie } });
      expect(first.statusCode).toBe(200);
      const next = first.json().nextCursor as string;
      expect(next).toEqual(expect.any(String));
      const second = await list(path, next, 1);
      expect(second.statusCode).toBe(200);
      expect(second.json().items[0].id).not.toBe(first.json().items[0].id);
    }
  });
});
