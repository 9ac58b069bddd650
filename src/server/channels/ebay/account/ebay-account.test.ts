import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { answerFakeConsent } from '../../../../../fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { ebayMessages } from '@shared/contracts/ebay';
import { composeServices } from '../../../compose';
import { ebaySetupFrom } from '../setup';
import { channelAccounts, channelListings, ebayInventoryLocations, oauthStates } from '../../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { challengeResponse } from './account-deletion';
import { createTokenCipher } from '../../token-crypto';
import { consentThroughApp, fakeEbayEnv } from '../../../test/fake-ebay-seller';

const APP_SECRET = 'an-app-secret-of-at-least-32-characters-0123';
const VERIFICATION_TOKEN = 'verification_token-0123456789-abcdefghij';

let fake: FakeEbay;
let t: TestApp;
/** Every log line the app wrote, to prove no token or secret is ever logged. */
const logLines: string[] = [];
const realWrite = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"level"')) {
      logLines.push(text);
      return true;
    }
    return realWrite(chunk, ...(rest as []));
  }) as typeof process.stdout.write;
  t = await createTestApp({
    LOG_LEVEL: 'trace',
    APP_SECRET,
    EBAY_ENV: 'sandbox',
    ...fakeEbayEnv(fake),
    EBAY_VERIFICATION_TOKEN: VERIFICATION_TOKEN,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  process.stdout.write = realWrite;
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const db = () => t.deps.database.db;
/** The seller's eBay connection: their eBay row of channel_accounts (decision 079). */
const ebayAccountOf = (userId: string) => and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, 'ebay'));
const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: user.cookie } });

/** Issued tokens the fake handed out (access and refresh), to search for them where they must not be. */
function issuedTokens(): string[] {
  return [...fake.state.accessTokens.keys(), ...fake.state.refreshGrants.keys()];
}

async function connect(user: TestUser, sellerUserId?: string) {
  const exchange = await api(user, 'POST', '/api/channels/ebay/connection', await consentThroughApp(t.app, user.cookie, sellerUserId));
  expect(exchange.statusCode, exchange.body).toBe(200);
  return exchange;
}

describe('connecting an eBay account', () => {
  it('asks for the seven scopes (fulfillment to pull sales, finances for their fees, the order notifications’ subscription, analytics for views) with a one-time state and stores the tokens encrypted', async () => {
    const user = await t.makeUser();
    const start = await api(user, 'POST', '/api/channels/ebay/connect');
    const url = new URL(start.json().url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth2/authorize`);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual([
      'https://api.ebay.com/oauth/api_scope/sell.inventory',
      'https://api.ebay.com/oauth/api_scope/sell.account',
      'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
      'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
      'https://api.ebay.com/oauth/api_scope/sell.finances',
      'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
      'https://api.ebay.com/oauth/api_scope/sell.analytics.readonly',
    ]);
    expect(url.searchParams.get('redirect_uri')).toBe(fake.ruName);
    const [stateRow] = await db()
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.state, url.searchParams.get('state')!));
    expect(stateRow!.userId).toBe(user.id);
    const lifetime = stateRow!.expiresAt.getTime() - stateRow!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const callback = await answerFakeConsent(start.json().url);
    const exchange = await api(user, 'POST', '/api/channels/ebay/connection', { code: callback.get('code'), state: callback.get('state') });
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json().connection).toMatchObject({ channel: 'ebay', status: 'connected', accountLabel: expect.any(String) });

    const connection = await api(user, 'GET', '/api/ebay/connection');
    expect(connection.json()).toMatchObject({ configured: true, environment: 'sandbox', connection: { status: 'connected' } });
    expect(connection.json().connection).toMatchObject({
      ebayUserId: fake.state.sellers[0]!.userId,
      environment: 'sandbox',
      marketplaceId: 'EBAY_US',
      status: 'connected',
      defaultLocation: null,
    });

    const [row] = await db().select().from(channelAccounts).where(ebayAccountOf(user.id));
    const stored = JSON.stringify(row);
    for (const token of issuedTokens()) {
      expect(stored).not.toContain(token);
      expect(exchange.body).not.toContain(token);
      expect(connection.body).not.toContain(token);
    }
    // The stored ciphertext decrypts with the APP_SECRET-derived key it names, and with nothing else.
    const cipher = createTokenCipher(APP_SECRET);
    expect(row!.keyVersion).toBe(cipher.keyVersion);
    expect(issuedTokens()).toContain(cipher.decrypt(row!.accessToken, row!.keyVersion));
    expect(() => createTokenCipher('another-secret-another-secret-another').decrypt(row!.accessToken, row!.keyVersion)).toThrow();
  });

  it('refuses a forged, an expired, a reused and another user’s state', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const start = await api(user, 'POST', '/api/channels/ebay/connect');
    const callback = await answerFakeConsent(start.json().url);
    const code = callback.get('code')!;
    const state = callback.get('state')!;

    const forged = await api(user, 'POST', '/api/channels/ebay/connection', { code, state: 'forged-state-value' });
    expect(forged.statusCode).toBe(404);
    const othersUse = await api(other, 'POST', '/api/channels/ebay/connection', { code, state });
    expect(othersUse.statusCode).toBe(404);

    await db()
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.state, state));
    const expired = await api(user, 'POST', '/api/channels/ebay/connection', { code, state });
    expect(expired.statusCode).toBe(404);

    const again = await api(user, 'POST', '/api/channels/ebay/connect');
    const second = await answerFakeConsent(again.json().url);
    const ok = await api(user, 'POST', '/api/channels/ebay/connection', { code: second.get('code'), state: second.get('state') });
    expect(ok.statusCode).toBe(200);
    const reused = await api(user, 'POST', '/api/channels/ebay/connection', { code: second.get('code'), state: second.get('state') });
    expect(reused.statusCode).toBe(404);
    expect((await api(other, 'GET', '/api/ebay/connection')).json().connection).toBeNull();
  });
});

describe('staying connected', () => {
  it('refreshes an access token that is about to expire, once for 20 concurrent calls (and across two service instances)', async () => {
    const user = await t.makeUser();
    await connect(user);
    await db()
      .update(channelAccounts)
      .set({ accessExpiresAt: new Date(Date.now() + 60_000) })
      .where(ebayAccountOf(user.id));
    const before = fake.state.tokensIssued.refresh_token;
    const ebay = t.deps.services.channels.ebay.account;
    // A second process: its own single-flight map over the same database, so only the row lock keeps it to one.
    const otherProcess = composeServices(t.deps, { ebay: ebaySetupFrom(t.config) }).channels.ebay.account;
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? otherProcess : ebay).accessToken(user.id)));
    expect(fake.state.tokensIssued.refresh_token - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const [row] = await db().select().from(channelAccounts).where(ebayAccountOf(user.id));
    expect(row!.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3600_000);

    // 20 concurrent route calls with a token eBay already refuses: one refresh, all answered.
    fake.expireAccessTokens();
    await db()
      .update(channelAccounts)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(ebayAccountOf(user.id));
    const mid = fake.state.tokensIssued.refresh_token;
    const answers = await Promise.all(Array.from({ length: 20 }, () => api(user, 'POST', '/api/ebay/policies/check')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(fake.state.tokensIssued.refresh_token - mid).toBe(1);
  });

  it('refreshes once when eBay refuses a token it considers expired early', async () => {
    const user = await t.makeUser();
    await connect(user);
    fake.expireAccessTokens();
    const before = fake.state.tokensIssued.refresh_token;
    const check = await api(user, 'POST', '/api/ebay/policies/check');
    expect(check.statusCode).toBe(200);
    expect(fake.state.tokensIssued.refresh_token - before).toBe(1);
  });

  it('refreshes a connection made before sales were pulled with the scopes it was granted, never more', async () => {
    const user = await t.makeUser();
    await connect(user);
    const [stored] = await db().select().from(channelAccounts).where(ebayAccountOf(user.id));
    expect(stored!.scopes!.split(' ')).toContain('https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly');
    // As granted before: the three older scopes, and none stored.
    const older = stored!.scopes!.split(' ').filter((scope: string) => !scope.includes('sell.fulfillment'));
    for (const grant of fake.state.refreshGrants.values()) grant.scopes = older;
    await db().update(channelAccounts).set({ scopes: '' }).where(ebayAccountOf(user.id));
    fake.expireAccessTokens();
    const before = fake.state.tokensIssued.refresh_token;
    expect((await api(user, 'POST', '/api/ebay/policies/check')).statusCode).toBe(200);
    expect(fake.state.tokensIssued.refresh_token - before).toBe(1);
  });

  it('says the token expired only when the refresh token is revoked', async () => {
    const user = await t.makeUser();
    await connect(user);
    fake.revokeRefreshTokens();
    // Still valid access token: nothing to say yet.
    expect((await api(user, 'POST', '/api/ebay/policies/check')).statusCode).toBe(200);
    fake.expireAccessTokens();
    const refused = await api(user, 'POST', '/api/ebay/policies/check');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ebayMessages.tokenExpired);
    expect((await api(user, 'GET', '/api/ebay/connection')).json().connection.status).toBe('expired');
    // Reconnecting makes it good again.
    await connect(user);
    expect((await api(user, 'GET', '/api/ebay/connection')).json().connection.status).toBe('connected');
  });

  it('reads tokens encrypted under a previous APP_SECRET and re-encrypts them under the current one', async () => {
    const user = await t.makeUser();
    await connect(user);
    const [row] = await db().select().from(channelAccounts).where(ebayAccountOf(user.id));
    const newSecret = 'a-brand-new-app-secret-after-rotation-0001';
    const services = composeServices(t.deps, {
      ebay: ebaySetupFrom({ ...t.config, appSecret: newSecret, previousAppSecrets: [APP_SECRET] }),
    });
    const token = await services.channels.ebay.account.accessToken(user.id);
    expect(token).toBe(createTokenCipher(APP_SECRET).decrypt(row!.accessToken, row!.keyVersion));
    const [after] = await db().select().from(channelAccounts).where(ebayAccountOf(user.id));
    expect(after!.keyVersion).toBe(createTokenCipher(newSecret).keyVersion);
    expect(createTokenCipher(newSecret).decrypt(after!.accessToken, after!.keyVersion)).toBe(token);
    // Put the row back under the test app's secret for the tests after this one.
    await db().update(channelAccounts).set(row!).where(ebayAccountOf(user.id));
  });

  it('disconnect deletes the tokens', async () => {
    const user = await t.makeUser();
    await connect(user);
    const gone = await api(user, 'DELETE', '/api/channels/ebay/connection');
    expect(gone.json()).toEqual({
      success: true,
      message: 'eBay account disconnected successfully',
      connection: expect.objectContaining({ channel: 'ebay', status: 'not-connected', accountLabel: null }),
    });
    expect(await db().select().from(channelAccounts).where(ebayAccountOf(user.id))).toEqual([]);
    expect((await api(user, 'GET', '/api/ebay/connection')).json().connection).toBeNull();
    expect((await api(user, 'DELETE', '/api/channels/ebay/connection')).statusCode).toBe(409);
  });
});

describe('business policies and the default location', () => {
  it('opts in, creates the three policies with the chosen shipping service, and lists existing ones to pick from', async () => {
    const user = await t.makeUser();
    fake.state.requireOptIn = true;
    try {
      await connect(user);
      const first = await api(user, 'POST', '/api/ebay/policies/check');
      expect(first.json()).toMatchObject({ optedIn: false, complete: false, payment: [], fulfillment: [], return: [] });

      const services = await api(user, 'GET', '/api/ebay/shipping-services');
      const codes = services.json().services.map((s: { code: string }) => s.code);
      expect(codes).toEqual(['USPSGroundAdvantage', 'USPSPriority', 'UPSGround']); // domestic only, from Metadata

      const created = await api(user, 'POST', '/api/ebay/policies', {
        handlingTimeDays: 2,
        shippingServiceCode: 'UPSGround',
        shippingCost: '7.50',
        freeShipping: false,
        returnPeriodDays: 60,
      });
      expect(created.statusCode, created.body).toBe(200);
      const policies = created.json().policies;
      expect(Object.values(policies).every(Boolean)).toBe(true);
      const seller = fake.state.seller(fake.state.sellers[0]!.userId);
      const fulfillment = seller.policies.fulfillment.get(policies.fulfillmentPolicyId) as {
        handlingTime: { value: number };
        shippingOptions: { shippingServices: { shippingServiceCode: string; shippingCost: { value: string } }[] }[];
      };
      expect(fulfillment.handlingTime.value).toBe(2);
      expect(fulfillment.shippingOptions[0]!.shippingServices[0]).toMatchObject({
        shippingServiceCode: 'UPSGround',
        shippingCost: { value: '7.50' },
      });
      expect(seller.policies.return.get(policies.returnPolicyId)).toMatchObject({ returnPeriod: { value: 60, unit: 'DAY' } });

      const check = await api(user, 'POST', '/api/ebay/policies/check');
      expect(check.json()).toMatchObject({ optedIn: true, complete: true });
      // eBay's name of the shipping service, never its code.
      expect(check.json().fulfillment[0].description).toBe('UPS Ground · $7.50 · 2 day handling');

      // A second set, then pick the first set again from the list.
      await api(user, 'POST', '/api/ebay/policies', {
        handlingTimeDays: 1,
        shippingServiceCode: 'USPSPriority',
        shippingCost: '0',
        freeShipping: true,
        returnPeriodDays: 0,
      });
      const picked = await api(user, 'PUT', '/api/ebay/policies/defaults', policies);
      expect(picked.statusCode).toBe(200);
      expect(picked.json().policies).toEqual(policies);
      const unknown = await api(user, 'PUT', '/api/ebay/policies/defaults', { ...policies, paymentPolicyId: '999999' });
      expect(unknown.statusCode).toBe(404);
      const badService = await api(user, 'POST', '/api/ebay/policies', {
        handlingTimeDays: 1,
        shippingServiceCode: 'NoSuchService',
        shippingCost: '1.00',
        freeShipping: false,
        returnPeriodDays: 30,
      });
      expect(badService.statusCode).toBe(400);
    } finally {
      fake.state.requireOptIn = false;
    }
  });

  it('creates the default location on eBay once (an existing key counts as success) and shows it', async () => {
    const user = await t.makeUser();
    await connect(user);
    const body = { name: 'Home studio', city: 'San Jose', stateOrProvince: 'CA', postalCode: '95125', country: 'US' };
    const saved = await api(user, 'PUT', '/api/ebay/location', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().defaultLocation).toMatchObject(body);
    const key = saved.json().defaultLocation.merchantLocationKey;
    const seller = fake.state.seller(fake.state.sellers[0]!.userId);
    expect(seller.locations.get(key)).toMatchObject({ name: 'Home studio', location: { address: { postalCode: '95125', country: 'US' } } });
    const again = await api(user, 'PUT', '/api/ebay/location', body);
    expect(again.statusCode).toBe(200);
    expect(fake.state.calls.filter((c) => c.operationId === 'createInventoryLocation').at(-1)!.status).toBe(409);
    expect((await api(user, 'GET', '/api/ebay/connection')).json().connection.defaultLocation.city).toBe('San Jose');
    expect((await api(user, 'PUT', '/api/ebay/location', { name: 'x', postalCode: '', country: 'US' })).statusCode).toBe(400);
  });

  it('answers "eBay account not connected" before connecting', async () => {
    const user = await t.makeUser();
    const check = await api(user, 'POST', '/api/ebay/policies/check');
    expect(check.statusCode).toBe(409);
    expect(check.json().error.message).toBe('eBay account not connected');
  });
});

describe('marketplace account deletion', () => {
  it('answers eBay’s own test vector', () => {
    const code = '71745723-d031-455c-bfa5-f90d11b4f20a';
    expect(challengeResponse(code, code, 'http://www.testendpoint.com/webhook')).toBe(
      '048de9ffd0e35021fefc0388d5c52e0f475324f582f3778ca81a53354ccbbc97',
    );
  });

  it('answers the challenge with sha256(code + token + endpoint) as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ebay/account-deletion?challenge_code=abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      challengeResponse: challengeResponse('abc123', VERIFICATION_TOKEN, 'http://localhost:3000/api/ebay/account-deletion'),
    });
  });

  it('checks the signature, then deletes the tokens and eBay data of that eBay user only', async () => {
    const user = await t.makeUser();
    const bystander = await t.makeUser();
    fake.state.sellers.push({ userId: 'other-seller-1', username: 'other_seller' });
    await connect(user);
    await connect(bystander, 'other-seller-1');
    await api(user, 'PUT', '/api/ebay/location', { name: 'Home', postalCode: '95125', country: 'US' });
    const ebayUserId = fake.state.sellers[0]!.userId;
    const body = JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: 'n-1',
        eventDate: new Date().toISOString(),
        publishDate: new Date().toISOString(),
        publishAttemptCount: 1,
        data: { username: 'seller', userId: ebayUserId, eiasToken: 'x' },
      },
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ebay/account-deletion',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-ebay-signature': signature },
      });
    const forged = await post(
      Buffer.from(JSON.stringify({ alg: 'ECDSA', kid: 'nope', signature: 'AAAA', digest: 'SHA1' })).toString('base64'),
    );
    expect(forged.statusCode).toBe(412);
    const tampered = fake.signNotification(body.replace(ebayUserId, 'someone-else'));
    expect((await post(tampered)).statusCode).toBe(412);
    expect(await db().select().from(channelAccounts).where(ebayAccountOf(user.id))).toHaveLength(1);

    const ok = await post(fake.signNotification(body));
    expect(ok.statusCode).toBe(204);
    await expect.poll(async () => (await db().select().from(channelAccounts).where(ebayAccountOf(user.id))).length).toBe(0);
    expect(await db().select().from(ebayInventoryLocations).where(eq(ebayInventoryLocations.userId, user.id))).toEqual([]);
    expect(await db().select().from(channelListings).where(eq(channelListings.userId, user.id))).toEqual([]);
    expect(await db().select().from(channelAccounts).where(ebayAccountOf(bystander.id))).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('never writes a token or the APP_SECRET into a log line', () => {
    expect(logLines.length).toBeGreaterThan(50);
    const all = logLines.join('\n');
    for (const token of issuedTokens()) expect(all).not.toContain(token);
    expect(all).not.toContain(APP_SECRET);
    expect(all).not.toContain(fake.clientSecret);
    expect(all).toContain('eBay access token refreshed');
  });
});
