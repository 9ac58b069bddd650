import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerFakeConsent } from '../../../../../fakes/ebay/fake-ebay-consent';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { EbayApiError } from './ebay-api-error';
import { createEbayClient } from './ebay-client';
import { accessTokenNeedsRefresh, ebayUserScopes } from './ebay-oauth';

let fake: FakeEbay;
const clientFor = (fake: FakeEbay, secret = fake.clientSecret) =>
  createEbayClient({
    environment: 'sandbox',
    keyset: { clientId: fake.clientId, clientSecret: secret, ruName: fake.ruName },
    hosts: { api: fake.url, apiz: fake.url, apim: fake.url, auth: fake.url },
  });

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://127.0.0.1:1/ebay-callback' });
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

describe('eBay OAuth', () => {
  it('builds the consent URL with the RuName, the three seller scopes and our state', () => {
    const url = new URL(
      createEbayClient({ environment: 'production', keyset: { clientId: 'id', clientSecret: 's', ruName: 'My-RuName' } }).oauth.consentUrl(
        'st8',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://auth.ebay.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'id',
      redirect_uri: 'My-RuName',
      response_type: 'code',
      scope: ebayUserScopes.join(' '),
      state: 'st8',
    });
  });

  it('exchanges the code from an approved consent for tokens that work, with the state echoed', async () => {
    const client = clientFor(fake);
    const callback = await answerFakeConsent(client.oauth.consentUrl('state-1'));
    expect(callback.get('state')).toBe('state-1');
    const tokens = await client.oauth.exchangeCode(callback.get('code')!);
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    expect(tokens.refreshTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    const user = await client.identity.getUser(tokens.accessToken);
    expect(user.userId).toBe(fake.state.sellers[0]!.userId);
    expect(fake.snapshot().tokensIssued.authorization_code).toBe(1);
  });

  it('passes a declined consent to the callback as access_denied, and a code works once only', async () => {
    const client = clientFor(fake);
    const declined = await answerFakeConsent(client.oauth.consentUrl('state-2'), 'decline');
    expect(declined.get('error')).toBe('access_denied');
    expect(declined.get('state')).toBe('state-2');
    expect(declined.get('code')).toBeNull();
    const code = (await answerFakeConsent(client.oauth.consentUrl('state-3'))).get('code')!;
    await client.oauth.exchangeCode(code);
    await expect(client.oauth.exchangeCode(code)).rejects.toMatchObject({ httpStatus: 400, oauthError: 'invalid_grant' });
  });

  it('refreshes an expired access token with the refresh token, and fails once the refresh token is revoked', async () => {
    const client = clientFor(fake);
    const tokens = await client.oauth.exchangeCode((await answerFakeConsent(client.oauth.consentUrl('s'))).get('code')!);
    fake.expireAccessTokens();
    const expired = await client.identity.getUser(tokens.accessToken).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(EbayApiError);
    expect(expired).toMatchObject({ httpStatus: 401, errorId: 1001 });
    const fresh = await client.oauth.refresh(tokens.refreshToken);
    expect((await client.identity.getUser(fresh.accessToken)).userId).toBeTruthy();
    expect(fake.snapshot().refreshCount).toBe(1);
    fake.revokeRefreshTokens();
    await expect(client.oauth.refresh(tokens.refreshToken)).rejects.toMatchObject({ httpStatus: 400, oauthError: 'invalid_grant' });
  });

  it('lets a second eBay seller approve, and the tokens are that seller’s', async () => {
    fake.state.sellers.push({ userId: 'seconduser02', username: 'second_seller' });
    const client = clientFor(fake);
    const code = (await answerFakeConsent(client.oauth.consentUrl('s'), 'agree', 'seconduser02')).get('code')!;
    const tokens = await client.oauth.exchangeCode(code);
    expect(await client.identity.getUser(tokens.accessToken)).toMatchObject({ userId: 'seconduser02', username: 'second_seller' });
    fake.state.sellers.pop();
  });

  it('refuses a wrong client secret (Basic auth) as invalid_client', async () => {
    const client = clientFor(fake, 'wrong-secret');
    await expect(client.oauth.applicationToken.get()).rejects.toMatchObject({ httpStatus: 401, oauthError: 'invalid_client' });
  });

  it('fetches the application token once for concurrent callers and reuses it until it nears expiry', async () => {
    const client = clientFor(fake);
    const tokens = await Promise.all([
      client.taxonomy.getDefaultCategoryTreeId(),
      client.metadata.getShippingServices(),
      client.oauth.applicationToken.get(),
    ]);
    expect(tokens[0]).toBe('0');
    await client.taxonomy.getDefaultCategoryTreeId();
    expect(fake.snapshot().tokensIssued.client_credentials).toBe(1);

    fake.setAccessTokenLifetime(60); // under the 5-minute margin: every use fetches a new one
    const short = clientFor(fake);
    await short.oauth.applicationToken.get();
    await short.oauth.applicationToken.get();
    expect(fake.snapshot().tokensIssued.client_credentials).toBe(3);
  });

  it('says a token needs refreshing when less than 5 minutes remain', () => {
    const now = Date.now();
    expect(accessTokenNeedsRefresh(new Date(now + 4 * 60_000), now)).toBe(true);
    expect(accessTokenNeedsRefresh(new Date(now + 6 * 60_000), now)).toBe(false);
  });
});
