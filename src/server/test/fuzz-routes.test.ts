import { paced } from '@shared/testing/pace';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from './images';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { createItemWithPhotos } from './uploads';

const SEED = 20_261_122;

/** A URL cannot carry a lone surrogate: UTF-8 round trip turns it into U+FFFD, as a browser would. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
const MAX_RUNS = 10_000;
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 60_000);

let t: TestApp;
let user: TestUser;
let ownItemId: string;
let ownImageId: string;
let routes: Array<{ method: string; url: string }>;
/** The GET routes whose query takes a `cursor` (every paginated route), read from the same route table. */
let paginated: string[];

/** Better Auth's routes sit behind one wildcard the OpenAPI page hides: the ones the app uses. */
const authRoutes = [
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'get-session',
  'request-password-reset',
  'reset-password',
  'change-password',
].map((name) => ({ method: 'POST', url: `/api/auth/${name}` }));

beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  const upload = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(32, 32) }]);
  ownItemId = upload.item.id;
  ownImageId = upload.item.images[0]!.id;
  // The route table as the OpenAPI page describes it (every route but the hidden auth wildcard).
  const spec = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> };
  paginated = Object.entries(spec.paths)
    .filter(([, operations]) => operations.get?.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'))
    .map(([url]) => url);
  routes = Object.entries(spec.paths).flatMap(([url, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, ':$1') })),
  );
  // The event stream never ends by design: an inject would wait for it forever.
  routes = routes.filter((route) => route.url !== '/api/events');
  routes.push(...authRoutes);
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

/** Each part of a cursor's time: half the time inside the calendar's bounds (so it reaches the query), half anywhere. */
const part = (low: number, high: number, wild = 99) => fc.oneof(fc.integer({ min: low, max: high }), fc.integer({ min: 0, max: wild }));
/** A list cursor's time, from plausible to impossible (year 0, month 13, 25:61, microseconds that are no digits). */
const cursorTime = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 1, 1969, 1970, 2024, 9999), fc.integer({ min: 0, max: 99_999 })),
    month: part(1, 12),
    day: part(1, 28),
    hour: part(0, 23),
    minute: part(0, 59),
    micros: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')), weight: 4 },
      fc.string({ maxLength: 8 }),
    ),
  })
  .map(({ year, month, day, hour, minute, micros }) => {
    const two = (n: number) => String(n).padStart(2, '0');
    return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:00.${micros}Z`;
  });
const cursorId = fc.oneof(
  { arbitrary: fc.uuid(), weight: 4 },
  fc.constantFrom('', 'x', '00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 40 }),
);
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const hostileCursor = fc.oneof(
  { arbitrary: fc.tuple(cursorTime, cursorId).map((pair) => base64url(JSON.stringify(pair))), weight: 10 },
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }).map((value) => base64url(JSON.stringify(value))),
  fc.jsonValue({ maxDepth: 3 }).map((value) => base64url(JSON.stringify(value))),
  fc.string({ maxLength: 60 }).map(base64url),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 0, max: 1_000 }).map((n) => 'A'.repeat(n)),
);

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '%00',
    '..',
    '../..',
    '%2e%2e',
    '.',
    '/',
    '%',
    '%zz',
    ' ',
    '\uFFFF',
    '\uD800',
    'null',
    'undefined',
    '[]',
    '{}',
    '-1',
    '1e400',
    'NaN',
  ),
  fc.constantFrom('x'.repeat(1_000), 'y'.repeat(20_000)),
  fc.uuid(),
  fc
    .date({ noInvalidDate: false })
    .map((d) => Buffer.from(JSON.stringify([String(d), '00000000-0000-4000-8000-000000000000'])).toString('base64url')),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) =>
      Buffer.from(
        JSON.stringify([
          `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T00:00:00.000000Z`,
          '00000000-0000-4000-8000-000000000000',
        ]),
      ).toString('base64url'),
    ),
);
const param = fc.oneof(fc.constant('own'), fc.uuid(), hostileText);
const jsonValue = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
const knownKeys = [
  'sku',
  'category',
  'condition',
  'brand',
  'ids',
  'itemIds',
  'imageIds',
  'title',
  'description',
  'tags',
  'email',
  'password',
  'name',
  'token',
  'newPassword',
  'currentPassword',
  'callbackURL',
  'redirectTo',
  'autoGenerateListing',
];
const body = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 8 })),
    fc.oneof(jsonValue, fc.array(jsonValue, { maxLength: 5 })),
  ),
  jsonValue,
  fc.integer({ min: 1, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.string({ maxLength: 200 }),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);

const request = fc.record({
  route: fc.integer({ min: 0, max: 10_000 }),
  params: fc.array(param, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(fc.constantFrom('view', 'cursor', 'limit', 'callbackURL', 'token', 'x'), hostileText, { maxKeys: 3 }),
  body,
  contentType,
  signedIn: fc.boolean(),
  origin: fc.option(fc.constantFrom('http://localhost:3000', 'https://localhost:3000', 'https://evil.example', 'null', '::'), {
    nil: undefined,
  }),
});

describe('route fuzz', () => {
  it('answers hostile requests on every route without a 5xx', { timeout: paced(TIME_LIMIT_MS + 60_000) }, async () => {
    let sent = 0;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.route % routes.length]!;
        let index = 0;
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
          const value = r.params[index++ % 3]!;
          if (value !== 'own') return encodeURIComponent(wellFormed(value));
          return name === 'imageId' ? ownImageId : ownItemId;
        });
        const headers: Record<string, string> = {};
        if (r.signedIn) headers.cookie = user.cookie;
        if (r.origin) headers.origin = r.origin;
        if (r.contentType) headers['content-type'] = r.contentType;
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          query: Object.fromEntries(Object.entries(r.query).map(([key, value]) => [key, wellFormed(value)])),
          headers,
          payload: hasBody ? (typeof r.body === 'string' ? r.body : JSON.stringify(r.body)) : undefined,
        };
        // Never sign the fuzzing user out or change its password: that would end the signed-in half of the run.
        if (/sign-out|change-password/.test(url) && r.signedIn) return;
        if (route.method === 'DELETE' && url.includes(ownItemId)) return;
        const response = await t.app.inject(options);
        sent += 1;
        if (response.statusCode >= 500)
          failures.push(`${route.method} ${url} ${JSON.stringify(r.query)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
      }),
      // 5xx are collected, not failed on: a property failure would shrink, sending thousands more requests.
      { seed: SEED, numRuns: MAX_RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
    console.info(`route fuzz: ${sent} hostile requests over ${routes.length} routes, ${failures.length} answered 5xx`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  });

  it('answers hostile cursors on every paginated route with 200 or 400, never a 5xx', { timeout: paced(120_000) }, async () => {
    expect(paginated).toEqual(expect.arrayContaining(['/api/items', '/api/listings']));
    const failures: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        hostileCursor,
        fc.option(fc.integer({ min: -5, max: 500 }), { nil: undefined }),
        async (pick, cursor, limit) => {
          const url = paginated[pick % paginated.length]!;
          const query: Record<string, string> = { cursor: wellFormed(cursor) };
          if (limit !== undefined) query.limit = String(limit);
          const response = await t.app.inject({ method: 'GET', url, query, headers: { cookie: user.cookie } });
          sent += 1;
          if (response.statusCode !== 200 && response.statusCode !== 400)
            failures.push(`GET ${url} ${JSON.stringify(query).slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
        },
      ),
      { seed: SEED, numRuns: 3_000, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
    );
    console.info(`cursor fuzz: ${sent} hostile cursors over ${paginated.join(', ')}, ${failures.length} answered other than 200/400`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });
});
