import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../fakes/etsy/etsy-server';
import type { Database } from '../../db/client';
import { channelAccounts, oauthStates } from '../../db/schema';
import { silentLog } from '../../test/listings';
import { openTestDatabase } from '../../test/test-database';
import { channelAccountOf, saveChannelAccount } from '../channel-accounts-repo';
import { createEtsyClient, type EtsyClient } from '../etsy/api/etsy-client';
import { createTokenCipher } from '../token-crypto';
import { beginConsent, claimConsent, CONSENT_LIFETIME_MS } from './consent';
import { createOAuthClient } from './oauth-client';
import { createTokenKeeper } from './token-keeper';

/**
 * The shared OAuth module (decision 079) against the fake Etsy, through Etsy's real client: PKCE reaches the token
 * endpoint, a state is used once by its own seller, five concurrent callers make one refresh, and a refused refresh
 * leaves the connection needing a reconnect. On PGlite, and on PostgreSQL in the postgres project.
 */
let database: Database;
let fake: FakeEtsy;
let client: EtsyClient;
const tokenBodies: URLSearchParams[] = [];
const cipher = createTokenCipher('an-app-secret-of-at-least-32-characters-oauth');
const redirectUri = 'http://127.0.0.1:1/marketplaces';
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeEtsy();
  client = createEtsyClient({
    keystring: fake.keystring,
    sharedSecret: fake.sharedSecret,
    apiBase: fake.url,
    oauthBase: fake.url,
    // What goes to the token endpoint, as sent.
    fetch: async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/v3/public/oauth/token'))
        tokenBodies.push(new URLSearchParams(String(init?.body)));
      return fetch(input, init);
    },
  });
  for (const id of ['seller-a', 'seller-b'])
    await db().execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  tokenBodies.length = 0;
});

/** The fake's consent page answered "Allow": the callback's query. */
async function allow(url: string): Promise<URLSearchParams> {
  const at = new URL(url);
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const answer = await fetch(`${at.origin}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(answer.headers.get('location') ?? '').searchParams;
}

/** Connects the seller's Etsy through the module, as the Etsy account service does. */
async function connect(userId: string) {
  const { state, codeChallenge } = await beginConsent(db(), { userId, channel: 'etsy', pkce: true, now: Date.now() });
  const back = await allow(client.authorizeUrl({ state, codeChallenge: codeChallenge!, redirectUri }));
  const claimed = await claimConsent(db(), { userId, channel: 'etsy', state: back.get('state')!, now: Date.now() });
  const tokens = await client.exchangeCode({ code: back.get('code')!, state, codeVerifier: claimed!.codeVerifier!, redirectUri });
  await saveChannelAccount(db(), userId, 'etsy', {
    accountRef: 'shop',
    label: null,
    accessToken: cipher.encrypt(tokens.accessToken),
    refreshToken: cipher.encrypt(tokens.refreshToken),
    keyVersion: cipher.keyVersion,
    scopes: 'listings_r',
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: new Date(Date.now() + 90 * 86_400_000),
  });
  return tokens;
}

const expiredError = () => new Error('reconnect');
const keeper = () =>
  createTokenKeeper({
    db: db(),
    cipher,
    channel: 'etsy',
    label: 'Etsy',
    log: silentLog,
    refreshMarginMs: 60_000,
    isTokenRefused: () => false,
    // The shared client itself, as a channel's module describes its marketplace (Etsy: a public client).
    refresh: (refreshToken) =>
      createOAuthClient({
        authorizationEndpoint: `${fake.url}/oauth/connect`,
        tokenEndpoint: `${fake.url}/v3/public/oauth/token`,
        clientId: fake.keystring,
        clientAuth: { kind: 'none' },
        redirectUri,
      }).refresh(refreshToken),
    notConnected: () => new Error('not connected'),
    expired: expiredError,
  });
const refreshes = () => fake.snapshot().tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
const stateRow = async (state: string) => (await db().select().from(oauthStates).where(eq(oauthStates.state, state)))[0];

describe('the consent round trip', () => {
  it('puts the S256 challenge on the consent URL and sends the stored verifier, never in the URL, to the token endpoint', async () => {
    const { state, codeChallenge } = await beginConsent(db(), { userId: 'seller-a', channel: 'etsy', pkce: true, now: Date.now() });
    const url = new URL(client.authorizeUrl({ state, codeChallenge: codeChallenge!, redirectUri }));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const verifier = (await stateRow(state))!.codeVerifier!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(url.toString()).not.toContain(verifier);

    const back = await allow(url.toString());
    const claimed = await claimConsent(db(), { userId: 'seller-a', channel: 'etsy', state: back.get('state')!, now: Date.now() });
    expect(claimed!.codeVerifier).toBe(verifier);
    const tokens = await client.exchangeCode({ code: back.get('code')!, state, codeVerifier: verifier, redirectUri });
    expect(tokens.accessToken).toBeTruthy();
    // The fake checked the verifier against the challenge it was given; what oauth4webapi sent, a public client's form:
    const sent = tokenBodies.find((body) => body.get('grant_type') === 'authorization_code')!;
    expect(Object.fromEntries(sent)).toMatchObject({ code_verifier: verifier, client_id: fake.keystring, redirect_uri: redirectUri });
  });

  it('uses a state once, for its own seller and channel, within its lifetime', async () => {
    const now = Date.now();
    const { state } = await beginConsent(db(), { userId: 'seller-a', channel: 'etsy', pkce: true, now });
    expect(await claimConsent(db(), { userId: 'seller-b', channel: 'etsy', state, now })).toBeNull();
    expect(await claimConsent(db(), { userId: 'seller-a', channel: 'ebay', state, now })).toBeNull();
    expect(await claimConsent(db(), { userId: 'seller-a', channel: 'etsy', state: 'forged', now })).toBeNull();
    expect(await claimConsent(db(), { userId: 'seller-a', channel: 'etsy', state, now })).not.toBeNull();
    expect(await claimConsent(db(), { userId: 'seller-a', channel: 'etsy', state, now })).toBeNull();

    const late = await beginConsent(db(), { userId: 'seller-a', channel: 'ebay', pkce: false, data: { isSandbox: true }, now });
    expect(late.codeChallenge).toBeUndefined();
    expect((await stateRow(late.state))!.codeVerifier).toBeNull();
    expect(
      await claimConsent(db(), { userId: 'seller-a', channel: 'ebay', state: late.state, now: now + CONSENT_LIFETIME_MS + 1 }),
    ).toBeNull();
    expect(await claimConsent(db(), { userId: 'seller-a', channel: 'ebay', state: late.state, now })).toEqual({
      codeVerifier: null,
      data: { isSandbox: true },
    });
  });
});

describe('refreshing', () => {
  it('makes one refresh for five concurrent callers across two processes, and stores the rotated tokens encrypted', async () => {
    const first = await connect('seller-a');
    await db()
      .update(channelAccounts)
      .set({ accessExpiresAt: new Date(Date.now() + 10_000) })
      .where(and(eq(channelAccounts.userId, 'seller-a'), eq(channelAccounts.channel, 'etsy')));
    const before = refreshes();
    // Two token keepers over one database: two processes, whose in-memory single flight cannot see each other.
    const [one, two] = [keeper(), keeper()];
    const answers = await Promise.all([one, two, one, two, one].map((k) => k.accessToken('seller-a')));
    expect(refreshes() - before).toBe(1);
    const tokens = new Set(answers.map((a) => a.token));
    expect(tokens.size).toBe(1);
    expect(tokens.has(first.accessToken)).toBe(false);
    const row = (await channelAccountOf(db(), 'seller-a', 'etsy'))!;
    expect(cipher.decrypt(row.accessToken, row.keyVersion)).toBe(answers[0]!.token);
    // Etsy spent the old refresh token and gave a new one: the new one is kept, and works.
    expect(cipher.decrypt(row.refreshToken!, row.keyVersion)).not.toBe(first.refreshToken);
    expect(JSON.stringify(row)).not.toContain(answers[0]!.token);
    expect(await client.refresh(cipher.decrypt(row.refreshToken!, row.keyVersion))).toMatchObject({ accessToken: expect.any(String) });
  });

  it('marks the connection as needing a reconnect when the marketplace refuses the refresh token', async () => {
    await connect('seller-b');
    await db()
      .update(channelAccounts)
      .set({ accessExpiresAt: new Date(Date.now() - 1000), refreshToken: cipher.encrypt('a-spent-refresh-token') })
      .where(and(eq(channelAccounts.userId, 'seller-b'), eq(channelAccounts.channel, 'etsy')));
    const before = refreshes();
    const k = keeper();
    await expect(k.accessToken('seller-b')).rejects.toThrow('reconnect');
    const row = (await channelAccountOf(db(), 'seller-b', 'etsy'))!;
    expect(row.refreshExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(k.refreshDead(row)).toBe(true);
    // Asked again, it says so at once: the refused token was tried once, never again.
    await expect(k.accessToken('seller-b')).rejects.toThrow('reconnect');
    expect(refreshes() - before).toBe(1);
  });
});
