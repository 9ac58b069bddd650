import { paced } from '@shared/testing/pace';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@shared/contracts/items';
import { answerFakeConsent } from '../../../fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import type { FakeAiServer } from '../../../fakes/fake-ai-support';
import { startFakeOpenAi } from '../../../fakes/openai-server';
import { openEventStream } from './event-stream';
import { fakeEbayEnv } from './fake-ebay-seller';
import { makeJpeg } from './images';
import { photoForm } from './uploads';
import { buildServerBundle, startServerProcess, type ServerProcess } from './server-process';
import { createEmptyPostgresDatabase } from './test-database';

/**
 * Two servers, one database: two real server processes (workers on both) on one PostgreSQL database
 * and one storage folder. Counts prove it: CREATIONS concurrent item creations per user spread across both give
 * that many distinct SKUs and batch numbers; JOBS generation jobs each run once against a fake AI that enforces
 * its rate limit (fewer than 1% answered 429: the limiter is shared through the database); JOBS publishes make
 * JOBS offers; a stream on either server sees changes made through the other.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const CREATIONS = Number(process.env.TWO_SERVERS_CREATIONS ?? 200);
const JOBS = Number(process.env.TWO_SERVERS_JOBS ?? 100);
/** The fake AI's limit: 20 a second, a bucket of 20 (like the real services, enforced per second). */
const AI_REQUESTS_PER_MINUTE = 1200;

interface Seller {
  cookie: string;
}

async function call(server: ServerProcess, seller: Seller, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${route}`, {
    method,
    headers: { cookie: seller.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The answer's JSON; throws unless its status is `status` (any 2xx when not given). */
async function json<T>(response: Promise<Response>, status?: number): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  if (status === undefined ? !answer.ok : answer.status !== status) throw new Error(`${answer.url}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

async function signUp(server: ServerProcess, email: string): Promise<Seller> {
  const credentials = { email, password: 'two-servers-password' };
  const up = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, name: 'Seller' }),
  });
  if (!up.ok) throw new Error(`sign-up ${up.status}: ${await up.text()}`);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in ${signIn.status}: ${await signIn.text()}`);
  return { cookie };
}

/** Runs `work` over `inputs` with at most `width` at a time. */
async function inParallel<T, R>(inputs: T[], width: number, work: (input: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < inputs.length) {
        const index = next++;
        results[index] = await work(inputs[index]!, index);
      }
    }),
  );
  return results;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl)('two servers on one PostgreSQL database and one storage', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let db: pg.Client;
  let ai: FakeAiServer;
  let ebay: FakeEbay;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  let sellers: Seller[] = [];
  /** The first seller's items, created through both servers. */
  let created: Item[] = [];
  const count = async (query: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(query, params)).rows[0]?.n);

  beforeAll(async () => {
    [bundle, target, ai, ebay] = await Promise.all([
      buildServerBundle(),
      createEmptyPostgresDatabase(adminUrl!, 'rs_two_servers'),
      startFakeOpenAi({ rateLimitPerMinute: AI_REQUESTS_PER_MINUTE, latencyMs: 20 }),
      startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' }),
    ]);
    dataDir = mkdtempSync(path.join(tmpdir(), 'rs-two-servers-'));
    const env = (name: string) => ({
      DATABASE_URL: target.url,
      APP_SECRET: 'two-servers-test-secret-0123456789abcdef',
      DATA_DIR: dataDir,
      WORKERS: '4',
      WORKER_ID: name,
      AI_PROVIDER: 'openai',
      AI_BASE_URL: ai.url,
      AI_API_KEY: ai.apiKey,
      AI_MODEL: 'gpt-fake',
      ...fakeEbayEnv(ebay),
    });
    // One after the other: the first migrates the empty database (replicas-start.test.ts covers starting together).
    servers.push(await startServerProcess(bundle.main, env('server-a')));
    servers.push(await startServerProcess(bundle.main, env('server-b')));
    db = new pg.Client({ connectionString: target.url });
    await db.connect();
    const stamp = Date.now().toString(36);
    sellers = [await signUp(servers[0]!, `two-a-${stamp}@example.com`), await signUp(servers[1]!, `two-b-${stamp}@example.com`)];
  }, paced(180_000));

  afterAll(async () => {
    if (process.env.TWO_SERVERS_LOG) for (const server of servers) console.log(server.output());
    await Promise.all(servers.map((server) => server.stop()));
    await db?.end();
    await Promise.all([ai?.close(), ebay?.close()]);
    await target?.drop();
    bundle?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const serverFor = (index: number) => servers[index % 2]!;

  it(
    `${CREATIONS} concurrent item creations per seller across both servers: distinct SKUs and batch numbers`,
    { timeout: paced(60_000) },
    async () => {
      const perSeller = await Promise.all(
        sellers.map((seller) =>
          Promise.all(
            Array.from({ length: CREATIONS }, (_, i) =>
              json<Item>(
                call(serverFor(i), seller, 'POST', '/api/items', { category: 'Mens Jeans', condition: 'good', brand: "Levi's" }),
                201,
              ),
            ),
          ),
        ),
      );
      for (const items of perSeller) {
        expect(new Set(items.map((item) => item.sku)).size).toBe(CREATIONS);
        expect(new Set(items.map((item) => item.batchNumber)).size).toBe(CREATIONS);
        expect(Math.max(...items.map((item) => item.batchNumber))).toBe(CREATIONS);
      }
      expect(await count('select count(*)::int as n from items')).toBe(CREATIONS * sellers.length);
      created = perSeller[0]!;
    },
  );

  it('a browser connected to either server hears of a change made through the other', { timeout: paced(30_000) }, async () => {
    const seller = sellers[0]!;
    const [onA, onB] = await Promise.all(servers.map((server) => openEventStream(server.url, seller.cookie)));
    try {
      expect([onA!.status, onB!.status]).toEqual([200, 200]);
      const throughA = await json<Item>(call(servers[0]!, seller, 'POST', '/api/items', {}), 201);
      const throughB = await json<Item>(call(servers[1]!, seller, 'POST', '/api/items', {}), 201);
      await onB!.until((events) => events.some((event) => event.id === throughA.id), paced(10_000));
      await onA!.until((events) => events.some((event) => event.id === throughB.id), paced(10_000));
    } finally {
      onA?.close();
      onB?.close();
    }
  });

  it(
    `${JOBS} generation jobs requested through both servers each run once, under the provider's shared limit`,
    { timeout: paced(90_000) },
    async () => {
      const seller = sellers[0]!;
      const subjects = created.slice(0, JOBS);
      const photo = await makeJpeg(320, 320);
      // Uploaded through one server, read by whichever server's worker takes the job: one storage.
      await inParallel(subjects, 8, async (item, i) => {
        const response = await fetch(`${serverFor(i).url}/api/items/${item.id}/images`, {
          method: 'POST',
          headers: { cookie: seller.cookie },
          body: photoForm([{ name: 'front.jpg', bytes: photo }]),
        });
        expect(response.status, await response.text()).toBe(200);
      });
      const half = Math.ceil(JOBS / 2);
      await Promise.all(
        [subjects.slice(0, half), subjects.slice(half)].map((part, s) =>
          json(call(servers[s]!, seller, 'POST', '/api/listings/generate', { itemIds: part.map((item) => item.id) })),
        ),
      );
      const settled = `select count(*)::int as n from items where user_id = (select user_id from items where id = $1)
      and ai_generation_status in ('completed', 'failed')`;
      await waitFor(async () => (await count(settled, [subjects[0]!.id])) >= JOBS, 'every generation to settle', paced(80_000));

      expect(await count(`select count(*)::int as n from items where ai_generation_status = 'completed'`)).toBe(JOBS);
      expect(await count(`select count(*)::int as n from jobs where kind = 'generate-listing'`)).toBe(0);
      const answered = ai.requests.filter((request) => request.status === 200);
      const limited = ai.requests.filter((request) => request.status === 429);
      // Every item completed from exactly one successful request: none ran twice.
      expect(answered.length).toBe(JOBS);
      expect(limited.length, `${limited.length} of ${ai.requests.length} requests answered 429`).toBeLessThan(
        Math.max(1, ai.requests.length / 100),
      );
    },
  );

  it(`${JOBS} publishes requested through both servers make ${JOBS} offers and listings`, { timeout: paced(90_000) }, async () => {
    const seller = sellers[0]!;
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // The OAuth round trip starts on one server and ends on the other (its state lives in the database).
    const start = await json<{ url: string }>(call(a, seller, 'POST', '/api/channels/ebay/connect'));
    const callback = await answerFakeConsent(start.url);
    await json(call(b, seller, 'POST', '/api/channels/ebay/connection', { code: callback.get('code'), state: callback.get('state') }));
    await json(
      call(a, seller, 'POST', '/api/ebay/policies', {
        handlingTimeDays: 1,
        shippingServiceCode: 'USPSGroundAdvantage',
        shippingCost: '5.99',
        freeShipping: false,
        returnPeriodDays: 30,
      }),
    );
    await json(call(b, seller, 'PUT', '/api/ebay/location', { name: 'Home', city: 'San Jose', postalCode: '95125', country: 'US' }));

    const ids = created.slice(0, JOBS).map((item) => item.id);
    const half = Math.ceil(JOBS / 2);
    const answers = await Promise.all(
      [ids.slice(0, half), ids.slice(half)].map((part, s) =>
        json<{ queued: string[]; refused: unknown[] }>(call(servers[s]!, seller, 'POST', '/api/ebay/publish', { itemIds: part })),
      ),
    );
    expect(answers.flatMap((answer) => answer.refused)).toEqual([]);
    expect(answers.flatMap((answer) => answer.queued)).toHaveLength(JOBS);
    const settled = `select count(*)::int as n from channel_listings where channel = 'ebay' and status in ('live', 'failed')`;
    await waitFor(async () => (await count(settled)) >= JOBS, 'every publish to settle', paced(80_000));

    expect(await count(`select count(*)::int as n from channel_listings where channel = 'ebay' and status = 'live'`)).toBe(JOBS);
    const offers = [...ebay.state.offers.values()];
    const listings = [...ebay.state.listings.values()];
    expect(offers).toHaveLength(JOBS);
    expect(new Set(offers.map((offer) => offer.sku)).size).toBe(JOBS);
    expect(new Set(listings.map((listing) => listing.sku)).size).toBe(JOBS);
  });
  it(
    'both servers checking for sales at once record one sale per order line and sell each item once',
    { timeout: paced(60_000) },
    async () => {
      const seller = sellers[0]!;
      // The publishes above left live listings: ten of them sell, among 300 orders of things listed outside the app
      // (not this seller's sales, never recorded).
      const live = [...ebay.state.offers.values()].filter((offer) => ebay.state.listings.get(offer.listingId!)?.status === 'ACTIVE');
      const selling = live.slice(0, 10);
      for (const offer of selling) ebay.state.sell(offer.sku);
      const ebayUserId = selling[0]!.userId;
      for (let i = 0; i < 300; i++) ebay.state.addOrder(ebayUserId, [{ sku: `ELSEWHERE-${i}` }]);
      const lines = 10;
      // Three rounds of both servers at once: every check but the first of each line finds it recorded.
      const checks = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((n) => json<{ newSales: number }>(call(servers[n % 2]!, seller, 'POST', '/api/channels/ebay/sales/check'))),
      );
      expect(checks.reduce((sum, answer) => sum + answer.newSales, 0)).toBe(lines);
      expect(await count(`select count(*)::int as n from sales`)).toBe(lines);
      expect(await count(`select count(distinct (external_order_id, external_line_id))::int as n from sales`)).toBe(lines);
      expect(await count(`select count(*)::int as n from channel_listings where channel = 'ebay' and status = 'sold'`)).toBe(10);
    },
  );
});
