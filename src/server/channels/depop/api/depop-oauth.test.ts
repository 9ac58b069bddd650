import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeDepop, type FakeDepop } from '../../../../../fakes/depop/depop-server';
import { pkcePair } from '../../oauth/oauth-client';
import { createDepopClient, DEPOP_SCOPES } from './depop-client';
import { DepopApiError } from './depop-errors';

/**
 * Depop's OAuth 2.0 authorization code flow with PKCE (contracts/depop/GUIDES.md), the client against the fake: the
 * consent URL, the code exchanged form-encoded with the client's id, secret and verifier, single-use short-lived codes,
 * the S256 check, a refresh that spends its refresh token, and the token's scopes being all it may do.
 */
let now = Date.parse('2026-11-28T12:00:00Z');
let fake: FakeDepop;
beforeEach(() => {
  now = Date.parse('2026-11-28T12:00:00Z');
  fake = createFakeDepop({ redirectUris: [redirectUri], now: () => now });
});

const redirectUri = 'https://studio.example/api/depop/oauth/callback';
const clientWith = (secret = fake.clientSecret, clientId = fake.clientId) =>
  createDepopClient({ clientId, clientSecret: secret, apiBase: fake.url, oauthBase: fake.url, fetch: fake.fetch, now: () => now });

/** The seller allows (or denies) the consent at the URL: where Depop sends the browser back. */
async function consent(url: string, decision = 'allow') {
  const page = await fake.fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Allow Resale Studio');
  const at = new URL(url);
  const form = new URLSearchParams({ decision });
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const back = await fake.fetch(`${at.origin}${at.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!);
}

describe('Depop OAuth 2.0 with PKCE', () => {
  it('sends the seller to the consent page with the app’s scopes, the state and an S256 challenge', async () => {
    const { challenge } = await pkcePair();
    const url = new URL(clientWith().authorizeUrl({ state: 's1', codeChallenge: challenge, redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/settings/oauth/apps/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: DEPOP_SCOPES.join(' '),
      state: 's1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(new URL(clientWith().authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri })).hostname).toBe('depop.fake');
    expect(
      new URL(createDepopClient({ clientId: 'c', clientSecret: 's' }).authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }))
        .origin,
    ).toBe('https://www.depop.com');
    const denied = await consent(url.toString(), 'deny');
    expect(Object.fromEntries(denied.searchParams)).toEqual({ state: 's1', error: 'access_denied' });
  });

  it('exchanges the code only with the verifier of its challenge, once; then refreshes, spending the refresh token', async () => {
    const client = clientWith();
    const { verifier, challenge } = await pkcePair();
    const back = await consent(client.authorizeUrl({ state: 's1', codeChallenge: challenge, redirectUri }));
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code')!;
    const wrong = await client.exchangeCode({ code, codeVerifier: (await pkcePair()).verifier, redirectUri }).catch((err: unknown) => err);
    expect(wrong).toBeInstanceOf(DepopApiError);
    expect(wrong).toMatchObject({
      status: 400,
      code: 'invalid_request',
      depopMessage: expect.stringContaining('PKCE verification failed'),
    });
    // The code is single-use: the failed exchange spent it.
    await expect(client.exchangeCode({ code, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_grant',
    });

    const again = (await consent(client.authorizeUrl({ state: 's2', codeChallenge: challenge, redirectUri }))).searchParams.get('code')!;
    const tokens = await client.exchangeCode({ code: again, codeVerifier: verifier, redirectUri });
    expect(tokens.accessToken).toMatch(/^pat_/);
    expect(tokens.refreshToken).toMatch(/^prt_/);
    expect(tokens.accessExpiresAt).toEqual(new Date(now + 3600_000));
    expect(tokens.refreshExpiresAt).toEqual(new Date(now + 365 * 24 * 3600_000));
    expect((await client.getShop(tokens.accessToken)).id).toBeGreaterThan(0);
    await expect(client.exchangeCode({ code: again, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({
      code: 'invalid_grant',
    });

    const refreshed = await client.refresh(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.refreshExpiresAt).toBeNull();
    expect((await client.getShop(refreshed.accessToken)).id).toBe((await client.getShop(tokens.accessToken)).id);
    await expect(client.refresh(tokens.refreshToken)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_grant',
      depopMessage: expect.stringContaining('refresh token is invalid'),
    });
    expect(fake.snapshot().tokenRequests.map((request) => [request.grantType, request.ok])).toEqual([
      ['authorization_code', false],
      ['authorization_code', false],
      ['authorization_code', true],
      ['authorization_code', false],
      ['refresh_token', true],
      ['refresh_token', false],
    ]);
    expect(fake.contractViolations).toEqual([]);
  });

  it('sends the token request form-encoded with the client id and secret, as the document has it', async () => {
    const sent: { contentType: string | null; body: string }[] = [];
    const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ contentType: request.headers.get('content-type'), body: await request.clone().text() });
      return fake.handle(request);
    }) as typeof fetch;
    const client = createDepopClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url, fetch: recording });
    const { verifier, challenge } = await pkcePair();
    const code = (await consent(client.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }))).searchParams.get('code')!;
    await client.exchangeCode({ code, codeVerifier: verifier, redirectUri });
    expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body))).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
  });

  it('refuses a code past its short life, a redirect URI other than the consent’s, and a verifier of the wrong form', async () => {
    const client = clientWith();
    const { verifier, challenge } = await pkcePair();
    const url = client.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri });
    const late = (await consent(url)).searchParams.get('code')!;
    now += 61_000;
    await expect(client.exchangeCode({ code: late, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({ code: 'invalid_grant' });
    const elsewhere = (await consent(url)).searchParams.get('code')!;
    await expect(
      client.exchangeCode({ code: elsewhere, codeVerifier: verifier, redirectUri: `${redirectUri}/other` }),
    ).rejects.toMatchObject({
      code: 'invalid_grant',
    });
    const short = (await consent(url)).searchParams.get('code')!;
    await expect(client.exchangeCode({ code: short, codeVerifier: 'too-short', redirectUri })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('answers 401 to a wrong client secret and 400 invalid_client to an unknown client', async () => {
    const { verifier, challenge } = await pkcePair();
    const code = (await consent(clientWith().authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }))).searchParams.get(
      'code',
    )!;
    await expect(clientWith('wrong-secret').exchangeCode({ code, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({
      status: 401,
      code: 'client secret does not match',
    });
    // The document's `invalid_client` example of its 400: "Client authentication failed", its error words the 401's.
    await expect(clientWith(fake.clientSecret, 'someone-else').refresh('prt_x')).rejects.toMatchObject({
      status: 400,
      code: 'client secret does not match',
    });
  });

  it('refuses a consent for a redirect URI the partner did not register, or a scope Depop does not have', async () => {
    const { challenge } = await pkcePair();
    const client = clientWith();
    const elsewhere = await fake.fetch(
      client.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri: 'https://evil.example/cb' }),
    );
    expect(elsewhere.status).toBe(400);
    const scope = await fake.fetch(client.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri, scopes: ['listings_w'] }));
    expect(scope.status).toBe(400);
    expect(fake.contractViolations.map((violation) => violation.problems).flat()).toEqual([
      'redirect_uri is not one of the partner’s registered redirect URIs',
      'scope is invalid',
    ]);
  });

  it('an access token lasts an hour: then 401 unauthorized, and a refresh gives a working one', async () => {
    const client = clientWith();
    const { verifier, challenge } = await pkcePair();
    const code = (await consent(client.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }))).searchParams.get('code')!;
    const tokens = await client.exchangeCode({ code, codeVerifier: verifier, redirectUri });
    now += 3600_000;
    await expect(client.getShop(tokens.accessToken)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    const refreshed = await client.refresh(tokens.refreshToken);
    await expect(client.getShop(refreshed.accessToken)).resolves.toMatchObject({ countryCode: 'GB' });
  });

  it('the token endpoint refuses a JSON body (form-encoded only) as invalid_request, recorded as off the contract', async () => {
    const answer = await fake.fetch(`${fake.url}/api/v1/oauth2/access-token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        refresh_token: 'prt_x',
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 400, error: 'invalid_request', message: 'Depop OAuth2 error' });
    expect(fake.contractViolations[0]!.problems).toEqual(['Content-Type application/json is not one of application/x-www-form-urlencoded']);
  });
});
