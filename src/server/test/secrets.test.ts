import { paced } from '@shared/testing/pace';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { composeServices } from '../compose';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { session as sessions, verification } from '../db/schema';
import { ebayListingRow } from './ebay-listings';
import { createWorkerPool } from '../jobs/worker-pool';
import { consentThroughApp, fakeEbayEnv, setUpFakeSellerPolicies } from './fake-ebay-seller';
import { leviJeansPublishForm, writeLeviJeansListing } from './listings';
import { makeJpeg } from './images';
import { createTestApp, sessionCookie, type TestApp } from './test-app';
import { createItemWithPhotos } from './uploads';
import { miniWebApp } from './web-app';

/**
 * One whole flow at trace level (sign-up, sign-in, password reset, eBay connection, publish, diagnostics, every GET
 * of the route table), with every log line, console line and answer kept: no eBay token, APP_SECRET, session token,
 * reset token or link, eBay client secret or verification token may appear in any of them. The one exception is
 * where a secret is the answer's purpose: the session cookie's own Set-Cookie, and the reset link's redirect to
 * the Set New Password page (its Location carries the token the link was made for).
 */
const APP_SECRET = 'app-secret-of-the-secrets-test-0123456789abcdef';
const APP_SECRET_PREVIOUS = 'previous-app-secret-of-the-secrets-test-987654';
/** Web Push's VAPID pair (decision 084): only the public key may be served. */
const VAPID = webpush.generateVAPIDKeys();
const VERIFICATION_TOKEN = 'verification_token-of-the-secrets-test-0123456789';
const ORIGIN = 'http://localhost:3000';

let fake: FakeEbay;
let t: TestApp;
let webDir: string;
const logLines: string[] = [];
const consoleLines: string[] = [];
interface Answer {
  what: string;
  response: LightMyRequestResponse;
  /** Headers whose secret is the point of the answer. */
  allowed?: string[];
}
const answers: Answer[] = [];

beforeAll(async () => {
  webDir = miniWebApp();
  fake = await startFakeEbay({ callbackUrl: `${ORIGIN}/ebay-callback` });
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleLines.push(args.map(String).join(' ')));
  }
  t = await createTestApp(
    {
      // Production, so Better Auth's own logger and origin check are on as in a real deployment.
      NODE_ENV: 'production',
      LOG_LEVEL: 'trace',
      APP_SECRET,
      APP_SECRET_PREVIOUS,
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      EBAY_VERIFICATION_TOKEN: VERIFICATION_TOKEN,
      ...fakeEbayEnv(fake),
    },
    { webDir, logLines },
  );
}, paced(120_000));
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await fake?.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object; allowed?: string[] } = {},
) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await t.app.inject({ method, url, payload: options.payload, headers });
  answers.push({ what: `${method} ${url}`, response, allowed: options.allowed });
  return response;
}

function outboxLink(email: string): string {
  const dir = path.join(t.dataDir, 'outbox');
  const file = readdirSync(dir)
    .filter((f) => f.includes(email))
    .sort()
    .at(-1)!;
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')).links[0] as string;
}

/** Every GET route Fastify registered, as URLs of this user's own data (HEAD twins share the handler). */
function everyGet(ids: { itemId: string; draftId: string; fileUrl: string; importId: string }): string[] {
  const concrete: Record<string, string[]> = {
    '/api/items/:id': [`/api/items/${ids.itemId}`],
    '/api/items/:id/listing': [`/api/items/${ids.itemId}/listing`],
    '/api/items/:id/readiness': [`/api/items/${ids.itemId}/readiness`],
    '/api/items/:id/preflight-scores': [`/api/items/${ids.itemId}/preflight-scores`],
    '/api/items/:id/comparables': [`/api/items/${ids.itemId}/comparables`],
    '/api/items/:id/profit': [`/api/items/${ids.itemId}/profit`],
    '/api/items/:id/profit-floor': [`/api/items/${ids.itemId}/profit-floor`],
    // 404 unless the item sold twice; sales/sale-ends.test.ts reads one that did.
    '/api/items/:id/double-sale': [],
    '/api/items/:id/ebay-offer': [`/api/items/${ids.itemId}/ebay-offer?percent=10`],
    '/api/items/:id/depop-likes': [`/api/items/${ids.itemId}/depop-likes`],
    '/api/items/:id/depop-pricing': [`/api/items/${ids.itemId}/depop-pricing`],
    '/api/items/:id/days-to-sale': [`/api/items/${ids.itemId}/days-to-sale`],
    // A bundle's answer holds its items' ids, shares and source only (contracts/bundles.ts); this seller has none.
    '/api/bundles/:id': [],
    '/api/items/:id/listings/:channel/handover': [`/api/items/${ids.itemId}/listings/poshmark/handover`],
    '/api/items/:id/listings/etsy/preflight': [`/api/items/${ids.itemId}/listings/etsy/preflight`],
    '/api/ebay/imports/:id': [`/api/ebay/imports/${ids.importId}`],
    // An import of past sales holds counts and the marketplace's words only; this seller connected none to import from.
    '/api/what-sells/past-sales/imports/:id': [],
    // A long spreadsheet's import: its counts and line numbers only; this seller imported none.
    '/api/what-sells/past-sales/files/:id': [],
    '/api/autopilot/items/:id/asks': [`/api/autopilot/items/${ids.draftId}/asks?category=Mens%20Jeans`],
    '/api/files/:token': [ids.fileUrl],
    '/api/auth/*': ['/api/auth/get-session'],
    '/api/docs/static/*': ['/api/docs/static/swagger-ui.css'],
    '/api/items': ['/api/items', '/api/items?view=drafts', '/api/items?view=listings', '/api/items?view=ready'],
    '/api/items/sku-available': ['/api/items/sku-available?sku=PSTFSH-001'],
    '/api/ebay/account-deletion': ['/api/ebay/account-deletion?challenge_code=a-challenge-from-ebay'],
    '/api/channels/ebay/notifications': ['/api/channels/ebay/notifications?challenge_code=a-challenge-from-ebay'],
    '/*': ['/', '/env-check', '/test-ebay-config', '/ebay-callback?code=x&state=y', '/listings'],
  };
  const gets = [...new Set(t.routes.filter((r) => r.method === 'GET').map((r) => r.url))];
  // The event stream never ends: its events carry item ids and statuses only (contracts/events.ts).
  return gets.filter((url) => url !== '/api/events').flatMap((url) => concrete[url] ?? [url]);
}

describe('secrets', () => {
  it('never appear in a log line, a console line, an API answer or a diagnostic page', { timeout: paced(120_000) }, async () => {
    // Sign up and in.
    const email = 'secrets@example.com';
    expect(
      (await call('POST', '/api/auth/sign-up/email', { payload: { email, password: 'first-password', name: 'Secrets' } })).statusCode,
    ).toBe(200);
    const signIn = await call('POST', '/api/auth/sign-in/email', { payload: { email, password: 'first-password' } });
    expect(signIn.statusCode).toBe(200);
    let cookie = sessionCookie(signIn);
    expect((await call('GET', '/api/auth/get-session', { cookie })).json().user.email).toBe(email);

    // Password reset through the e-mailed link.
    expect((await call('POST', '/api/auth/request-password-reset', { payload: { email, redirectTo: '/reset-password' } })).statusCode).toBe(
      200,
    );
    const resetLink = outboxLink(email);
    const link = new URL(resetLink);
    const follow = await call('GET', link.pathname + link.search, { allowed: ['location'] });
    expect(follow.statusCode).toBe(302);
    const resetToken = new URL(follow.headers.location as string, ORIGIN).searchParams.get('token')!;
    expect(resetToken.length).toBeGreaterThan(10);
    const reset = await call('POST', '/api/account/reset-password', { payload: { token: resetToken, newPassword: 'second-password' } });
    expect(reset.json()).toEqual({ status: true, signedIn: true });
    cookie = sessionCookie(reset);
    await call('POST', '/api/auth/change-password', {
      cookie,
      payload: { currentPassword: 'second-password', newPassword: 'third-password', revokeOtherSessions: false },
    });

    // Connect the fake eBay (tokens issued and stored), set policies and a location.
    const exchange = await call('POST', '/api/channels/ebay/connection', { cookie, payload: await consentThroughApp(t.app, cookie) });
    expect(exchange.statusCode).toBe(200);
    await setUpFakeSellerPolicies(t.app, cookie);

    // Publish one item through the job, with the app's own (captured) logger.
    const { item } = await createItemWithPhotos(t.app, cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, item.id);
    expect((await call('POST', `/api/items/${item.id}/publish`, { cookie, payload: leviJeansPublishForm })).statusCode).toBe(202);
    const { jobs: registry } = composeServices(t.deps, { ebay: ebaySetupFrom(t.deps.config) });
    const pool = createWorkerPool({ db: t.deps.database.db, registry, log: t.deps.log, concurrency: 1 });
    for (let ran = 0; (await pool.runNext()) && ran < 20; ran++);
    const listing = await ebayListingRow(t.deps.database.db, item.id);
    expect(listing).toMatchObject({ publishStatus: 'published' });

    // An import of the seller's eBay listings (its progress is one of the GETs below).
    const started = await call('POST', '/api/ebay/imports', { cookie, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    const importId = (started.json() as { import: { id: string } }).import.id;

    // A draft on autopilot (what the review's one form asks of it is one of the GETs below).
    const { item: draft } = await createItemWithPhotos(t.app, cookie, [{ name: '2.jpg', bytes: await makeJpeg(64, 48) }]);
    const onAutopilot = await call('POST', '/api/autopilot/items', {
      cookie,
      payload: { itemIds: [draft.id], rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null } },
    });
    expect(onAutopilot.json().added, onAutopilot.body).toEqual([draft.id]);

    // Every GET of the route table, diagnostics pages and API included.
    const gets = everyGet({ itemId: item.id, draftId: draft.id, fileUrl: new URL(item.images[0]!.url, ORIGIN).pathname, importId });
    for (const url of gets) expect((await call('GET', url, { cookie })).statusCode, url).toBeLessThan(400);
    expect(gets).toEqual(expect.arrayContaining(['/api/env-check', '/api/ebay/config-check', '/env-check', '/test-ebay-config']));

    // Sign out at the end (its session row goes: keep its token first).
    const sessionTokens = (await t.deps.database.db.select({ token: sessions.token }).from(sessions)).map((s) => s.token);
    await call('POST', '/api/auth/sign-out', { cookie });

    const resetTokens = (await t.deps.database.db.select({ identifier: verification.identifier }).from(verification)).map((v) =>
      v.identifier.replace(/^reset-password:/, ''),
    );
    const secrets: Record<string, string[]> = {
      'eBay access or refresh token': [...fake.state.accessTokens.keys(), ...fake.state.refreshGrants.keys()],
      APP_SECRET: [APP_SECRET],
      APP_SECRET_PREVIOUS: [APP_SECRET_PREVIOUS],
      'VAPID private key': [VAPID.privateKey],
      'eBay client secret': [fake.clientSecret],
      'eBay verification token': [VERIFICATION_TOKEN],
      'session token': [...sessionTokens, ...answers.flatMap(({ response }) => sessionCookiesOf(response))],
      'reset token or link': [resetToken, resetLink, ...resetTokens],
    };
    // The flow really produced what is searched for.
    expect(secrets['eBay access or refresh token']!.length).toBeGreaterThanOrEqual(2);
    expect(secrets['session token']!.length).toBeGreaterThanOrEqual(2);
    expect(logLines.length).toBeGreaterThan(40);
    expect(logLines.some((line) => line.includes('"level":10'))).toBe(true); // trace lines were written

    const places = [
      ...logLines.map((line, i) => ({ where: `log line ${i}`, text: line })),
      ...consoleLines.map((line, i) => ({ where: `console line ${i}`, text: line })),
      ...answers.map(({ what, response, allowed = [] }) => ({
        where: `answer to ${what}`,
        text: [
          response.body,
          JSON.stringify(Object.entries(response.headers).filter(([name]) => name !== 'set-cookie' && !allowed.includes(name))),
          ...setCookies(response).filter((c) => !/^(__Secure-)?resale\.session_(token|data)=/.test(c)),
        ].join('\n'),
      })),
    ];
    const found = places.flatMap(({ where, text }) =>
      Object.entries(secrets).flatMap(([name, values]) => {
        const value = values.find((v) => v && text.includes(v));
        if (!value) return [];
        const at = text.indexOf(value);
        return [
          `${name} in ${where}: …${text.slice(Math.max(0, at - 120), at)}[${name}]${text.slice(at + value.length, at + value.length + 60)}…`,
        ];
      }),
    );
    expect(found).toEqual([]);
  });
});

function setCookies(response: LightMyRequestResponse): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** The token part of each session cookie an answer set (`token.signature`). */
function sessionCookiesOf(response: LightMyRequestResponse): string[] {
  return setCookies(response)
    .filter((c) => /^(__Secure-)?resale\.session_token=[^;]/.test(c))
    .map((c) => decodeURIComponent(c.split(';')[0]!.split('=')[1]!).split('.')[0]!);
}
